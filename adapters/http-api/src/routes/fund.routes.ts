import { z } from 'zod';
import {
  ALL_DATA,
  BACK_MONEY_SORT_COLUMNS,
  FUND_MOVEMENT_LABELS,
  LOAN_SORT_COLUMNS,
  LOAN_STATUS_LABELS,
  type BackMoney,
  type BackMoneyAllotment,
  type BackMoneyListFilter,
  type FundActor,
  type FundService,
  type LedgerEntry,
  type ListPage,
  type Loan,
  type LoanListFilter,
  type LoanStatus,
  type Repayment,
  type RepaymentListFilter,
  sumAmounts,
} from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { pagingShape } from '../http/paging.js';
import { perm, type RouteBook } from '../http/route.js';
import { id, optionalEnum, optionalId, textFilter, version } from '../http/schemas.js';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../http/xlsx.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from './route-module.js';

const BACK_TAG = '回款管理';
const LOAN_TAG = '借款管理';
const REPAY_TAG = '还款管理';

// ---- schemas ---------------------------------------------------------------------------------

/**
 * Amounts pass through as sent: core checks them (a string of at most 6 decimals, above zero) and
 * refuses a number, letters, a sign or float noise with a 400 naming the field.
 */
const amountIn = () => z.unknown().describe('金额（万元），字符串，最多6位小数');
const text = (max = 2000) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string().max(max).optional());
const dateIn = () =>
  z.preprocess((v) => (v === null ? undefined : v), z.string().max(20).optional());
const optionalBodyId = optionalId;
const dateFilter = () =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  );

const backMoneyBody = z.object({
  contractId: id(),
  backAmount: amountIn(),
  backDate: dateIn(),
  remark: text(),
});
const backMoneyModifyBody = backMoneyBody.extend({
  backMoneyId: id(),
  version: version(),
});
const backMoneyIdQuery = z.object({ backMoneyId: id() });
const allotLine = z.object({
  deptId: id(),
  taskId: optionalBodyId(),
  allotAmount: amountIn(),
  remark: text(),
});
const allotV1Body = allotLine.extend({ backMoneyId: id() });
const allotV2Body = z.object({ backMoneyId: id(), list: z.array(allotLine).min(1).max(100) });
const backMoneyListQuery = z.object({
  ...pagingShape(BACK_MONEY_SORT_COLUMNS),
  contractId: optionalId(),
  projectName: textFilter(100),
  contractName: textFilter(100),
  backDateBegin: dateFilter(),
  backDateEnd: dateFilter(),
  unallotted: optionalEnum(['0', '1']),
});
type BackMoneyListIn = z.output<typeof backMoneyListQuery>;

const loanFields = {
  loanDeptId: optionalBodyId(),
  contractId: optionalBodyId(),
  taskId: optionalBodyId(),
  loanAmount: amountIn(),
  refundDate: dateIn(),
  reason: text(),
};
const loanBody = z.object({ ...loanFields, submit: z.boolean().optional() });
const taskLoanBody = z.object({ ...loanFields, taskId: id(), submit: z.boolean().optional() });
const loanEditBody = z.object({
  loanId: id(),
  loanAmount: amountIn().optional(),
  refundDate: dateIn(),
  reason: text(),
  version: version(),
});
const readyMoneyBody = z.object({ loanId: id(), loanAmount: amountIn() });
const loanIdBody = z.object({ loanId: id() });
const loanListQuery = z.object({
  ...pagingShape(LOAN_SORT_COLUMNS),
  loanDeptId: optionalId(),
  contractId: optionalId(),
  taskId: optionalId(),
  status: optionalEnum(['0', '1', '2', '3']),
});
type LoanListIn = z.output<typeof loanListQuery>;

const repaymentBody = z.object({
  loanId: id(),
  repaymentAmount: amountIn(),
  repaymentDate: dateIn(),
  remark: text(),
});
const repaymentListQuery = z.object({
  ...pagingShape(['repaymentId'] as const),
  loanId: optionalId(),
  loanDeptId: optionalId(),
});
type RepaymentListIn = z.output<typeof repaymentListQuery>;

// ---- views -----------------------------------------------------------------------------------

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export const backMoneyView = (b: BackMoney) => ({ ...b, createTime: iso(b.createTime) });
export const allotmentView = (a: BackMoneyAllotment) => ({ ...a, createTime: iso(a.createTime) });
export const loanView = (l: Loan) => ({
  ...l,
  statusName: LOAN_STATUS_LABELS[l.status],
  createTime: iso(l.createTime),
  approvedTime: iso(l.approvedTime),
});
export const repaymentView = (r: Repayment) => ({ ...r, createTime: iso(r.createTime) });
export const ledgerView = (e: LedgerEntry) => ({
  ...e,
  movementName: FUND_MOVEMENT_LABELS[e.movement],
  createTime: iso(e.createTime),
});

const BACK_MONEY_COLUMNS: readonly XlsxColumn<BackMoney>[] = [
  { header: '项目名称', width: 30, value: (b) => b.projectName },
  { header: '合同名称', width: 30, value: (b) => b.contractName },
  { header: '合同编号', width: 18, value: (b) => b.contractNo },
  { header: '回款日期', width: 12, value: (b) => b.backDate },
  { header: '回款金额（万元）', value: (b) => b.backAmount },
  { header: '已分配（万元）', value: (b) => b.allottedAmount },
  { header: '未分配（万元）', value: (b) => b.unallottedAmount },
  { header: '备注', width: 30, value: (b) => b.remark },
  { header: '登记人', value: (b) => b.createBy },
];
const LOAN_COLUMNS: readonly XlsxColumn<Loan>[] = [
  { header: '借款部门', width: 18, value: (l) => l.loanDeptName },
  { header: '借款金额（万元）', value: (l) => l.loanAmount },
  { header: '已还（万元）', value: (l) => l.repaidAmount },
  { header: '未还（万元）', value: (l) => l.outstandingAmount },
  { header: '还款日期', width: 12, value: (l) => l.refundDate },
  { header: '应收合计（万元）', value: (l) => l.totalShouldReceAmt },
  { header: '已收合计（万元）', value: (l) => l.totalReceiveAmt },
  { header: '分配确认合计（万元）', value: (l) => l.totalAllotConfirmAmt },
  { header: '状态', value: (l) => LOAN_STATUS_LABELS[l.status] },
  { header: '借款事由', width: 30, value: (l) => l.reason },
  { header: '申请人', value: (l) => l.createBy },
];
const REPAYMENT_COLUMNS: readonly XlsxColumn<Repayment>[] = [
  { header: '借款部门', width: 18, value: (r) => r.loanDeptName },
  { header: '借款编号', value: (r) => r.loanId },
  { header: '还款金额（万元）', value: (r) => r.repaymentAmount },
  { header: '还款日期', width: 12, value: (r) => r.repaymentDate },
  { header: '备注', width: 30, value: (r) => r.remark },
  { header: '登记人', value: (r) => r.createBy },
];

// ---- helpers ---------------------------------------------------------------------------------

const actorOf = (p: Principal): FundActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});

function backFilterOf(q: BackMoneyListIn): BackMoneyListFilter {
  return {
    ...(q.contractId === undefined ? {} : { contractId: q.contractId }),
    ...(q.projectName === undefined ? {} : { projectName: q.projectName }),
    ...(q.contractName === undefined ? {} : { contractName: q.contractName }),
    ...(q.backDateBegin === undefined ? {} : { backDateFrom: q.backDateBegin }),
    ...(q.backDateEnd === undefined ? {} : { backDateTo: q.backDateEnd }),
    ...(q.unallotted === '1' ? { unallotted: true } : {}),
  };
}
function loanFilterOf(q: LoanListIn): LoanListFilter {
  return {
    ...(q.loanDeptId === undefined ? {} : { loanDeptId: q.loanDeptId }),
    ...(q.contractId === undefined ? {} : { contractId: q.contractId }),
    ...(q.taskId === undefined ? {} : { taskId: q.taskId }),
    ...(q.status === undefined ? {} : { status: Number(q.status) as LoanStatus }),
  };
}
function repaymentFilterOf(q: RepaymentListIn): RepaymentListFilter {
  return {
    ...(q.loanId === undefined ? {} : { loanId: q.loanId }),
    ...(q.loanDeptId === undefined ? {} : { loanDeptId: q.loanDeptId }),
  };
}
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * A family's list and its export: the list pages what the caller may see (under one or more
 * paths), the export streams the same filter as .xlsx page by page, newest first.
 */
function listAndExport<Q extends z.ZodType, F, Row>(
  book: RouteBook,
  o: {
    tag: string;
    query: Q;
    filterOf: (q: z.output<Q>) => F;
    list: {
      paths: readonly (readonly [path: string, summary: string])[];
      permission: string;
      /** One page of the list for the parsed query (its filter is `filterOf` of it). */
      rows: (query: z.output<Q>, filter: F, actor: FundActor) => Promise<ListPage<Row>>;
      view: (row: Row) => unknown;
    };
    export: {
      path: string;
      summary: string;
      permission: string;
      fileName: string;
      sheetName: string;
      columns: readonly XlsxColumn<Row>[];
      rows: (filter: F, actor: FundActor) => AsyncIterable<Row>;
    };
  },
): void {
  for (const [path, summary] of o.list.paths) {
    book.add({
      method: 'get',
      path,
      summary,
      tag: o.tag,
      access: perm(o.list.permission),
      query: o.query,
      handler: async ({ query, principal }) => {
        const q = query as z.output<Q>;
        const p = await o.list.rows(q, o.filterOf(q), actorOf(principal));
        return page(p.total, p.rows.map(o.list.view));
      },
    });
  }
  book.add({
    method: 'get',
    path: o.export.path,
    summary: o.export.summary,
    tag: o.tag,
    access: perm(o.export.permission),
    query: o.query,
    produces: XLSX_TYPE,
    handler: async ({ query, principal, res }) => {
      await streamXlsx(
        res,
        o.export.fileName,
        o.export.sheetName,
        o.export.columns,
        o.export.rows(o.filterOf(query as z.output<Q>), actorOf(principal)),
      );
      return undefined;
    },
  });
}

/**
 * Back money (/project/backMoney/*), loans (/contract/loan/*, the /v4/contract loan calls) and
 * repayments (/contract/repayment/*). Each call checks its permission and the caller's data scope;
 * each movement is one transaction with its ledger lines.
 */
export function fundRoutes(service: FundService): RouteModule {
  return {
    name: 'fund',
    register(book) {
      // ---- back money ------------------------------------------------------------------------
      listAndExport(book, {
        tag: BACK_TAG,
        query: backMoneyListQuery,
        filterOf: backFilterOf,
        list: {
          paths: [['/project/backMoney/list', '回款列表（按数据权限：合同的部门与负责人）']],
          permission: 'project:backMoney:list',
          rows: (q, f, actor) => service.listBackMoney(listQueryOf(f, q), actor),
          view: backMoneyView,
        },
        export: {
          path: '/project/backMoney/export',
          summary: '导出回款列表（.xlsx，流式；筛选同列表）',
          permission: 'project:backMoney:export',
          fileName: '回款列表.xlsx',
          sheetName: '回款',
          columns: BACK_MONEY_COLUMNS,
          rows: (f, actor) => service.exportBackMoney(f, actor),
        },
      });
      book.add({
        method: 'get',
        path: '/project/backMoney/detail',
        summary: '回款详情（含已分配与未分配金额）',
        tag: BACK_TAG,
        access: perm('project:backMoney:query'),
        query: backMoneyIdQuery,
        handler: async ({ query, principal }) =>
          ok(
            backMoneyView(
              unwrap(await service.getBackMoney(query.backMoneyId, actorOf(principal))),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/project/backMoney/insert',
        summary: '登记回款（记一笔账：回款未分配余额增加）',
        tag: BACK_TAG,
        access: perm('project:backMoney:add'),
        body: backMoneyBody,
        handler: async ({ body, principal }) =>
          ok(backMoneyView(unwrap(await service.addBackMoney(defined(body), actorOf(principal))))),
      });
      book.add({
        method: 'post',
        path: '/project/backMoney/modify',
        summary: '修改回款（金额不得小于已分配金额；差额记账）',
        tag: BACK_TAG,
        access: perm('project:backMoney:edit'),
        body: backMoneyModifyBody,
        handler: async ({ body, principal }) =>
          ok(
            backMoneyView(unwrap(await service.modifyBackMoney(defined(body), actorOf(principal)))),
          ),
      });
      book.add({
        method: 'post',
        path: '/project/backMoney/delete',
        summary: '删除回款（已分配的不能删除；冲回记账）',
        tag: BACK_TAG,
        access: perm('project:backMoney:remove'),
        body: backMoneyIdQuery,
        handler: async ({ body, principal }) => {
          unwrap(await service.deleteBackMoney(body.backMoneyId, actorOf(principal)));
          return ok();
        },
      });
      book.add({
        method: 'post',
        path: '/project/backMoney/allotDesign',
        summary: '分配回款到一个设计部门（V1），不得超过未分配余额',
        tag: BACK_TAG,
        access: perm('project:backMoney:allot'),
        body: allotV1Body,
        handler: async ({ body, principal }) => {
          const { backMoneyId, ...line } = body;
          const rows = unwrap(
            await service.allot(backMoneyId, [defined(line)], 1, actorOf(principal)),
          );
          return ok(rows.map(allotmentView));
        },
      });
      book.add({
        method: 'post',
        path: '/project/backMoney/allotDesignV2',
        summary: '一次分配回款到多个设计部门/任务（V2），合计不得超过未分配余额',
        tag: BACK_TAG,
        access: perm('project:backMoney:allot'),
        body: allotV2Body,
        handler: async ({ body, principal }) => {
          const rows = unwrap(
            await service.allot(body.backMoneyId, body.list.map(defined), 2, actorOf(principal)),
          );
          return ok(rows.map(allotmentView));
        },
      });
      book.add({
        method: 'get',
        path: '/project/backMoney/history',
        summary: '回款的记账历史（登记、修改、分配，按时间）',
        tag: BACK_TAG,
        access: perm('project:backMoney:query'),
        query: backMoneyIdQuery,
        handler: async ({ query, principal }) =>
          ok(
            unwrap(await service.backMoneyHistory(query.backMoneyId, actorOf(principal))).map(
              ledgerView,
            ),
          ),
      });
      book.add({
        method: 'get',
        path: '/project/backMoney/taskList',
        summary: '回款所属合同的设计任务（所属部门、任务金额、已分配金额），供分配选择',
        tag: BACK_TAG,
        access: perm('project:backMoney:query'),
        query: backMoneyIdQuery,
        handler: async ({ query, principal }) =>
          ok(unwrap(await service.backMoneyTasks(query.backMoneyId, actorOf(principal)))),
      });
      book.add({
        method: 'get',
        path: '/project/backMoney/getBackMoneyDesignDetail',
        summary: '回款分配明细：按设计部门汇总的分配金额及每笔分配',
        tag: BACK_TAG,
        access: perm('project:backMoney:query'),
        query: backMoneyIdQuery,
        handler: async ({ query, principal }) => {
          const actor = actorOf(principal);
          const b = unwrap(await service.getBackMoney(query.backMoneyId, actor));
          const lines = unwrap(await service.allotments(query.backMoneyId, actor));
          const teams = new Map<
            number,
            { deptId: number; deptName: string; lines: BackMoneyAllotment[] }
          >();
          for (const l of lines) {
            const t = teams.get(l.deptId) ?? { deptId: l.deptId, deptName: l.deptName, lines: [] };
            t.lines.push(l);
            teams.set(l.deptId, t);
          }
          return ok({
            backMoney: backMoneyView(b),
            teams: [...teams.values()].map((t) => ({
              deptId: t.deptId,
              deptName: t.deptName,
              allotAmount: sumAmounts(t.lines.map((l) => l.allotAmount)),
              list: t.lines.map(allotmentView),
            })),
          });
        },
      });
      book.add({
        method: 'get',
        path: '/project/backMoney/reconcile',
        summary: '对账：余额与账目合计不符或为负的账户（全部相符时为空）',
        tag: BACK_TAG,
        access: perm('project:backMoney:export'),
        handler: async () => ok(await service.reconcile()),
      });

      // ---- loans ---------------------------------------------------------------------------
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
        query: z.object({ loanId: id() }),
        handler: async ({ query, principal }) =>
          ok(loanView(unwrap(await service.getLoan(query.loanId, actorOf(principal))))),
      });
      book.add({
        method: 'post',
        path: '/contract/loan/add',
        summary: '申请借款（不超过可借额度；submit=true 时同时送审借款协议 10_1）',
        tag: LOAN_TAG,
        access: perm('contract:loan:add'),
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
        access: perm('contract:loan:edit'),
        body: loanEditBody,
        handler: async ({ body, principal }) =>
          ok(loanView(unwrap(await service.modifyLoan(defined(body), actorOf(principal))))),
      });
      book.add({
        method: 'post',
        path: '/v4/contract/modifyReadyMoney',
        summary: '修改借款金额（草稿或已驳回；仍须在可借额度内）',
        tag: LOAN_TAG,
        access: perm('contract:loan:edit'),
        body: readyMoneyBody,
        handler: async ({ body, principal }) =>
          ok(loanView(unwrap(await service.modifyLoan(body, actorOf(principal))))),
      });
      book.add({
        method: 'post',
        path: '/contract/loan/delete',
        summary: '删除借款（审批中或已生效的不能删除）',
        tag: LOAN_TAG,
        access: perm('contract:loan:remove'),
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
        access: perm('contract:loan:add'),
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
        query: z.object({ deptId: optionalId(), taskId: optionalId() }),
        handler: async ({ query, principal }) =>
          ok(unwrap(await service.teamPosition(defined(query), actorOf(principal)))),
      });
      book.add({
        method: 'get',
        path: '/v4/contract/transDetailByTaskId',
        summary: '设计任务的资金往来（分配到任务的回款、任务借款及其还款）',
        tag: LOAN_TAG,
        access: perm('contract:loan:query'),
        query: z.object({ taskId: id() }),
        handler: async ({ query, principal }) =>
          ok(
            unwrap(await service.taskTransactions(query.taskId, actorOf(principal))).map(
              ledgerView,
            ),
          ),
      });

      // ---- repayments ----------------------------------------------------------------------
      listAndExport(book, {
        tag: REPAY_TAG,
        query: repaymentListQuery,
        filterOf: repaymentFilterOf,
        list: {
          paths: [['/contract/repayment/list', '还款列表（按数据权限：借款部门与申请人）']],
          permission: 'contract:repayment:list',
          rows: (q, f, actor) => service.listRepayments(listQueryOf(f, q), actor),
          view: repaymentView,
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
        query: z.object({ repaymentId: id() }),
        handler: async ({ query, principal }) =>
          ok(
            repaymentView(
              unwrap(await service.getRepayment(query.repaymentId, actorOf(principal))),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/contract/repayment/add',
        summary: '登记还款（借款须已生效；不得超过未还余额）',
        tag: REPAY_TAG,
        access: perm('contract:repayment:add'),
        body: repaymentBody,
        handler: async ({ body, principal }) =>
          ok(repaymentView(unwrap(await service.repay(defined(body), actorOf(principal))))),
      });
    },
  };
}
