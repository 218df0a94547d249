import {
  allotmentsAnswer,
  backMoneyAnswer,
  backMoneyDesignDetailAnswer,
  backMoneyPage,
  backMoneyTasksAnswer,
  ledgerAnswer,
  ledgerMismatchAnswer,
  loanAnswer,
  loanPage,
  repaymentAnswer,
  repaymentPage,
  teamPositionAnswer,
  type AllotLineBody as WireAllotLineBody,
  type AllotmentRecord as WireAllotmentRecord,
  type BackMoneyBody as WireBackMoneyBody,
  type BackMoneyDesignDetail as WireBackMoneyDesignDetail,
  type BackMoneyModifyBody,
  type BackMoneyRecord as WireBackMoneyRecord,
  type BackMoneyTask as WireBackMoneyTask,
  type LedgerMismatchRecord as WireLedgerMismatchRecord,
  type LedgerRecord as WireLedgerRecord,
  type LoanBody as WireLoanBody,
  type LoanEditBody,
  type LoanRecord as WireLoanRecord,
  type LoanStatusCode as WireLoanStatusCode,
  type RepaymentBody as WireRepaymentBody,
  type RepaymentRecord as WireRepaymentRecord,
  type TaskLoanBody,
  type TeamPositionRecord as WireTeamPositionRecord,
} from '@dpms/wire';
import type { HttpClient, WriteOptions } from '../client.js';
import { cleanQuery, ParsedCalls } from './parsed-calls.js';
import type { Page, PageQuery } from './page.js';

/**
 * The 回款/分配 and 借款/还款 wire types are the @dpms/wire schemas' (`z.infer`/`z.input`): the API
 * validates with and answers through the same schemas, and this gateway parses every answer.
 */
export type BackMoneyRecord = WireBackMoneyRecord;
export type AllotmentRecord = WireAllotmentRecord;
export type BackMoneyDesignDetail = WireBackMoneyDesignDetail;
export type BackMoneyTask = WireBackMoneyTask;
export type LedgerRecord = WireLedgerRecord;
export type LedgerMismatchRecord = WireLedgerMismatchRecord;
/** 0 草稿, 1 审批中, 2 已生效, 3 已驳回. */
export type LoanStatusCode = WireLoanStatusCode;
export type LoanRecord = WireLoanRecord;
export type RepaymentRecord = WireRepaymentRecord;
/** What a team is owed, has had, owes, has asked for and may still borrow. */
export type TeamPositionRecord = WireTeamPositionRecord;
export type BackMoneyBody = WireBackMoneyBody;
export type AllotLineBody = WireAllotLineBody;
export type LoanBody = WireLoanBody;
export type RepaymentBody = WireRepaymentBody;

/** The query string of an export: the list's filters without its paging. */
export function fundExportQuery(q: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(cleanQuery(q)))
    if (k !== 'pageNum' && k !== 'pageSize') params.set(k, String(v));
  const s = params.toString();
  return s === '' ? '' : `?${s}`;
}

/** The export addresses of the fund lists (relative to /prod-api). */
export const FUND_EXPORT_PATHS = {
  backMoney: '/project/backMoney/export',
  loan: '/contract/loan/export',
  repayment: '/contract/repayment/export',
} as const;

/** Back money, its allotment, loans and repayments (001 §7: /project/backMoney, /contract/loan…). */
export class FundGateway {
  private readonly calls: ParsedCalls;

  constructor(private readonly http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }

  // ---- back money ----
  async backMoneyList(q: PageQuery): Promise<Page<BackMoneyRecord>> {
    const a = await this.calls.page(backMoneyPage, '/project/backMoney/list', q);
    return { rows: a.rows, total: a.total };
  }
  backMoney = (backMoneyId: number): Promise<BackMoneyRecord> =>
    this.calls.get(backMoneyAnswer, '/project/backMoney/detail', { backMoneyId });
  addBackMoney = (body: BackMoneyBody, options?: WriteOptions): Promise<BackMoneyRecord> =>
    this.calls.post(backMoneyAnswer, '/project/backMoney/insert', body, options);
  modifyBackMoney = (body: BackMoneyModifyBody, options?: WriteOptions): Promise<BackMoneyRecord> =>
    this.calls.post(backMoneyAnswer, '/project/backMoney/modify', body, options);
  deleteBackMoney = (backMoneyId: number, options?: WriteOptions): Promise<void> =>
    this.calls.act('/project/backMoney/delete', { backMoneyId }, options);
  allotDesign = (
    backMoneyId: number,
    line: AllotLineBody,
    options?: WriteOptions,
  ): Promise<AllotmentRecord[]> =>
    this.calls.post(
      allotmentsAnswer,
      '/project/backMoney/allotDesign',
      { backMoneyId, ...line },
      options,
    );
  allotDesignV2 = (
    backMoneyId: number,
    list: AllotLineBody[],
    options?: WriteOptions,
  ): Promise<AllotmentRecord[]> =>
    this.calls.post(
      allotmentsAnswer,
      '/project/backMoney/allotDesignV2',
      { backMoneyId, list },
      options,
    );
  history = (backMoneyId: number): Promise<LedgerRecord[]> =>
    this.calls.get(ledgerAnswer, '/project/backMoney/history', { backMoneyId });
  taskList = (backMoneyId: number): Promise<BackMoneyTask[]> =>
    this.calls.get(backMoneyTasksAnswer, '/project/backMoney/taskList', { backMoneyId });
  designDetail = (backMoneyId: number): Promise<BackMoneyDesignDetail> =>
    this.calls.get(backMoneyDesignDetailAnswer, '/project/backMoney/getBackMoneyDesignDetail', {
      backMoneyId,
    });
  reconcile = (): Promise<LedgerMismatchRecord[]> =>
    this.calls.get(ledgerMismatchAnswer, '/project/backMoney/reconcile', {});

  // ---- loans ----
  async loanList(q: PageQuery): Promise<Page<LoanRecord>> {
    const a = await this.calls.page(loanPage, '/contract/loan/list', q);
    return { rows: a.rows, total: a.total };
  }
  loan = (loanId: number): Promise<LoanRecord> =>
    this.calls.get(loanAnswer, '/contract/loan/detail', { loanId });
  addLoan = (body: LoanBody, options?: WriteOptions): Promise<LoanRecord> =>
    this.calls.post(loanAnswer, '/contract/loan/add', body, options);
  addTaskLoan = (body: TaskLoanBody, options?: WriteOptions): Promise<LoanRecord> =>
    this.calls.post(loanAnswer, '/v4/contract/addTaskLoan', body, options);
  editLoan = (body: LoanEditBody, options?: WriteOptions): Promise<LoanRecord> =>
    this.calls.post(loanAnswer, '/contract/loan/edit', body, options);
  modifyReadyMoney = (
    loanId: number,
    loanAmount: string,
    options?: WriteOptions,
  ): Promise<LoanRecord> =>
    this.calls.post(loanAnswer, '/v4/contract/modifyReadyMoney', { loanId, loanAmount }, options);
  deleteLoan = (loanId: number, options?: WriteOptions): Promise<void> =>
    this.calls.act('/contract/loan/delete', { loanId }, options);
  submitLoan = (loanId: number, options?: WriteOptions): Promise<LoanRecord> =>
    this.calls.post(loanAnswer, '/contract/loan/updateToApproval', { loanId }, options);
  teamPosition = (q: { deptId?: number; taskId?: number }): Promise<TeamPositionRecord> =>
    this.calls.get(teamPositionAnswer, '/v4/contract/designPerformDetail', q);
  taskTransactions = (taskId: number): Promise<LedgerRecord[]> =>
    this.calls.get(ledgerAnswer, '/v4/contract/transDetailByTaskId', { taskId });

  // ---- repayments ----
  async repaymentList(q: PageQuery): Promise<Page<RepaymentRecord>> {
    const a = await this.calls.page(repaymentPage, '/contract/repayment/list', q);
    return { rows: a.rows, total: a.total };
  }
  repayment = (repaymentId: number): Promise<RepaymentRecord> =>
    this.calls.get(repaymentAnswer, '/contract/repayment/detail', { repaymentId });
  repay = (body: RepaymentBody, options?: WriteOptions): Promise<RepaymentRecord> =>
    this.calls.post(repaymentAnswer, '/contract/repayment/add', body, options);
}
