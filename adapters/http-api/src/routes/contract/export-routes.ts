import { z } from 'zod';
import {
  APPROVAL_STATUS_LABELS,
  BIZ_SOURCE_LABELS,
  CONTRACT_BIZ_TYPE_LABELS,
  CONTRACT_FIELD_LABELS,
  CONTRACT_STAGE_LABELS,
  type Contract,
  type ContractExportService,
  type ContractService,
  type HistoryExportRow,
  type LixiangWithContract,
  instituteYear,
} from '@dpms/core';
import { contractExportListQuery, contractListQuery, contractSummaryAnswer } from '@dpms/wire';
import { ok } from '../../http/envelope.js';
import { instituteZoneOf } from '../../http/institute-zone.js';
import { perm, type RouteBook } from '../../http/route.js';
import { optionalEnum, optionalInteger, textFilter } from '../../http/schemas.js';
import { streamXlsx, XLSX_TYPE as XLSX, type XlsxColumn } from '../../http/xlsx.js';
import { actorOf } from '../contract-route-helpers.js';
import { contractStagesOf, filterOf, TAG } from './views.js';

/**
 * The contract lists' columns as the screen shows them (ContractLists: same titles, same order),
 * the unsigned list with its 是否生效; amounts as numbers, the sign date as a date.
 */
const listColumns = (stay: boolean): readonly XlsxColumn<Contract>[] => [
  { header: '合同编号', value: (c) => c.contractNo },
  { header: '项目名称', value: (c) => c.projectName, width: 30 },
  { header: '合同名称', value: (c) => c.contractName, width: 30 },
  { header: '委托单位', value: (c) => c.entrustBusinessName, width: 24 },
  { header: '业务来源', value: (c) => BIZ_SOURCE_LABELS[c.bizSource] },
  { header: '阶段', value: (c) => CONTRACT_STAGE_LABELS[c.stage] },
  { header: '审批状态', value: (c) => APPROVAL_STATUS_LABELS[c.status] },
  ...(stay ? [{ header: '是否生效', value: (c: Contract) => (c.effective ? '是' : '否') }] : []),
  { header: '签订日期', kind: 'date', value: (c) => c.signDate },
  { header: '合同金额（万元）', kind: 'money', value: (c) => c.totalAmount },
  { header: '已收金额（万元）', kind: 'money', value: (c) => c.receiveAmount },
  { header: '实际金额（万元）', kind: 'money', value: (c) => c.realAmount },
  { header: '设计费（万元）', kind: 'money', value: (c) => c.designFee },
  { header: '经营费（万元）', kind: 'money', value: (c) => c.operateFee },
  { header: '创建人', kind: 'person', value: (c) => c.createBy },
];

const EXPORT_COLUMNS = listColumns(false);

/**
 * The contract ledger (exportList): the list's columns first, as the screen shows them, then the
 * fields finance checks beside them.
 */
const ledgerColumns = (stay: boolean): readonly XlsxColumn<Contract>[] => [
  ...listColumns(stay),
  { header: '创建时间', kind: 'instant', value: (c) => c.createTime },
  { header: '合同净额（万元）', kind: 'money', value: (c) => c.cleanAmount },
  { header: '直接费（万元）', kind: 'money', value: (c) => c.directFee },
  { header: '技术费（万元）', kind: 'money', value: (c) => c.technicalFee },
  { header: '专家费（万元）', kind: 'money', value: (c) => c.expertFee },
  { header: '服务经理', value: (c) => c.serviceManagerName },
  { header: '甲方', value: (c) => c.signByMain, width: 24 },
  { header: '乙方', value: (c) => c.signBySub, width: 24 },
  {
    header: '业务类型',
    value: (c) => (c.bizType === '' ? '' : CONTRACT_BIZ_TYPE_LABELS[c.bizType]),
  },
  { header: '项目地点', value: (c) => c.location },
  { header: '规划面积（万㎡）', kind: 'number', value: (c) => c.planArea },
  { header: '建筑面积（万㎡）', kind: 'number', value: (c) => c.buildArea },
  { header: '景观面积（万㎡）', kind: 'number', value: (c) => c.sceneryArea },
  { header: '室内面积（万㎡）', kind: 'number', value: (c) => c.indoorArea },
  { header: '结算金额（万元）', kind: 'money', value: (c) => c.settleAmount },
  { header: '结案金额（万元）', kind: 'money', value: (c) => c.closedCaseAmount },
  { header: '回款金额（万元）', kind: 'money', value: (c) => c.backAmount },
  ...(stay ? [] : [{ header: '是否生效', value: (c: Contract) => (c.effective ? '是' : '否') }]),
];

/** Filings of declared projects (declare/exportByLx): one row per filing, beside its project. */
const BY_LX_COLUMNS: readonly XlsxColumn<LixiangWithContract>[] = [
  { header: '立项ID', kind: 'number', value: (l) => l.lxId, width: 10 },
  { header: '立项编号', value: (l) => l.lxNo },
  { header: '项目名称', value: (l) => l.projectName, width: 30 },
  { header: '立项合同', value: (l) => l.contractName, width: 30 },
  { header: '立项合同金额（万元）', kind: 'money', value: (l) => l.contractTotalAmount },
  { header: '业务来源', value: (l) => BIZ_SOURCE_LABELS[l.bizSource] },
  { header: '备案状态', value: (l) => APPROVAL_STATUS_LABELS[l.status] },
  { header: '备案金额（万元）', kind: 'money', value: (l) => l.totalAmount },
  { header: '实际金额（万元）', kind: 'money', value: (l) => l.realAmount },
  { header: '技术费（万元）', kind: 'money', value: (l) => l.technicalFee },
  { header: '经营费（万元）', kind: 'money', value: (l) => l.operateFee },
  { header: '专家费（万元）', kind: 'money', value: (l) => l.expertFee },
  { header: '设计费（万元）', kind: 'money', value: (l) => l.designFee },
  { header: '创建人', kind: 'person', value: (l) => l.createBy },
];

/** One row per changed field of a modification (exportByModify / exportByLxModify). */
export interface ModificationRow {
  readonly h: HistoryExportRow;
  readonly field: string;
  readonly before: unknown;
  readonly after: unknown;
}

const cell = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

export async function* modificationRows(
  rows: AsyncIterable<HistoryExportRow>,
): AsyncGenerator<ModificationRow> {
  for await (const h of rows) {
    for (const [field, [before, after]] of Object.entries(h.changes)) {
      yield { h, field, before, after };
    }
  }
}

const MODIFY_ACTION_LABELS: Readonly<Record<string, string>> = {
  update: '修改',
  modifyContractName: '修改合同名称',
  contractChange: '合同变更',
};

export const modificationColumns = (
  no: string,
  name: string,
): readonly XlsxColumn<ModificationRow>[] => [
  { header: '记录ID', kind: 'number', value: (r) => r.h.recordId, width: 10 },
  { header: no, value: (r) => r.h.recordNo },
  { header: name, value: (r) => r.h.recordName, width: 30 },
  { header: '操作', value: (r) => MODIFY_ACTION_LABELS[r.h.action] ?? r.h.action },
  { header: '修改字段', value: (r) => CONTRACT_FIELD_LABELS[r.field] ?? r.field },
  { header: '修改前', value: (r) => cell(r.before), width: 24 },
  { header: '修改后', value: (r) => cell(r.after), width: 24 },
  { header: '修改人', kind: 'person', value: (r) => r.h.userName },
  { header: '修改时间', kind: 'instant', value: (r) => r.h.at },
];

/** The side panel's totals, the home page's chart, and the contract lists as .xlsx. */
export function registerContractPanelAndExports(
  book: RouteBook,
  service: ContractService,
  exports: ContractExportService | undefined,
): void {
  book.add({
    method: 'get',
    path: '/project/contract/summary',
    summary:
      '侧栏合计（万元，按数据权限）：unEffectiveTotalAmount 未生效未签合同金额、stayTotalAmount 未签合同金额、stayReceiveAmount 未签合同已收、declTotalAmount 立项合同金额、declDesignFee 立项设计费、declOperateFee 立项经营费',
    tag: TAG,
    access: perm('project:chart:list'),
    response: contractSummaryAnswer,
    handler: async ({ principal }) => ok(await service.summary(actorOf(principal))),
  });
  book.add({
    method: 'get',
    path: '/project/chart/list',
    summary: '经营主页图表：某年（默认今年）每月签订的正式合同数、金额与已收金额，按数据权限',
    tag: TAG,
    access: perm('project:chart:list'),
    query: z.object({
      year: optionalInteger(2000, 2100),
    }),
    handler: async ({ query, principal, res }) => {
      // "This year" is the institute's year, not the server's.
      const year = query.year ?? instituteYear(new Date(), await instituteZoneOf(res));
      return ok(await service.chart(year, actorOf(principal)));
    },
  });
  book.add({
    method: 'get',
    path: '/v4/contract/export',
    summary: '导出合同列表（.xlsx，流式；筛选同 /v4/contract/list，不分页）',
    tag: TAG,
    access: perm('project:contract:export'),
    query: contractListQuery,
    produces: XLSX,
    handler: async ({ query, principal, res }) => {
      await streamXlsx(
        res,
        '合同列表.xlsx',
        '合同',
        EXPORT_COLUMNS,
        service.exportRows(filterOf(query, contractStagesOf(query)), actorOf(principal)),
      );
      return undefined;
    },
  });
  book.add({
    method: 'get',
    path: '/project/contract/exportList',
    summary:
      '导出合同台账（.xlsx，流式）：stage=stay|declare|contract|formal 选一个列表（默认正式合同），筛选同列表',
    tag: TAG,
    access: perm('project:contract:export'),
    query: contractExportListQuery,
    produces: XLSX,
    handler: async ({ query, principal, res }) => {
      const stage = query.stage ?? 'formal';
      await streamXlsx(
        res,
        '合同台账.xlsx',
        CONTRACT_STAGE_LABELS[stage],
        ledgerColumns(stage === 'stay'),
        service.exportRows(filterOf(query, [stage]), actorOf(principal)),
      );
      return undefined;
    },
  });
  book.add({
    method: 'get',
    path: '/project/declare/export',
    summary: '导出立项合同列表（.xlsx，流式；筛选同 /project/declare/list）',
    tag: TAG,
    access: perm('project:declare:export'),
    query: contractListQuery,
    produces: XLSX,
    handler: async ({ query, principal, res }) => {
      await streamXlsx(
        res,
        '立项合同.xlsx',
        '立项合同',
        EXPORT_COLUMNS,
        service.exportRows(filterOf(query, ['declare']), actorOf(principal)),
      );
      return undefined;
    },
  });
  if (exports === undefined) return;
  book.add({
    method: 'get',
    path: '/project/declare/exportByLx',
    summary: '按立项备案导出立项合同（.xlsx，流式）：每条备案一行，附其立项合同',
    tag: TAG,
    access: perm('project:declare:export'),
    query: z.object({
      projectName: textFilter(100),
      lxNo: textFilter(64),
      bizSource: optionalEnum(['1', '2', '3']),
    }),
    produces: XLSX,
    handler: async ({ query, principal, res }) => {
      const f: { projectName?: string; lxNo?: string; bizSource?: string } = {};
      if (query.projectName !== undefined) f.projectName = query.projectName;
      if (query.lxNo !== undefined) f.lxNo = query.lxNo;
      if (query.bizSource !== undefined) f.bizSource = query.bizSource;
      await streamXlsx(
        res,
        '立项合同备案.xlsx',
        '立项备案',
        BY_LX_COLUMNS,
        exports.filingsOfDeclared(f, actorOf(principal)),
      );
      return undefined;
    },
  });
  book.add({
    method: 'get',
    path: '/project/declare/exportByLxModify',
    summary: '导出立项合同的修改记录（.xlsx，流式）：每个修改的字段一行（修改人、时间、前后值）',
    tag: TAG,
    access: perm('project:declare:export'),
    produces: XLSX,
    handler: async ({ principal, res }) => {
      await streamXlsx(
        res,
        '立项合同修改记录.xlsx',
        '修改记录',
        modificationColumns('合同编号', '项目名称'),
        modificationRows(exports.modifications('contract', 'declare', actorOf(principal))),
      );
      return undefined;
    },
  });
}
