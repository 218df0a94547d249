import type { z } from 'zod';
import { type FundService, type Repayment, type RepaymentListFilter } from '@dpms/core';
import { ok } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { listQueryOf } from '../../http/list-query.js';
import { perm, type RouteBook } from '../../http/route.js';
import type { XlsxColumn } from '../../http/xlsx.js';
import { actorOf, defined, iso, listAndExport } from './shared.js';
import {
  repaymentAnswer,
  repaymentBody,
  repaymentIdQuery,
  repaymentListQuery,
  repaymentPage,
  type RepaymentRecord,
} from '@dpms/wire';

const REPAY_TAG = '还款管理';

type RepaymentListIn = z.output<typeof repaymentListQuery>;

export const repaymentView = (r: Repayment): RepaymentRecord => ({
  ...r,
  createTime: iso(r.createTime),
});

/** The repayment list's columns as the screen shows them (RepaymentPage). */
const REPAYMENT_COLUMNS: readonly XlsxColumn<Repayment>[] = [
  { header: '编号', kind: 'number', width: 8, value: (r) => r.repaymentId },
  { header: '借款编号', kind: 'number', value: (r) => r.loanId },
  { header: '借款部门', width: 18, value: (r) => r.loanDeptName },
  { header: '还款金额（万元）', kind: 'money', value: (r) => r.repaymentAmount },
  { header: '还款日期', kind: 'date', width: 12, value: (r) => r.repaymentDate },
  { header: '备注', width: 30, value: (r) => r.remark },
  { header: '登记人', kind: 'person', value: (r) => r.createBy },
];

function repaymentFilterOf(q: RepaymentListIn): RepaymentListFilter {
  return {
    ...(q.loanId === undefined ? {} : { loanId: q.loanId }),
    ...(q.loanDeptId === undefined ? {} : { loanDeptId: q.loanDeptId }),
  };
}

/** Repayments of an effective loan (/contract/repayment/*). */
export function registerRepaymentRoutes(book: RouteBook, service: FundService): void {
  listAndExport(book, {
    tag: REPAY_TAG,
    query: repaymentListQuery,
    filterOf: repaymentFilterOf,
    list: {
      paths: [['/contract/repayment/list', '还款列表（按数据权限：借款部门与申请人）']],
      permission: 'contract:repayment:list',
      rows: (q, f, actor) => service.listRepayments(listQueryOf(f, q), actor),
      view: repaymentView,
      response: repaymentPage,
    },
    export: {
      path: '/contract/repayment/export',
      summary: '导出还款列表（.xlsx，流式；筛选同列表）',
      permission: 'contract:repayment:export',
      fileName: '还款列表.xlsx',
      sheetName: '还款',
      columns: REPAYMENT_COLUMNS,
      rows: (f, actor) => service.exportRepayments(f, actor),
    },
  });
  book.add({
    method: 'get',
    path: '/contract/repayment/detail',
    summary: '还款详情',
    tag: REPAY_TAG,
    access: perm('contract:repayment:query'),
    response: repaymentAnswer,
    query: repaymentIdQuery,
    handler: async ({ query, principal }) =>
      ok(repaymentView(unwrap(await service.getRepayment(query.repaymentId, actorOf(principal))))),
  });
  book.add({
    method: 'post',
    path: '/contract/repayment/add',
    summary: '登记还款（借款须已生效；不得超过未还余额）',
    tag: REPAY_TAG,
    access: perm('contract:repayment:add'),
    response: repaymentAnswer,
    body: repaymentBody,
    handler: async ({ body, principal }) =>
      ok(repaymentView(unwrap(await service.repay(defined(body), actorOf(principal))))),
  });
}
