import type { z } from 'zod';
import {
  ALL_DATA,
  FUND_PAY_STATUS_LABELS,
  FUND_PAY_TYPE_LABELS,
  fundPayActions,
  paymentPlanActions,
  type FundPay,
  type FundPayActor,
  type FundPayListFilter,
  type FundPayService,
  type FundPayStatus,
  type PaymentPlan,
  type PaymentPlanListFilter,
} from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { perm } from '../http/route.js';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../http/xlsx.js';
import type { Principal } from '../identity/principal.js';
import { idemOf } from './contract-route-helpers.js';
import type { RouteModule } from './route-module.js';
import {
  fundPayAnswer,
  fundPayBody,
  fundPayEditBody,
  fundPayIdBody,
  fundPayListQuery,
  fundPayMonthsAnswer,
  fundPayPage,
  fundPaySubmitBody,
  paymentPlanAnswer,
  paymentPlanBody,
  paymentPlanEditBody,
  paymentPlanIdBody,
  paymentPlanListQuery,
  paymentPlanPage,
  payItemQuery,
  payItemsAnswer,
  type FundPayRecord,
  type PaymentPlanRecord,
} from '@dpms/wire';

const PAY_TAG = '资金支付';
const PLAN_TAG = '付款计划';

// Every request and answer of this slice is one schema of @dpms/wire, built from core's rules.
type PlanListIn = z.output<typeof paymentPlanListQuery>;
type PayListIn = z.output<typeof fundPayListQuery>;

// ---- views -----------------------------------------------------------------------------------

/** A stored answer replayed for an Idempotency-Key carries its dates as ISO strings already. */
const iso = (d: Date | string | null): string | null =>
  d === null ? null : typeof d === 'string' ? d : d.toISOString();

export const paymentPlanView = (p: PaymentPlan): PaymentPlanRecord => ({
  ...p,
  createTime: iso(p.createTime),
});
export const fundPayView = (p: FundPay): FundPayRecord => ({
  ...p,
  statusName: FUND_PAY_STATUS_LABELS[p.status],
  typeName: FUND_PAY_TYPE_LABELS[p.typeCode],
  createTime: iso(p.createTime),
  paidTime: iso(p.paidTime),
});

/** The payment plan list's columns as the screen shows them (PaymentPlanPage). */
const PLAN_COLUMNS: readonly XlsxColumn<PaymentPlan>[] = [
  { header: '编号', kind: 'number', width: 8, value: (p) => p.paymentPlanId },
  { header: '计划月份', width: 10, value: (p) => p.planMonth },
  { header: '合同名称', width: 30, value: (p) => p.contractName },
  { header: '分包合同编号', width: 18, value: (p) => p.contractChildNo },
  { header: '科目名称', width: 16, value: (p) => p.subjectName },
  { header: '收款单位', width: 24, value: (p) => p.receiveCompanyName },
  { header: '计划付款金额（万元）', kind: 'money', value: (p) => p.planPayAmount },
  { header: '已付（万元）', kind: 'money', value: (p) => p.paidAmount },
  { header: '待付（万元）', kind: 'money', value: (p) => p.pendingAmount },
  { header: '可付（万元）', kind: 'money', value: (p) => p.canPayAmount },
  { header: '部门', width: 14, value: (p) => p.deptName },
];
/** The fund payment list's columns as the screen shows them (FundPayPage); the type by its name. */
const PAY_COLUMNS: readonly XlsxColumn<FundPay>[] = [
  { header: '编号', kind: 'number', width: 8, value: (p) => p.payId },
  { header: '计划月份', width: 10, value: (p) => p.planMonth },
  { header: '合同名称', width: 30, value: (p) => p.contractName },
  { header: '收款单位', width: 24, value: (p) => p.receiveCompanyName },
  { header: '付款金额（万元）', kind: 'money', value: (p) => p.payAmount },
  { header: '税率', kind: 'percent', value: (p) => p.taxRate },
  { header: '实付金额（万元）', kind: 'money', value: (p) => p.realPayAmount },
  {
    header: '审批类型',
    width: 24,
    value: (p) => `${p.typeCode} ${FUND_PAY_TYPE_LABELS[p.typeCode]}`,
  },
  { header: '状态', value: (p) => FUND_PAY_STATUS_LABELS[p.status] },
  { header: '申请人', kind: 'person', value: (p) => p.createBy },
];

// ---- helpers ---------------------------------------------------------------------------------

export const actorOf = (p: Principal): FundPayActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});

function planFilterOf(q: PlanListIn): PaymentPlanListFilter {
  return {
    ...(q.contractId === undefined ? {} : { contractId: q.contractId }),
    ...(q.contractChildId === undefined ? {} : { contractChildId: q.contractChildId }),
    ...(q.planMonth === undefined ? {} : { planMonth: q.planMonth }),
    ...(q.contractName === undefined ? {} : { contractName: q.contractName }),
    ...(q.receiveCompanyName === undefined ? {} : { receiveCompanyName: q.receiveCompanyName }),
    ...(q.canPay === '1' ? { canPay: true } : {}),
  };
}
function payFilterOf(q: PayListIn): FundPayListFilter {
  return {
    ...(q.contractId === undefined ? {} : { contractId: q.contractId }),
    ...(q.paymentPlanId === undefined ? {} : { paymentPlanId: q.paymentPlanId }),
    ...(q.deptId === undefined ? {} : { deptId: q.deptId }),
    ...(q.planMonth === undefined ? {} : { planMonth: q.planMonth }),
    ...(q.status === undefined ? {} : { status: Number(q.status) as FundPayStatus }),
    ...(q.contractName === undefined ? {} : { contractName: q.contractName }),
    ...(q.receiveCompanyName === undefined ? {} : { receiveCompanyName: q.receiveCompanyName }),
  };
}

/**
 * Fund payments (/v4/fundPay/*) and payment plans (/contract/paymentPlan/*). Each call checks its
 * permission and the caller's data scope; a payment is sent through the approval engine (20_1,
 * 16_1 or 16_2) and, approved, paid through the fund ledger in the approval's transaction.
 */
export function fundPayRoutes(service: FundPayService): RouteModule {
  return {
    name: 'fund-pay',
    register(book) {
      // ---- payment plans -----------------------------------------------------------------------
      book.add({
        method: 'get',
        path: '/contract/paymentPlan/list',
        summary: '付款计划列表（按数据权限：合同的部门与录入人；含已付、待付、可付）',
        tag: PLAN_TAG,
        access: perm('contract:paymentPlan:list'),
        query: paymentPlanListQuery,
        response: paymentPlanPage,
        handler: async ({ query, principal }) => {
          const p = await service.listPlans(
            listQueryOf(planFilterOf(query), query),
            actorOf(principal),
          );
          return page(p.total, p.rows.map(paymentPlanView));
        },
      });
      book.add({
        method: 'get',
        path: '/contract/paymentPlan/detail',
        summary: '付款计划详情',
        tag: PLAN_TAG,
        access: perm('contract:paymentPlan:query'),
        query: paymentPlanIdBody,
        response: paymentPlanAnswer,
        handler: async ({ query, principal }) =>
          ok(
            paymentPlanView(unwrap(await service.getPlan(query.paymentPlanId, actorOf(principal)))),
          ),
      });
      book.add({
        method: 'post',
        path: '/contract/paymentPlan/add',
        summary: '新增付款计划（合同或分包合同某月付给谁多少；支持 Idempotency-Key）',
        tag: PLAN_TAG,
        access: perm('contract:paymentPlan:add'),
        idempotency: 'use-case',
        body: paymentPlanBody,
        response: paymentPlanAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            paymentPlanView(
              unwrap(
                await service.addPlan(
                  body,
                  actorOf(principal),
                  idemOf(req, principal, '/contract/paymentPlan/add'),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/contract/paymentPlan/edit',
        summary: '修改付款计划（计划金额不得小于已付及待付金额）',
        tag: PLAN_TAG,
        access: perm(paymentPlanActions.permissions.edit),
        body: paymentPlanEditBody,
        response: paymentPlanAnswer,
        handler: async ({ body, principal }) => {
          const { paymentPlanId, version, ...input } = body;
          return ok(
            paymentPlanView(
              unwrap(await service.editPlan(paymentPlanId, input, version, actorOf(principal))),
            ),
          );
        },
      });
      book.add({
        method: 'post',
        path: '/contract/paymentPlan/delete',
        summary: '删除付款计划（已有付款记录的不能删除）',
        tag: PLAN_TAG,
        access: perm(paymentPlanActions.permissions.remove),
        body: paymentPlanIdBody,
        handler: async ({ body, principal }) => {
          unwrap(await service.deletePlan(body.paymentPlanId, actorOf(principal)));
          return ok();
        },
      });
      book.add({
        method: 'get',
        path: '/contract/paymentPlan/export',
        summary: '导出付款计划（.xlsx，流式；筛选同列表）',
        tag: PLAN_TAG,
        access: perm('contract:paymentPlan:export'),
        query: paymentPlanListQuery,
        produces: XLSX_TYPE,
        handler: async ({ query, principal, res }) => {
          await streamXlsx(
            res,
            '付款计划.xlsx',
            '付款计划',
            PLAN_COLUMNS,
            service.exportPlans(planFilterOf(query), actorOf(principal)),
          );
          return undefined;
        },
      });

      // ---- fund payments ---------------------------------------------------------------------
      book.add({
        method: 'get',
        path: '/v4/fundPay/list',
        summary: '资金支付列表（按数据权限：付款部门与申请人）',
        tag: PAY_TAG,
        access: perm('contract:fundPay:list'),
        query: fundPayListQuery,
        response: fundPayPage,
        handler: async ({ query, principal }) => {
          const p = await service.listPays(
            listQueryOf(payFilterOf(query), query),
            actorOf(principal),
          );
          return page(p.total, p.rows.map(fundPayView));
        },
      });
      book.add({
        method: 'get',
        path: '/v4/fundPay/payItems',
        summary:
          '可付款的分包付款项（已审批或历史的分包合同，按数据权限；可按分包合同或合同筛选），含已占用与可付金额',
        tag: PAY_TAG,
        access: perm('contract:fundPay:add'),
        query: payItemQuery,
        response: payItemsAnswer,
        handler: async ({ query, principal }) =>
          ok(
            await service.payItems(
              {
                ...(query.contractChildId === undefined
                  ? {}
                  : { contractChildId: query.contractChildId }),
                ...(query.contractId === undefined ? {} : { contractId: query.contractId }),
              },
              actorOf(principal),
            ),
          ),
      });
      book.add({
        method: 'get',
        path: '/v4/fundPay/monthStat',
        summary: '按计划月份汇总：计划付款金额、已付款金额与实付金额（图表用）',
        tag: PAY_TAG,
        access: perm('contract:fundPay:list'),
        query: fundPayListQuery,
        response: fundPayMonthsAnswer,
        handler: async ({ query, principal }) =>
          ok(await service.months(payFilterOf(query), actorOf(principal))),
      });
      book.add({
        method: 'get',
        path: '/v4/fundPay/detail',
        summary: '资金支付详情（含审批编号，审批详情见审批中心）',
        tag: PAY_TAG,
        access: perm('contract:fundPay:query'),
        query: fundPayIdBody,
        response: fundPayAnswer,
        handler: async ({ query, principal }) =>
          ok(fundPayView(unwrap(await service.getPay(query.payId, actorOf(principal))))),
      });
      book.add({
        method: 'post',
        path: '/v4/fundPay/add',
        summary:
          '新增资金支付（付款计划或分包付款项之一；实付金额=付款金额−付款金额×(0.06−税率)；submit=true 时同时送审；支持 Idempotency-Key）',
        tag: PAY_TAG,
        access: perm('contract:fundPay:add'),
        idempotency: 'use-case',
        body: fundPayBody,
        response: fundPayAnswer,
        handler: async ({ body, principal, req }) => {
          const { submit, ...input } = body;
          return ok(
            fundPayView(
              unwrap(
                await service.addPay(
                  input,
                  actorOf(principal),
                  submit === true,
                  idemOf(req, principal, '/v4/fundPay/add'),
                ),
              ),
            ),
          );
        },
      });
      book.add({
        method: 'post',
        path: '/v4/fundPay/edit',
        summary: '修改资金支付（草稿或已驳回的）',
        tag: PAY_TAG,
        access: perm(fundPayActions.permissions.edit),
        body: fundPayEditBody,
        response: fundPayAnswer,
        handler: async ({ body, principal }) => {
          const { payId, version, ...input } = body;
          return ok(
            fundPayView(unwrap(await service.editPay(payId, input, version, actorOf(principal)))),
          );
        },
      });
      book.add({
        method: 'post',
        path: '/v4/fundPay/delete',
        summary: '删除资金支付（审批中或已付款的不能删除）',
        tag: PAY_TAG,
        access: perm(fundPayActions.permissions.remove),
        body: fundPayIdBody,
        handler: async ({ body, principal }) => {
          unwrap(await service.deletePay(body.payId, actorOf(principal)));
          return ok();
        },
      });
      book.add({
        method: 'post',
        path: '/v4/fundPay/updateToApproval',
        summary:
          '提交资金支付审批（计划内付款 20_1；分包付款项为付款合同 16_1 或 16_2）；资金计划开关开启时须有已审批的部门月度资金计划（支持 Idempotency-Key）',
        tag: PAY_TAG,
        access: perm(fundPayActions.permissions.submit),
        idempotency: 'use-case',
        body: fundPaySubmitBody,
        response: fundPayAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            fundPayView(
              unwrap(
                await service.submitPay(
                  body.payId,
                  body.typeCode,
                  actorOf(principal),
                  idemOf(req, principal, '/v4/fundPay/updateToApproval'),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'get',
        path: '/v4/fundPay/export',
        summary: '导出资金支付（.xlsx，流式；筛选同列表）',
        tag: PAY_TAG,
        access: perm('contract:fundPay:export'),
        query: fundPayListQuery,
        produces: XLSX_TYPE,
        handler: async ({ query, principal, res }) => {
          await streamXlsx(
            res,
            '资金支付.xlsx',
            '资金支付',
            PAY_COLUMNS,
            service.exportPays(payFilterOf(query), actorOf(principal)),
          );
          return undefined;
        },
      });
    },
  };
}
