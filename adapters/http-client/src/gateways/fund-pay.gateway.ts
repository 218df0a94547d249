import type { HttpClient } from '../client.js';
import { dataOf, toPage, type Page, type PageQuery } from './page.js';

/** A payment plan line as the API answers it (amounts in 万元 as decimal strings). */
export interface PaymentPlanRecord {
  paymentPlanId: number;
  contractId: number;
  contractName: string;
  contractNo: string;
  contractChildId: number | null;
  contractChildNo: string;
  deptId: number | null;
  deptName: string;
  planMonth: string;
  subjectName: string;
  receiveCompanyName: string;
  planPayAmount: string;
  paidAmount: string;
  pendingAmount: string;
  canPayAmount: string;
  remark: string;
  userId: number;
  createBy: string;
  createTime: string | null;
  version: number;
}

/** 0 草稿, 1 审批中, 2 已付款, 3 已驳回. */
export type FundPayStatusCode = 0 | 1 | 2 | 3;
export type FundPayTypeCodeValue = '20_1' | '16_1' | '16_2';

export interface FundPayRecord {
  payId: number;
  paymentPlanId: number | null;
  childPayId: number | null;
  contractId: number;
  contractName: string;
  contractNo: string;
  contractChildId: number | null;
  deptId: number | null;
  deptName: string;
  planMonth: string;
  subjectName: string;
  reason: string;
  payTime: string;
  payCompanyName: string;
  receiveCompanyName: string;
  payAmount: string;
  taxRate: string;
  realPayAmount: string;
  typeCode: FundPayTypeCodeValue;
  typeName: string;
  status: FundPayStatusCode;
  statusName: string;
  approvalId: string | null;
  paidTime: string | null;
  remark: string;
  userId: number;
  createBy: string;
  createTime: string | null;
  version: number;
}

export interface FundPayMonthRecord {
  month: string;
  planPayAmount: string;
  payAmount: string;
  realPayAmount: string;
  count: number;
}

export interface PaymentPlanBody {
  contractId?: number;
  contractChildId?: number | null;
  planMonth: string;
  subjectName?: string;
  receiveCompanyName?: string;
  planPayAmount: string;
  remark?: string;
}

export interface FundPayBody {
  paymentPlanId?: number;
  childPayId?: number;
  planMonth?: string;
  subjectName?: string;
  reason: string;
  payTime?: string;
  payCompanyName?: string;
  payAmount: string;
  taxRate?: string;
  remark?: string;
  typeCode?: FundPayTypeCodeValue;
  submit?: boolean;
}

const clean = (q: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(q).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  );

/** The export addresses of the payment lists (relative to /prod-api). */
export const FUND_PAY_EXPORT_PATHS = {
  fundPay: '/v4/fundPay/export',
  paymentPlan: '/contract/paymentPlan/export',
} as const;

/** Fund payments and payment plans (001 §7: /v4/fundPay/*, /contract/paymentPlan/*). */
export class FundPayGateway {
  constructor(private readonly http: HttpClient) {}

  private async data<T>(url: string, params: Record<string, unknown>): Promise<T> {
    return dataOf<T>(await this.http.get(url, { params: clean(params) }));
  }
  private async send<T>(url: string, body: unknown): Promise<T> {
    return dataOf<T>(await this.http.post(url, body));
  }

  // ---- payment plans ----
  async planList(q: PageQuery): Promise<Page<PaymentPlanRecord>> {
    return toPage(await this.http.get('/contract/paymentPlan/list', { params: clean(q) }));
  }
  plan = (paymentPlanId: number) =>
    this.data<PaymentPlanRecord>('/contract/paymentPlan/detail', { paymentPlanId });
  addPlan = (body: PaymentPlanBody) =>
    this.send<PaymentPlanRecord>('/contract/paymentPlan/add', body);
  editPlan = (body: PaymentPlanBody & { paymentPlanId: number; version?: number }) =>
    this.send<PaymentPlanRecord>('/contract/paymentPlan/edit', body);
  deletePlan = (paymentPlanId: number) =>
    this.send<unknown>('/contract/paymentPlan/delete', { paymentPlanId });

  // ---- fund payments ----
  async payList(q: PageQuery): Promise<Page<FundPayRecord>> {
    return toPage(await this.http.get('/v4/fundPay/list', { params: clean(q) }));
  }
  pay = (payId: number) => this.data<FundPayRecord>('/v4/fundPay/detail', { payId });
  months = (q: PageQuery) => this.data<FundPayMonthRecord[]>('/v4/fundPay/monthStat', q);
  addPay = (body: FundPayBody) => this.send<FundPayRecord>('/v4/fundPay/add', body);
  editPay = (body: Omit<FundPayBody, 'submit'> & { payId: number; version?: number }) =>
    this.send<FundPayRecord>('/v4/fundPay/edit', body);
  deletePay = (payId: number) => this.send<unknown>('/v4/fundPay/delete', { payId });
  submitPay = (payId: number, typeCode?: FundPayTypeCodeValue) =>
    this.send<FundPayRecord>('/v4/fundPay/updateToApproval', {
      payId,
      ...(typeCode === undefined ? {} : { typeCode }),
    });
  /** fund_plan_switch as stored (the config read answers the value in msg). */
  async fundPlanSwitch(): Promise<string> {
    const r = await this.http.get('/system/config/configKey/fund_plan_switch');
    return typeof r['msg'] === 'string' ? r['msg'] : '';
  }
}
