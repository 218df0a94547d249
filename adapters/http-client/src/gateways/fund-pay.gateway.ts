import {
  fundPayAnswer,
  fundPayMonthsAnswer,
  fundPayPage,
  paymentPlanAnswer,
  paymentPlanPage,
  type FundPayBody as WireFundPayBody,
  type FundPayEditBody,
  type FundPayMonthRecord as WireFundPayMonthRecord,
  type FundPayRecord as WireFundPayRecord,
  type FundPayStatusCode as WireFundPayStatusCode,
  type FundPayTypeCodeValue as WireFundPayTypeCodeValue,
  type PaymentPlanBody as WirePaymentPlanBody,
  type PaymentPlanEditBody,
  type PaymentPlanRecord as WirePaymentPlanRecord,
} from '@dpms/wire';
import { z } from 'zod';
import { keyed, type HttpClient, type WriteOptions } from '../client.js';
import { answerOf } from './answer.js';
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

const done = z.object({ code: z.literal(200), msg: z.string() });

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

  private async page<S extends z.ZodType<{ rows: unknown[]; total: number }>>(
    schema: S,
    path: string,
    q: PageQuery,
  ): Promise<z.output<S>> {
    return answerOf(schema, await this.http.get(path, { params: clean(q) }), path);
  }
  private async get<S extends z.ZodType<{ data: unknown }>>(
    schema: S,
    path: string,
    params: Record<string, unknown>,
  ): Promise<z.output<S>['data']> {
    return answerOf(schema, await this.http.get(path, { params: clean(params) }), path).data;
  }
  private async post<S extends z.ZodType<{ data: unknown }>>(
    schema: S,
    path: string,
    body: unknown,
    options?: WriteOptions,
  ): Promise<z.output<S>['data']> {
    return answerOf(schema, await this.http.post(path, body, keyed(options)), path).data;
  }
  private async act(path: string, body: unknown, options?: WriteOptions): Promise<void> {
    answerOf(done, await this.http.post(path, body, keyed(options)), path);
  }

  // ---- payment plans ----
  async planList(q: PageQuery): Promise<Page<PaymentPlanRecord>> {
    const a = await this.page(paymentPlanPage, '/contract/paymentPlan/list', q);
    return { rows: a.rows, total: a.total };
  }
  plan = (paymentPlanId: number): Promise<PaymentPlanRecord> =>
    this.get(paymentPlanAnswer, '/contract/paymentPlan/detail', { paymentPlanId });
  addPlan = (body: PaymentPlanBody, options?: WriteOptions): Promise<PaymentPlanRecord> =>
    this.post(paymentPlanAnswer, '/contract/paymentPlan/add', body, options);
  editPlan = (body: PaymentPlanEditBody, options?: WriteOptions): Promise<PaymentPlanRecord> =>
    this.post(paymentPlanAnswer, '/contract/paymentPlan/edit', body, options);
  deletePlan = (paymentPlanId: number, options?: WriteOptions): Promise<void> =>
    this.act('/contract/paymentPlan/delete', { paymentPlanId }, options);

  // ---- fund payments ----
  async payList(q: PageQuery): Promise<Page<FundPayRecord>> {
    const a = await this.page(fundPayPage, '/v4/fundPay/list', q);
    return { rows: a.rows, total: a.total };
  }
  pay = (payId: number): Promise<FundPayRecord> =>
    this.get(fundPayAnswer, '/v4/fundPay/detail', { payId });
  months = (q: PageQuery): Promise<FundPayMonthRecord[]> =>
    this.get(fundPayMonthsAnswer, '/v4/fundPay/monthStat', q);
  addPay = (body: FundPayBody, options?: WriteOptions): Promise<FundPayRecord> =>
    this.post(fundPayAnswer, '/v4/fundPay/add', body, options);
  editPay = (body: FundPayEditBody, options?: WriteOptions): Promise<FundPayRecord> =>
    this.post(fundPayAnswer, '/v4/fundPay/edit', body, options);
  deletePay = (payId: number, options?: WriteOptions): Promise<void> =>
    this.act('/v4/fundPay/delete', { payId }, options);
  submitPay = (
    payId: number,
    typeCode?: FundPayTypeCodeValue,
    options?: WriteOptions,
  ): Promise<FundPayRecord> =>
    this.post(
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
