/**
 * The steps every contract write takes inside its transaction: lock the row (refusing a missing
 * one or one held by a change in approval), save it at the version read, and append the history
 * line. Then the writes that move a record to another stage or propose new values: 转合同 and a
 * contract change.
 */
import type { DataScope } from '../platform/data-scope.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { WriteAbort } from '../shared/write.js';
import type { Contract } from './contract.js';
import { checkClientFees, computeContractFees, type ClientFees } from './contract-fees.js';
import { CONTRACT_ERROR_CODES, CONTRACT_MESSAGES } from './contract-messages.js';
import { applyContractEvent, contractErrors, isLocked } from './contract-rules.js';
import { validateContractInput, type ContractInput } from './contract-validation.js';
import {
  CHANGEABLE_FIELDS,
  CONTRACT_CHANGE_RECORD_KIND,
  DEFAULT_CHANGE_TYPE,
  changeContent,
  changeErrors,
  changeFees,
  isInChange,
  type ContractChange,
} from './contract-change.js';
import {
  diffFields,
  fieldsOf,
  stateOf,
  type ContractActor,
  type ConvertFill,
} from './contract-record.js';
import type { ContractRepositories } from './contract.repository.port.js';

const blankOr = (given: string | undefined, stored: string): string =>
  given === undefined || given.trim() === '' ? stored : given;

export async function lockedContract(
  repos: ContractRepositories,
  contractId: number,
  scope: DataScope,
): Promise<Contract> {
  const c = await repos.contracts.lockById(contractId, scope);
  if (c === null) throw new WriteAbort(contractErrors.notFound());
  // A contract change in approval holds the record until it ends.
  if (isInChange(c)) throw new WriteAbort(changeErrors.inChange());
  return c;
}

export async function saveContract(
  repos: ContractRepositories,
  c: Contract,
  changes: Parameters<ContractRepositories['contracts']['save']>[2],
  now: Date,
): Promise<Contract> {
  const saved = await repos.contracts.save(c.contractId, c.version, changes, now);
  if (!saved.ok) throw new WriteAbort(saved.error);
  if (saved.value === null) throw new WriteAbort(contractErrors.staleVersion());
  return saved.value;
}

export function logContract(
  repos: ContractRepositories,
  contractId: number,
  action: string,
  changes: Record<string, readonly [unknown, unknown]>,
  actor: ContractActor,
  now: Date,
): Promise<void> {
  return repos.contracts.appendHistory({
    contractId,
    action,
    changes,
    userId: actor.userId,
    userName: actor.userName,
    at: now,
  });
}

/** convertByStaySign / convertByDeclareProject, inside the write (see `ContractService.convert`). */
export async function convertIn(
  repos: ContractRepositories,
  now: Date,
  request: {
    readonly contractId: number;
    readonly type: 'convertByStaySign' | 'convertByDeclareProject';
    readonly fill: ConvertFill;
  },
  actor: ContractActor,
): Promise<Result<Contract>> {
  const { contractId, type, fill } = request;
  const c = await lockedContract(repos, contractId, actor.scope);
  const moved = applyContractEvent(stateOf(c), { type });
  if (!moved.ok) return moved;
  const before = fieldsOf(c);
  const filled = validateContractInput(
    {
      ...before,
      signByMain: blankOr(fill.signByMain, before.signByMain),
      signBySub: blankOr(fill.signBySub, before.signBySub),
      signDate: blankOr(fill.signDate, before.signDate ?? ''),
    },
    moved.value.stage,
    { review: true },
  );
  if (!filled.ok) return filled;
  const fields = { ...filled.value, directFee: before.directFee };
  // A declared project splits by the declare rate set; as a contract it splits by its own
  // source, so converting recomputes the split (an unsigned one keeps the same source).
  const computed = computeContractFees(fields, moved.value.stage, await repos.rates.current(), c);
  if (!computed.ok) return computed;
  const saved = await saveContract(
    repos,
    c,
    {
      state: moved.value,
      fields: { ...fields, directFee: computed.value.fees.directFee },
      fees: computed.value.fees,
      feeRates: computed.value.rates,
    },
    now,
  );
  await logContract(
    repos,
    contractId,
    type,
    {
      ...diffFields(stateOf(c), moved.value),
      ...diffFields(
        { signByMain: c.signByMain, signBySub: c.signBySub, signDate: c.signDate },
        {
          signByMain: fields.signByMain,
          signBySub: fields.signBySub,
          signDate: fields.signDate,
        },
      ),
      ...diffFields(
        { realAmount: c.realAmount, designFee: c.designFee, operateFee: c.operateFee },
        {
          realAmount: computed.value.fees.realAmount,
          designFee: computed.value.fees.designFee,
          operateFee: computed.value.fees.operateFee,
        },
      ),
    },
    actor,
    now,
  );
  return ok(saved);
}

/** A contract change's proposal, inside the write (see `ContractService.requestChange`). */
export async function requestChangeIn(
  repos: ContractRepositories,
  now: Date,
  contractId: number,
  request: {
    readonly fields: ContractInput & ClientFees;
    readonly reason: string;
    readonly typeCode?: string | undefined;
  },
  actor: ContractActor,
): Promise<Result<{ contract: Contract; change: ContractChange }>> {
  const c = await lockedContract(repos, contractId, actor.scope);
  if (isLocked(stateOf(c))) return err(contractErrors.locked());
  if (c.stage !== 'formal') return err(changeErrors.notFormal());
  const reason = request.reason.trim();
  if (reason === '') return err(changeErrors.reason());
  if (reason.length > 2000) return err(changeErrors.reasonLong());
  const code = request.typeCode ?? DEFAULT_CHANGE_TYPE;
  if (!/^28_\d$/.test(code)) {
    return err(
      domainError(
        CONTRACT_ERROR_CODES.invalidValue,
        CONTRACT_MESSAGES.invalidValue('typeCode'),
        'typeCode',
      ),
    );
  }
  const before = fieldsOf(c);
  const merged: Record<string, unknown> = { ...before };
  for (const f of CHANGEABLE_FIELDS) {
    const v = (request.fields as Record<string, unknown>)[f];
    if (v !== undefined) merged[f] = v;
  }
  const fields = validateContractInput(merged, c.stage);
  if (!fields.ok) return fields;
  const fees = changeFees(c, fields.value, await repos.rates.current());
  if (!fees.ok) return fees;
  const checked = checkClientFees(request.fields, fees.value);
  if (!checked.ok) return checked;
  const proposed = { ...fields.value, directFee: fees.value.fees.directFee };
  const changes = diffFields(before, proposed);
  if (Object.keys(changes).length === 0) return err(changeErrors.nothing());
  const change = await repos.changes.insert(
    {
      contractId,
      proposed,
      previous: before,
      reason,
      userId: actor.userId,
      createBy: actor.userName,
    },
    now,
  );
  const approval = await repos.approvals.submit({
    typeCode: code,
    kind: 'ContractChange',
    title: `合同变更：${c.contractName}`,
    content: changeContent(c, changes, reason),
    recordKind: CONTRACT_CHANGE_RECORD_KIND,
    recordId: String(change.changeId),
    drafterId: actor.userId,
    drafterDeptId: actor.deptId,
    idempotencyScope: 'contract.submit',
  });
  if (!approval.ok) return approval;
  await repos.changes.setApproval(change.changeId, approval.value.approvalId, now);
  const saved = await saveContract(repos, c, { changeId: change.changeId }, now);
  await logContract(
    repos,
    contractId,
    'contractChangeRequested',
    { changeId: [null, change.changeId], approvalId: [null, approval.value.approvalId] },
    actor,
    now,
  );
  return ok({
    contract: saved,
    change: { ...change, approvalId: approval.value.approvalId, status: 0 as const },
  });
}
