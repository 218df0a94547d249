import type { z } from 'zod';
import type { TaskActor, TaskService } from '@dpms/core';
import {
  taskIdQuery,
  taskMajorResultsAnswer,
  taskResultAnswer,
  taskResultBody,
  taskResultDeleteAnswer,
  taskResultDeleteQuery,
  taskResultIdQuery,
  taskResultListQuery,
  taskResultPage,
  taskResultsAnswer,
  taskSongdaBody,
  taskSongdasAnswer,
} from '@dpms/wire';
import { ok, page } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { listQueryOf } from '../../http/list-query.js';
import type { TaskRouteKit } from './kit.js';
import { resultView, songdaView } from './views.js';

/** The result and acceptance-file confirmations, both by the task's project manager. */
const RESULT_CONFIRMATION_ROUTES: ReadonlyArray<{
  readonly path: string;
  readonly summary: string;
  readonly which: 'result' | 'acceptance';
}> = [
  {
    path: '/v4/design-task/confirmTaskResult',
    summary: '确认成果（本任务单的项目经理，不能重复）',
    which: 'result',
  },
  {
    path: '/v4/design-task/confirmTaskResultOnAcceptanceFile',
    summary: '确认验收文件（成果已确认且已上传验收文件后）',
    which: 'acceptance',
  },
];

/** Results and acceptance files, their confirmations and lists, and their deliveries (送达). */
export function registerTaskResultRoutes({ get, post }: TaskRouteKit, service: TaskService): void {
  const upload = (history: boolean) => async (b: z.output<typeof taskResultBody>, a: TaskActor) =>
    ok(
      resultView(
        unwrap(
          await service.uploadResult(
            {
              taskId: b.taskId,
              resultId: b.resultId,
              acceptance: b.fileType === 'acceptance',
              majorId: b.majorId,
              fileName: b.fileName,
              fileProp: b.fileProp,
              memo: b.memo,
              fileIds: b.fileList,
            },
            a,
            history,
          ),
        ),
      ),
    );
  post(
    '/project/design-task/uploadResultFileV2',
    '上传成果文件（部门确认后；一个文件、须有文件名称）或验收文件（fileType=acceptance）',
    'project:taskResult:upload',
    taskResultBody,
    taskResultAnswer,
    upload(false),
  );
  post(
    '/project/design-task/uploadResultFileHistory',
    '补录历史成果（记为已确认）',
    'project:taskResult:upload',
    taskResultBody,
    taskResultAnswer,
    upload(true),
  );
  for (const c of RESULT_CONFIRMATION_ROUTES) {
    get(
      c.path,
      c.summary,
      'project:taskResult:edit',
      taskResultIdQuery,
      taskResultAnswer,
      async (q, a) => ok(resultView(unwrap(await service.confirmResult(q.resultId, c.which, a)))),
    );
  }
  get(
    '/project/design-task/deleteAttachment',
    '删除未确认的成果（id 或 resultId）',
    'project:taskResult:remove',
    taskResultDeleteQuery,
    taskResultDeleteAnswer,
    async (q, a) => ok(unwrap(await service.deleteResult(q.resultId ?? q.id ?? 0, a))),
  );
  get(
    '/v4/design-task/getTaskResultList',
    '成果列表（按数据权限）',
    'project:taskResult:list',
    taskResultListQuery,
    taskResultPage,
    async (q, a) => {
      const filter = {
        ...(q.taskId !== undefined ? { taskId: q.taskId } : {}),
        ...(q.taskName !== undefined ? { taskName: q.taskName } : {}),
        ...(q.resultConfirmed !== undefined ? { resultConfirmed: q.resultConfirmed === '1' } : {}),
      };
      const p = await service.listResults(listQueryOf(filter, q), a);
      return page(
        p.total,
        p.rows.map((r) => ({ ...resultView(r), taskNo: r.taskNo, taskName: r.taskName })),
      );
    },
  );
  get(
    '/project/design-task/getTaskResultAttachmentList',
    '任务单的成果及其附件',
    'project:taskResult:query',
    taskIdQuery,
    taskResultsAnswer,
    async (q, a) => ok(unwrap(await service.taskResults(q.taskId, a)).map(resultView)),
  );
  get(
    '/project/design-task/getTaskResultFile',
    '一个成果及其文件',
    'project:taskResult:query',
    taskResultIdQuery,
    taskResultAnswer,
    async (q, a) => ok(resultView(unwrap(await service.resultFile(q.resultId, a)))),
  );
  get(
    '/project/design-task/getMajorTaskResultList',
    '按专业分组的成果',
    'project:taskResult:query',
    taskIdQuery,
    taskMajorResultsAnswer,
    async (q, a) =>
      ok(
        unwrap(await service.majorResults(q.taskId, a)).map((g) => ({
          majorId: g.majorId,
          majorName: g.majorName,
          resultList: g.results.map(resultView),
        })),
      ),
  );

  // ---- deliveries ------------------------------------------------------------------------------
  get(
    '/project/design-task/getTaskResultSongdaList',
    '成果送达记录',
    'project:taskResult:query',
    taskIdQuery,
    taskSongdasAnswer,
    async (q, a) => ok(unwrap(await service.songdaList(q.taskId, a)).map(songdaView)),
  );
  post(
    '/project/design-task/insertTaskResultSongda',
    '登记成果送达',
    'project:taskResult:edit',
    taskSongdaBody,
    taskSongdasAnswer,
    async (b, a) =>
      ok(unwrap(await service.insertSongda({ ...b, fileIds: b.fileList }, a)).map(songdaView)),
  );
}
