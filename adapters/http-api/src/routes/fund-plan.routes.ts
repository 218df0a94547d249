import { z } from 'zod';
import {
  ALL_DATA,
  FUND_PERFORM_SORT_COLUMNS,
  FUND_PLAN_LINE_KIND_LABELS,
  FUND_PLAN_LINE_KINDS,
  FUND_PLAN_SORT_COLUMNS,
  FUND_PLAN_STATUS_LABELS,
  type FundPerform,
  type FundPerformInput,
  type FundPerformListFilter,
  type FundPlan,
  type FundPlanActor,
  type FundPlanInput,
  type FundPlanListFilter,
  type FundPlanService,
  type FundPlanStatus,
  type WriteIdempotency,
  instituteMonth,
} from '@dpms/core';
import { instituteZoneOf } from '../http/institute-zone.js';
import type { Request } from 'express';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { idempotencyOf } from '../http/idempotency.js';
import { listQueryOf } from '../http/list-query.js';
import { pagingShape } from '../http/paging.js';
import { perm } from '../http/route.js';
import { id, optionalEnum, optionalId, version } from '../http/schemas.js';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../http/xlsx.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from './route-module.js';

const PLAN_TAG = '资金计划';
const PERFORM_TAG = '资金执行';

/** Amounts pass through as sent: core checks them and answers 400 naming the field. */
const amountIn = () => z.unknown().describe('金额（万元），字符串，最多6位小数');
const textIn = (max: number) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string().max(max).optional());
const optionalBodyId = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), id().optional());
const monthFilter = () =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: () => '参数 planMonth 格式应为yyyy-MM' })
      .optional(),
  );

const planLine = z.object({
  lineKind: z
    .unknown()
    .describe('income 预计回款 | rigid 刚性支出 | loan 借款支出 | payment 付款支出'),
  subjectName: z.unknown(),
  contractId: optionalBodyId(),
  amount: amountIn(),
  paybackRate: z.unknown().optional().describe('回款率，0到1'),
  allotAmount: amountIn().optional().describe('备案分配（万元）'),
  remark: z.unknown().optional(),
});
const planFields = {
  deptId: optionalBodyId(),
  planMonth: z.unknown().describe('计划月份 yyyy-MM'),
  reason: textIn(500),
  remark: textIn(2000),
  lines: z.array(planLine).max(200).optional(),
  submit: z.boolean().optional(),
};
const planAddBody = z.object(planFields);
const planEditBody = z.object({ ...planFields, planId: id(), version: version() });
const planIdQuery = z.object({ planId: id() });
const planListQuery = z.object({
  ...pagingShape(FUND_PLAN_SORT_COLUMNS),
  deptId: optionalId(),
  planMonth: monthFilter(),
  status: optionalEnum(['0', '1', '2', '3']),
});
const chartQuery = z.object({
  month: monthFilter(),
  deptId: optionalId(),
});

const performLine = z.object({
  planLineId: optionalBodyId(),
  amount: amountIn(),
  remark: z.unknown().optional(),
});
const performFields = {
  planId: optionalBodyId(),
  lineKind: z.unknown(),
  performDate: z.unknown().describe('执行日期 yyyy-MM-dd'),
  overPlan: z.boolean().optional().describe('超计划执行：走 9_2 超计划审批'),
  reason: textIn(500),
  remark: textIn(2000),
  lines: z.array(performLine).max(200).optional(),
  submit: z.boolean().optional(),
};
const performAddBody = z.object(performFields);
const performEditBody = z.object({ ...performFields, performId: id(), version: version() });
const performIdQuery = z.object({ performId: id() });
const performListQuery = z.object({
  ...pagingShape(FUND_PERFORM_SORT_COLUMNS),
  planId: optionalId(),
  deptId: optionalId(),
  planMonth: monthFilter(),
  lineKind: optionalEnum(FUND_PLAN_LINE_KINDS),
  status: optionalEnum(['0', '1', '2', '3']),
});
type PerformListIn = z.output<typeof performListQuery>;

/** A stored answer replayed for an Idempotency-Key carries its dates as ISO strings already. */
const iso = (d: Date | string | null): string | null =>
  d === null ? null : typeof d === 'string' ? d : d.toISOString();

export const fundPlanView = (p: FundPlan) => ({
  ...p,
  statusName: FUND_PLAN_STATUS_LABELS[p.status],
  createTime: iso(p.createTime),
  approvedTime: iso(p.approvedTime),
  lines: p.lines.map((l) => ({ ...l, lineKindName: FUND_PLAN_LINE_KIND_LABELS[l.lineKind] })),
});
export const fundPerformView = (p: FundPerform) => ({
  ...p,
  statusName: FUND_PLAN_STATUS_LABELS[p.status],
  lineKindName: FUND_PLAN_LINE_KIND_LABELS[p.lineKind],
  createTime: iso(p.createTime),
  approvedTime: iso(p.approvedTime),
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
const PERFORM_COLUMNS: readonly XlsxColumn<FundPerform>[] = [
  { header: '计划月份', width: 10, value: (p) => p.planMonth },
  { header: '部门', width: 16, value: (p) => p.deptName },
  { header: '类别', value: (p) => FUND_PLAN_LINE_KIND_LABELS[p.lineKind] },
  { header: '执行日期', width: 12, value: (p) => p.performDate },
  { header: '执行金额（万元）', value: (p) => p.totalAmount },
  { header: '超计划', value: (p) => (p.overPlan ? '是' : '否') },
  {
    header: '明细',
    width: 40,
    value: (p) => p.lines.map((l) => `${l.subjectName} ${l.amount}`).join('；'),
  },
  { header: '状态', value: (p) => FUND_PLAN_STATUS_LABELS[p.status] },
  { header: '审批类型', value: (p) => p.approvalKind ?? '' },
  { header: '说明', width: 30, value: (p) => p.reason },
  { header: '经办人', value: (p) => p.createBy },
];

const actorOf = (p: Principal): FundPlanActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});
const idemOf = (req: Request, route: string, p: Principal): WriteIdempotency => ({
  ...idempotencyOf(req, route),
  userId: p.userId,
});

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
function performFilterOf(
  q: Omit<PerformListIn, 'pageNum' | 'pageSize' | 'orderByColumn' | 'isAsc'>,
): FundPerformListFilter {
  return {
    ...(q.planId === undefined ? {} : { planId: q.planId }),
    ...(q.deptId === undefined ? {} : { deptId: q.deptId }),
    ...(q.planMonth === undefined ? {} : { planMonth: q.planMonth }),
    ...(q.lineKind === undefined ? {} : { lineKind: q.lineKind }),
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
const performInput = (b: z.output<typeof performAddBody>): FundPerformInput => ({
  ...(b.planId === undefined ? {} : { planId: b.planId }),
  lineKind: b.lineKind,
  performDate: b.performDate,
  overPlan: b.overPlan === true,
  reason: b.reason,
  remark: b.remark,
  lines: (b.lines ?? []).map((l) => ({
    ...(l.planLineId === undefined ? {} : { planLineId: l.planLineId }),
    amount: l.amount,
    remark: l.remark,
  })),
});

/**
 * Monthly fund plans (/contract/fundPlan/*, 8_1/8_2) and fund execution (/contract/fundPerform/*,
 * 9_1/9_2/26_x). Every call checks its permission and the department's data scope; totals and
 * tips are computed in core.
 */
export function fundPlanRoutes(service: FundPlanService): RouteModule {
  return {
    name: 'fund-plan',
    register(book) {
      // ---- plans ----
      book.add({
        method: 'get',
        path: '/contract/fundPlan/list',
        summary: '资金计划列表（按数据权限：计划部门与经办人）',
        tag: PLAN_TAG,
        access: perm('contract:fundPlan:list'),
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
        access: perm('contract:fundPlan:edit'),
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
        access: perm('contract:fundPlan:remove'),
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
        summary:
          '资金计划送审（收入覆盖支出 8_1，否则 8_2）；每部门每月只能有一份审批中或已通过的计划',
        tag: PLAN_TAG,
        access: perm('contract:fundPlan:add'),
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
        query: chartQuery,
        handler: async ({ query, principal, res }) => {
          // "This month" is the institute's month: 1 July 00:30 in Shanghai is still June in UTC.
          const month = query.month ?? instituteMonth(new Date(), await instituteZoneOf(res));
          return ok(
            unwrap(await service.chart(month, actorOf(principal), query.deptId ?? undefined)),
          );
        },
      });

      // ---- execution ----
      book.add({
        method: 'get',
        path: '/contract/fundPerform/list',
        summary: '资金执行单列表（按数据权限）',
        tag: PERFORM_TAG,
        access: perm('contract:fundPerform:list'),
        query: performListQuery,
        handler: async ({ query, principal }) => {
          const p = await service.listPerforms(
            listQueryOf(performFilterOf(query), query),
            actorOf(principal),
          );
          return page(p.total, p.rows.map(fundPerformView));
        },
      });
      book.add({
        method: 'get',
        path: '/contract/fundPerform/detail',
        summary: '资金执行单详情',
        tag: PERFORM_TAG,
        access: perm('contract:fundPerform:query'),
        query: performIdQuery,
        handler: async ({ query, principal }) =>
          ok(
            fundPerformView(
              unwrap(await service.detailPerform(query.performId, actorOf(principal))),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/contract/fundPerform/add',
        summary:
          '登记资金执行（须有已通过的资金计划；超过计划余额须勾选超计划执行，走 9_2；submit=true 时同时送审）',
        tag: PERFORM_TAG,
        access: perm('contract:fundPerform:add'),
        idempotency: 'use-case',
        body: performAddBody,
        handler: async ({ body, principal, req }) =>
          ok(
            fundPerformView(
              unwrap(
                await service.savePerform(performInput(body), actorOf(principal), undefined, {
                  submit: body.submit === true,
                  idem: idemOf(req, 'fundPerform.add', principal),
                }),
              ),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/contract/fundPerform/edit',
        summary: '修改资金执行单（仅草稿或已驳回的）',
        tag: PERFORM_TAG,
        access: perm('contract:fundPerform:edit'),
        idempotency: 'use-case',
        body: performEditBody,
        handler: async ({ body, principal, req }) =>
          ok(
            fundPerformView(
              unwrap(
                await service.savePerform(performInput(body), actorOf(principal), body.performId, {
                  submit: body.submit === true,
                  ...(body.version === undefined ? {} : { version: body.version }),
                  idem: idemOf(req, 'fundPerform.edit', principal),
                }),
              ),
            ),
          ),
      });
      book.add({
        method: 'get',
        path: '/contract/fundPerform/delete',
        summary: '删除资金执行单（审批中或已通过的不能删除）',
        tag: PERFORM_TAG,
        access: perm('contract:fundPerform:remove'),
        query: performIdQuery,
        handler: async ({ query, principal, req }) => {
          unwrap(
            await service.removePerform(
              query.performId,
              actorOf(principal),
              idemOf(req, 'fundPerform.delete', principal),
            ),
          );
          return ok();
        },
      });
      book.add({
        method: 'post',
        path: '/contract/fundPerform/updateToApproval',
        summary: '资金执行单送审（回款 9_1，刚性 26_1，借款 26_2，付款 26_3，超计划 9_2）',
        tag: PERFORM_TAG,
        access: perm('contract:fundPerform:add'),
        idempotency: 'use-case',
        body: performIdQuery,
        handler: async ({ body, principal, req }) =>
          ok(
            fundPerformView(
              unwrap(
                await service.submitPerform(
                  body.performId,
                  actorOf(principal),
                  idemOf(req, 'fundPerform.updateToApproval', principal),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'get',
        path: '/contract/fundPerform/export',
        summary: '导出资金执行单列表（.xlsx，流式）',
        tag: PERFORM_TAG,
        access: perm('contract:fundPerform:export'),
        query: performListQuery,
        produces: XLSX_TYPE,
        handler: async ({ query, principal, res }) => {
          await streamXlsx(
            res,
            '资金执行.xlsx',
            '资金执行',
            PERFORM_COLUMNS,
            service.exportPerforms(performFilterOf(query), actorOf(principal)),
          );
          return undefined;
        },
      });
    },
  };
}
