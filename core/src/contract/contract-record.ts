/**
 * A stored contract as the contract use cases read it: who acts, its state and entered fields, the
 * history diff, the review sheets' content and what an ended approval does to it.
 */
import { CONTRACT_APPROVAL_TEMPLATE } from '../approval/template-definitions.js';
import type { ApprovalStatus } from '../approval/approval-status.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import type { DataScope } from '../platform/data-scope.js';
import { err, ok, type Result } from '../shared/result.js';
import type { Contract, ContractFields, ContractHistoryEntry } from './contract.js';
import { applyContractEvent, contractErrors, type ContractState } from './contract-rules.js';
import type { ContractRepository } from './contract.repository.port.js';

/** What a conversion fills in: the review sheet's fields the record may lack. */
export interface ConvertFill {
  readonly signByMain?: string | undefined;
  readonly signBySub?: string | undefined;
  readonly signDate?: string | undefined;
}

/** The linked record kind contract approvals carry (the approval engine's registry key). */
export const CONTRACT_RECORD_KIND = 'contract';

/** Who acts: the signed-in user and the data scope of their current role. */
export interface ContractActor {
  readonly userId: number;
  readonly userName: string;
  readonly deptId: number | null;
  readonly scope: DataScope;
}

export interface ContractClock {
  now(): Date;
}

export interface ContractDetail {
  readonly contract: Contract;
  readonly history: readonly ContractHistoryEntry[];
}

/** The default approval type per stage: contract review 1_1, project filing 2_1. */
export const DEFAULT_REVIEW_TYPE: Readonly<Record<'contract' | 'declare', string>> = {
  contract: '1_1',
  declare: '2_1',
};

export const stateOf = (c: Contract): ContractState => ({
  stage: c.stage,
  status: c.status,
  effective: c.effective,
  approvalId: c.approvalId,
  convertedFrom: c.convertedFrom,
  deleted: false,
});

/** The fields of a stored contract as entered (directFee as stored). */
export const fieldsOf = (c: Contract): ContractFields => ({
  projectName: c.projectName,
  contractName: c.contractName,
  entrustBusinessName: c.entrustBusinessName,
  contractNo: c.contractNo,
  signByMain: c.signByMain,
  signBySub: c.signBySub,
  subBankName: c.subBankName,
  bizSource: c.bizSource,
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
  directFee: c.directFee,
  realAmountRate: c.realAmountRate,
  bizType: c.bizType,
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
});

/** Field → [before, after] for every field that changed. */
export function diffFields(
  beforeObject: object,
  afterObject: object,
): Record<string, readonly [unknown, unknown]> {
  const before = beforeObject as Readonly<Record<string, unknown>>;
  const after = afterObject as Readonly<Record<string, unknown>>;
  const changes: Record<string, readonly [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = [a ?? null, b ?? null];
  }
  return changes;
}

/** The contract review sheet's content (the Contract kind's field set), from the stored record. */
export function contractReviewContent(c: Contract): TemplateContent {
  const fields = CONTRACT_APPROVAL_TEMPLATE.templateContent.flatMap((s) => s.fields);
  const values: Record<string, string> = {
    contractName: c.contractName,
    contractNo: c.contractNo,
    signByMain: c.signByMain,
    signBySub: c.signBySub,
    totalAmount: c.totalAmount,
    receiveAmount: c.receiveAmount,
    signTime: c.signDate ?? '',
    contractContent: c.entrustTask,
  };
  const content: Record<string, ContentEntry> = {};
  for (const f of fields) {
    const value = values[f.refname];
    if (value === undefined || value === '') continue;
    content[f.refname] = { label: f.label, value, type: f.type };
  }
  return content;
}

/** The filing sheet's content (Declare kind: no fixed field set; text entries). */
export function declareContent(c: Contract): TemplateContent {
  const entry = (label: string, value: string): ContentEntry => ({ label, value, type: 'input' });
  return {
    projectName: entry('项目名称', c.projectName),
    contractName: entry('合同名称', c.contractName),
    entrustBusinessName: entry('委托单位', c.entrustBusinessName),
    totalAmount: entry('合同金额', c.totalAmount),
    cleanAmount: entry('合同净额', c.cleanAmount),
    designFee: entry('设计费', c.designFee),
    operateFee: entry('经营费', c.operateFee),
  };
}

/** What the approval engine tells the contract handler when an approval of a contract ends. */
/**
 * Saves the state an approval moved a contract to, at the version it was read with: a contract
 * changed in between is refused (its version moved on).
 */
export async function saveMovedState(
  contracts: Pick<ContractRepository, 'save'>,
  c: Contract,
  state: ContractState,
  at: Date,
): Promise<Result<void>> {
  const saved = await contracts.save(c.contractId, c.version, { state }, at);
  if (!saved.ok) return saved;
  return saved.value === null ? err(contractErrors.staleVersion()) : ok(undefined);
}

export interface ContractApprovalEvent {
  readonly approvalId: string;
  readonly recordId: string;
  readonly status: ApprovalStatus;
  readonly at: Date;
}

/**
 * The linked-record handler's work, inside the approval action's transaction: an approved
 * contract review makes the contract formal; an approved filing marks the declared project
 * approved; a rejected or withdrawn one unlocks the record. A refusal rolls the action back.
 */
export async function moveContractOnApproval(
  contracts: ContractRepository,
  event: ContractApprovalEvent,
): Promise<Result<void>> {
  const id = Number(event.recordId);
  const c = Number.isSafeInteger(id) ? await contracts.lockById(id, null) : null;
  // A pending or approved contract is never deletable, so a missing one is a broken link.
  if (c === null) return err(contractErrors.notFound());
  const before = stateOf(c);
  const moved = applyContractEvent(before, {
    type: 'approvalEnded',
    approvalId: event.approvalId,
    status: event.status,
  });
  if (!moved.ok) return moved;
  if (JSON.stringify(before) === JSON.stringify(moved.value)) return ok(undefined);
  const saved = await saveMovedState(contracts, c, moved.value, event.at);
  if (!saved.ok) return saved;
  await contracts.appendHistory({
    contractId: c.contractId,
    action: 'approvalEnded',
    changes: diffFields(
      { stage: before.stage, status: before.status },
      { stage: moved.value.stage, status: moved.value.status },
    ),
    userId: 0,
    userName: '审批流程',
    at: event.at,
  });
  return ok(undefined);
}
