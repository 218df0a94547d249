import type { TaskService } from '@dpms/core';
import {
  contractFilesBody,
  taskContractIdQuery,
  taskFileIdQuery,
  taskFileLinksAnswer,
  taskFileUnlinkAnswer,
  taskFilesBody,
} from '@dpms/wire';
import { ok } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import type { TaskRouteKit } from './kit.js';
import { linkView } from './views.js';

/** A task sheet's attachments, and a contract's design files and government approvals. */
export function registerTaskFileRoutes({ get, post }: TaskRouteKit, service: TaskService): void {
  post(
    '/project/design-task/uploadDesignTaskFileV2',
    '上传任务单附件（服务器签发的文件编号）',
    'project:designTask:edit',
    taskFilesBody,
    taskFileLinksAnswer,
    async (b, a) =>
      ok(unwrap(await service.uploadTaskFiles(b.taskId, b.fileList ?? [], a)).map(linkView)),
  );
  get(
    '/project/design-task/deleteDesignTaskFile',
    '删除任务单附件（id 为附件编号）',
    'project:designTask:edit',
    taskFileIdQuery,
    taskFileUnlinkAnswer,
    async (q, a) => ok(unwrap(await service.deleteTaskFile(q.id, a))),
  );
  post(
    '/project/contract/uploadContractDesignFile',
    '上传合同设计文件',
    'project:designTask:edit',
    contractFilesBody,
    taskFileLinksAnswer,
    async (b, a) =>
      ok(
        unwrap(
          await service.uploadContractFiles('contractDesign', b.contractId, b.fileList ?? [], a),
        ).map(linkView),
      ),
  );
  get(
    '/project/contract/getContractDesignFile',
    '合同设计文件列表',
    'project:designTask:query',
    taskContractIdQuery,
    taskFileLinksAnswer,
    async (q, a) =>
      ok(unwrap(await service.contractFiles('contractDesign', q.contractId, a)).map(linkView)),
  );
  post(
    '/project/contract/uploadGovernmentFiles',
    '上传政府批文',
    'project:designTask:edit',
    contractFilesBody,
    taskFileLinksAnswer,
    async (b, a) =>
      ok(
        unwrap(
          await service.uploadContractFiles('government', b.contractId, b.fileList ?? [], a),
        ).map(linkView),
      ),
  );
  get(
    '/project/contract/getGovernmentFiles',
    '政府批文列表',
    'project:designTask:query',
    taskContractIdQuery,
    taskFileLinksAnswer,
    async (q, a) =>
      ok(unwrap(await service.contractFiles('government', q.contractId, a)).map(linkView)),
  );
}
