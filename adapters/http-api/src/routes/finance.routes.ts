import type { z } from 'zod';
import {
  INVOICE_PURPOSE_LABELS,
  invoiceActions,
  invoiceListActions,
  INVOICE_STATUS_LABELS,
  INVOICE_TYPE_LABELS,
  type Invoice,
  type InvoiceFilter,
  type InvoiceService,
  type InvoiceStatus,
} from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { perm } from '../http/route.js';
import {
  accountDoneAnswer,
  invoiceAddBody as addBody,
  invoiceAnswer,
  invoiceContractInfoAnswer,
  invoiceContractQuery,
  invoiceEditBody as editBody,
  invoiceExportQuery as exportQuery,
  invoiceIdQuery as idQuery,
  invoiceListQuery as listQuery,
  invoicePage,
  type InvoiceRecord,
} from '@dpms/wire';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../http/xlsx.js';
import { accountActorOf } from './account.routes.js';
import { idemOf } from './contract-route-helpers.js';
import type { RouteModule } from './route-module.js';

const TAG = '开票管理';

type FilterIn = z.output<typeof exportQuery>;

function filterOf(q: FilterIn): InvoiceFilter {
  return {
    ...(q.contractId === undefined ? {} : { contractId: q.contractId }),
    ...(q.contractName === undefined ? {} : { contractName: q.contractName }),
    ...(q.status === undefined ? {} : { status: Number(q.status) as InvoiceStatus }),
    ...(q.invoiceType === undefined ? {} : { invoiceType: q.invoiceType }),
    ...(q.invoiceDateBegin === undefined ? {} : { dateFrom: q.invoiceDateBegin }),
    ...(q.invoiceDateEnd === undefined ? {} : { dateTo: q.invoiceDateEnd }),
  };
}

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());
export const invoiceView = (i: Invoice): InvoiceRecord => ({
  ...i,
  statusName: INVOICE_STATUS_LABELS[i.status],
  invoiceTypeName: INVOICE_TYPE_LABELS[i.invoiceType],
  invoicePurposeName: INVOICE_PURPOSE_LABELS[i.invoicePurpose],
  createTime: iso(i.createTime),
  approvedTime: iso(i.approvedTime),
});

/** The invoice list's columns as the screen shows them (FinancePage). */
const COLUMNS: readonly XlsxColumn<Invoice>[] = [
  { header: '合同名称', width: 30, value: (i) => i.contractName },
  { header: '合同编号', width: 18, value: (i) => i.contractNo },
  { header: '开票金额（万元）', kind: 'money', value: (i) => i.invoiceAmount },
  { header: '发票类型', width: 16, value: (i) => INVOICE_TYPE_LABELS[i.invoiceType] },
  { header: '发票抬头', width: 30, value: (i) => i.invoiceTitle },
  { header: '开票日期', kind: 'date', width: 12, value: (i) => i.invoiceDate },
  { header: '状态', value: (i) => INVOICE_STATUS_LABELS[i.status] },
  { header: '申请人', kind: 'person', value: (i) => i.createBy },
];

const definedOnly = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * Invoice requests (/v4/finance/*): drawn on a signed contract, sent through the approval engine
 * as an invoice request (23_1), locked in approval and invoiced when approved; what is invoiced
 * and in approval never exceeds the contract amount.
 */
export function financeRoutes(service: InvoiceService): RouteModule {
  return {
    name: 'finance',
    register(book) {
      book.add({
        method: 'get',
        path: '/v4/finance/list',
        summary: '开票申请列表（按数据权限：合同的部门与申请人）',
        tag: TAG,
        access: perm('contract:finance:list'),
        query: listQuery,
        response: invoicePage,
        handler: async ({ query, principal }) => {
          const p = await service.list(
            listQueryOf(filterOf(query), query),
            accountActorOf(principal),
          );
          return page(p.total, p.rows.map(invoiceView));
        },
      });
      book.add({
        method: 'get',
        path: '/v4/finance/detail',
        summary: '开票申请详情（approvalId 为审批单，可查看审批记录）',
        tag: TAG,
        access: perm('contract:finance:query'),
        query: idQuery,
        response: invoiceAnswer,
        handler: async ({ query, principal }) =>
          ok(invoiceView(unwrap(await service.detail(query.invoiceId, accountActorOf(principal))))),
      });
      book.add({
        method: 'get',
        path: '/v4/finance/contractInfo',
        summary: '合同的开票情况：合同金额、已开票、审批中与可开票金额',
        tag: TAG,
        access: perm('contract:finance:query'),
        query: invoiceContractQuery,
        response: invoiceContractInfoAnswer,
        handler: async ({ query, principal }) =>
          ok(unwrap(await service.contractInfo(query.contractId, accountActorOf(principal)))),
      });
      book.add({
        method: 'post',
        path: '/v4/finance/add',
        summary:
          '新增开票申请（不得超过可开票金额；submit=true 时同时送审 23_1；支持 Idempotency-Key）',
        tag: TAG,
        access: perm(invoiceListActions.permissions.add),
        idempotency: 'use-case',
        body: addBody,
        response: invoiceAnswer,
        handler: async ({ body, principal, req }) => {
          const { submit, ...input } = body;
          return ok(
            invoiceView(
              unwrap(
                await service.add(
                  definedOnly(input),
                  accountActorOf(principal),
                  submit === true,
                  idemOf(req, principal, '/v4/finance/add'),
                ),
              ),
            ),
          );
        },
      });
      book.add({
        method: 'post',
        path: '/v4/finance/edit',
        summary: '修改开票申请（草稿或已驳回的；审批中或已开票的不能修改）',
        tag: TAG,
        access: perm(invoiceActions.permissions.edit),
        body: editBody,
        response: invoiceAnswer,
        handler: async ({ body, principal }) => {
          const { invoiceId, submit, ...input } = body;
          return ok(
            invoiceView(
              unwrap(
                await service.edit(
                  invoiceId,
                  definedOnly(input),
                  accountActorOf(principal),
                  submit === true,
                ),
              ),
            ),
          );
        },
      });
      book.add({
        method: 'post',
        path: '/v4/finance/delete',
        summary: '删除开票申请（审批中或已开票的不能删除）',
        tag: TAG,
        access: perm(invoiceActions.permissions.remove),
        body: idQuery,
        response: accountDoneAnswer,
        handler: async ({ body, principal }) => {
          unwrap(await service.remove(body.invoiceId, accountActorOf(principal)));
          return ok();
        },
      });
      book.add({
        method: 'post',
        path: '/v4/finance/updateToApproval',
        summary:
          '开票申请送审（23_1 开票申请）；审批中锁定，通过后为已开票（支持 Idempotency-Key）',
        tag: TAG,
        access: perm(invoiceActions.permissions.submit),
        idempotency: 'use-case',
        body: idQuery,
        response: invoiceAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            invoiceView(
              unwrap(
                await service.submit(
                  body.invoiceId,
                  accountActorOf(principal),
                  idemOf(req, principal, '/v4/finance/updateToApproval'),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'get',
        path: '/v4/finance/export',
        summary: '导出开票申请（.xlsx，流式，按列表筛选）',
        tag: TAG,
        access: perm(invoiceListActions.permissions.export),
        query: exportQuery,
        produces: XLSX_TYPE,
        handler: async ({ query, principal, res }) => {
          await streamXlsx(
            res,
            '开票申请.xlsx',
            '开票申请',
            COLUMNS,
            service.exportRows(filterOf(query), accountActorOf(principal)),
          );
          return undefined;
        },
      });
    },
  };
}
