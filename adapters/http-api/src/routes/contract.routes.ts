import { z } from 'zod';
import {
  fileDownloadAddress,
  APPROVAL_STATUS_LABELS,
  BIZ_SOURCE_LABELS,
  CONTRACT_BIZ_TYPE_LABELS,
  CONTRACT_STAGE_LABELS,
  type Contract,
  type ContractActor,
  type ContractHistoryEntry,
  type ContractListFilter,
  type ContractService,
  type ContractStage,
  CONTRACT_FIELD_LABELS,
  CONTRACT_FILE_CATEGORY_LABELS,
  type ContractChange,
  type ContractExportService,
  type ContractFile,
  type ContractFileService,
  type HistoryExportRow,
  type LixiangWithContract,
  type WriteIdempotency,
  instituteYear,
  contractActionPermission,
  requirePermission,
} from '@dpms/core';
import { instituteZoneOf } from '../http/institute-zone.js';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { perm } from '../http/route.js';
import { id, optionalEnum, optionalInteger, textFilter } from '../http/schemas.js';
import { streamXlsx, XLSX_TYPE as XLSX, type XlsxColumn } from '../http/xlsx.js';
import type { RouteModule } from './route-module.js';
import { actorOf, idemOf, iso } from './contract-route-helpers.js';
import { contractPdfUrl } from '../print/pdf.routes.js';
import {
  CONTRACT_SAVE_AND_SUBMIT_BODIES,
  CONTRACT_SAVE_BODIES,
  CONTRACT_SUBMIT_BODIES,
  CONTRACT_UPDATE_BODIES,
  contractAddBody,
  contractAnswer,
  contractConvertQuery,
  contractDetailAnswer,
  contractExportListQuery,
  contractFieldsShape,
  contractIdQuery,
  contractListQuery,
  contractPage,
  contractRenameBody,
  type ContractHistoryEntry as ContractHistoryEntryView,
  type ContractChangeRecord as ContractChangeView,
  type ContractFileRecord as ContractFileView,
  contractChangeAddAnswer,
  contractChangesAnswer,
  contractFileAnswer,
  contractFilesAnswer,
  contractSummaryAnswer,
  type ContractRecord,
} from '@dpms/wire';

const TAG = '合同';

// ---- schemas ---------------------------------------------------------------------------------
// Every request and answer of the contract slice is one schema of @dpms/wire (built from core's
// rules): the route validates with it, the OpenAPI document shows it, the client parses with it.

type ListQueryIn = z.output<typeof contractListQuery>;

// ---- views -----------------------------------------------------------------------------------

const day = iso;

/** The answer's record, as the wire schema `contractRecord` documents it (RouteBook checks it). */
export const contractView = (c: Contract): ContractRecord => ({
  contractId: c.contractId,
  stage: c.stage,
  stageName: CONTRACT_STAGE_LABELS[c.stage],
  status: c.status,
  statusName: APPROVAL_STATUS_LABELS[c.status],
  effective: c.effective ? '1' : '0',
  convertedFrom: c.convertedFrom,
  approvalId: c.approvalId,
  projectName: c.projectName,
  contractName: c.contractName,
  entrustBusinessName: c.entrustBusinessName,
  contractNo: c.contractNo,
  signByMain: c.signByMain,
  signBySub: c.signBySub,
  subBankName: c.subBankName,
  bizSource: c.bizSource,
  bizSourceName: BIZ_SOURCE_LABELS[c.bizSource],
  location: c.location,
  serviceManagerId: c.serviceManagerId,
  serviceManagerName: c.serviceManagerName,
  planArea: c.planArea,
  buildArea: c.buildArea,
  sceneryArea: c.sceneryArea,
  indoorArea: c.indoorArea,
  totalAmount: c.totalAmount,
  receiveAmount: c.receiveAmount,
  cleanAmount: c.cleanAmount,
  realAmount: c.realAmount,
  realAmountRate: c.realAmountRate,
  bizType: c.bizType,
  bizTypeName: c.bizType === '' ? '' : CONTRACT_BIZ_TYPE_LABELS[c.bizType],
  entrustTask: c.entrustTask,
  entrustList: c.entrustList,
  termsContent: c.termsContent,
  specialTerms: c.specialTerms,
  instructions: c.instructions,
  performContent: c.performContent,
  trackRecord: c.trackRecord,
  signDate: c.signDate,
  files: c.files,
  contractFiles: c.contractFiles,
  /** The contract as PDF: its contract document printed with its signatures (issue 7). */
  pdfUrl: contractPdfUrl(c.contractId),
  directFee: c.directFee,
  technicalFee: c.technicalFee,
  expertFee: c.expertFee,
  operateFee: c.operateFee,
  designFee: c.designFee,
  settleAmount: c.settleAmount,
  closedCaseAmount: c.closedCaseAmount,
  backAmount: c.backAmount,
  feeRates: c.feeRates,
  version: c.version,
  deptId: c.deptId,
  userId: c.userId,
  createBy: c.createBy,
  createTime: day(c.createTime),
  updateTime: day(c.updateTime),
});

const historyView = (h: ContractHistoryEntry): ContractHistoryEntryView => ({
  action: h.action,
  changes: h.changes,
  userId: h.userId,
  userName: h.userName,
  time: day(h.at),
});

function filterOf(
  q: Omit<ListQueryIn, 'stage'>,
  stages: readonly ContractStage[],
): ContractListFilter {
  const f: { -readonly [K in keyof ContractListFilter]: ContractListFilter[K] } = { stages };
  if (q.projectName !== undefined) f.projectName = q.projectName;
  if (q.contractName !== undefined) f.contractName = q.contractName;
  if (q.contractNo !== undefined) f.contractNo = q.contractNo;
  if (q.entrustBusinessName !== undefined) f.entrustBusinessName = q.entrustBusinessName;
  if (q.bizSource !== undefined) f.bizSource = q.bizSource;
  if (q.bizType !== undefined) f.bizType = q.bizType;
  if (q.serviceManagerId !== undefined) f.serviceManagerId = q.serviceManagerId;
  if (q.deptId !== undefined) f.deptId = q.deptId;
  if (q.status !== undefined) f.status = Number(q.status) as -1 | 0 | 1 | 2 | 3;
  if (q.effective !== undefined) f.effective = q.effective === '1';
  if (q.signDateBegin !== undefined) f.signDateFrom = q.signDateBegin;
  if (q.signDateEnd !== undefined) f.signDateTo = q.signDateEnd;
  return f;
}

const contractStagesOf = (q: ListQueryIn): readonly ContractStage[] =>
  q.stage === undefined ? ['contract', 'formal'] : [q.stage];

/** Strips the routing fields from an update body, leaving what core validates. */
function inputOf<T extends { contractId?: number; version?: number | undefined }>(body: T) {
  const { contractId: _id, version: _v, ...rest } = body;
  void _id;
  void _v;
  return rest;
}

const EXPORT_COLUMNS: readonly XlsxColumn<Contract>[] = [
  { header: '合同ID', value: (c) => c.contractId, width: 10 },
  { header: '合同编号', value: (c) => c.contractNo },
  { header: '项目名称', value: (c) => c.projectName, width: 30 },
  { header: '合同名称', value: (c) => c.contractName, width: 30 },
  { header: '委托单位', value: (c) => c.entrustBusinessName, width: 24 },
  { header: '阶段', value: (c) => CONTRACT_STAGE_LABELS[c.stage] },
  { header: '状态', value: (c) => APPROVAL_STATUS_LABELS[c.status] },
  { header: '业务来源', value: (c) => BIZ_SOURCE_LABELS[c.bizSource] },
  { header: '签订日期', value: (c) => c.signDate },
  { header: '合同金额（万元）', value: (c) => c.totalAmount },
  { header: '已收金额（万元）', value: (c) => c.receiveAmount },
  { header: '合同净额（万元）', value: (c) => c.cleanAmount },
  { header: '实际金额（万元）', value: (c) => c.realAmount },
  { header: '直接费（万元）', value: (c) => c.directFee },
  { header: '技术费（万元）', value: (c) => c.technicalFee },
  { header: '经营费（万元）', value: (c) => c.operateFee },
  { header: '专家费（万元）', value: (c) => c.expertFee },
  { header: '设计费（万元）', value: (c) => c.designFee },
  { header: '服务经理', value: (c) => c.serviceManagerName },
  { header: '创建人', value: (c) => c.createBy },
  { header: '创建时间', value: (c) => c.createTime.toISOString() },
];

/** The contract ledger (exportList): the list's columns plus the fields finance checks. */
const LEDGER_COLUMNS: readonly XlsxColumn<Contract>[] = [
  ...EXPORT_COLUMNS.slice(0, -2),
  { header: '甲方', value: (c) => c.signByMain, width: 24 },
  { header: '乙方', value: (c) => c.signBySub, width: 24 },
  {
    header: '业务类型',
    value: (c) => (c.bizType === '' ? '' : CONTRACT_BIZ_TYPE_LABELS[c.bizType]),
  },
  { header: '项目地点', value: (c) => c.location },
  { header: '规划面积（万㎡）', value: (c) => c.planArea },
  { header: '建筑面积（万㎡）', value: (c) => c.buildArea },
  { header: '景观面积（万㎡）', value: (c) => c.sceneryArea },
  { header: '室内面积（万㎡）', value: (c) => c.indoorArea },
  { header: '结算金额（万元）', value: (c) => c.settleAmount },
  { header: '结案金额（万元）', value: (c) => c.closedCaseAmount },
  { header: '回款金额（万元）', value: (c) => c.backAmount },
  { header: '是否生效', value: (c) => (c.effective ? '是' : '否') },
  ...EXPORT_COLUMNS.slice(-2),
];

/** Declared projects (declare/export): what the filing sheet shows. */
const DECLARE_COLUMNS: readonly XlsxColumn<Contract>[] = [
  { header: '合同ID', value: (c) => c.contractId, width: 10 },
  { header: '项目名称', value: (c) => c.projectName, width: 30 },
  { header: '合同名称', value: (c) => c.contractName, width: 30 },
  { header: '委托单位', value: (c) => c.entrustBusinessName, width: 24 },
  { header: '审批状态', value: (c) => APPROVAL_STATUS_LABELS[c.status] },
  { header: '合同金额（万元）', value: (c) => c.totalAmount },
  { header: '合同净额（万元）', value: (c) => c.cleanAmount },
  { header: '实际金额（万元）', value: (c) => c.realAmount },
  { header: '技术费（万元）', value: (c) => c.technicalFee },
  { header: '经营费（万元）', value: (c) => c.operateFee },
  { header: '专家费（万元）', value: (c) => c.expertFee },
  { header: '设计费（万元）', value: (c) => c.designFee },
  { header: '创建人', value: (c) => c.createBy },
  { header: '创建时间', value: (c) => c.createTime.toISOString() },
];

/** Filings of declared projects (declare/exportByLx): one row per filing, beside its project. */
const BY_LX_COLUMNS: readonly XlsxColumn<LixiangWithContract>[] = [
  { header: '立项ID', value: (l) => l.lxId, width: 10 },
  { header: '立项编号', value: (l) => l.lxNo },
  { header: '项目名称', value: (l) => l.projectName, width: 30 },
  { header: '立项合同', value: (l) => l.contractName, width: 30 },
  { header: '立项合同金额（万元）', value: (l) => l.contractTotalAmount },
  { header: '业务来源', value: (l) => BIZ_SOURCE_LABELS[l.bizSource] },
  { header: '备案状态', value: (l) => APPROVAL_STATUS_LABELS[l.status] },
  { header: '备案金额（万元）', value: (l) => l.totalAmount },
  { header: '实际金额（万元）', value: (l) => l.realAmount },
  { header: '技术费（万元）', value: (l) => l.technicalFee },
  { header: '经营费（万元）', value: (l) => l.operateFee },
  { header: '专家费（万元）', value: (l) => l.expertFee },
  { header: '设计费（万元）', value: (l) => l.designFee },
  { header: '创建人', value: (l) => l.createBy },
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

export const modificationColumns = (
  no: string,
  name: string,
): readonly XlsxColumn<ModificationRow>[] => [
  { header: '记录ID', value: (r) => r.h.recordId, width: 10 },
  { header: no, value: (r) => r.h.recordNo },
  { header: name, value: (r) => r.h.recordName, width: 30 },
  { header: '操作', value: (r) => MODIFY_ACTION_LABELS[r.h.action] ?? r.h.action },
  { header: '修改字段', value: (r) => CONTRACT_FIELD_LABELS[r.field] ?? r.field },
  { header: '修改前', value: (r) => cell(r.before), width: 24 },
  { header: '修改后', value: (r) => cell(r.after), width: 24 },
  { header: '修改人', value: (r) => r.h.userName },
  { header: '修改时间', value: (r) => iso(r.h.at) },
];

const MODIFY_ACTION_LABELS: Readonly<Record<string, string>> = {
  update: '修改',
  modifyContractName: '修改合同名称',
  contractChange: '合同变更',
};

const changeView = (c: ContractChange): ContractChangeView => ({
  changeId: c.changeId,
  contractId: c.contractId,
  proposed: { ...c.proposed },
  previous: { ...c.previous },
  reason: c.reason,
  status: c.status,
  statusName: APPROVAL_STATUS_LABELS[c.status],
  approvalId: c.approvalId,
  createBy: c.createBy,
  createTime: iso(c.createTime),
});

const fileView = (f: ContractFile): ContractFileView => ({
  contractFileId: f.contractFileId,
  contractId: f.contractId,
  category: f.category,
  categoryName: CONTRACT_FILE_CATEGORY_LABELS[f.category],
  fileId: f.fileId,
  fileName: f.fileName,
  size: f.size,
  remark: f.remark,
  url: fileDownloadAddress(f.fileId),
  createBy: f.createBy,
  createTime: iso(f.createTime),
});

/** The export list's stages: any one list (stay, declare, contract, formal); formal by default. */
const exportListQuery = contractExportListQuery;

/**
 * Contracts of issue 6: unsigned (stay), declared and formal contracts, their conversions,
 * approval, side-panel totals, chart and export. Every list and read is scoped by the caller's
 * role; every write recomputes the fee split with core's `splitFees`.
 */
export function contractRoutes(
  service: ContractService,
  more: { files?: ContractFileService; exports?: ContractExportService } = {},
): RouteModule {
  return {
    name: 'contracts',
    register(book) {
      const list = (
        path: string,
        summary: string,
        permission: string,
        stagesOf: (q: ListQueryIn) => readonly ContractStage[],
        extra: (f: ContractListFilter) => ContractListFilter = (f) => f,
      ) =>
        book.add({
          method: 'get',
          path,
          summary,
          tag: TAG,
          access: perm(permission),
          query: contractListQuery,
          response: contractPage,
          handler: async ({ query, principal }) => {
            const p = await service.list(
              listQueryOf(extra(filterOf(query, stagesOf(query))), query),
              actorOf(principal),
            );
            return page(p.total, p.rows.map(contractView));
          },
        });

      const write = (
        path: string,
        summary: string,
        permission: string,
        stage: ContractStage,
        run: (
          body: z.output<(typeof CONTRACT_SAVE_BODIES)[ContractStage]>,
          actor: ContractActor,
          idem: WriteIdempotency,
        ) => ReturnType<ContractService['add']>,
      ) =>
        book.add({
          method: 'post',
          path,
          summary: `${summary}（支持 Idempotency-Key）`,
          tag: TAG,
          access: perm(permission),
          idempotency: 'use-case',
          body: CONTRACT_SAVE_BODIES[stage],
          response: contractAnswer,
          handler: async ({ body, principal, req }) =>
            ok(
              contractView(
                unwrap(await run(body, actorOf(principal), idemOf(req, principal, path))),
              ),
            ),
        });

      const byId = (
        path: string,
        summary: string,
        permission: string,
        run: (
          contractId: number,
          actor: ContractActor,
          idem: WriteIdempotency,
        ) => ReturnType<ContractService['delete']>,
      ) =>
        book.add({
          method: 'get',
          path,
          summary,
          tag: TAG,
          access: perm(permission),
          query: contractIdQuery,
          response: contractAnswer,
          handler: async ({ query, principal, req }) =>
            ok(
              contractView(
                unwrap(
                  await run(query.contractId, actorOf(principal), idemOf(req, principal, path)),
                ),
              ),
            ),
        });

      // Edits a stored record of one stage with the version it was read at.
      const update = (
        path: string,
        summary: string,
        permission: string,
        stage: 'stay' | 'declare',
      ) =>
        book.add({
          method: 'post',
          path,
          summary: `${summary}（支持 Idempotency-Key）`,
          tag: TAG,
          access: perm(permission),
          idempotency: 'use-case',
          body: CONTRACT_UPDATE_BODIES[stage],
          response: contractAnswer,
          handler: async ({ body, principal, req }) =>
            ok(
              contractView(
                unwrap(
                  await service.update(
                    body.contractId,
                    [stage],
                    inputOf(body),
                    body.version,
                    actorOf(principal),
                    idemOf(req, principal, path),
                  ),
                ),
              ),
            ),
        });

      // 保存并提交审批: one call, one transaction; a refused submit leaves nothing saved.
      const saveAndSubmit = (
        path: string,
        summary: string,
        permission: string,
        stage: 'contract' | 'declare',
      ) =>
        book.add({
          method: 'post',
          path,
          summary: `${summary}（支持 Idempotency-Key）`,
          tag: TAG,
          access: perm(permission),
          idempotency: 'use-case',
          body: CONTRACT_SAVE_AND_SUBMIT_BODIES[stage],
          response: contractAnswer,
          handler: async ({ body, principal, req }) => {
            // Saving needs the route's `:add`; sending to review needs what updateToApproval
            // needs (core's submit permission), so this route is no side door around it.
            unwrap(requirePermission(principal, contractActionPermission(stage, 'submit')));
            const { typeCode, ...rest } = body;
            return ok(
              contractView(
                unwrap(
                  await service.saveAndSubmit(
                    {
                      stage,
                      contractId: body.contractId,
                      version: body.version,
                      typeCode,
                      input: inputOf(rest),
                    },
                    actorOf(principal),
                    idemOf(req, principal, path),
                  ),
                ),
              ),
            );
          },
        });

      const convert = (
        path: string,
        summary: string,
        permission: string,
        type: 'convertByStaySign' | 'convertByDeclareProject',
      ) =>
        book.add({
          method: 'get',
          path,
          summary,
          tag: TAG,
          access: perm(permission),
          query: contractConvertQuery,
          response: contractAnswer,
          handler: async ({ query, principal, req }) => {
            const { contractId, ...fill } = query;
            return ok(
              contractView(
                unwrap(
                  await service.convert(
                    contractId,
                    type,
                    actorOf(principal),
                    idemOf(req, principal, path),
                    fill,
                  ),
                ),
              ),
            );
          },
        });

      const detail = (path: string, summary: string, permission: string) =>
        book.add({
          method: 'get',
          path,
          summary,
          tag: TAG,
          access: perm(permission),
          query: contractIdQuery,
          response: contractDetailAnswer,
          handler: async ({ query, principal }) => {
            const d = unwrap(await service.detail(query.contractId, actorOf(principal)));
            return ok({ ...contractView(d.contract), history: d.history.map(historyView) });
          },
        });

      // ---- formal contracts and contracts in review ------------------------------------------------
      list(
        '/v4/contract/list',
        '合同列表（待审与正式合同；stage=contract|formal 只看其一），按数据权限',
        'project:contract:list',
        contractStagesOf,
      );
      book.add({
        method: 'post',
        path: '/v4/contract/add',
        summary:
          '新增合同（待提交）；带 contractId 时修改未提交、已驳回或已撤回的合同。费用由服务器计算',
        tag: TAG,
        access: perm('project:contract:add'),
        idempotency: 'use-case',
        body: contractAddBody,
        response: contractAnswer,
        handler: async ({ body, principal, req }) => {
          const actor = actorOf(principal);
          const input = inputOf(body);
          const r =
            body.contractId === undefined
              ? await service.add(
                  'contract',
                  input,
                  actor,
                  false,
                  idemOf(req, principal, '/v4/contract/add'),
                )
              : await service.update(
                  body.contractId,
                  ['contract'],
                  input,
                  body.version,
                  actor,
                  idemOf(req, principal, '/v4/contract/add'),
                );
          return ok(contractView(unwrap(r)));
        },
      });
      saveAndSubmit(
        '/project/contract/saveAndSubmit',
        '保存并提交合同评审：新增（或带 contractId、version 修改）合同并提交评审（1_x，默认 1_1），在同一事务中完成，任何一步被拒绝（如缺少甲方、乙方）则都不生效，不留下待提交的合同',
        'project:contract:add',
        'contract',
      );
      write(
        '/project/contract/addHistory',
        '补录历史合同（系统上线前已签订）：直接成为正式合同，不走审批',
        'project:contract:add',
        'formal',
        (b, a, i) => service.add('formal', b, a, false, i),
      );
      book.add({
        method: 'post',
        path: '/project/contract/updateToApproval',
        summary: '提交合同评审（审批类型 1_x，默认 1_1）；审批中锁定，审批通过后成为正式合同',
        tag: TAG,
        access: perm('project:contract:edit'),
        idempotency: 'use-case',
        body: CONTRACT_SUBMIT_BODIES.contract,
        response: contractAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            contractView(
              unwrap(
                await service.submit(
                  body.contractId,
                  body.typeCode,
                  actorOf(principal),
                  idemOf(req, principal, '/project/contract/updateToApproval'),
                ),
              ),
            ),
          ),
      });
      byId(
        '/project/contract/deleteById',
        '删除合同（审批中或已审批通过的不能删除）',
        'project:contract:remove',
        (cid, a) => service.delete(cid, ['contract', 'formal'], a),
      );
      detail(
        '/project/contract/detailById',
        '合同详情（含费用拆分与变更记录）',
        'project:contract:query',
      );
      detail('/project/contract/detail', '合同详情（同 detailById）', 'project:contract:query');
      book.add({
        method: 'post',
        path: '/v4/contract/modifyContractName',
        summary: '修改合同名称（任何阶段，审批中除外；记入变更记录）',
        tag: TAG,
        access: perm('project:contract:edit'),
        body: contractRenameBody,
        response: contractAnswer,
        handler: async ({ body, principal }) =>
          ok(
            contractView(
              unwrap(await service.rename(body.contractId, body.contractName, actorOf(principal))),
            ),
          ),
      });

      // ---- unsigned (stay) contracts --------------------------------------------------------------
      list('/project/stay/list', '未签合同列表，按数据权限', 'project:stay:list', () => ['stay']);
      write('/project/stay/add', '新增未签合同', 'project:stay:add', 'stay', (b, a, i) =>
        service.add('stay', b, a, false, i),
      );
      update('/project/stay/update', '修改未签合同', 'project:stay:edit', 'stay');
      byId('/project/stay/deleteById', '删除未签合同', 'project:stay:remove', (cid, a) =>
        service.delete(cid, ['stay'], a),
      );
      list(
        '/project/contract/unEffectiveList',
        '未生效（未确认）的未签合同列表',
        'project:stay:list',
        () => ['stay'],
        (f) => ({ ...f, effective: false }),
      );
      book.add({
        method: 'get',
        path: '/project/contract/updateEffective',
        summary: '确认未签合同生效（effective=1，默认）或取消确认（effective=0）',
        tag: TAG,
        access: perm('project:stay:effective'),
        query: z.object({ contractId: id(), effective: optionalEnum(['0', '1']) }),
        response: contractAnswer,
        handler: async ({ query, principal }) =>
          ok(
            contractView(
              unwrap(
                await service.setEffective(
                  query.contractId,
                  query.effective !== '0',
                  actorOf(principal),
                ),
              ),
            ),
          ),
      });
      byId(
        '/v4/contract/delUnEffectiveContract',
        '删除未生效的未签合同（已确认生效的不能删除）',
        'project:stay:remove',
        (cid, a) => service.deleteUnEffective(cid, a),
      );
      convert(
        '/project/contract/convertByStaySign',
        '未签合同转为合同（待提交评审）；只能转一次。合同评审需要甲方、乙方和签订日期：缺少的可随请求填写（signByMain、signBySub、signDate），仍缺少则拒绝并列出字段（支持 Idempotency-Key）',
        'project:stay:convert',
        'convertByStaySign',
      );

      // ---- declared projects ----------------------------------------------------------------------
      list('/project/declare/list', '立项合同列表，按数据权限', 'project:declare:list', () => [
        'declare',
      ]);
      write(
        '/project/declare/add',
        '新增立项合同（按立项费率拆分费用）',
        'project:declare:add',
        'declare',
        (b, a, i) => service.add('declare', b, a, false, i),
      );
      write(
        '/project/declare/addHistory',
        '补录历史立项合同：直接为已审批，不走审批',
        'project:declare:add',
        'declare',
        (b, a, i) => service.add('declare', b, a, true, i),
      );
      update(
        '/project/declare/update',
        '修改立项合同（待提交、已驳回或已撤回；审批中或已审批的不能修改）。费用由服务器按立项费率计算',
        'project:declare:edit',
        'declare',
      );
      byId(
        '/project/declare/deleteById',
        '删除立项合同（审批中或已审批的不能删除）',
        'project:declare:remove',
        (cid, a) => service.delete(cid, ['declare'], a),
      );
      detail('/project/declare/detailById', '立项合同详情', 'project:declare:query');
      book.add({
        method: 'post',
        path: '/project/declare/updateToApproval',
        summary: '提交立项备案审批（审批类型 2_x，默认 2_1）；审批中锁定',
        tag: TAG,
        access: perm('project:declare:edit'),
        idempotency: 'use-case',
        body: CONTRACT_SUBMIT_BODIES.declare,
        response: contractAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            contractView(
              unwrap(
                await service.submit(
                  body.contractId,
                  body.typeCode,
                  actorOf(principal),
                  idemOf(req, principal, '/project/declare/updateToApproval'),
                ),
              ),
            ),
          ),
      });
      convert(
        '/project/contract/convertByDeclareProject',
        '立项合同转为合同（待提交评审）；只能转一次。合同评审需要甲方、乙方和签订日期：缺少的可随请求填写（signByMain、signBySub、signDate），仍缺少则拒绝并列出字段（支持 Idempotency-Key）',
        'project:declare:convert',
        'convertByDeclareProject',
      );
      saveAndSubmit(
        '/project/declare/saveAndSubmit',
        '保存并提交立项备案审批：新增（或带 contractId、version 修改）立项合同并提交审批（2_x，默认 2_1），在同一事务中完成，任何一步被拒绝则都不生效',
        'project:declare:add',
        'declare',
      );

      // ---- side panel, chart, export --------------------------------------------------------------
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
        produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
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
        query: exportListQuery,
        produces: XLSX,
        handler: async ({ query, principal, res }) => {
          const stage = query.stage ?? 'formal';
          await streamXlsx(
            res,
            '合同台账.xlsx',
            CONTRACT_STAGE_LABELS[stage],
            LEDGER_COLUMNS,
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
            DECLARE_COLUMNS,
            service.exportRows(filterOf(query, ['declare']), actorOf(principal)),
          );
          return undefined;
        },
      });
      const exports = more.exports;
      if (exports !== undefined) {
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
          summary:
            '导出立项合同的修改记录（.xlsx，流式）：每个修改的字段一行（修改人、时间、前后值）',
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

      // ---- contract change (28_1) -------------------------------------------------------------------
      book.add({
        method: 'post',
        path: '/v4/contract/change/add',
        summary:
          '发起合同变更（审批类型 28_1）：仅正式合同；审批中合同锁定，审批通过后按变更内容修改合同并重算费用（支持 Idempotency-Key）',
        tag: TAG,
        access: perm('project:contract:edit'),
        idempotency: 'use-case',
        body: z.object({
          contractId: id(),
          reason: z.string().max(2000),
          typeCode: z
            .string()
            .regex(/^28_\d$/)
            .optional(),
          fields: z.object(contractFieldsShape).partial(),
        }),
        response: contractChangeAddAnswer,
        handler: async ({ body, principal, req }) => {
          const r = unwrap(
            await service.requestChange(
              body.contractId,
              { fields: body.fields, reason: body.reason, typeCode: body.typeCode },
              actorOf(principal),
              idemOf(req, principal, '/v4/contract/change/add'),
            ),
          );
          return ok({ contract: contractView(r.contract), change: changeView(r.change) });
        },
      });
      book.add({
        method: 'get',
        path: '/v4/contract/change/list',
        summary: '合同的变更记录（含审批状态），按数据权限',
        tag: TAG,
        access: perm('project:contract:query'),
        query: contractIdQuery,
        response: contractChangesAnswer,
        handler: async ({ query, principal }) =>
          ok(unwrap(await service.changes(query.contractId, actorOf(principal))).map(changeView)),
      });

      // ---- contract, government and design files --------------------------------------------------
      const files = more.files;
      if (files !== undefined) {
        const category = optionalEnum(['contract', 'government', 'design']);
        book.add({
          method: 'get',
          path: '/project/contract/getContractFiles',
          summary:
            '合同的文件（category=contract 合同文件、government 政府文件、design 设计文件；不填为全部）',
          tag: TAG,
          access: perm('project:contract:query'),
          query: z.object({ contractId: id(), category }),
          response: contractFilesAnswer,
          handler: async ({ query, principal }) =>
            ok(
              unwrap(await files.list(query.contractId, query.category, actorOf(principal))).map(
                fileView,
              ),
            ),
        });
        book.add({
          method: 'post',
          path: '/project/contract/uploadContractFiles',
          summary:
            '把已上传的文件（/common/upload 或分片上传得到的 fileId）关联到合同，分类默认合同文件；记入变更记录',
          tag: TAG,
          access: perm('project:contract:upload'),
          body: z.object({
            contractId: id(),
            category,
            fileIds: z.array(z.string().trim().min(1).max(64)).min(1).max(50),
            remark: z.string().max(500).optional(),
          }),
          response: contractFilesAnswer,
          handler: async ({ body, principal }) =>
            ok(
              unwrap(
                await files.link(
                  body.contractId,
                  body.category ?? 'contract',
                  body.fileIds,
                  body.remark ?? '',
                  actorOf(principal),
                ),
              ).map(fileView),
            ),
        });
        book.add({
          method: 'get',
          path: '/project/contract/deleteContractFile',
          summary: '取消合同文件的关联（审批中或变更中的合同不能删除）；记入变更记录',
          tag: TAG,
          access: perm('project:contract:upload'),
          query: z.object({ contractFileId: id() }),
          response: contractFileAnswer,
          handler: async ({ query, principal }) =>
            ok(fileView(unwrap(await files.unlink(query.contractFileId, actorOf(principal))))),
        });
      }
    },
  };
}
