import type { HttpClient } from '../client.js';
import { dataOf, toPage, type Page, type PageQuery } from './page.js';

/** Back money as the API answers it (amounts in 万元 as decimal strings). */
export interface BackMoneyRecord {
  backMoneyId: number;
  contractId: number;
  contractName: string;
  projectName: string;
  contractNo: string;
  deptId: number | null;
  userId: number;
  backAmount: string;
  allottedAmount: string;
  unallottedAmount: string;
  backDate: string;
  remark: string;
  createBy: string;
  createTime: string | null;
  version: number;
}

export interface AllotmentRecord {
  allotId: number;
  backMoneyId: number;
  contractId: number;
  deptId: number;
  deptName: string;
  taskId: number | null;
  taskNo: string;
  taskName: string;
  allotAmount: string;
  remark: string;
  allotVersion: 1 | 2;
  createBy: string;
  createTime: string | null;
}

export interface BackMoneyDesignDetail {
  backMoney: BackMoneyRecord;
  teams: { deptId: number; deptName: string; allotAmount: string; list: AllotmentRecord[] }[];
}

export interface BackMoneyTask {
  taskId: number;
  contractId: number;
  deptId: number | null;
  deptName: string;
  taskNo: string;
  taskName: string;
  taskAmount: string;
  confirmFinishAmount: string;
  allottedAmount: string;
}

export interface LedgerRecord {
  entryId: number;
  movementId: string;
  movement: string;
  movementName: string;
  accountKind: string;
  accountId: number;
  amount: string;
  backMoneyId: number | null;
  allotId: number | null;
  loanId: number | null;
  repaymentId: number | null;
  deptId: number | null;
  contractId: number | null;
  taskId: number | null;
  createBy: string;
  createTime: string | null;
}

export interface LedgerMismatchRecord {
  accountKind: string;
  accountId: number;
  balance: string;
  ledgerSum: string;
}

/** 0 草稿, 1 审批中, 2 已生效, 3 已驳回. */
export type LoanStatusCode = 0 | 1 | 2 | 3;

export interface LoanRecord {
  loanId: number;
  loanDeptId: number;
  loanDeptName: string;
  contractId: number | null;
  taskId: number | null;
  loanAmount: string;
  repaidAmount: string;
  outstandingAmount: string;
  refundDate: string;
  reason: string;
  totalShouldReceAmt: string;
  totalReceiveAmt: string;
  totalAllotConfirmAmt: string;
  status: LoanStatusCode;
  statusName: string;
  approvalId: string | null;
  userId: number;
  createBy: string;
  createTime: string | null;
  approvedTime: string | null;
  version: number;
}

export interface RepaymentRecord {
  repaymentId: number;
  loanId: number;
  loanDeptId: number;
  loanDeptName: string;
  repaymentAmount: string;
  repaymentDate: string;
  remark: string;
  userId: number;
  createBy: string;
  createTime: string | null;
}

/** What a team is owed, has had, owes, has asked for and may still borrow. */
export interface TeamPositionRecord {
  deptId: number;
  totalShouldReceAmt: string;
  totalReceiveAmt: string;
  totalAllotConfirmAmt: string;
  outstandingLoanAmt: string;
  pendingLoanAmt: string;
  borrowableAmt: string;
}

export interface BackMoneyBody {
  contractId: number;
  backAmount: string;
  backDate: string;
  remark?: string;
}
export interface AllotLineBody {
  deptId: number;
  taskId?: number;
  allotAmount: string;
  remark?: string;
}
export interface LoanBody {
  loanDeptId?: number;
  contractId?: number;
  taskId?: number;
  loanAmount: string;
  refundDate: string;
  reason?: string;
  submit?: boolean;
}
export interface RepaymentBody {
  loanId: number;
  repaymentAmount: string;
  repaymentDate: string;
  remark?: string;
}

const clean = (q: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(q).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  );

/** The query string of an export: the list's filters without its paging. */
export function fundExportQuery(q: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(clean(q)))
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
  constructor(private readonly http: HttpClient) {}

  private async data<T>(url: string, params: Record<string, unknown>): Promise<T> {
    return dataOf<T>(await this.http.get(url, { params: clean(params) }));
  }
  private async send<T>(url: string, body: unknown): Promise<T> {
    return dataOf<T>(await this.http.post(url, body));
  }

  // ---- back money ----
  async backMoneyList(q: PageQuery): Promise<Page<BackMoneyRecord>> {
    return toPage(await this.http.get('/project/backMoney/list', { params: clean(q) }));
  }
  backMoney = (backMoneyId: number) =>
    this.data<BackMoneyRecord>('/project/backMoney/detail', { backMoneyId });
  addBackMoney = (body: BackMoneyBody) =>
    this.send<BackMoneyRecord>('/project/backMoney/insert', body);
  modifyBackMoney = (body: BackMoneyBody & { backMoneyId: number; version?: number }) =>
    this.send<BackMoneyRecord>('/project/backMoney/modify', body);
  deleteBackMoney = (backMoneyId: number) =>
    this.send<unknown>('/project/backMoney/delete', { backMoneyId });
  allotDesign = (backMoneyId: number, line: AllotLineBody) =>
    this.send<AllotmentRecord[]>('/project/backMoney/allotDesign', { backMoneyId, ...line });
  allotDesignV2 = (backMoneyId: number, list: AllotLineBody[]) =>
    this.send<AllotmentRecord[]>('/project/backMoney/allotDesignV2', { backMoneyId, list });
  history = (backMoneyId: number) =>
    this.data<LedgerRecord[]>('/project/backMoney/history', { backMoneyId });
  taskList = (backMoneyId: number) =>
    this.data<BackMoneyTask[]>('/project/backMoney/taskList', { backMoneyId });
  designDetail = (backMoneyId: number) =>
    this.data<BackMoneyDesignDetail>('/project/backMoney/getBackMoneyDesignDetail', {
      backMoneyId,
    });
  reconcile = () => this.data<LedgerMismatchRecord[]>('/project/backMoney/reconcile', {});

  // ---- loans ----
  async loanList(q: PageQuery): Promise<Page<LoanRecord>> {
    return toPage(await this.http.get('/contract/loan/list', { params: clean(q) }));
  }
  loan = (loanId: number) => this.data<LoanRecord>('/contract/loan/detail', { loanId });
  addLoan = (body: LoanBody) => this.send<LoanRecord>('/contract/loan/add', body);
  addTaskLoan = (body: LoanBody & { taskId: number }) =>
    this.send<LoanRecord>('/v4/contract/addTaskLoan', body);
  editLoan = (body: {
    loanId: number;
    loanAmount?: string;
    refundDate?: string;
    reason?: string;
    version?: number;
  }) => this.send<LoanRecord>('/contract/loan/edit', body);
  modifyReadyMoney = (loanId: number, loanAmount: string) =>
    this.send<LoanRecord>('/v4/contract/modifyReadyMoney', { loanId, loanAmount });
  deleteLoan = (loanId: number) => this.send<unknown>('/contract/loan/delete', { loanId });
  submitLoan = (loanId: number) =>
    this.send<LoanRecord>('/contract/loan/updateToApproval', { loanId });
  teamPosition = (q: { deptId?: number; taskId?: number }) =>
    this.data<TeamPositionRecord>('/v4/contract/designPerformDetail', q);
  taskTransactions = (taskId: number) =>
    this.data<LedgerRecord[]>('/v4/contract/transDetailByTaskId', { taskId });

  // ---- repayments ----
  async repaymentList(q: PageQuery): Promise<Page<RepaymentRecord>> {
    return toPage(await this.http.get('/contract/repayment/list', { params: clean(q) }));
  }
  repayment = (repaymentId: number) =>
    this.data<RepaymentRecord>('/contract/repayment/detail', { repaymentId });
  repay = (body: RepaymentBody) => this.send<RepaymentRecord>('/contract/repayment/add', body);
}
