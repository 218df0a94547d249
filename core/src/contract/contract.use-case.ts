import type { ListPage } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import type { Contract, ContractStage } from './contract.js';
import { checkClientFees, computeContractFees, type ClientFees } from './contract-fees.js';
import { CONTRACT_ERROR_CODES, CONTRACT_MESSAGES } from './contract-messages.js';
import { applyContractEvent, initialContractState, type ContractEvent } from './contract-rules.js';
import { contractErrors } from './contract-rules.js';
import {
  CONTRACT_TEXT_LIMITS,
  missingForReview,
  validateContractInput,
  type ContractCheckOptions,
  type ContractInput,
} from './contract-validation.js';
import type { ContractChange } from './contract-change.js';
import { runWrite, type WriteIdempotency } from '../shared/write.js';
import type {
  ContractChartPoint,
  ContractListFilter,
  ContractListQuery,
  ContractRepositories,
  ContractSummary,
} from './contract.repository.port.js';
import {
  CONTRACT_RECORD_KIND,
  DEFAULT_REVIEW_TYPE,
  contractReviewContent,
  declareContent,
  diffFields,
  fieldsOf,
  moveContractOnApproval,
  stateOf,
  type ContractActor,
  type ContractApprovalEvent,
  type ContractClock,
  type ContractDetail,
  type ConvertFill,
} from './contract-record.js';
import {
  convertIn,
  lockedContract,
  logContract,
  requestChangeIn,
  saveContract,
} from './contract-write-steps.js';

export * from './contract-record.js';

/**
 * The contract use cases (001 §4): every write runs in one transaction that locks the
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
    await logContract(
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
    const c = await lockedContract(repos, contractId, actor.scope);
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
    const saved = await saveContract(
      repos,
      c,
      {
        fields: next,
        fees: computed.value.fees,
        feeRates: computed.value.rates,
      },
      now,
    );
    await logContract(repos, contractId, 'update', diffFields(fieldsOf(c), next), actor, now);
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
    return this.write(
      (repos, now) => convertIn(repos, now, { contractId, type, fill }, actor),
      idem,
    );
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
      const c = await lockedContract(repos, contractId, actor.scope);
      const moved = applyContractEvent(stateOf(c), { type: 'rename' });
      if (!moved.ok) return moved;
      const saved = await saveContract(repos, c, { contractName: name }, now);
      await logContract(
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
    const c = await lockedContract(repos, contractId, actor.scope);
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
      idempotencyScope: 'contract.submit',
    });
    if (!approval.ok) return approval;
    const moved = applyContractEvent(stateOf(c), {
      type: 'submit',
      approvalId: approval.value.approvalId,
    });
    if (!moved.ok) return moved;
    const saved = await saveContract(repos, c, { state: moved.value }, now);
    await logContract(
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
    return this.write(
      (repos, now) => requestChangeIn(repos, now, contractId, request, actor),
      idem,
    );
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
      const c = await lockedContract(repos, contractId, actor.scope);
      const event = eventOf(c);
      if ('code' in event) return err(event);
      const moved = applyContractEvent(stateOf(c), event);
      if (!moved.ok) return moved;
      const saved = await saveContract(repos, c, { state: moved.value }, now);
      const before = stateOf(c);
      await logContract(repos, contractId, action, diffFields(before, moved.value), actor, now);
      return ok(saved);
    }, idem);
  }

  private async write<T>(
    fn: (repos: ContractRepositories, now: Date) => Promise<Result<T>>,
    idem?: WriteIdempotency,
  ): Promise<Result<T>> {
    return runWrite(this.uow, () => this.clock.now(), fn, idem);
  }
}
