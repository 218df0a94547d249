import type { z } from 'zod';
import {
  FUND_PLAN_LINE_KIND_LABELS,
  FUND_PLAN_STATUS_LABELS,
  type FundPerform,
  type FundPerformInput,
  type FundPerformListFilter,
  type FundPlanService,
  type FundPlanStatus,
} from '@dpms/core';
import { listQueryOf } from '../../http/list-query.js';
import type { RouteBook } from '../../http/route.js';
import type { XlsxColumn } from '../../http/xlsx.js';
import { registerFundRecordRoutes } from './record.routes.js';
import { iso } from './shared.js';
import {
  fundPerformAddBody as performAddBody,
  fundPerformAnswer,
  fundPerformEditBody as performEditBody,
  fundPerformIdQuery as performIdQuery,
  fundPerformListQuery as performListQuery,
  fundPerformPage,
  type FundPerformRecord,
} from '@dpms/wire';

const PERFORM_TAG = '资金执行';

type PerformListIn = z.output<typeof performListQuery>;

export const fundPerformView = (p: FundPerform): FundPerformRecord => ({
  ...p,
  statusName: FUND_PLAN_STATUS_LABELS[p.status],
  lineKindName: FUND_PLAN_LINE_KIND_LABELS[p.lineKind],
  createTime: iso(p.createTime),
  approvedTime: iso(p.approvedTime),
});

/** The fund execution list's columns as the screen shows them (FundPerformPage). */
const PERFORM_COLUMNS: readonly XlsxColumn<FundPerform>[] = [
  { header: '计划月份', width: 10, value: (p) => p.planMonth },
  { header: '部门', width: 16, value: (p) => p.deptName },
  { header: '类别', value: (p) => FUND_PLAN_LINE_KIND_LABELS[p.lineKind] },
  { header: '执行日期', kind: 'date', width: 12, value: (p) => p.performDate },
  { header: '执行金额（万元）', kind: 'money', value: (p) => p.totalAmount },
  { header: '超计划', value: (p) => (p.overPlan ? '是' : '否') },
  { header: '状态', value: (p) => FUND_PLAN_STATUS_LABELS[p.status] },
  { header: '经办人', kind: 'person', value: (p) => p.createBy },
];

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

/** Fund execution (/contract/fundPerform/*, 9_1/9_2/26_x) against an approved plan. */
export function registerFundPerformRoutes(book: RouteBook, service: FundPlanService): void {
  registerFundRecordRoutes(book, {
    name: 'fundPerform',
    kind: 'perform',
    tag: PERFORM_TAG,
    sheet: '资金执行',
    summaries: {
      list: '资金执行单列表（按数据权限）',
      detail: '资金执行单详情',
      add: '登记资金执行（须有已通过的资金计划；超过计划余额须勾选超计划执行，走 9_2；submit=true 时同时送审）',
      edit: '修改资金执行单（仅草稿或已驳回的）',
      delete: '删除资金执行单（审批中或已通过的不能删除）',
      submit: '资金执行单送审（回款 9_1，刚性 26_1，借款 26_2，付款 26_3，超计划 9_2）',
      export: '导出资金执行单列表（.xlsx，流式）',
    },
    schemas: {
      list: performListQuery,
      id: performIdQuery,
      add: performAddBody,
      edit: performEditBody,
      answer: fundPerformAnswer,
      page: fundPerformPage,
    },
    idOf: (q) => q.performId,
    editIdOf: (b) => ({
      id: b.performId,
      ...(b.version === undefined ? {} : { version: b.version }),
    }),
    view: fundPerformView,
    columns: PERFORM_COLUMNS,
    list: (q, actor) => service.listPerforms(listQueryOf(performFilterOf(q), q), actor),
    detail: (id, actor) => service.detailPerform(id, actor),
    save: (b, actor, id, options) => service.savePerform(performInput(b), actor, id, options),
    remove: (id, actor, idem) => service.removePerform(id, actor, idem),
    submit: (id, actor, idem) => service.submitPerform(id, actor, idem),
    rows: (q, actor) => service.exportPerforms(performFilterOf(q), actor),
  });
}
