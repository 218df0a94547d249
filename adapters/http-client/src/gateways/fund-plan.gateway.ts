import {
  fundPerformAnswer,
  fundPerformPage,
  fundPlanAnswer,
  fundPlanChartAnswer,
  fundPlanPage,
  type FundPerformBody as WireFundPerformBody,
  type FundPerformEditBody,
  type FundPerformLineRecord as WireFundPerformLineRecord,
  type FundPerformRecord as WireFundPerformRecord,
  type FundPlanBody as WireFundPlanBody,
  type FundPlanChartRecord as WireFundPlanChartRecord,
  type FundPlanEditBody,
  type FundPlanLineKindCode as WireFundPlanLineKindCode,
  type FundPlanLineRecord as WireFundPlanLineRecord,
  type FundPlanRecord as WireFundPlanRecord,
} from '@dpms/wire';
import type { HttpClient, WriteOptions } from '../client.js';
import { ParsedCalls } from './parsed-calls.js';
import type { Page, PageQuery } from './page.js';

/**
 * The 资金计划/执行 wire types are the @dpms/wire schemas' (`z.infer`/`z.input`): the API validates
 * with and answers through the same schemas, and this gateway parses every answer.
 */
export type FundPlanLineKindCode = WireFundPlanLineKindCode;
export type FundPlanLineRecord = WireFundPlanLineRecord;
export type FundPlanRecord = WireFundPlanRecord;
export type FundPerformLineRecord = WireFundPerformLineRecord;
export type FundPerformRecord = WireFundPerformRecord;
export type FundPlanChartRecord = WireFundPlanChartRecord;
export type FundPlanBody = WireFundPlanBody;
/** A plan line as a form sends it: the wire line, with the contract as the form holds it. */
export type FundPlanLineBody = Omit<NonNullable<FundPlanBody['lines']>[number], 'contractId'> & {
  contractId?: number | null;
};
export type FundPerformBody = WireFundPerformBody;

/** The export addresses of the two lists (relative to /prod-api). */
export const FUND_PLAN_EXPORT_PATHS = {
  plan: '/contract/fundPlan/export',
  perform: '/contract/fundPerform/export',
} as const;

/** Monthly fund plans and fund execution (001 §7: /contract/fundPlan, /contract/fundPerform). */
export class FundPlanGateway {
  private readonly calls: ParsedCalls;

  constructor(private readonly http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }

  async planList(q: PageQuery): Promise<Page<FundPlanRecord>> {
    const a = await this.calls.page(fundPlanPage, '/contract/fundPlan/list', q);
    return { rows: [...a.rows], total: a.total };
  }
  plan = (planId: number): Promise<FundPlanRecord> =>
    this.calls.get(fundPlanAnswer, '/contract/fundPlan/detail', { planId });
  addPlan = (body: FundPlanBody, options?: WriteOptions): Promise<FundPlanRecord> =>
    this.calls.post(fundPlanAnswer, '/contract/fundPlan/add', body, options);
  editPlan = (body: FundPlanEditBody, options?: WriteOptions): Promise<FundPlanRecord> =>
    this.calls.post(fundPlanAnswer, '/contract/fundPlan/edit', body, options);
  deletePlan = (planId: number): Promise<void> =>
    this.calls.getAct('/contract/fundPlan/delete', { planId });
  submitPlan = (planId: number, options?: WriteOptions): Promise<FundPlanRecord> =>
    this.calls.post(fundPlanAnswer, '/contract/fundPlan/updateToApproval', { planId }, options);
  chart = (q: { month?: string; deptId?: number | string }): Promise<FundPlanChartRecord[]> =>
    this.calls.get(fundPlanChartAnswer, '/contract/fundPlan/chart', q);

  async performList(q: PageQuery): Promise<Page<FundPerformRecord>> {
    const a = await this.calls.page(fundPerformPage, '/contract/fundPerform/list', q);
    return { rows: [...a.rows], total: a.total };
  }
  perform = (performId: number): Promise<FundPerformRecord> =>
    this.calls.get(fundPerformAnswer, '/contract/fundPerform/detail', { performId });
  addPerform = (body: FundPerformBody, options?: WriteOptions): Promise<FundPerformRecord> =>
    this.calls.post(fundPerformAnswer, '/contract/fundPerform/add', body, options);
  editPerform = (body: FundPerformEditBody, options?: WriteOptions): Promise<FundPerformRecord> =>
    this.calls.post(fundPerformAnswer, '/contract/fundPerform/edit', body, options);
  deletePerform = (performId: number): Promise<void> =>
    this.calls.getAct('/contract/fundPerform/delete', { performId });
  submitPerform = (performId: number, options?: WriteOptions): Promise<FundPerformRecord> =>
    this.calls.post(
      fundPerformAnswer,
      '/contract/fundPerform/updateToApproval',
      { performId },
      options,
    );
}
