import type { z } from 'zod';
import {
  FUND_MOVEMENT_LABELS,
  type BackMoney,
  type BackMoneyAllotment,
  type BackMoneyListFilter,
  type FundService,
  type LedgerEntry,
  sumAmounts,
} from '@dpms/core';
import { ok } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { listQueryOf } from '../../http/list-query.js';
import { perm, type RouteBook } from '../../http/route.js';
import type { XlsxColumn } from '../../http/xlsx.js';
import { actorOf, defined, iso, listAndExport } from './shared.js';
import {
  allotV1Body,
  allotV2Body,
  allotmentsAnswer,
  backMoneyAnswer,
  backMoneyBody,
  backMoneyDesignDetailAnswer,
  backMoneyIdQuery,
  backMoneyListQuery,
  backMoneyModifyBody,
  backMoneyPage,
  backMoneyTasksAnswer,
  ledgerAnswer,
  ledgerMismatchAnswer,
  type AllotmentRecord,
  type BackMoneyRecord,
  type LedgerRecord,
} from '@dpms/wire';

const BACK_TAG = '回款管理';

type BackMoneyListIn = z.output<typeof backMoneyListQuery>;

export const backMoneyView = (b: BackMoney): BackMoneyRecord => ({
  ...b,
  createTime: iso(b.createTime),
});
export const allotmentView = (a: BackMoneyAllotment): AllotmentRecord => ({
  ...a,
  createTime: iso(a.createTime),
});
export const ledgerView = (e: LedgerEntry): LedgerRecord => ({
  ...e,
  movementName: FUND_MOVEMENT_LABELS[e.movement],
  createTime: iso(e.createTime),
});

/** The back-money list's columns as the screen shows them (BackMoneyPage). */
const BACK_MONEY_COLUMNS: readonly XlsxColumn<BackMoney>[] = [
  { header: '项目名称', width: 30, value: (b) => b.projectName },
  { header: '合同名称', width: 30, value: (b) => b.contractName },
  { header: '合同编号', width: 18, value: (b) => b.contractNo },
  { header: '回款日期', kind: 'date', width: 12, value: (b) => b.backDate },
  { header: '回款金额（万元）', kind: 'money', value: (b) => b.backAmount },
  { header: '已分配（万元）', kind: 'money', value: (b) => b.allottedAmount },
  { header: '实付金额（万元）', kind: 'money', value: (b) => b.realPaidAmount },
  { header: '未分配（万元）', kind: 'money', value: (b) => b.unallottedAmount },
  { header: '备注', width: 30, value: (b) => b.remark },
  { header: '登记人', kind: 'person', value: (b) => b.createBy },
];

function backFilterOf(q: BackMoneyListIn): BackMoneyListFilter {
  return {
    ...(q.contractId === undefined ? {} : { contractId: q.contractId }),
    ...(q.projectName === undefined ? {} : { projectName: q.projectName }),
    ...(q.contractName === undefined ? {} : { contractName: q.contractName }),
    ...(q.backDateBegin === undefined ? {} : { backDateFrom: q.backDateBegin }),
    ...(q.backDateEnd === undefined ? {} : { backDateTo: q.backDateEnd }),
    ...(q.unallotted === '1' ? { unallotted: true } : {}),
  };
}

/** Back money (/project/backMoney/*): registration, edits, allotment to design teams, history. */
export function registerBackMoneyRoutes(book: RouteBook, service: FundService): void {
  listAndExport(book, {
    tag: BACK_TAG,
    query: backMoneyListQuery,
    filterOf: backFilterOf,
    list: {
      paths: [['/project/backMoney/list', '回款列表（按数据权限：合同的部门与负责人）']],
      permission: 'project:backMoney:list',
      rows: (q, f, actor) => service.listBackMoney(listQueryOf(f, q), actor),
      view: backMoneyView,
      response: backMoneyPage,
    },
    export: {
      path: '/project/backMoney/export',
      summary: '导出回款列表（.xlsx，流式；筛选同列表）',
      permission: 'project:backMoney:export',
      fileName: '回款列表.xlsx',
      sheetName: '回款',
      columns: BACK_MONEY_COLUMNS,
      rows: (f, actor) => service.exportBackMoney(f, actor),
    },
  });
  book.add({
    method: 'get',
    path: '/project/backMoney/detail',
    summary: '回款详情（含已分配与未分配金额）',
    tag: BACK_TAG,
    access: perm('project:backMoney:query'),
    response: backMoneyAnswer,
    query: backMoneyIdQuery,
    handler: async ({ query, principal }) =>
      ok(backMoneyView(unwrap(await service.getBackMoney(query.backMoneyId, actorOf(principal))))),
  });
  book.add({
    method: 'post',
    path: '/project/backMoney/insert',
    summary: '登记回款（记一笔账：回款未分配余额增加）',
    tag: BACK_TAG,
    access: perm('project:backMoney:add'),
    response: backMoneyAnswer,
    body: backMoneyBody,
    handler: async ({ body, principal }) =>
      ok(backMoneyView(unwrap(await service.addBackMoney(defined(body), actorOf(principal))))),
  });
  book.add({
    method: 'post',
    path: '/project/backMoney/modify',
    summary: '修改回款（金额不得小于已分配金额；差额记账）',
    tag: BACK_TAG,
    access: perm('project:backMoney:edit'),
    response: backMoneyAnswer,
    body: backMoneyModifyBody,
    handler: async ({ body, principal }) =>
      ok(backMoneyView(unwrap(await service.modifyBackMoney(defined(body), actorOf(principal))))),
  });
  book.add({
    method: 'post',
    path: '/project/backMoney/delete',
    summary: '删除回款（已分配的不能删除；冲回记账）',
    tag: BACK_TAG,
    access: perm('project:backMoney:remove'),
    body: backMoneyIdQuery,
    handler: async ({ body, principal }) => {
      unwrap(await service.deleteBackMoney(body.backMoneyId, actorOf(principal)));
      return ok();
    },
  });
  book.add({
    method: 'post',
    path: '/project/backMoney/allotDesign',
    summary: '分配回款到一个设计部门（V1），不得超过未分配余额',
    tag: BACK_TAG,
    access: perm('project:backMoney:allot'),
    response: allotmentsAnswer,
    body: allotV1Body,
    handler: async ({ body, principal }) => {
      const { backMoneyId, ...line } = body;
      const rows = unwrap(await service.allot(backMoneyId, [defined(line)], 1, actorOf(principal)));
      return ok(rows.map(allotmentView));
    },
  });
  book.add({
    method: 'post',
    path: '/project/backMoney/allotDesignV2',
    summary: '一次分配回款到多个设计部门/任务（V2），合计不得超过未分配余额',
    tag: BACK_TAG,
    access: perm('project:backMoney:allot'),
    response: allotmentsAnswer,
    body: allotV2Body,
    handler: async ({ body, principal }) => {
      const rows = unwrap(
        await service.allot(body.backMoneyId, body.list.map(defined), 2, actorOf(principal)),
      );
      return ok(rows.map(allotmentView));
    },
  });
  book.add({
    method: 'get',
    path: '/project/backMoney/history',
    summary: '回款的记账历史（登记、修改、分配，按时间）',
    tag: BACK_TAG,
    access: perm('project:backMoney:query'),
    response: ledgerAnswer,
    query: backMoneyIdQuery,
    handler: async ({ query, principal }) =>
      ok(
        unwrap(await service.backMoneyHistory(query.backMoneyId, actorOf(principal))).map(
          ledgerView,
        ),
      ),
  });
  book.add({
    method: 'get',
    path: '/project/backMoney/taskList',
    summary: '回款所属合同的设计任务（所属部门、任务金额、已分配金额），供分配选择',
    tag: BACK_TAG,
    access: perm('project:backMoney:query'),
    response: backMoneyTasksAnswer,
    query: backMoneyIdQuery,
    handler: async ({ query, principal }) =>
      ok(unwrap(await service.backMoneyTasks(query.backMoneyId, actorOf(principal)))),
  });
  book.add({
    method: 'get',
    path: '/project/backMoney/getBackMoneyDesignDetail',
    summary: '回款分配明细：按设计部门汇总的分配金额及每笔分配',
    tag: BACK_TAG,
    access: perm('project:backMoney:query'),
    response: backMoneyDesignDetailAnswer,
    query: backMoneyIdQuery,
    handler: async ({ query, principal }) => {
      const actor = actorOf(principal);
      const b = unwrap(await service.getBackMoney(query.backMoneyId, actor));
      const lines = unwrap(await service.allotments(query.backMoneyId, actor));
      const teams = new Map<
        number,
        { deptId: number; deptName: string; lines: BackMoneyAllotment[] }
      >();
      for (const l of lines) {
        const t = teams.get(l.deptId) ?? { deptId: l.deptId, deptName: l.deptName, lines: [] };
        t.lines.push(l);
        teams.set(l.deptId, t);
      }
      return ok({
        backMoney: backMoneyView(b),
        teams: [...teams.values()].map((t) => ({
          deptId: t.deptId,
          deptName: t.deptName,
          allotAmount: sumAmounts(t.lines.map((l) => l.allotAmount)),
          list: t.lines.map(allotmentView),
        })),
      });
    },
  });
  book.add({
    method: 'get',
    path: '/project/backMoney/reconcile',
    summary: '对账：余额与账目合计不符或为负的账户（全部相符时为空）',
    tag: BACK_TAG,
    access: perm('project:backMoney:export'),
    response: ledgerMismatchAnswer,
    handler: async () => ok(await service.reconcile()),
  });
}
