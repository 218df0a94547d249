import type { z } from 'zod';
import {
  FUND_PLAN_LINE_KIND_LABELS,
  FUND_PLAN_STATUS_LABELS,
  type FundPlan,
  type FundPlanInput,
  type FundPlanListFilter,
  type FundPlanService,
  type FundPlanStatus,
  instituteMonth,
} from '@dpms/core';
import { instituteZoneOf } from '../../http/institute-zone.js';
import { ok } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { listQueryOf } from '../../http/list-query.js';
import { perm, type RouteBook } from '../../http/route.js';
import type { XlsxColumn } from '../../http/xlsx.js';
import { registerFundRecordRoutes } from './record.routes.js';
import { actorOf, iso } from './shared.js';
import {
  fundPlanAddBody as planAddBody,
  fundPlanAnswer,
  fundPlanChartAnswer,
  fundPlanChartQuery as chartQuery,
  fundPlanEditBody as planEditBody,
  fundPlanIdQuery as planIdQuery,
  fundPlanListQuery as planListQuery,
  fundPlanPage,
  type FundPlanRecord,
} from '@dpms/wire';

const PLAN_TAG = '资金计划';

export const fundPlanView = (p: FundPlan): FundPlanRecord => ({
  ...p,
  statusName: FUND_PLAN_STATUS_LABELS[p.status],
  createTime: iso(p.createTime),
  approvedTime: iso(p.approvedTime),
  lines: p.lines.map((l) => ({ ...l, lineKindName: FUND_PLAN_LINE_KIND_LABELS[l.lineKind] })),
});

/** The fund plan list's columns as the screen shows them (FundPlanPage: titles and order). */
const PLAN_COLUMNS: readonly XlsxColumn<FundPlan>[] = [
  { header: '计划月份', width: 10, value: (p) => p.planMonth },
  { header: '计划部门', width: 16, value: (p) => p.deptName },
  { header: '预计回款（万元）', kind: 'money', value: (p) => p.incomeAmount },
  { header: '计划支出（万元）', kind: 'money', value: (p) => p.totalAmount },
  { header: '储备资金（万元）', kind: 'money', value: (p) => p.reserveAmount },
  { header: '已执行（万元）', kind: 'money', value: (p) => p.executedAmount },
  { header: '状态', value: (p) => FUND_PLAN_STATUS_LABELS[p.status] },
  { header: '经办人', kind: 'person', value: (p) => p.createBy },
];

function planFilterOf(q: {
  deptId?: number | undefined;
  planMonth?: string | undefined;
  status?: string | undefined;
}): FundPlanListFilter {
  return {
    ...(q.deptId === undefined ? {} : { deptId: q.deptId }),
    ...(q.planMonth === undefined ? {} : { planMonth: q.planMonth }),
    ...(q.status === undefined ? {} : { status: Number(q.status) as FundPlanStatus }),
  };
}

const planInput = (b: z.output<typeof planAddBody>): FundPlanInput => ({
  ...(b.deptId === undefined ? {} : { deptId: b.deptId }),
  planMonth: b.planMonth,
  reason: b.reason,
  remark: b.remark,
  lines: (b.lines ?? []).map((l) => ({ ...l, contractId: l.contractId ?? null })),
});

/** Monthly fund plans (/contract/fundPlan/*, 8_1/8_2), their export and the plan/perform chart. */
export function registerFundPlanRoutes(book: RouteBook, service: FundPlanService): void {
  registerFundRecordRoutes(book, {
    name: 'fundPlan',
    kind: 'plan',
    tag: PLAN_TAG,
    sheet: '资金计划',
    summaries: {
      list: '资金计划列表（按数据权限：计划部门与经办人）',
      detail: '资金计划详情（含明细、合计与提示）',
      add: '新增月度资金计划（submit=true 时同时送审 8_1/8_2）',
      edit: '修改资金计划（仅草稿或已驳回的）',
      delete: '删除资金计划（审批中、已通过或已有执行单的不能删除）',
      submit:
        '资金计划送审（收入覆盖支出 8_1，否则 8_2）；每部门每月只能有一份审批中或已通过的计划',
      export: '导出资金计划列表（.xlsx，流式）',
    },
    schemas: {
      list: planListQuery,
      id: planIdQuery,
      add: planAddBody,
      edit: planEditBody,
      answer: fundPlanAnswer,
      page: fundPlanPage,
    },
    idOf: (q) => q.planId,
    editIdOf: (b) => ({ id: b.planId, ...(b.version === undefined ? {} : { version: b.version }) }),
    view: fundPlanView,
    columns: PLAN_COLUMNS,
    list: (q, actor) => service.listPlans(listQueryOf(planFilterOf(q), q), actor),
    detail: (id, actor) => service.detailPlan(id, actor),
    save: (b, actor, id, options) => service.savePlan(planInput(b), actor, id, options),
    remove: (id, actor, idem) => service.removePlan(id, actor, idem),
    submit: (id, actor, idem) => service.submitPlan(id, actor, idem),
    rows: (q, actor) => service.exportPlans(planFilterOf(q), actor),
  });
  book.add({
    method: 'get',
    path: '/contract/fundPlan/chart',
    summary: '计划与执行对比（截至 month 的12个月，已通过的计划与执行单）',
    tag: PLAN_TAG,
    access: perm('contract:fundPlan:list'),
    response: fundPlanChartAnswer,
    query: chartQuery,
    handler: async ({ query, principal, res }) => {
      // "This month" is the institute's month: 1 July 00:30 in Shanghai is still June in UTC.
      const month = query.month ?? instituteMonth(new Date(), await instituteZoneOf(res));
      return ok(unwrap(await service.chart(month, actorOf(principal), query.deptId ?? undefined)));
    },
  });
}
