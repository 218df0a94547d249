import { z } from 'zod';
import {
  JOB_GROUPS,
  JOB_STATUS,
  MENU_MESSAGES as M,
  MENU_TEXT_LIMITS as L,
  permsHasWildcard,
} from '@dpms/core';
import { nullAsAbsent, okEnvelope, timestamp } from './envelope.js';
import { formFields } from './form-fields.js';
import { id, integer, numeric, statusFlag } from './primitives.js';

/*
 * 菜单管理 and 定时任务 on the wire, in RuoYi-Vue 3.9's shapes (SysMenu, SysJob): the routes
 * validate and answer with these, the web's forms check with the same bodies.
 */

const int = () => z.number().int();
const flag = z.enum(['0', '1']);
const { requiredText, optionalText, order, choice } = formFields(M, L);

// 菜单 (RuoYi SysMenu).
const menuFields = {
  parentId: integer(0),
  menuName: requiredText('menuName'),
  orderNum: order('orderNum'),
  path: optionalText('path'),
  component: optionalText('component'),
  query: optionalText('query'),
  routeName: optionalText('routeName'),
  isFrame: choice('isFrame', ['0', '1']).optional(),
  isCache: choice('isCache', ['0', '1']).optional(),
  menuType: choice('menuType', ['M', 'C', 'F']),
  visible: choice('visible', ['0', '1']).optional(),
  status: statusFlag().optional(),
  // The wildcard is refused at the edge too, so the form says so under the field; the server's
  // MenuWrites refuses it again with the rest of core's permission rule.
  perms: z.preprocess(
    nullAsAbsent,
    z
      .string()
      .trim()
      .max(L.perms, M.tooLong('perms', L.perms))
      .refine((p) => !permsHasWildcard(p), M.wildcard('perms'))
      .optional(),
  ),
  icon: optionalText('icon'),
  remark: optionalText('remark'),
};

/** A directory or a page is a route: it needs its 路由地址 (RuoYi's form asks for it). */
const pathOfRoute = (
  b: { menuType?: string | undefined; path?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if ((b.menuType === 'M' || b.menuType === 'C') && b.path !== undefined && b.path === '')
    ctx.addIssue({ code: 'custom', path: ['path'], message: M.required('path') });
};

export const menuCreateBody = z
  .object({ ...menuFields, path: menuFields.path.default('') })
  .superRefine(pathOfRoute);
export const menuUpdateBody = z
  .object({
    menuId: id(),
    ...menuFields,
    parentId: menuFields.parentId.optional(),
    menuName: menuFields.menuName.optional(),
    menuType: menuFields.menuType.optional(),
  })
  .superRefine(pathOfRoute);
export type MenuCreateBody = z.input<typeof menuCreateBody>;
export type MenuUpdateBody = z.input<typeof menuUpdateBody>;

export const menuListQuery = z.object({
  menuName: z.preprocess(nullAsAbsent, z.string().trim().max(50).optional()),
  status: z.preprocess((v) => (v === '' ? undefined : v), flag.optional()),
  visible: z.preprocess((v) => (v === '' ? undefined : v), flag.optional()),
});

export const menuRecord = z
  .object({
    menuId: int(),
    parentId: int(),
    menuName: z.string(),
    orderNum: int(),
    path: z.string(),
    component: z.string().nullable(),
    query: z.string().nullable(),
    routeName: z.string(),
    isFrame: flag,
    isCache: flag,
    menuType: z.enum(['M', 'C', 'F']),
    visible: flag,
    status: flag,
    perms: z.string(),
    icon: z.string(),
    remark: z.string(),
    createTime: timestamp(),
  })
  .meta({ id: 'SysMenu' });
export type MenuRecord = z.output<typeof menuRecord>;
export const menuAnswer = okEnvelope(menuRecord);
export const menuListAnswer = okEnvelope(z.array(menuRecord));

// 定时任务 (RuoYi SysJob): the server's own background jobs, not user-defined ones.
export const jobRecord = z
  .object({
    jobId: int(),
    jobName: z.string(),
    jobGroup: z.enum([JOB_GROUPS.default, JOB_GROUPS.system]),
    invokeTarget: z.string(),
    /** Quartz cron where one says the schedule (nightly jobs), else ''. */
    cronExpression: z.string(),
    /** 执行策略 in words: `每 10 分钟（服务启动时执行一次）`, `每天 02:00`. */
    schedule: z.string(),
    /** '0' 正常 (scheduled), '1' 暂停. */
    status: flag,
    /** 计划执行错误策略: 3 放弃执行 (a slot missed while every instance was down is dropped). */
    misfirePolicy: z.literal('3'),
    /** 是否并发: 1 禁止 (a job's runs never overlap). */
    concurrent: z.literal('1'),
    /** The latest run in the scheduling log, if any. */
    lastRun: z
      .object({
        startTime: timestamp(),
        status: z.enum([JOB_STATUS.success, JOB_STATUS.failure]),
        jobMessage: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'SysJob' });
export type JobRecord = z.output<typeof jobRecord>;
export const jobAnswer = okEnvelope(jobRecord);
export const jobListAnswer = z.object({
  code: z.literal(200),
  msg: z.string(),
  total: int(),
  rows: z.array(jobRecord),
});

/** RuoYi's `PUT /monitor/job/run` body: the job and its group. */
export const jobRunBody = z.object({
  jobId: id(),
  jobGroup: z.enum([JOB_GROUPS.default, JOB_GROUPS.system]).optional(),
});
export type JobRunBody = z.input<typeof jobRunBody>;

/** RuoYi's `PUT /monitor/job/changeStatus` body: '0' 正常 (runs on schedule), '1' 暂停. */
export const jobStatusBody = z.object({
  jobId: id(),
  status: z.enum(['0', '1'], { error: '任务状态的取值不正确' }),
});
export type JobStatusBody = z.input<typeof jobStatusBody>;

/** RuoYi's job list filters (名称 contains, 任务组名, 任务状态) and its paging. */
export const jobListQuery = z.object({
  jobName: z.preprocess(nullAsAbsent, z.string().trim().max(64).optional()),
  jobGroup: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum([JOB_GROUPS.default, JOB_GROUPS.system]).optional(),
  ),
  status: z.preprocess((v) => (v === '' ? undefined : v), flag.optional()),
  pageNum: numeric(z.number().int().min(1).max(1_000_000).optional()),
  pageSize: numeric(z.number().int().min(1).max(1000).optional()),
});
