import { EXPORT_JOB_MESSAGES } from '@dpms/core';
import { exportJobAnswer, exportJobParams } from '@dpms/wire';
import { exportJobRecordOf, type ExportJobs } from '../http/export-jobs.js';
import { HttpError } from '../http/http-error.js';
import { AUTHENTICATED } from '../http/route.js';
import type { RouteModule } from './route-module.js';

/**
 * GET /common/exportJob/{jobId}: a background export's progress (core's export-job.ts), for its
 * owner only; when done it names the file to download (`/common/download/resource`).
 */
export function exportJobRoutes(jobs: ExportJobs): RouteModule {
  return {
    name: 'exportJob',
    register(book) {
      book.add({
        method: 'get',
        path: '/common/exportJob/:jobId',
        summary: '后台导出的进度',
        tag: '文件',
        access: AUTHENTICATED,
        params: exportJobParams,
        response: exportJobAnswer,
        handler: async ({ params, principal }) => {
          const job = await jobs.view(params.jobId, principal.userId);
          if (!job) {
            throw new HttpError(404, EXPORT_JOB_MESSAGES.notFound, {
              errorCode: 'EXPORT.JOB_NOT_FOUND',
            });
          }
          return { code: 200 as const, msg: job.message, data: exportJobRecordOf(job) };
        },
      });
    },
  };
}
