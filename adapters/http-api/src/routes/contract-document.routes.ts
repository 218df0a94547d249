import { z } from 'zod';
import {
  ALL_DATA,
  APPROVAL_STATUS_LABELS,
  CONTRACT_DOC_FIELD_NAMES,
  CONTRACT_DOC_TYPES,
  CONTRACT_DOCUMENT_SORT_COLUMNS,
  contractDocTitle,
  contractDocumentValues,
  isContractDocumentEditable,
  type ContractDocFieldName,
  type ContractDocType,
  type ContractDocumentActor,
  type ContractDocumentFilter,
  type ContractDocumentRecord,
  type ContractDocumentService,
} from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { pagingShape } from '../http/paging.js';
import { perm } from '../http/route.js';
import { id, numeric, optionalEnum, optionalId, textFilter, version } from '../http/schemas.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from './route-module.js';

const TAG = '合同文本';

/**
 * A field as a client sends it: text, or a number for ids and amounts. The length here only
 * bounds the request; core checks each field's own limit and names the field in Chinese.
 */
const fieldValue = z.preprocess(
  (v) => (v === null ? undefined : v),
  z.union([z.string().max(2000), z.number().transform(String)]).optional(),
);

const docType = numeric(
  z
    .number()
    .int()
    .refine((n): n is ContractDocType => (CONTRACT_DOC_TYPES as readonly number[]).includes(n), {
      message: '合同类型只能是 1、2、3、6、7、8',
    }),
);

const typeCode = z
  .string()
  .regex(/^(1_[1-8]|5_[1-3]|24_1)$/)
  .optional();

const fieldShape = Object.fromEntries(
  CONTRACT_DOC_FIELD_NAMES.map((name) => [name, fieldValue]),
) as Record<ContractDocFieldName, typeof fieldValue>;

const saveBody = z.object({
  ...fieldShape,
  documentId: id().optional(),
  version: version(),
  docType,
  /** Save and send into approval in one call. */
  submit: z.boolean().optional(),
  typeCode,
});

/** A document as the web reads it: its fields flat, as the document screens load them. */
export const contractDocumentView = (d: ContractDocumentRecord) => ({
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
        query: z.object({
          ...pagingShape(CONTRACT_DOCUMENT_SORT_COLUMNS),
          docType: optionalEnum(['1', '2', '3', '6', '7', '8']),
          status: optionalEnum(['-1', '0', '1', '2', '3']),
          contractId: optionalId(),
          contractName: textFilter(100),
        }),
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
        query: z.object({ documentId: id() }),
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
        body: saveBody,
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
        body: z.object({ documentId: id(), typeCode }),
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
        query: z.object({ documentId: id() }),
        handler: async ({ query, principal }) =>
          ok(unwrap(await service.delete(query.documentId, actorOf(principal)))),
      });
    },
  };
}
