import { z } from 'zod';
import {
  JOB_STATUS,
  type JobLog,
  type JobLogRepository,
  type JobStateRepository,
} from '@dpms/core';
import {
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
import { HttpError, unwrap } from '../http/http-error.js';
import { perm } from '../http/route.js';
import { id } from '../http/schemas.js';
import type { CatalogueEntry, JobCatalogue } from '../jobs/job-catalogue.js';
import { jobLogView } from './job-log.routes.js';
import type { RouteModule } from './route-module.js';

const TAG = '定时任务';

/**
 * 定时任务 (RuoYi SysJobController, read and 执行一次): the jobs this server schedules, each with
 * its 执行策略 and its latest run from the scheduling log. The jobs are the server's own, fixed in
 * code, so there is no add, edit or delete; 执行一次 and 暂停/恢复 take the page's 修改 button
 * (monitor:job:edit: the seed has no changeStatus button).
 */
export function jobRoutes(
  catalogue: JobCatalogue,
  logs: JobLogRepository,
  states: JobStateRepository,
): RouteModule {
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
          const paused = await states.pausedJobIds();
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
        path: '/monitor/job/:jobId',
        summary: '定时任务详情',
        tag: TAG,
        access: perm('monitor:job:query'),
        params: z.object({ jobId: id() }),
        response: okEnvelope(jobRecord),
        handler: async ({ params }) => {
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
