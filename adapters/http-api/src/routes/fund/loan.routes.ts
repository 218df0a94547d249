import type { z } from 'zod';
import {
  LOAN_STATUS_LABELS,
  loanActions,
  type FundService,
  type Loan,
  type LoanListFilter,
  type LoanStatus,
} from '@dpms/core';
import { ok } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { listQueryOf } from '../../http/list-query.js';
import { perm, type RouteBook } from '../../http/route.js';
import type { XlsxColumn } from '../../http/xlsx.js';
import { ledgerView } from './back-money.routes.js';
import { actorOf, defined, iso, listAndExport } from './shared.js';
import {
  ledgerAnswer,
  loanAnswer,
  loanBody,
  loanEditBody,
  loanIdBody,
  loanListQuery,
  loanPage,
  readyMoneyBody,
  taskIdQuery,
  taskLoanBody,
  teamPositionAnswer,
  teamPositionQuery,
  type LoanRecord,
} from '@dpms/wire';

const LOAN_TAG = '借款管理';

type LoanListIn = z.output<typeof loanListQuery>;

export const loanView = (l: Loan): LoanRecord => ({
  ...l,
  statusName: LOAN_STATUS_LABELS[l.status],
  createTime: iso(l.createTime),
  approvedTime: iso(l.approvedTime),
});

/** The loan list's columns as the screen shows them (LoanPage: titles and order). */
const LOAN_COLUMNS: readonly XlsxColumn<Loan>[] = [
  { header: '编号', kind: 'number', width: 8, value: (l) => l.loanId },
  { header: '借款部门', width: 18, value: (l) => l.loanDeptName },
  { header: '借款金额（万元）', kind: 'money', value: (l) => l.loanAmount },
  { header: '已还（万元）', kind: 'money', value: (l) => l.repaidAmount },
  { header: '未还（万元）', kind: 'money', value: (l) => l.outstandingAmount },
  { header: '还款日期', kind: 'date', width: 12, value: (l) => l.refundDate },
  { header: '状态', value: (l) => LOAN_STATUS_LABELS[l.status] },
  { header: '申请人', kind: 'person', value: (l) => l.createBy },
];

function loanFilterOf(q: LoanListIn): LoanListFilter {
  return {
    ...(q.loanDeptId === undefined ? {} : { loanDeptId: q.loanDeptId }),
    ...(q.contractId === undefined ? {} : { contractId: q.contractId }),
    ...(q.taskId === undefined ? {} : { taskId: q.taskId }),
    ...(q.status === undefined ? {} : { status: Number(q.status) as LoanStatus }),
  };
}

/** Loans (/contract/loan/*, the /v4/contract loan calls) and a design team's fund position. */
export function registerLoanRoutes(book: RouteBook, service: FundService): void {
  listAndExport(book, {
    tag: LOAN_TAG,
    query: loanListQuery,
    filterOf: loanFilterOf,
    list: {
      paths: [
        ['/contract/loan/list', '借款列表（按数据权限：借款部门与申请人）'],
        ['/v4/contract/loanList', '借款列表（按任务或合同筛选：taskId、contractId）'],
      ],
      permission: 'contract:loan:list',
      rows: (q, f, actor) => service.listLoans(listQueryOf(f, q), actor),
      view: loanView,
      response: loanPage,
    },
    export: {
      path: '/contract/loan/export',
      summary: '导出借款列表（.xlsx，流式；筛选同列表）',
      permission: 'contract:loan:export',
      fileName: '借款列表.xlsx',
      sheetName: '借款',
      columns: LOAN_COLUMNS,
      rows: (f, actor) => service.exportLoans(f, actor),
    },
  });
  book.add({
    method: 'get',
    path: '/contract/loan/detail',
    summary: '借款详情',
    tag: LOAN_TAG,
    access: perm('contract:loan:query'),
    response: loanAnswer,
    query: loanIdBody,
    handler: async ({ query, principal }) =>
      ok(loanView(unwrap(await service.getLoan(query.loanId, actorOf(principal))))),
  });
  book.add({
    method: 'post',
    path: '/contract/loan/add',
    summary: '申请借款（不超过可借额度；submit=true 时同时送审借款协议 10_1）',
    tag: LOAN_TAG,
    access: perm('contract:loan:add'),
    response: loanAnswer,
    body: loanBody,
    handler: async ({ body, principal }) => {
      const { submit, ...input } = body;
      return ok(
        loanView(
          unwrap(await service.addLoan(defined(input), actorOf(principal), submit === true)),
        ),
      );
    },
  });
  book.add({
    method: 'post',
    path: '/v4/contract/addTaskLoan',
    summary: '按设计任务申请借款（借款部门为任务所属部门）',
    tag: LOAN_TAG,
    access: perm('contract:loan:add'),
    response: loanAnswer,
    body: taskLoanBody,
    handler: async ({ body, principal }) => {
      const { submit, ...input } = body;
      return ok(
        loanView(
          unwrap(await service.addLoan(defined(input), actorOf(principal), submit === true)),
        ),
      );
    },
  });
  book.add({
    method: 'post',
    path: '/contract/loan/edit',
    summary: '修改借款（草稿或已驳回；金额仍须在可借额度内）',
    tag: LOAN_TAG,
    access: perm(loanActions.permissions.edit),
    response: loanAnswer,
    body: loanEditBody,
    handler: async ({ body, principal }) =>
      ok(loanView(unwrap(await service.modifyLoan(defined(body), actorOf(principal), 'edit')))),
  });
  book.add({
    method: 'post',
    path: '/v4/contract/modifyReadyMoney',
    summary: '修改借款金额（草稿或已驳回；仍须在可借额度内）',
    tag: LOAN_TAG,
    access: perm(loanActions.permissions.amount),
    response: loanAnswer,
    body: readyMoneyBody,
    handler: async ({ body, principal }) =>
      ok(loanView(unwrap(await service.modifyLoan(body, actorOf(principal), 'amount')))),
  });
  book.add({
    method: 'post',
    path: '/contract/loan/delete',
    summary: '删除借款（审批中或已生效的不能删除）',
    tag: LOAN_TAG,
    access: perm(loanActions.permissions.remove),
    body: loanIdBody,
    handler: async ({ body, principal }) => {
      unwrap(await service.deleteLoan(body.loanId, actorOf(principal)));
      return ok();
    },
  });
  book.add({
    method: 'post',
    path: '/contract/loan/updateToApproval',
    summary: '送审借款协议（10_1）；审批通过后借款生效并记账',
    tag: LOAN_TAG,
    access: perm(loanActions.permissions.submit),
    response: loanAnswer,
    body: loanIdBody,
    handler: async ({ body, principal }) =>
      ok(loanView(unwrap(await service.submitLoan(body.loanId, actorOf(principal))))),
  });
  book.add({
    method: 'get',
    path: '/v4/contract/designPerformDetail',
    summary: '设计部门（或任务所属部门）的应收、已收、分配确认、未还借款、审批中借款与可借额度',
    tag: LOAN_TAG,
    access: perm('contract:loan:query'),
    response: teamPositionAnswer,
    query: teamPositionQuery,
    handler: async ({ query, principal }) =>
      ok(unwrap(await service.teamPosition(defined(query), actorOf(principal)))),
  });
  book.add({
    method: 'get',
    path: '/v4/contract/transDetailByTaskId',
    summary: '设计任务的资金往来（分配到任务的回款、任务借款及其还款）',
    tag: LOAN_TAG,
    access: perm('contract:loan:query'),
    response: ledgerAnswer,
    query: taskIdQuery,
    handler: async ({ query, principal }) =>
      ok(unwrap(await service.taskTransactions(query.taskId, actorOf(principal))).map(ledgerView)),
  });
}
