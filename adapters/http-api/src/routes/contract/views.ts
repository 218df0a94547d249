import type { z } from 'zod';
import {
  fieldsOf,
  fileDownloadAddress,
  APPROVAL_STATUS_LABELS,
  BIZ_SOURCE_LABELS,
  CONTRACT_BIZ_TYPE_LABELS,
  CONTRACT_FILE_CATEGORY_LABELS,
  CONTRACT_STAGE_LABELS,
  type Contract,
  type ContractChange,
  type ContractFile,
  type ContractHistoryEntry,
  type ContractListFilter,
  type ContractStage,
} from '@dpms/core';
import type {
  contractListQuery,
  ContractChangeRecord as ContractChangeView,
  ContractFileRecord as ContractFileView,
  ContractHistoryEntry as ContractHistoryEntryView,
  ContractRecord,
} from '@dpms/wire';
import { contractPdfUrl } from '../../print/pdf.routes.js';
import { iso } from '../contract-route-helpers.js';

/** The OpenAPI tag of every contract route. */
export const TAG = '合同';

export type ListQueryIn = z.output<typeof contractListQuery>;

/** The answer's record, as the wire schema `contractRecord` documents it (RouteBook checks it). */
export const contractView = (c: Contract): ContractRecord => ({
  // The entered fields as core reads them off a stored contract; then what the answer adds.
  ...fieldsOf(c),
  contractId: c.contractId,
  stage: c.stage,
  stageName: CONTRACT_STAGE_LABELS[c.stage],
  status: c.status,
  statusName: APPROVAL_STATUS_LABELS[c.status],
  effective: c.effective ? '1' : '0',
  convertedFrom: c.convertedFrom,
  approvalId: c.approvalId,
  bizSourceName: BIZ_SOURCE_LABELS[c.bizSource],
  realAmount: c.realAmount,
  bizTypeName: c.bizType === '' ? '' : CONTRACT_BIZ_TYPE_LABELS[c.bizType],
  /** The contract as PDF: its contract document printed with its signatures. */
  pdfUrl: contractPdfUrl(c.contractId),
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
  createByName: c.createByName,
  createTime: iso(c.createTime),
  updateTime: iso(c.updateTime),
});

export const historyView = (h: ContractHistoryEntry): ContractHistoryEntryView => ({
  action: h.action,
  changes: h.changes,
  userId: h.userId,
  userName: h.userName,
  createByName: h.createByName ?? h.userName,
  time: iso(h.at),
});

export const changeView = (c: ContractChange): ContractChangeView => ({
  changeId: c.changeId,
  contractId: c.contractId,
  proposed: { ...c.proposed },
  previous: { ...c.previous },
  reason: c.reason,
  status: c.status,
  statusName: APPROVAL_STATUS_LABELS[c.status],
  approvalId: c.approvalId,
  createBy: c.createBy,
  createByName: c.createByName,
  createTime: iso(c.createTime),
});

export const fileView = (f: ContractFile): ContractFileView => ({
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
  createByName: f.createByName,
  createTime: iso(f.createTime),
});

/** A list query's filters as core's list filter, for the given stages. */
export function filterOf(
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

/** /v4/contract/list's stages: 'contract' or 'formal', both when absent. */
export const contractStagesOf = (q: ListQueryIn): readonly ContractStage[] =>
  q.stage === undefined ? ['contract', 'formal'] : [q.stage];

/** Strips the routing fields from an update body, leaving what core validates. */
export function inputOf<T extends { contractId?: number; version?: number | undefined }>(body: T) {
  const { contractId: _id, version: _v, ...rest } = body;
  void _id;
  void _v;
  return rest;
}
