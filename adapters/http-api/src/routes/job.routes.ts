import { z } from 'zod';
import {
  EditJobSchedule,
  ExplainCron,
  JOB_CONCURRENT,
  JOB_MISFIRE_POLICY,
  JOB_STATUS,
  type JobClock,
  type JobLog,
  type JobLogRepository,
  type JobStateRepository,
} from '@dpms/core';
import {
  cronExplainAnswer,
  cronExplainQuery,
  jobEditBody,
  jobListAnswer,
  jobListQuery,
  jobLogRecord,
  jobRecord,
  jobRunBody,
  jobStatusBody,
  okEnvelope,
  systemDoneAnswer,
} from '@dpms/wire';
import { ok, page } from '../http/envelope.js';
import { DomainFailure, HttpError, unwrap } from '../http/http-error.js';
import { instituteZoneOf } from '../http/institute-zone.js';
import { perm } from '../http/route.js';
import { id } from '../http/schemas.js';
import type { CatalogueEntry, JobCatalogue } from '../jobs/job-catalogue.js';
import { jobLogView } from './job-log.routes.js';
import type { RouteModule } from './route-module.js';

const TAG = '定时任务';

/**
 * 定时任务 (RuoYi SysJobController): the jobs this server schedules, each with its 执行策略 and
 * its latest run from the scheduling log. The jobs are the server's own, fixed in code, so there
 * is no add or delete; 修改 changes a job's cron and status only. 修改, 执行一次 and 暂停/恢复
 * take the page's 修改 button (monitor:job:edit: the seed has no changeStatus button).
 */
export function jobRoutes(
  catalogue: JobCatalogue,
  logs: JobLogRepository,
  states: JobStateRepository,
  clock: JobClock = { now: () => new Date() },
): RouteModule {
  const edit = new EditJobSchedule(catalogue.scheduledJobs, states, clock);
  const explain = new ExplainCron(clock);
  /** A job as 定时任务 shows it; `runs` are the latest runs of the jobs shown (`lastRuns`). */
  const view = (e: CatalogueEntry, paused: ReadonlySet<number>, runs: readonly JobLog[]) => {
    const last = runs.find((r) => r.jobName === e.job.jobName && r.jobGroup === e.job.jobGroup);
    return {
      jobId: e.jobId,
      jobName: e.job.jobName,
      jobGroup: e.job.jobGroup,
      invokeTarget: e.job.invokeTarget,
      cronExpression: e.cronExpression,
      schedule: e.scheduleWords,
      status: paused.has(e.jobId) ? ('1' as const) : ('0' as const),
      misfirePolicy: JOB_MISFIRE_POLICY,
      concurrent: JOB_CONCURRENT,
      lastRun: last
        ? {
            startTime: last.startTime.toISOString(),
            status: last.status,
            jobMessage: last.jobMessage,
          }
        : null,
    };
  };
  return {
    name: 'jobs',
    register(book) {
      book.add({
        method: 'get',
        path: '/monitor/job/list',
        summary:
          '定时任务列表：服务器的后台任务、执行策略与最近一次执行（按任务名称（包含）、任务组名、状态筛选）',
        tag: TAG,
        access: perm('monitor:job:list'),
        query: jobListQuery,
        response: jobListAnswer,
        handler: async ({ query }) => {
          // The saved crons are read on each list too: a change another instance announced
          // while this one's listener was away shows all the same.
          const [paused] = await Promise.all([states.pausedJobIds(), catalogue.refresh()]);
          const rows = catalogue
            .list()
            .filter(
              (e) =>
                (!query.jobName || e.job.jobName.includes(query.jobName)) &&
                (!query.jobGroup || e.job.jobGroup === query.jobGroup) &&
                (!query.status || (query.status === '1') === paused.has(e.jobId)),
            );
          const size = query.pageSize ?? rows.length;
          const from = ((query.pageNum ?? 1) - 1) * size;
          const shown = rows.slice(from, from + size);
          const runs = await logs.lastRuns(shown.map((e) => e.job.jobName));
          return page(
            rows.length,
            shown.map((e) => view(e, paused, runs)),
          );
        },
      });

      book.add({
        method: 'get',
        path: '/monitor/job/cron/explain',
        summary:
          '检查并解释 cron 表达式（Quartz 或 5 个字段）：中文说明与之后 5 次执行时间（机构时区）；不正确时 422 并指明字段 cron',
        tag: TAG,
        access: perm('monitor:job:edit'),
        query: cronExplainQuery,
        response: cronExplainAnswer,
        handler: async ({ query, res }) => {
          const r = explain.explain(query.cron, await instituteZoneOf(res));
          // The query names the expression `cron`; the refusal names what was sent.
          if (!r.ok) throw new DomainFailure({ ...r.error, field: 'cron' });
          const { nextTimes, ...words } = r.value;
          return ok({ ...words, nextTimes: nextTimes.map((t) => t.toISOString()) });
        },
      });

      book.add({
        method: 'put',
        path: '/monitor/job',
        summary:
          '修改任务（RuoYi 的任务表单）：只可修改 cron 表达式与状态；其他字段与任务不符时 422 并指明字段。各实例的定时随即按新的表达式执行',
        tag: TAG,
        access: perm('monitor:job:edit'),
        body: jobEditBody,
        response: systemDoneAnswer,
        handler: async ({ body, principal, res }) => {
          unwrap(await edit.edit(body, principal.userName, await instituteZoneOf(res)));
          // This instance's crontab reads it now; the queue tells the other instances.
          await catalogue.reschedule();
          return ok();
        },
      });

      book.add({
        method: 'get',
        path: '/monitor/job/:jobId',
        summary: '定时任务详情',
        tag: TAG,
        access: perm('monitor:job:query'),
        params: z.object({ jobId: id() }),
        response: okEnvelope(jobRecord),
        handler: async ({ params }) => {
          await catalogue.refresh();
          const e = catalogue.get(params.jobId);
          if (!e) throw new HttpError(404, '任务不存在或已过期！');
          const [paused, runs] = await Promise.all([
            states.pausedJobIds(),
            logs.lastRuns([e.job.jobName]),
          ]);
          return ok(view(e, paused, runs));
        },
      });

      book.add({
        method: 'put',
        path: '/monitor/job/changeStatus',
        summary: '暂停（1）或恢复（0）任务：暂停的任务不再按执行策略运行，执行一次仍可运行',
        tag: TAG,
        access: perm('monitor:job:edit'),
        body: jobStatusBody,
        response: systemDoneAnswer,
        handler: async ({ body, principal }) => {
          if (!catalogue.get(body.jobId)) throw new HttpError(404, '任务不存在或已过期！');
          await states.setStatus(body.jobId, body.status, principal.userName);
          return ok();
        },
      });

      book.add({
        method: 'put',
        path: '/monitor/job/run',
        summary: '执行一次：立即运行该任务，结果写入调度日志并随答复返回',
        tag: TAG,
        access: perm('monitor:job:edit'),
        body: jobRunBody,
        response: okEnvelope(jobLogRecord),
        handler: async ({ body }) => {
          const e = catalogue.get(body.jobId);
          if (!e || (body.jobGroup !== undefined && body.jobGroup !== e.job.jobGroup))
            throw new HttpError(404, '任务不存在或已过期！');
          const log = unwrap(await catalogue.runNow(body.jobId));
          return ok(jobLogView(log), log.status === JOB_STATUS.success ? '执行成功' : '执行失败');
        },
      });
    },
  };
}
