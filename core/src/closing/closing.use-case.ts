import type { ApprovalEndedEvent } from '../approval/approval.repository.port.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import type { ListPage, PageRequest } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { runWrite, type WriteIdempotency } from '../shared/write.js';
import {
  CLOSING_KIND_LABELS,
  CLOSING_RECORD_KIND,
  CLOSING_TYPE_CODES,
  type ClosedCase,
  type ClosingActor,
  type ClosingContract,
  type ClosingInput,
  type ClosingKind,
} from './closing.js';
import { closingErrors } from './closing-messages.js';
import { checkClosing, closingWithinBack } from './closing-rules.js';
import { closingStateCheck } from './closing-actions.js';
import type { ClosingListFilter, ClosingRepositories } from './closing.repository.port.js';

type R<T> = Promise<Result<T>>;

class Rollback extends Error {
  constructor(readonly error: DomainError) {
    super(error.message);
  }
}
const rollbackAsResult = (e: unknown): Result<never> => {
  if (e instanceof Rollback) return err(e.error);
  throw e;
};

export interface ClosingContractInfo {
  readonly contract: ClosingContract;
  /** The live record of the kind drawn on the contract, or null. */
  readonly record: ClosedCase | null;
}

/**
 * Closed cases (/v4/contract/closedCase, 结案 11_2) and settlements (/contract/settle, 结算 11_1):
 * drawn on a formal contract, the fees checked by the closing-fee rule, sent through the approval
 * engine, locked while in approval and written back onto the contract when approved.
 */
export class ClosingService {
  constructor(
    private readonly uow: UnitOfWork<ClosingRepositories>,
    private readonly clock: { now(): Date },
  ) {}

  contractInfo(kind: ClosingKind, contractId: number, actor: ClosingActor): R<ClosingContractInfo> {
    return this.uow.transaction(async (r) => {
      const contract = await r.closing.findContract(contractId, actor.scope);
      if (contract === null) return err(closingErrors.contractNotFound());
      return ok({ contract, record: await r.closing.findByContract(contractId, kind) });
    });
  }

  detail(kind: ClosingKind, closedId: number, actor: ClosingActor): R<ClosedCase> {
    return this.uow.transaction(async (r) => {
      const c = await r.closing.findById(closedId, kind, actor.scope);
      return c === null ? err(closingErrors.notFound()) : ok(c);
    });
  }

  /**
   * Draws up the contract's record of the kind, or redraws its draft or turned-down one (one live
   * record per contract and kind). `submit` sends it into approval in the same transaction.
   */
  save(
    kind: ClosingKind,
    input: ClosingInput,
    actor: ClosingActor,
    submit = false,
    /** 发起审批's key, claimed in the closing's own transaction (the screen's route claims its own). */
    idem?: WriteIdempotency,
  ): R<ClosedCase> {
    const at = this.clock.now();
    return runWrite(
      this.uow,
      () => at,
      async (r) => {
        const contract = await r.closing.findContract(input.contractId, actor.scope);
        if (contract === null) throw new Rollback(closingErrors.contractNotFound());
        if (contract.stage !== 'formal') throw new Rollback(closingErrors.notFormal());
        const checked = checkClosing(input, contract);
        if (!checked.ok) throw new Rollback(checked.error);
        const existing = await r.closing.findByContract(contract.contractId, kind);
        let id: number;
        if (existing === null) {
          id = (
            await r.closing.insert(kind, contract, checked.value, input.remark ?? '', actor, at)
          ).closedId;
        } else {
          const open = closingStateCheck('edit', existing.status);
          if (!open.ok) throw new Rollback(open.error);
          const saved = await r.closing.update(
            existing.closedId,
            existing.version,
            {
              checked: checked.value,
              originalFees: contract.fees,
              remark: input.remark ?? existing.remark,
            },
            at,
          );
          if (!saved) throw new Rollback(closingErrors.stale());
          id = existing.closedId;
        }
        if (submit) {
          const sent = await this.send(r, kind, id, actor);
          if (!sent.ok) throw new Rollback(sent.error);
        }
        const c = await r.closing.findById(id, kind, actor.scope);
        if (c === null) throw new Rollback(closingErrors.notFound());
        return ok(c);
      },
      idem,
    ).catch(rollbackAsResult);
  }

  /** Sends a draft or turned-down record into approval (11_1 or 11_2); it is locked until it ends. */
  submit(kind: ClosingKind, closedId: number, actor: ClosingActor): R<ClosedCase> {
    return this.uow
      .transaction(async (r) => {
        const sent = await this.send(r, kind, closedId, actor);
        if (!sent.ok) throw new Rollback(sent.error);
        const c = await r.closing.findById(closedId, kind, actor.scope);
        if (c === null) throw new Rollback(closingErrors.notFound());
        return ok(c);
      })
      .catch(rollbackAsResult);
  }

  private async send(
    r: ClosingRepositories,
    kind: ClosingKind,
    closedId: number,
    actor: ClosingActor,
  ): R<void> {
    const c = await r.closing.findById(closedId, kind, actor.scope, true);
    if (c === null) return err(closingErrors.notFound());
    const open = closingStateCheck('submit', c.status);
    if (!open.ok) return open;
    const backNow = await stillWithinBack(r, c);
    if (!backNow.ok) return backNow;
    const sent = await r.approvals.submit({
      kind: 'Common',
      typeCode: CLOSING_TYPE_CODES[kind],
      recordKind: CLOSING_RECORD_KIND,
      title: `${CLOSING_KIND_LABELS[kind]}审核-${c.contractName}-${c.closedCaseAmount}万元`,
      content: closingApprovalContent(c),
      recordId: String(c.closedId),
      drafterId: actor.userId,
      drafterDeptId: actor.deptId,
      idempotencyScope: 'closing.submit',
    });
    if (!sent.ok) return sent;
    const approved = sent.value.status === 1;
    const saved = await r.closing.update(
      c.closedId,
      c.version,
      {
        status: approved ? 2 : 1,
        approvalId: sent.value.approvalId,
        ...(approved ? { approvedTime: this.clock.now() } : {}),
      },
      this.clock.now(),
    );
    if (!saved) return err(closingErrors.stale());
    if (approved) {
      const moved = await r.closing.findById(c.closedId, kind, { kind: 'all' });
      if (moved !== null) await r.closing.applyToContract(moved, this.clock.now());
    }
    return ok(undefined);
  }

  /** Deletes a draft or turned-down record; one in approval or approved is refused. */
  remove(kind: ClosingKind, closedId: number, actor: ClosingActor): R<void> {
    return this.uow
      .transaction(async (r) => {
        const c = await r.closing.findById(closedId, kind, actor.scope, true);
        if (c === null) throw new Rollback(closingErrors.notFound());
        const open = closingStateCheck('remove', c.status);
        if (!open.ok) throw new Rollback(open.error);
        await r.closing.remove(closedId, this.clock.now());
        return ok(undefined);
      })
      .catch(rollbackAsResult);
  }

  list(
    filter: ClosingListFilter,
    page: PageRequest,
    actor: ClosingActor,
  ): Promise<ListPage<ClosedCase>> {
    return this.uow.transaction((r) => r.closing.list(filter, actor.scope, page));
  }

  exportRows(filter: ClosingListFilter, actor: ClosingActor): AsyncIterable<ClosedCase> {
    const uow = this.uow;
    return {
      async *[Symbol.asyncIterator]() {
        const rows: ClosedCase[] = [];
        await uow.transaction(async (r) => {
          for await (const row of r.closing.exportRows(filter, actor.scope)) rows.push(row);
        });
        yield* rows;
      },
    };
  }
}

/**
 * The approval's end moves the record it waits on: approved (1) marks it approved and writes its
 * amounts onto the contract; rejected (2) or withdrawn (3) unlock it as turned down. An older
 * approval than the one the record waits on moves nothing.
 */
export async function moveClosingOnApproval(
  r: ClosingRepositories,
  event: Pick<ApprovalEndedEvent, 'approvalId' | 'recordId' | 'status' | 'at' | 'typeCode'>,
): Promise<Result<void>> {
  const kind: ClosingKind = event.typeCode === CLOSING_TYPE_CODES.settle ? 'settle' : 'closed';
  const c = await r.closing.findById(Number(event.recordId), kind, { kind: 'all' }, true);
  if (c === null || c.approvalId !== event.approvalId || c.status !== 1) return ok(undefined);
  if (event.status === 1) {
    const backNow = await stillWithinBack(r, c);
    if (!backNow.ok) return backNow;
    await r.closing.update(c.closedId, c.version, { status: 2, approvedTime: event.at }, event.at);
    await r.closing.applyToContract(c, event.at);
  } else {
    await r.closing.update(c.closedId, c.version, { status: 3 }, event.at);
  }
  return ok(undefined);
}

/** The closing ceiling against the contract's back money as it is now (it may have moved since). */
async function stillWithinBack(r: ClosingRepositories, c: ClosedCase): Promise<Result<void>> {
  const contract = await r.closing.findContract(c.contractId, { kind: 'all' });
  if (contract === null) return err(closingErrors.contractNotFound());
  return closingWithinBack(c, contract.backAmount);
}

export { CLOSING_RECORD_KIND };

/** What the approvers read. */
export function closingApprovalContent(c: ClosedCase): TemplateContent {
  const e = (label: string, value: string): ContentEntry => ({ label, value, type: 'input' });
  return {
    contractName: e('合同名称', c.contractName),
    contractNo: e('合同编号', c.contractNo),
    closedCaseAmount: e('结案金额（万元）', c.closedCaseAmount),
    backAmount: e('回款金额（万元）', c.backAmount),
    settleAmount: e('结算金额（万元）', c.settleAmount),
    directFee: e('直接费（万元）', c.fees.directFee),
    technicalFee: e('技术费（万元）', c.fees.technicalFee),
    expertFee: e('专家费（万元）', c.fees.expertFee),
    operateFee: e('经营费（万元）', c.fees.operateFee),
    designFee: e('设计费（万元）', c.fees.designFee),
    remark: e('备注', c.remark),
  };
}
