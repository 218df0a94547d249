import {
  fundPayAnswer,
  fundPayMonthsAnswer,
  fundPayPage,
  paymentPlanAnswer,
  paymentPlanPage,
  payItemsAnswer,
  type FundPayBody as WireFundPayBody,
  type FundPayEditBody,
  type FundPayMonthRecord as WireFundPayMonthRecord,
  type FundPayRecord as WireFundPayRecord,
  type FundPayStatusCode as WireFundPayStatusCode,
  type FundPayTypeCodeValue as WireFundPayTypeCodeValue,
  type PaymentPlanBody as WirePaymentPlanBody,
  type PaymentPlanEditBody,
  type PaymentPlanRecord as WirePaymentPlanRecord,
  type PayItemQuery,
  type PayItemRecord as WirePayItemRecord,
} from '@dpms/wire';
import type { HttpClient, WriteOptions } from '../client.js';
import { ParsedCalls } from './parsed-calls.js';
import type { Page, PageQuery } from './page.js';

/**
 * The 资金支付 slice's wire types are the @dpms/wire schemas' (`z.infer`/`z.input`): the API
 * validates with and answers through the same schemas, and this gateway parses every answer.
 */
export type PaymentPlanRecord = WirePaymentPlanRecord;
export type FundPayRecord = WireFundPayRecord;
export type FundPayMonthRecord = WireFundPayMonthRecord;
/** 0 草稿, 1 审批中, 2 已付款, 3 已驳回. */
export type FundPayStatusCode = WireFundPayStatusCode;
export type FundPayTypeCodeValue = WireFundPayTypeCodeValue;
export type PaymentPlanBody = WirePaymentPlanBody;
export type FundPayBody = WireFundPayBody;
export type PayItemRecord = WirePayItemRecord;

/** The export addresses of the payment lists (relative to /prod-api). */
export const FUND_PAY_EXPORT_PATHS = {
  fundPay: '/v4/fundPay/export',
  paymentPlan: '/contract/paymentPlan/export',
} as const;

/** Fund payments and payment plans (001 §7: /v4/fundPay/*, /contract/paymentPlan/*). */
export class FundPayGateway {
  private readonly calls: ParsedCalls;

  constructor(private readonly http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }

  // ---- payment plans ----
  async planList(q: PageQuery): Promise<Page<PaymentPlanRecord>> {
    const a = await this.calls.page(paymentPlanPage, '/contract/paymentPlan/list', q);
    return { rows: a.rows, total: a.total };
  }
  plan = (paymentPlanId: number): Promise<PaymentPlanRecord> =>
    this.calls.get(paymentPlanAnswer, '/contract/paymentPlan/detail', { paymentPlanId });
  addPlan = (body: PaymentPlanBody, options?: WriteOptions): Promise<PaymentPlanRecord> =>
    this.calls.post(paymentPlanAnswer, '/contract/paymentPlan/add', body, options);
  editPlan = (body: PaymentPlanEditBody, options?: WriteOptions): Promise<PaymentPlanRecord> =>
    this.calls.post(paymentPlanAnswer, '/contract/paymentPlan/edit', body, options);
  deletePlan = (paymentPlanId: number, options?: WriteOptions): Promise<void> =>
    this.calls.act('/contract/paymentPlan/delete', { paymentPlanId }, options);

  // ---- fund payments ----
  async payList(q: PageQuery): Promise<Page<FundPayRecord>> {
    const a = await this.calls.page(fundPayPage, '/v4/fundPay/list', q);
    return { rows: a.rows, total: a.total };
  }
  pay = (payId: number): Promise<FundPayRecord> =>
    this.calls.get(fundPayAnswer, '/v4/fundPay/detail', { payId });
  months = (q: PageQuery): Promise<FundPayMonthRecord[]> =>
    this.calls.get(fundPayMonthsAnswer, '/v4/fundPay/monthStat', q);
  /** The payable sub-contract pay items (the 新增付款 form's picker), by sub-contract. */
  payItems = (q: PayItemQuery = {}): Promise<PayItemRecord[]> =>
    this.calls.get(payItemsAnswer, '/v4/fundPay/payItems', q);
  addPay = (body: FundPayBody, options?: WriteOptions): Promise<FundPayRecord> =>
    this.calls.post(fundPayAnswer, '/v4/fundPay/add', body, options);
  editPay = (body: FundPayEditBody, options?: WriteOptions): Promise<FundPayRecord> =>
    this.calls.post(fundPayAnswer, '/v4/fundPay/edit', body, options);
  deletePay = (payId: number, options?: WriteOptions): Promise<void> =>
    this.calls.act('/v4/fundPay/delete', { payId }, options);
  submitPay = (
    payId: number,
    typeCode?: FundPayTypeCodeValue,
    options?: WriteOptions,
  ): Promise<FundPayRecord> =>
    this.calls.post(
      fundPayAnswer,
      '/v4/fundPay/updateToApproval',
      { payId, ...(typeCode === undefined ? {} : { typeCode }) },
      options,
    );
  /** fund_plan_switch as stored (the config read answers the value in msg). */
  async fundPlanSwitch(): Promise<string> {
    const r = await this.http.get('/system/config/configKey/fund_plan_switch');
    return typeof r['msg'] === 'string' ? r['msg'] : '';
  }
}
