import type { HttpClient } from '../client.js';
import { dataOf, toPage, type Page, type PageQuery } from './page.js';

export type FundPlanLineKindCode = 'income' | 'rigid' | 'loan' | 'payment';

/** A plan line as the API answers it (amounts in 万元, decimal strings). */
export interface FundPlanLineRecord {
  lineId: number;
  lineKind: FundPlanLineKindCode;
  lineKindName: string;
  subjectName: string;
  contractId: number | null;
  contractName: string;
  amount: string;
  paybackRate: string | null;
  allotAmount: string | null;
  confirmAmount: string;
  executedAmount: string;
  remark: string;
}

export interface FundPlanRecord {
  planId: number;
  deptId: number;
  deptName: string;
  planMonth: string;
  status: 0 | 1 | 2 | 3;
  statusName: string;
  incomeAmount: string;
  rigidAmount: string;
  loanAmount: string;
  paymentAmount: string;
  totalAmount: string;
  reserveAmount: string;
  confirmAmount: string;
  balanceAmount: string;
  executedAmount: string;
  reason: string;
  remark: string;
  approvalId: string | null;
  approvalKind: string | null;
  createBy: string;
  createTime: string | null;
  approvedTime: string | null;
  version: number;
  lines: FundPlanLineRecord[];
}

export interface FundPerformLineRecord {
  performLineId: number;
  planLineId: number;
  lineKind: FundPlanLineKindCode;
  subjectName: string;
  amount: string;
  planAmount: string;
  planExecutedAmount: string;
  remark: string;
}

export interface FundPerformRecord {
  performId: number;
  planId: number;
  deptId: number;
  deptName: string;
  planMonth: string;
  lineKind: FundPlanLineKindCode;
  lineKindName: string;
  status: 0 | 1 | 2 | 3;
  statusName: string;
  overPlan: boolean;
  totalAmount: string;
  performDate: string;
  reason: string;
  remark: string;
  approvalId: string | null;
  approvalKind: string | null;
  createBy: string;
  createTime: string | null;
  version: number;
  lines: FundPerformLineRecord[];
}

export interface FundPlanChartRecord {
  month: string;
  planIncome: string;
  planSpend: string;
  performIncome: string;
  performSpend: string;
}

export interface FundPlanLineBody {
  lineKind: string;
  subjectName: string;
  contractId?: number | null;
  amount: string;
  paybackRate?: string;
  allotAmount?: string;
  remark?: string;
}
export interface FundPlanBody {
  deptId?: number;
  planMonth: string;
  reason?: string;
  remark?: string;
  lines: FundPlanLineBody[];
  submit?: boolean;
}
export interface FundPerformBody {
  planId?: number;
  lineKind: string;
  performDate: string;
  overPlan?: boolean;
  reason?: string;
  remark?: string;
  lines: { planLineId: number; amount: string; remark?: string }[];
  submit?: boolean;
}

/** The export addresses of the two lists (relative to /prod-api). */
export const FUND_PLAN_EXPORT_PATHS = {
  plan: '/contract/fundPlan/export',
  perform: '/contract/fundPerform/export',
} as const;

const clean = (q: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(q).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  );

/** Monthly fund plans and fund execution (001 §7: /contract/fundPlan, /contract/fundPerform). */
export class FundPlanGateway {
  constructor(private readonly http: HttpClient) {}

  private async data<T>(url: string, params: Record<string, unknown>): Promise<T> {
    return dataOf<T>(await this.http.get(url, { params: clean(params) }));
  }
  private async send<T>(url: string, body: unknown): Promise<T> {
    return dataOf<T>(await this.http.post(url, body));
  }

  async planList(q: PageQuery): Promise<Page<FundPlanRecord>> {
    return toPage(await this.http.get('/contract/fundPlan/list', { params: clean(q) }));
  }
  plan = (planId: number) => this.data<FundPlanRecord>('/contract/fundPlan/detail', { planId });
  addPlan = (body: FundPlanBody) => this.send<FundPlanRecord>('/contract/fundPlan/add', body);
  editPlan = (body: FundPlanBody & { planId: number; version?: number }) =>
    this.send<FundPlanRecord>('/contract/fundPlan/edit', body);
  deletePlan = (planId: number) => this.data<unknown>('/contract/fundPlan/delete', { planId });
  submitPlan = (planId: number) =>
    this.send<FundPlanRecord>('/contract/fundPlan/updateToApproval', { planId });
  chart = (q: { month?: string; deptId?: number | string }) =>
    this.data<FundPlanChartRecord[]>('/contract/fundPlan/chart', q);

  async performList(q: PageQuery): Promise<Page<FundPerformRecord>> {
    return toPage(await this.http.get('/contract/fundPerform/list', { params: clean(q) }));
  }
  perform = (performId: number) =>
    this.data<FundPerformRecord>('/contract/fundPerform/detail', { performId });
  addPerform = (body: FundPerformBody) =>
    this.send<FundPerformRecord>('/contract/fundPerform/add', body);
  editPerform = (body: FundPerformBody & { performId: number; version?: number }) =>
    this.send<FundPerformRecord>('/contract/fundPerform/edit', body);
  deletePerform = (performId: number) =>
    this.data<unknown>('/contract/fundPerform/delete', { performId });
  submitPerform = (performId: number) =>
    this.send<FundPerformRecord>('/contract/fundPerform/updateToApproval', { performId });
}
