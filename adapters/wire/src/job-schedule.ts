import { z } from 'zod';
import { CRON_FIELD } from '@dpms/core';
import { nullAsAbsent, okEnvelope, timestamp } from './envelope.js';
import { id } from './primitives.js';

/*
 * 定时任务's 修改 (RuoYi's `PUT /monitor/job`) and the check its dialog makes as the cron is typed.
 */

const CRON_MAX_LENGTH = 120;
const cronText = (field: string) =>
  z
    .string({ error: 'cron 表达式不能为空' })
    .trim()
    .min(1, 'cron 表达式不能为空')
    .max(CRON_MAX_LENGTH, `cron 表达式不能超过 ${CRON_MAX_LENGTH} 个字符`)
    .meta({
      description: `Quartz（秒 分 时 日 月 周）或 5 个字段（分 时 日 月 周）；字段名 ${field}`,
    });

/** A field RuoYi's form sends back (a string, a number, or null when unset). */
const sentBack = z.preprocess(
  (v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
  z.string().max(500).optional(),
);

/**
 * RuoYi's job edit form. Only `cronExpression` and `status` change; the rest may come back as
 * the job has them (the use case refuses a changed one, naming it). Other fields (remark,
 * createTime ...) are ignored.
 */
export const jobEditBody = z.object({
  jobId: id(),
  cronExpression: cronText(CRON_FIELD),
  status: z.preprocess(
    nullAsAbsent,
    z.enum(['0', '1'], { error: '任务状态的取值不正确' }).optional(),
  ),
  jobName: sentBack,
  jobGroup: sentBack,
  invokeTarget: sentBack,
  misfirePolicy: sentBack,
  concurrent: sentBack,
});
export type JobEditBody = z.input<typeof jobEditBody>;

/** `GET /monitor/job/cron/explain?cron=...`: the dialog's check before saving. */
export const cronExplainQuery = z.object({ cron: cronText('cron') });

export const cronExplanation = z
  .object({
    /** Five fields, as the job queue runs it. */
    cron: z.string(),
    /** RuoYi's Quartz form. */
    cronExpression: z.string(),
    /** 执行策略 in Chinese: `每天 02:00`. */
    words: z.string(),
    /** The next 5 runs, soonest first. */
    nextTimes: z.array(timestamp()),
  })
  .meta({ id: 'CronExplanation' });
export type CronExplanationRecord = z.output<typeof cronExplanation>;
export const cronExplainAnswer = okEnvelope(cronExplanation);
