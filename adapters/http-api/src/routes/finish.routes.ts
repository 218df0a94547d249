import {
  fileDownloadAddress,
  ALL_DATA,
  confirmableAmount,
  FINISH_ACTION_PERMISSIONS,
  type FinishActor,
  type FinishConfirmation,
  type FinishContract,
  type FinishFile,
  type FinishService,
  type FinishTask,
} from '@dpms/core';
import {
  finishConfirmationAnswer,
  finishConfirmationIdQuery,
  finishConfirmationsAnswer,
  finishConfirmBody as confirmBody,
  finishContractAnswer,
  finishContractPage,
  finishContractQuery as contractQuery,
  closingDoneAnswer,
  finishFilesAnswer,
  finishManageQuery as manageQuery,
  finishOverviewAnswer,
  finishTasksAnswer,
  finishUploadBody as uploadBody,
  uncollectedAnswer,
} from '@dpms/wire';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { perm } from '../http/route.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from './route-module.js';

const TAG = '合同完工确认';
/** Each route declares the permission of core's finish rule (`finishActions`). */
const FA = FINISH_ACTION_PERMISSIONS;

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export const finishContractView = (c: FinishContract) => ({
  ...c,
  finishStatus: c.finished ? '1' : '0',
  finishStatusName: c.finished ? '已完成' : '未完成',
  finishTime: iso(c.finishTime),
});
export const finishTaskView = (t: FinishTask) => ({
  ...t,
  value: String(t.taskId),
  text: `${t.taskNo} ${t.taskName}`,
  confirmableAmount: confirmableAmount(t),
});
export const finishConfirmationView = (c: FinishConfirmation) => ({
  ...c,
  createTime: iso(c.createTime),
});
export const finishFileView = (f: FinishFile) => ({
  ...f,
  name: f.fileName,
  url: fileDownloadAddress(f.fileId),
  createTime: iso(f.createTime),
});

const actorOf = (p: Principal): FinishActor => ({
  userId: p.userId,
  userName: p.userName,
  scope: p.isAdmin ? ALL_DATA : p.scope,
  fileOwnerId: p.isAdmin ? null : p.userId,
});

/**
 * Finish confirmation of a contract (001 §7 "Closed case and finish"): confirmed finished output
 * value per design task, performed but not collected, finish files and the contract's finish.
 * Every call checks its permission and the contract's data scope.
 */
export function finishRoutes(service: FinishService): RouteModule {
  return {
    name: 'contract-finish',
    register(book) {
      book.add({
        method: 'get',
        path: '/v4/contract/listByContractId',
        summary: '合同完工信息：合同、任务单产值与已确认完成产值、完工文件及尚不能确认完成的原因',
        tag: TAG,
        access: perm(FA.view),
        query: contractQuery,
        response: finishOverviewAnswer,
        handler: async ({ query, principal }) => {
          const o = unwrap(await service.overview(query.contractId, actorOf(principal)));
          return ok({
            contract: finishContractView(o.contract),
            tasks: o.tasks.map(finishTaskView),
            files: o.files.map(finishFileView),
            blockers: o.blockers,
            canFinish: o.blockers.length === 0,
          });
        },
      });
      book.add({
        method: 'get',
        path: '/v4/contract/performUncollectedList',
        summary:
          '已履约未收款：每个任务单的确认完成产值减已分配回款，合同合计为确认完成产值减已回款（不小于0）',
        tag: TAG,
        access: perm(FA.view),
        query: contractQuery,
        response: uncollectedAnswer,
        handler: async ({ query, principal }) =>
          ok(unwrap(await service.uncollected(query.contractId, actorOf(principal)))),
      });
      book.add({
        method: 'get',
        path: '/v4/contract/confirmFinishAmountList',
        summary: '合同的完成产值确认记录（最新在前）',
        tag: TAG,
        access: perm(FA.view),
        query: contractQuery,
        response: finishConfirmationsAnswer,
        handler: async ({ query, principal }) =>
          ok(
            unwrap(await service.confirmations(query.contractId, actorOf(principal))).map(
              finishConfirmationView,
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/v4/contract/confirmFinishAmount',
        summary: '确认任务单完成产值（累加，不超过任务产值；任务单须已部门确认；合同已完成则不可）',
        tag: TAG,
        access: perm(FA.confirmAmount),
        body: confirmBody,
        response: finishConfirmationAnswer,
        handler: async ({ body, principal }) =>
          ok(
            finishConfirmationView(
              unwrap(
                await service.confirm(
                  {
                    contractId: body.contractId,
                    taskId: body.taskId,
                    confirmFinishAmount: body.confirmFinishAmount,
                    ...(body.remark === undefined ? {} : { remark: body.remark }),
                  },
                  actorOf(principal),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'get',
        path: '/project/contract/deleteConfirmFinishAmount',
        summary:
          '删除完成产值确认记录（从任务单的确认完成产值中扣回；合同已完成或已发放超出则不可）',
        tag: TAG,
        access: perm(FA.unconfirm),
        query: finishConfirmationIdQuery,
        response: closingDoneAnswer,
        handler: async ({ query, principal }) => {
          unwrap(await service.unconfirm(query.id, actorOf(principal)));
          return ok();
        },
      });
      book.add({
        method: 'get',
        path: '/project/contract/getContractFinishFile',
        summary: '合同的完工文件',
        tag: TAG,
        access: perm(FA.view),
        query: contractQuery,
        response: finishFilesAnswer,
        handler: async ({ query, principal }) =>
          ok(unwrap(await service.files(query.contractId, actorOf(principal))).map(finishFileView)),
      });
      book.add({
        method: 'post',
        path: '/project/contract/uploadContractFinishFile',
        summary: '上传完工文件：把已上传的文件（/common/upload 或分片上传得到的 fileId）关联到合同',
        tag: TAG,
        access: perm(FA.upload),
        body: uploadBody,
        response: finishFilesAnswer,
        handler: async ({ body, principal }) =>
          ok(
            unwrap(
              await service.uploadFiles(body.contractId, body.fileIds, actorOf(principal)),
            ).map(finishFileView),
          ),
      });
      book.add({
        method: 'get',
        path: '/project/contract/confirmContractFinish',
        summary: '确认合同完成：须有完工文件，且每个任务单已部门确认并确认完成产值到任务产值',
        tag: TAG,
        access: perm(FA.finish),
        query: contractQuery,
        response: finishContractAnswer,
        handler: async ({ query, principal }) =>
          ok(
            finishContractView(
              unwrap(await service.confirmFinish(query.contractId, actorOf(principal))),
            ),
          ),
      });
      book.add({
        method: 'get',
        path: '/project/contract/serviceManagelist',
        summary: '合同完工管理列表：正式合同的任务产值、确认完成产值、已回款、完工文件数与完成状态',
        tag: TAG,
        access: perm(FA.view),
        query: manageQuery,
        response: finishContractPage,
        handler: async ({ query, principal }) => {
          const p = await service.manageList(
            {
              ...(query.contractName === undefined ? {} : { contractName: query.contractName }),
              ...(query.projectName === undefined ? {} : { projectName: query.projectName }),
              ...(query.finishStatus === undefined ? {} : { finished: query.finishStatus === '1' }),
            },
            { pageNum: query.pageNum, pageSize: query.pageSize },
            actorOf(principal),
          );
          return page(
            p.total,
            p.rows.map((r) => finishContractView(r)),
          );
        },
      });
      book.add({
        method: 'get',
        path: '/project/contract/getContractTask',
        summary: '合同的设计任务单（value、text 及可确认的剩余产值），供完成产值确认选择',
        tag: TAG,
        access: perm(FA.view),
        query: contractQuery,
        response: finishTasksAnswer,
        handler: async ({ query, principal }) =>
          ok(unwrap(await service.tasks(query.contractId, actorOf(principal))).map(finishTaskView)),
      });
    },
  };
}
