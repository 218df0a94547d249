import { CONTRACT_APPROVAL_TEMPLATE } from '../approval/template-definitions.js';
import type { ApprovalStatus } from '../approval/approval-status.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import type { Contract, ContractFields, ContractHistoryEntry, ContractStage } from './contract.js';
import { checkClientFees, computeContractFees, type ClientFees } from './contract-fees.js';
import { CONTRACT_ERROR_CODES, CONTRACT_MESSAGES } from './contract-messages.js';
import {
  applyContractEvent,
  contractErrors,
  initialContractState,
  isLocked,
  type ContractEvent,
  type ContractState,
} from './contract-rules.js';
import {
  CONTRACT_TEXT_LIMITS,
  missingForReview,
  validateContractInput,
  type ContractCheckOptions,
  type ContractInput,
} from './contract-validation.js';
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
import { WriteAbort, runWrite, type WriteIdempotency } from '../shared/write.js';
import type {
  ContractChartPoint,
  ContractListFilter,
  ContractListQuery,
  ContractRepositories,
  ContractRepository,
  ContractSummary,
} from './contract.repository.port.js';

/** What a conversion fills in: the review sheet's fields the record may lack. */
export interface ConvertFill {
  readonly signByMain?: string | undefined;
  readonly signBySub?: string | undefined;
  readonly signDate?: string | undefined;
}

const blankOr = (given: string | undefined, stored: string): string =>
  given === undefined || given.trim() === '' ? stored : given;

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
function declareContent(c: Contract): TemplateContent {
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
  const saved = await contracts.save(c.contractId, c.version, { state: moved.value }, event.at);
  if (!saved.ok) return saved;
  if (saved.value === null) return err(contractErrors.staleVersion());
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

/**
 * The contract use cases (001 §4, issue 6): every write runs in one transaction that locks the
 * row, applies core's stage rules, recomputes the fee split from the stored inputs with the
 * current rate set, and appends a history line (who, what, when).
 */
export class ContractService {
  constructor(
    private readonly uow: UnitOfWork<ContractRepositories>,
    private readonly clock: ContractClock,
  ) {}

  // ---- writes ------------------------------------------------------------------------------------

  /** add (stay, declare, contract) and addHistory ('formal': signed before the system, no approval). */
  add(
    stage: ContractStage,
    input: ContractInput & ClientFees,
    actor: ContractActor,
    history = false,
    idem?: WriteIdempotency,
  ): Promise<Result<Contract>> {
    return this.write((repos, now) => this.addIn(repos, now, stage, input, actor, history), idem);
  }

  /** Edits a record of one of `stages` that is neither in approval nor approved. */
  update(
    contractId: number,
    stages: readonly ContractStage[],
    input: ContractInput & ClientFees,
    version: number | undefined,
    actor: ContractActor,
    idem?: WriteIdempotency,
  ): Promise<Result<Contract>> {
    return this.write(
      (repos, now) => this.updateIn(repos, now, contractId, stages, input, version, actor),
      idem,
    );
  }

  /**
   * Save and submit (保存并提交审批): adds the contract or declared project (or edits it, with
   * `contractId`) and sends it for review in ONE transaction, so either both happen or neither:
   * a refused submit (a party missing, the flow refusing) leaves no record behind and nothing
   * changed. A contract sent for review is checked for the review sheet's fields with the rest of
   * the form, so every missing field is named at once.
   */
  saveAndSubmit(
    request: {
      readonly stage: 'contract' | 'declare';
      readonly contractId?: number | undefined;
      readonly version?: number | undefined;
      readonly typeCode?: string | undefined;
      readonly input: ContractInput & ClientFees;
    },
    actor: ContractActor,
    idem?: WriteIdempotency,
  ): Promise<Result<Contract>> {
    const { stage, contractId, input } = request;
    return this.write(async (repos, now) => {
      const saved =
        contractId === undefined
          ? await this.addIn(repos, now, stage, input, actor, false, { review: true })
          : await this.updateIn(repos, now, contractId, [stage], input, request.version, actor, {
              review: true,
            });
      if (!saved.ok) return saved;
      return this.submitIn(repos, now, saved.value.contractId, request.typeCode, actor);
    }, idem);
  }

  private async addIn(
    repos: ContractRepositories,
    now: Date,
    stage: ContractStage,
    input: ContractInput & ClientFees,
    actor: ContractActor,
    history: boolean,
    options: ContractCheckOptions = {},
  ): Promise<Result<Contract>> {
    const fields = validateContractInput(input, stage, options);
    if (!fields.ok) return fields;
    const computed = computeContractFees(fields.value, stage, await repos.rates.current());
    if (!computed.ok) return computed;
    const checked = checkClientFees(input, computed.value);
    if (!checked.ok) return checked;
    const inserted = await repos.contracts.insert(
      {
        fields: { ...fields.value, directFee: computed.value.fees.directFee },
        fees: computed.value.fees,
        feeRates: computed.value.rates,
        state: initialContractState(stage, history),
        deptId: actor.deptId,
        userId: actor.userId,
        createBy: actor.userName,
      },
      now,
    );
    if (!inserted.ok) return inserted;
    await this.log(
      repos,
      inserted.value.contractId,
      stage === 'formal' || history ? 'addHistory' : 'add',
      {},
      actor,
      now,
    );
    return inserted;
  }

  private async updateIn(
    repos: ContractRepositories,
    now: Date,
    contractId: number,
    stages: readonly ContractStage[],
    input: ContractInput & ClientFees,
    version: number | undefined,
    actor: ContractActor,
    options: ContractCheckOptions = {},
  ): Promise<Result<Contract>> {
    const c = await this.locked(repos, contractId, actor.scope);
    if (!stages.includes(c.stage)) return err(contractErrors.wrongStage('在此修改', c.stage));
    if (version !== undefined && version !== c.version) return err(contractErrors.staleVersion());
    const moved = applyContractEvent(stateOf(c), { type: 'edit' });
    if (!moved.ok) return moved;
    const fields = validateContractInput(input, c.stage, options);
    if (!fields.ok) return fields;
    const computed = computeContractFees(fields.value, c.stage, await repos.rates.current(), c);
    if (!computed.ok) return computed;
    const checked = checkClientFees(input, computed.value);
    if (!checked.ok) return checked;
    const next = { ...fields.value, directFee: computed.value.fees.directFee };
    const saved = await this.save(
      repos,
      c,
      {
        fields: next,
        fees: computed.value.fees,
        feeRates: computed.value.rates,
      },
      now,
    );
    await this.log(repos, contractId, 'update', diffFields(fieldsOf(c), next), actor, now);
    return ok(saved);
  }

  /** deleteById of each list: refused once approved or while in approval. */
  delete(contractId: number, stages: readonly ContractStage[], actor: ContractActor) {
    return this.transition(contractId, actor, 'delete', (c) =>
      stages.includes(c.stage)
        ? { type: 'delete' }
        : contractErrors.wrongStage('在此删除', c.stage),
    );
  }

  /** delUnEffectiveContract: an unsigned contract not confirmed effective. */
  deleteUnEffective(contractId: number, actor: ContractActor) {
    return this.transition(contractId, actor, 'deleteUnEffective', () => ({
      type: 'deleteUnEffective',
    }));
  }

  /** updateEffective: confirms (or withdraws the confirmation of) an unsigned contract. */
  setEffective(contractId: number, effective: boolean, actor: ContractActor) {
    return this.transition(contractId, actor, 'updateEffective', () => ({
      type: 'setEffective',
      effective,
    }));
  }

  /**
   * convertByStaySign / convertByDeclareProject: the record becomes a contract to send for review.
   * A contract goes on the review sheet, which names both parties and the sign date, so converting
   * demands them: `fill` gives what the record lacks (a blank in `fill` keeps the stored value), and
   * a conversion that would leave any of them blank is refused naming every such field, rather than
   * making a contract nobody can submit until it is edited.
   */
  convert(
    contractId: number,
    type: 'convertByStaySign' | 'convertByDeclareProject',
    actor: ContractActor,
    idem?: WriteIdempotency,
    fill: ConvertFill = {},
  ) {
    return this.write(async (repos, now) => {
      const c = await this.locked(repos, contractId, actor.scope);
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
      const computed = computeContractFees(
        fields,
        moved.value.stage,
        await repos.rates.current(),
        c,
      );
      if (!computed.ok) return computed;
      const saved = await this.save(
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
      await this.log(
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
    }, idem);
  }

  /** modifyContractName: any stage, not while in approval; the change is in the history. */
  rename(
    contractId: number,
    contractName: string,
    actor: ContractActor,
  ): Promise<Result<Contract>> {
    return this.write(async (repos, now) => {
      const name = contractName.trim();
      if (name === '') {
        return err(
          domainError(
            CONTRACT_ERROR_CODES.required,
            CONTRACT_MESSAGES.required('contractName'),
            'contractName',
          ),
        );
      }
      const max = CONTRACT_TEXT_LIMITS.contractName;
      if (name.length > max) {
        return err(
          domainError(
            CONTRACT_ERROR_CODES.tooLong,
            CONTRACT_MESSAGES.tooLong('contractName', max),
            'contractName',
          ),
        );
      }
      const c = await this.locked(repos, contractId, actor.scope);
      const moved = applyContractEvent(stateOf(c), { type: 'rename' });
      if (!moved.ok) return moved;
      const saved = await this.save(repos, c, { contractName: name }, now);
      await this.log(
        repos,
        contractId,
        'modifyContractName',
        { contractName: [c.contractName, name] },
        actor,
        now,
      );
      return ok(saved);
    });
  }

  /**
   * updateToApproval: creates the approval of the stage's type (contract review 1_x, filing 2_x)
   * through the engine in this transaction and locks the record until the approval ends.
   */
  submit(
    contractId: number,
    typeCode: string | undefined,
    actor: ContractActor,
    idem?: WriteIdempotency,
  ): Promise<Result<Contract>> {
    return this.write((repos, now) => this.submitIn(repos, now, contractId, typeCode, actor), idem);
  }

  private async submitIn(
    repos: ContractRepositories,
    now: Date,
    contractId: number,
    typeCode: string | undefined,
    actor: ContractActor,
  ): Promise<Result<Contract>> {
    const c = await this.locked(repos, contractId, actor.scope);
    if (c.stage !== 'contract' && c.stage !== 'declare') {
      return err(contractErrors.wrongStage('提交审批', c.stage));
    }
    const group = c.stage === 'contract' ? '1' : '2';
    const code = typeCode ?? DEFAULT_REVIEW_TYPE[c.stage];
    if (!new RegExp(`^${group}_\\d$`).test(code)) {
      return err(
        domainError(
          CONTRACT_ERROR_CODES.invalidValue,
          CONTRACT_MESSAGES.invalidValue('typeCode'),
          'typeCode',
        ),
      );
    }
    const allowed = applyContractEvent(stateOf(c), { type: 'submit', approvalId: '0' });
    if (!allowed.ok) return allowed;
    if (c.stage === 'contract') {
      const missing = missingForReview(c);
      if (missing !== null) return err(missing);
    }
    const approval = await repos.approvals.submit({
      typeCode: code,
      kind: c.stage === 'contract' ? 'Contract' : 'Declare',
      title: c.contractName,
      content: c.stage === 'contract' ? contractReviewContent(c) : declareContent(c),
      recordKind: CONTRACT_RECORD_KIND,
      recordId: String(c.contractId),
      drafterId: actor.userId,
      drafterDeptId: actor.deptId,
    });
    if (!approval.ok) return approval;
    const moved = applyContractEvent(stateOf(c), {
      type: 'submit',
      approvalId: approval.value.approvalId,
    });
    if (!moved.ok) return moved;
    const saved = await this.save(repos, c, { state: moved.value }, now);
    await this.log(
      repos,
      contractId,
      'updateToApproval',
      { approvalId: [c.approvalId, approval.value.approvalId] },
      actor,
      now,
    );
    return ok(saved);
  }

  /**
   * A contract change (28_1, ContractChange): proposes new values for a formal contract through
   * the approval engine, in this transaction. The contract is locked (no edit, rename, file
   * removal or second change) until the approval ends; approved applies the values with the split
   * recomputed (`applyChangeOnApproval`), rejected or withdrawn leave it as it was.
   */
  requestChange(
    contractId: number,
    request: {
      readonly fields: ContractInput & ClientFees;
      readonly reason: string;
      readonly typeCode?: string | undefined;
    },
    actor: ContractActor,
    idem?: WriteIdempotency,
  ): Promise<Result<{ contract: Contract; change: ContractChange }>> {
    return this.write(async (repos, now) => {
      const c = await this.locked(repos, contractId, actor.scope);
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
      });
      if (!approval.ok) return approval;
      await repos.changes.setApproval(change.changeId, approval.value.approvalId, now);
      const saved = await this.save(repos, c, { changeId: change.changeId }, now);
      await this.log(
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
    }, idem);
  }

  /** The changes of a contract the caller may see, oldest first. */
  changes(contractId: number, actor: ContractActor): Promise<Result<readonly ContractChange[]>> {
    return this.uow.transaction(async (r) => {
      const c = await r.contracts.findById(contractId, actor.scope);
      if (c === null) return err(contractErrors.notFound());
      return ok(await r.changes.listByContract(contractId));
    });
  }

  /** The linked-record handler's work (see `moveContractOnApproval`). */
  approvalEnded(repos: ContractRepositories, event: ContractApprovalEvent): Promise<Result<void>> {
    return moveContractOnApproval(repos.contracts, event);
  }

  // ---- reads -------------------------------------------------------------------------------------

  list(query: ContractListQuery, actor: ContractActor): Promise<ListPage<Contract>> {
    return this.uow.transaction((r) => r.contracts.list(query, actor.scope));
  }

  detail(contractId: number, actor: ContractActor): Promise<Result<ContractDetail>> {
    return this.uow.transaction(async (r) => {
      const contract = await r.contracts.findById(contractId, actor.scope);
      if (contract === null) return err(contractErrors.notFound());
      return ok({ contract, history: await r.contracts.listHistory(contractId) });
    });
  }

  summary(actor: ContractActor): Promise<ContractSummary> {
    return this.uow.transaction((r) => r.contracts.summary(actor.scope));
  }

  chart(year: number, actor: ContractActor): Promise<readonly ContractChartPoint[]> {
    return this.uow.transaction((r) => r.contracts.chart(year, actor.scope));
  }

  /** Every matching row, fetched a batch at a time (each batch its own short read). */
  async *exportRows(
    filter: ContractListFilter,
    actor: ContractActor,
    batch = 1000,
  ): AsyncGenerator<Contract> {
    let after = 0;
    for (;;) {
      const rows = await this.uow.transaction((r) =>
        r.contracts.listBatch(filter, actor.scope, after, batch),
      );
      yield* rows;
      const last = rows[rows.length - 1];
      if (rows.length < batch || last === undefined) return;
      after = last.contractId;
    }
  }

  // ---- helpers -----------------------------------------------------------------------------------

  private transition(
    contractId: number,
    actor: ContractActor,
    action: string,
    eventOf: (c: Contract) => ContractEvent | DomainError,
    idem?: WriteIdempotency,
  ): Promise<Result<Contract>> {
    return this.write(async (repos, now) => {
      const c = await this.locked(repos, contractId, actor.scope);
      const event = eventOf(c);
      if ('code' in event) return err(event);
      const moved = applyContractEvent(stateOf(c), event);
      if (!moved.ok) return moved;
      const saved = await this.save(repos, c, { state: moved.value }, now);
      const before = stateOf(c);
      await this.log(repos, contractId, action, diffFields(before, moved.value), actor, now);
      return ok(saved);
    }, idem);
  }

  private async locked(
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

  private async save(
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

  private log(
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

  private async write<T>(
    fn: (repos: ContractRepositories, now: Date) => Promise<Result<T>>,
    idem?: WriteIdempotency,
  ): Promise<Result<T>> {
    return runWrite(this.uow, () => this.clock.now(), fn, idem);
  }
}
