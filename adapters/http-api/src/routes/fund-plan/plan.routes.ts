import type { z } from 'zod';
import {
  FUND_PLAN_LINE_KIND_LABELS,
  FUND_PLAN_STATUS_LABELS,
  fundPlanActionPermission,
  type FundPlan,
  type FundPlanInput,
  type FundPlanListFilter,
  type FundPlanService,
  type FundPlanStatus,
  instituteMonth,
} from '@dpms/core';
import { instituteZoneOf } from '../../http/institute-zone.js';
import { ok, page } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { listQueryOf } from '../../http/list-query.js';
import { perm, type RouteBook } from '../../http/route.js';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../../http/xlsx.js';
import { actorOf, idemOf, iso } from './shared.js';
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

const PLAN_COLUMNS: readonly XlsxColumn<FundPlan>[] = [
  { header: '计划月份', width: 10, value: (p) => p.planMonth },
  { header: '部门', width: 16, value: (p) => p.deptName },
  { header: '预计回款（万元）', value: (p) => p.incomeAmount },
  { header: '刚性支出（万元）', value: (p) => p.rigidAmount },
  { header: '借款支出（万元）', value: (p) => p.loanAmount },
  { header: '付款支出（万元）', value: (p) => p.paymentAmount },
  { header: '计划支出合计（万元）', value: (p) => p.totalAmount },
  { header: '储备资金（万元）', value: (p) => p.reserveAmount },
  { header: '分配确认（万元）', value: (p) => p.confirmAmount },
  { header: '已执行（万元）', value: (p) => p.executedAmount },
  { header: '状态', value: (p) => FUND_PLAN_STATUS_LABELS[p.status] },
  { header: '审批类型', value: (p) => p.approvalKind ?? '' },
  { header: '计划说明', width: 30, value: (p) => p.reason },
  { header: '经办人', value: (p) => p.createBy },
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
  book.add({
    method: 'get',
    path: '/contract/fundPlan/list',
    summary: '资金计划列表（按数据权限：计划部门与经办人）',
    tag: PLAN_TAG,
    access: perm('contract:fundPlan:list'),
    response: fundPlanPage,
    query: planListQuery,
    handler: async ({ query, principal }) => {
      const p = await service.listPlans(
        listQueryOf(planFilterOf(query), query),
        actorOf(principal),
      );
      return page(p.total, p.rows.map(fundPlanView));
    },
  });
  book.add({
    method: 'get',
    path: '/contract/fundPlan/detail',
    summary: '资金计划详情（含明细、合计与提示）',
    tag: PLAN_TAG,
    access: perm('contract:fundPlan:query'),
    response: fundPlanAnswer,
    query: planIdQuery,
    handler: async ({ query, principal }) =>
      ok(fundPlanView(unwrap(await service.detailPlan(query.planId, actorOf(principal))))),
  });
  book.add({
    method: 'post',
    path: '/contract/fundPlan/add',
    summary: '新增月度资金计划（submit=true 时同时送审 8_1/8_2）',
    tag: PLAN_TAG,
    access: perm('contract:fundPlan:add'),
    response: fundPlanAnswer,
    idempotency: 'use-case',
    body: planAddBody,
    handler: async ({ body, principal, req }) =>
      ok(
        fundPlanView(
          unwrap(
            await service.savePlan(planInput(body), actorOf(principal), undefined, {
              submit: body.submit === true,
              idem: idemOf(req, 'fundPlan.add', principal),
            }),
          ),
        ),
      ),
  });
  book.add({
    method: 'post',
    path: '/contract/fundPlan/edit',
    summary: '修改资金计划（仅草稿或已驳回的）',
    tag: PLAN_TAG,
    access: perm(fundPlanActionPermission('plan', 'edit')),
    response: fundPlanAnswer,
    idempotency: 'use-case',
    body: planEditBody,
    handler: async ({ body, principal, req }) =>
      ok(
        fundPlanView(
          unwrap(
            await service.savePlan(planInput(body), actorOf(principal), body.planId, {
              submit: body.submit === true,
              ...(body.version === undefined ? {} : { version: body.version }),
              idem: idemOf(req, 'fundPlan.edit', principal),
            }),
          ),
        ),
      ),
  });
  book.add({
    method: 'get',
    path: '/contract/fundPlan/delete',
    summary: '删除资金计划（审批中、已通过或已有执行单的不能删除）',
    tag: PLAN_TAG,
    access: perm(fundPlanActionPermission('plan', 'remove')),
    query: planIdQuery,
    handler: async ({ query, principal, req }) => {
      unwrap(
        await service.removePlan(
          query.planId,
          actorOf(principal),
          idemOf(req, 'fundPlan.delete', principal),
        ),
      );
      return ok();
    },
  });
  book.add({
    method: 'post',
    path: '/contract/fundPlan/updateToApproval',
    summary: '资金计划送审（收入覆盖支出 8_1，否则 8_2）；每部门每月只能有一份审批中或已通过的计划',
    tag: PLAN_TAG,
    access: perm(fundPlanActionPermission('plan', 'submit')),
    response: fundPlanAnswer,
    idempotency: 'use-case',
    body: planIdQuery,
    handler: async ({ body, principal, req }) =>
      ok(
        fundPlanView(
          unwrap(
            await service.submitPlan(
              body.planId,
              actorOf(principal),
              idemOf(req, 'fundPlan.updateToApproval', principal),
            ),
          ),
        ),
      ),
  });
  book.add({
    method: 'get',
    path: '/contract/fundPlan/export',
    summary: '导出资金计划列表（.xlsx，流式）',
    tag: PLAN_TAG,
    access: perm('contract:fundPlan:export'),
    query: planListQuery,
    produces: XLSX_TYPE,
    handler: async ({ query, principal, res }) => {
      await streamXlsx(
        res,
        '资金计划.xlsx',
        '资金计划',
        PLAN_COLUMNS,
        service.exportPlans(planFilterOf(query), actorOf(principal)),
      );
      return undefined;
    },
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
