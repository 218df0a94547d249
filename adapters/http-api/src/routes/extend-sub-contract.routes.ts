import {
  CHILD_TYPE_LABELS,
  type ChildType,
  type ExtendSubContract,
  type ExtendSubContractFilter,
  type ExtendSubContractRow,
  type ExtendSubContractService,
} from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { perm } from '../http/route.js';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../http/xlsx.js';
import {
  contractChildIdQuery as extendChildIdQuery,
  extendIdQuery,
  extendSubContractAnswer,
  extendSubContractExportQuery,
  extendSubContractListQuery,
  extendSubContractPage,
  extendSubContractRowAnswer,
  extendSubContractSaveBody,
  extendSubContractsOfChildAnswer,
  extendSubContractUpdateBody,
  type ExtendSubContractRecord,
  type ExtendSubContractRow as ExtendSubContractRowView,
} from '@dpms/wire';
import { actorOf, idemOf, iso } from './contract-route-helpers.js';
import type { RouteModule } from './route-module.js';

const TAG = '补充分包合同';

/** The answers' records, as the wire schemas document them (RouteBook checks them). */
const view = (e: ExtendSubContract): ExtendSubContractRecord => ({
  extendId: e.extendId,
  contractChildId: e.contractChildId,
  contractId: e.contractId,
  extendNo: e.extendNo,
  content: e.content,
  reason: e.reason,
  extendAmount: e.extendAmount,
  signDate: e.signDate,
  files: e.files,
  version: e.version,
  deptId: e.deptId,
  userId: e.userId,
  createBy: e.createBy,
  createByName: e.createByName,
  createTime: iso(e.createTime),
  updateTime: iso(e.updateTime),
});

const rowView = (e: ExtendSubContractRow): ExtendSubContractRowView => ({
  ...view(e),
  contractChildNo: e.contractChildNo,
  childType: e.childType,
  childTypeName: CHILD_TYPE_LABELS[e.childType as ChildType] ?? '',
  receiveCompanyName: e.receiveCompanyName,
  childTotalAmount: e.childTotalAmount,
  contractName: e.contractName,
});

function filterOf(q: {
  contractChildId?: number | undefined;
  contractId?: number | undefined;
  extendNo?: string | undefined;
}): ExtendSubContractFilter {
  const f: { -readonly [K in keyof ExtendSubContractFilter]: ExtendSubContractFilter[K] } = {};
  if (q.contractChildId !== undefined) f.contractChildId = q.contractChildId;
  if (q.contractId !== undefined) f.contractId = q.contractId;
  if (q.extendNo !== undefined) f.extendNo = q.extendNo;
  return f;
}

/** The supplement list's columns as the screen shows them (ExtendSubContractListPage). */
const EXPORT_COLUMNS: readonly XlsxColumn<ExtendSubContractRow>[] = [
  { header: '补充合同编号', value: (e) => e.extendNo },
  { header: '所属合同', value: (e) => e.contractName, width: 30 },
  { header: '分包合同编号', value: (e) => e.contractChildNo },
  { header: '分包类型', value: (e) => CHILD_TYPE_LABELS[e.childType as ChildType] ?? '' },
  { header: '收款单位', value: (e) => e.receiveCompanyName, width: 24 },
  { header: '分包金额（万元）', kind: 'money', value: (e) => e.childTotalAmount },
  { header: '补充金额（万元）', kind: 'money', value: (e) => e.extendAmount },
  { header: '签订日期', kind: 'date', value: (e) => e.signDate },
  { header: '补充原因', value: (e) => e.reason, width: 30 },
  { header: '创建人', kind: 'person', value: (e) => e.createBy },
];

/**
 * Extended sub-contracts (/v4/extendSubContract/*, /project/extendSubContract/*): supplements to
 * an approved sub-contract that add to what it may pay. Scoped like sub-contracts.
 */
export function extendSubContractRoutes(service: ExtendSubContractService): RouteModule {
  return {
    name: 'extendSubContracts',
    register(book) {
      for (const path of ['/v4/extendSubContract/list', '/project/extendSubContract/list']) {
        book.add({
          method: 'get',
          path,
          summary: '补充分包合同列表（按数据权限）',
          tag: TAG,
          access: perm('project:extendSubContract:list'),
          query: extendSubContractListQuery,
          response: extendSubContractPage,
          handler: async ({ query, principal }) => {
            const p = await service.list(listQueryOf(filterOf(query), query), actorOf(principal));
            return page(p.total, p.rows.map(rowView));
          },
        });
      }
      book.add({
        method: 'post',
        path: '/v4/extendSubContract/add',
        summary:
          '新增补充分包合同（分包合同须已审批或为历史合同；补充金额计入可付金额；支持 Idempotency-Key）',
        tag: TAG,
        access: perm('project:extendSubContract:add'),
        idempotency: 'use-case',
        body: extendSubContractSaveBody,
        response: extendSubContractAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            view(
              unwrap(
                await service.add(
                  body,
                  actorOf(principal),
                  idemOf(req, principal, '/v4/extendSubContract/add'),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/v4/extendSubContract/update',
        summary: '修改补充分包合同（修改后可付金额不能小于已付金额）',
        tag: TAG,
        access: perm('project:extendSubContract:edit'),
        body: extendSubContractUpdateBody,
        response: extendSubContractAnswer,
        handler: async ({ body, principal }) => {
          const { extendId, version, ...input } = body;
          return ok(
            view(unwrap(await service.update(extendId, input, version, actorOf(principal)))),
          );
        },
      });
      book.add({
        method: 'get',
        path: '/v4/extendSubContract/delById',
        summary: '删除补充分包合同（删除后可付金额不能小于已付金额）',
        tag: TAG,
        access: perm('project:extendSubContract:remove'),
        query: extendIdQuery,
        response: extendSubContractRowAnswer,
        handler: async ({ query, principal }) =>
          ok(rowView(unwrap(await service.delete(query.extendId, actorOf(principal))))),
      });
      book.add({
        method: 'get',
        path: '/v4/extendSubContract/detailById',
        summary: '分包合同及其全部补充分包合同（参数 contractChildId）',
        tag: TAG,
        access: perm('project:extendSubContract:query'),
        query: extendChildIdQuery,
        response: extendSubContractsOfChildAnswer,
        handler: async ({ query, principal }) => {
          const d = unwrap(await service.byChild(query.contractChildId, actorOf(principal)));
          return ok({
            contractChildId: d.child.contractChildId,
            contractId: d.child.contractId,
            contractChildNo: d.child.contractChildNo,
            childType: d.child.childType,
            childTypeName: CHILD_TYPE_LABELS[d.child.childType],
            receiveCompanyName: d.child.receiveCompanyName,
            totalAmount: d.child.totalAmount,
            extensions: d.extensions.map(rowView),
          });
        },
      });
      book.add({
        method: 'get',
        path: '/v4/extendSubContract/detail',
        summary: '一条补充分包合同的详情（参数 extendId）',
        tag: TAG,
        access: perm('project:extendSubContract:query'),
        query: extendIdQuery,
        response: extendSubContractRowAnswer,
        handler: async ({ query, principal }) =>
          ok(rowView(unwrap(await service.detail(query.extendId, actorOf(principal))))),
      });
      book.add({
        method: 'get',
        path: '/v4/extendSubContract/export',
        summary: '导出补充分包合同列表（.xlsx，流式；筛选同列表）',
        tag: TAG,
        access: perm('project:extendSubContract:export'),
        query: extendSubContractExportQuery,
        produces: XLSX_TYPE,
        handler: async ({ query, principal, res }) => {
          await streamXlsx(
            res,
            '补充分包合同.xlsx',
            '补充分包合同',
            EXPORT_COLUMNS,
            service.exportRows(filterOf(query), actorOf(principal)),
          );
          return undefined;
        },
      });
    },
  };
}
