import type { JobLog, JobLogRepository } from '@dpms/core';
import { jobLogListQuery, jobLogRecord, pageEnvelope } from '@dpms/wire';
import { page } from '../http/envelope.js';
import { instituteDaysOf } from '../http/institute-zone.js';
import { listQueryOf } from '../http/list-query.js';
import { perm } from '../http/route.js';
import { defined } from '../http/schemas.js';
import type { RouteModule } from './route-module.js';

const TAG = '调度日志';

export const jobLogView = (j: JobLog) => ({
  jobLogId: j.jobLogId,
  jobName: j.jobName,
  jobGroup: j.jobGroup,
  invokeTarget: j.invokeTarget,
  jobMessage: j.jobMessage,
  status: j.status,
  exceptionInfo: j.exceptionInfo,
  startTime: j.startTime.toISOString(),
  endTime: j.endTime.toISOString(),
  createTime: j.createTime.toISOString(),
});

/**
 * The scheduling log (/job/log): the runs of the server's background jobs, newest first. Read
 * only; the server's own record, so not data-scoped, and only for holders of monitor:job:list.
 */
export function jobLogRoutes(logs: JobLogRepository): RouteModule {
  return {
    name: 'jobLog',
    register(book) {
      book.add({
        method: 'get',
        path: '/monitor/jobLog/list',
        summary:
          '调度日志列表（分页，按开始时间倒序）：按任务名称（包含）、任务组名、执行状态（0 正常、1 失败）与 params[beginTime]/params[endTime] 开始日期筛选',
        tag: TAG,
        access: perm('monitor:job:list'),
        query: jobLogListQuery,
        response: pageEnvelope(jobLogRecord),
        handler: async ({ query, res }) => {
          const { pageNum, pageSize, orderByColumn, isAsc, params, ...rest } = query;
          const r = await logs.list(
            listQueryOf(defined({ ...rest, startTime: await instituteDaysOf(res, params) }), {
              pageNum,
              pageSize,
              orderByColumn,
              isAsc,
            }),
          );
          return page(r.total, r.rows.map(jobLogView));
        },
      });
    },
  };
}
