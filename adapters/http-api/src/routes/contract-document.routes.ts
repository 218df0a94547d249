import {
  ALL_DATA,
  APPROVAL_STATUS_LABELS,
  contractDocTitle,
  contractDocumentValues,
  isContractDocumentEditable,
  type ContractDocType,
  type ContractDocumentActor,
  type ContractDocumentFilter,
  type ContractDocumentRecord,
  type ContractDocumentService,
} from '@dpms/core';
import {
  contractDocumentAnswer,
  contractDocumentDeleteAnswer,
  contractDocumentIdQuery,
  contractDocumentListQuery,
  contractDocumentPage,
  contractDocumentSaveBody,
  contractDocumentSubmitBody,
  type ContractDocumentWireRecord,
} from '@dpms/wire';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { perm } from '../http/route.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from './route-module.js';

const TAG = '合同文本';

/** A document as the web reads it: its fields flat, as the document screens load them. */
export const contractDocumentView = (d: ContractDocumentRecord): ContractDocumentWireRecord => ({
  ...contractDocumentValues(d),
  documentId: d.documentId,
  docType: d.docType,
  docTypeName: contractDocTitle(d.docType),
  contractId: d.contractId === null ? '' : String(d.contractId),
  contractName: d.contractName,
  totalAmount: d.totalAmount,
  status: d.status,
  statusName: APPROVAL_STATUS_LABELS[d.status],
  editable: isContractDocumentEditable(d.status),
  approvalId: d.approvalId,
  version: d.version,
  deptId: d.deptId,
  userId: d.userId,
  createBy: d.createBy,
  createByName: d.createByName,
  createTime: d.createTime.toISOString(),
  updateTime: d.updateTime.toISOString(),
});

const actorOf = (p: Principal): ContractDocumentActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});

/**
 * Contract documents (types 1, 2, 3, 6, 7, 8): list, detail, save (with an optional submit),
 * updateToApproval through the approval engine, delete. The spec shows no calls for storing
 * documents; these follow the contract calls' shape (001 §7).
 */
export function contractDocumentRoutes(service: ContractDocumentService): RouteModule {
  return {
    name: 'contract-documents',
    register(book) {
      book.add({
        method: 'get',
        path: '/v4/contract-document/list',
        summary: '合同文本列表（按数据权限）',
        tag: TAG,
        access: perm('project:document:list'),
        query: contractDocumentListQuery,
        response: contractDocumentPage,
        handler: async ({ query, principal }) => {
          const f: { -readonly [K in keyof ContractDocumentFilter]: ContractDocumentFilter[K] } =
            {};
          if (query.docType !== undefined) f.docType = Number(query.docType) as ContractDocType;
          if (query.status !== undefined) f.status = Number(query.status) as -1 | 0 | 1 | 2 | 3;
          if (query.contractId !== undefined) f.contractId = query.contractId;
          if (query.contractName !== undefined) f.contractName = query.contractName;
          const p = await service.list(listQueryOf(f, query), actorOf(principal));
          return page(p.total, p.rows.map(contractDocumentView));
        },
      });
      book.add({
        method: 'get',
        path: '/v4/contract-document/detailById',
        summary: '合同文本详情',
        tag: TAG,
        access: perm('project:document:query'),
        query: contractDocumentIdQuery,
        response: contractDocumentAnswer,
        handler: async ({ query, principal }) =>
          ok(
            contractDocumentView(
              unwrap(await service.detail(query.documentId, actorOf(principal))),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/v4/contract-document/add',
        summary:
          '保存合同文本（新增；带 documentId 时修改待提交、已驳回或已撤回的文本）；submit=true 时同时提交审批（合同类审批，默认 5_1）',
        tag: TAG,
        access: perm('project:document:add'),
        body: contractDocumentSaveBody,
        response: contractDocumentAnswer,
        handler: async ({ body, principal }) => {
          const { documentId, version, docType: type, submit, typeCode: code, ...values } = body;
          const saved = await service.save(
            {
              ...(documentId === undefined ? {} : { documentId }),
              ...(version === undefined ? {} : { version }),
              docType: type,
              values,
              ...(submit === undefined ? {} : { submit }),
              ...(code === undefined ? {} : { typeCode: code }),
            },
            actorOf(principal),
          );
          return ok(contractDocumentView(unwrap(saved)));
        },
      });
      book.add({
        method: 'post',
        path: '/v4/contract-document/updateToApproval',
        summary: '提交合同文本审批（合同类审批，默认 5_1）；审批中锁定，审批结果写回文本状态',
        tag: TAG,
        access: perm('project:document:edit'),
        body: contractDocumentSubmitBody,
        response: contractDocumentAnswer,
        handler: async ({ body, principal }) =>
          ok(
            contractDocumentView(
              unwrap(await service.submit(body.documentId, body.typeCode, actorOf(principal))),
            ),
          ),
      });
      book.add({
        method: 'get',
        path: '/v4/contract-document/deleteById',
        summary: '删除合同文本（审批中或已审批通过的不能删除）',
        tag: TAG,
        access: perm('project:document:remove'),
        query: contractDocumentIdQuery,
        response: contractDocumentDeleteAnswer,
        handler: async ({ query, principal }) =>
          ok(unwrap(await service.delete(query.documentId, actorOf(principal)))),
      });
    },
  };
}
