import type { ApprovalStatus } from '../approval/approval-status.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import type { FeeRateSets } from '../fees/fee-rates.js';
import { feeCategoryOf } from '../fees/fee-rates.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import type { Contract, ContractFields } from './contract.js';
import { computeContractFees, feeSourceOf, type ComputedContractFees } from './contract-fees.js';
import { CONTRACT_FIELD_LABELS } from './contract-messages.js';
import { contractErrors } from './contract-rules.js';
import type { ContractRepository } from './contract.repository.port.js';

/** The linked record kind of contract change (28_1) approvals. */
export const CONTRACT_CHANGE_RECORD_KIND = 'contractChange';
export const DEFAULT_CHANGE_TYPE = '28_1';

/**
 * The fields a contract change may propose: what a signed contract's supplement changes. The
 * source, the stage and the record's owner are not among them (a different source is a different
 * contract).
 */
export const CHANGEABLE_FIELDS = [
  'projectName',
  'contractName',
  'entrustBusinessName',
  'signByMain',
  'signBySub',
  'subBankName',
  'location',
  'serviceManagerId',
  'serviceManagerName',
  'planArea',
  'buildArea',
  'sceneryArea',
  'indoorArea',
  'totalAmount',
  'receiveAmount',
  'cleanAmount',
  'directFee',
  'realAmountRate',
  'bizType',
  'entrustTask',
  'termsContent',
  'specialTerms',
  'instructions',
  'performContent',
  'trackRecord',
  'signDate',
] as const satisfies readonly (keyof ContractFields)[];
export type ChangeableField = (typeof CHANGEABLE_FIELDS)[number];

/** A stored contract change: the fields it proposes and those it replaces. */
export interface ContractChange {
  readonly changeId: number;
  readonly contractId: number;
  readonly proposed: ContractFields;
  readonly previous: ContractFields;
  readonly reason: string;
  /** Its approval's status: 0 in approval, 1 applied, 2 rejected, 3 withdrawn. */
  readonly status: ApprovalStatus;
  readonly approvalId: string | null;
  readonly userId: number;
  readonly createBy: string;
  /** The author by name (`personNameOf`), read beside the login `createBy` keeps. */
  readonly createByName: string;
  readonly createTime: Date;
}

export interface ContractChangeRepository {
  insert(
    change: Omit<ContractChange, 'changeId' | 'status' | 'approvalId' | 'createTime' | 'createByName'>,
    now: Date,
  ): Promise<ContractChange>;
  /** The change with its approval's status (a rejected or withdrawn approval reads as such). */
  findById(changeId: number): Promise<ContractChange | null>;
  setApproval(changeId: number, approvalId: string, now: Date): Promise<void>;
  setStatus(changeId: number, status: ApprovalStatus, now: Date): Promise<void>;
  listByContract(contractId: number): Promise<readonly ContractChange[]>;
}

export const changeErrors = {
  notFormal: (): DomainError =>
    domainError(
      'CONTRACT.CHANGE_NOT_FORMAL',
      '只有正式合同（已审批通过或补录的历史合同）才能发起合同变更；未审批的合同请直接修改',
    ),
  inChange: (): DomainError =>
    domainError('CONTRACT.CHANGE_LOCKED', '合同变更正在审批中，审批结束前不能修改或再次变更'),
  nothing: (): DomainError =>
    domainError('CONTRACT.CHANGE_EMPTY', '变更内容与当前合同相同，没有需要变更的字段', 'fields'),
  reason: (): DomainError => domainError('VALIDATION.REQUIRED', '变更原因不能为空', 'reason'),
  reasonLong: (): DomainError =>
    domainError('VALIDATION.MAX_LENGTH', '变更原因不能超过2000个字符', 'reason'),
  notFound: (): DomainError => domainError('CONTRACT.CHANGE_NOT_FOUND', '合同变更记录不存在'),
} as const;

/** Whether a contract waits on a change approval (and so refuses every other write). */
export const isInChange = (c: Pick<Contract, 'changeId'>): boolean =>
  c.changeId !== undefined && c.changeId !== null;

/**
 * The fee split of changed fields: with the rates the contract was computed with when its source
 * category is unchanged (a change corrects amounts, not the rate table of its day), else the
 * current set.
 */
export function changeFees(
  c: Contract,
  proposed: ContractFields,
  current: FeeRateSets,
): Result<ComputedContractFees> {
  const before = feeCategoryOf(feeSourceOf(c.stage, c));
  const after = feeCategoryOf(feeSourceOf(c.stage, proposed));
  const sets: FeeRateSets = before === after ? { [after]: c.feeRates } : current;
  return computeContractFees(proposed, c.stage, sets, {
    settleAmount: c.settleAmount,
    closedCaseAmount: c.closedCaseAmount,
    backAmount: c.backAmount,
  });
}

const show = (v: unknown): string =>
  v === null || v === undefined || v === ''
    ? '（空）'
    : typeof v === 'string'
      ? v
      : JSON.stringify(v);

/** The 28_1 sheet: contract name and a line per changed field, then the reason. */
export function changeContent(
  c: Contract,
  changes: Readonly<Record<string, readonly [unknown, unknown]>>,
  reason: string,
): TemplateContent {
  const lines = Object.entries(changes).map(
    ([field, [a, b]]) => `${CONTRACT_FIELD_LABELS[field] ?? field}：${show(a)} → ${show(b)}`,
  );
  const name: ContentEntry = { label: '合同名称', value: c.contractName, type: 'input' };
  const body: ContentEntry = {
    label: '变更内容',
    value: [...lines, `变更原因：${reason}`].join('\n'),
    type: 'textarea',
  };
  return { contractName: name, contractContent: body };
}

/**
 * The change handler's work in the approval's transaction: approved applies the proposed fields
 * with the split recomputed and releases the lock; rejected or withdrawn release it and keep the
 * contract as it was. Only the change the contract waits on moves anything.
 */
export async function applyChangeOnApproval(
  repos: {
    readonly contracts: ContractRepository;
    readonly changes: ContractChangeRepository;
  },
  current: () => Promise<FeeRateSets>,
  event: {
    readonly approvalId: string;
    readonly recordId: string;
    readonly status: ApprovalStatus;
    readonly at: Date;
  },
): Promise<Result<void>> {
  const change = await repos.changes.findById(Number(event.recordId));
  if (change === null) return err(changeErrors.notFound());
  if (change.approvalId !== event.approvalId) return ok(undefined);
  if (event.status !== 1 && event.status !== 2 && event.status !== 3) return ok(undefined);
  const c = await repos.contracts.lockById(change.contractId, null);
  if (c === null) return err(contractErrors.notFound());
  await repos.changes.setStatus(change.changeId, event.status, event.at);
  if (c.changeId !== change.changeId) return ok(undefined);
  if (event.status !== 1) {
    const saved = await repos.contracts.save(c.contractId, c.version, { changeId: null }, event.at);
    if (!saved.ok) return saved;
    return saved.value === null ? err(contractErrors.staleVersion()) : ok(undefined);
  }
  const fees = changeFees(c, change.proposed, await current());
  if (!fees.ok) return fees;
  const saved = await repos.contracts.save(
    c.contractId,
    c.version,
    {
      fields: { ...change.proposed, directFee: fees.value.fees.directFee },
      fees: fees.value.fees,
      feeRates: fees.value.rates,
      changeId: null,
    },
    event.at,
  );
  if (!saved.ok) return saved;
  if (saved.value === null) return err(contractErrors.staleVersion());
  const changed: Record<string, readonly [unknown, unknown]> = {};
  for (const f of CHANGEABLE_FIELDS) {
    if (JSON.stringify(change.previous[f]) !== JSON.stringify(change.proposed[f]))
      changed[f] = [change.previous[f], change.proposed[f]];
  }
  await repos.contracts.appendHistory({
    contractId: c.contractId,
    action: 'contractChange',
    changes: changed,
    userId: 0,
    userName: '审批流程',
    at: event.at,
  });
  return ok(undefined);
}
