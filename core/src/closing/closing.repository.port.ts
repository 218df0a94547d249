import type { RecordAuthors, RecordPeople } from '../approval/linked-record-ports.js';
import type { RecordApprovalPort } from '../approval/record-approval.port.js';
import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage, PageRequest } from '../platform/list-query.js';
import type { CheckedClosing } from './closing-rules.js';
import type {
  ClosedCase,
  ClosingActor,
  ClosingContract,
  ClosingKind,
  ClosingStatus,
} from './closing.js';

export interface ClosingListFilter {
  readonly kind: ClosingKind;
  readonly contractId?: number;
  readonly status?: ClosingStatus;
  /** Part of the contract's or project's name. */
  readonly contractName?: string;
}

/** A record's author (`authorOf`) and its project managers (`personOf` projectManagerId: its contract's design tasks'). */
export interface ClosedCaseRepository extends RecordAuthors, RecordPeople {
  /** The contract under the caller's data scope (its department and owner), or null. */
  findContract(contractId: number, scope: DataScope): Promise<ClosingContract | null>;
  /** A live record of the kind under the scope; `forUpdate` locks the row. */
  findById(
    closedId: number,
    kind: ClosingKind,
    scope: DataScope,
    forUpdate?: boolean,
  ): Promise<ClosedCase | null>;
  /** The live record of the kind drawn on the contract, if any. */
  findByContract(contractId: number, kind: ClosingKind): Promise<ClosedCase | null>;
  insert(
    kind: ClosingKind,
    contract: ClosingContract,
    checked: CheckedClosing,
    remark: string,
    actor: ClosingActor,
    at: Date,
  ): Promise<ClosedCase>;
  /** Optimistic: false when the version moved. */
  update(
    closedId: number,
    version: number,
    patch: Partial<{
      checked: CheckedClosing;
      originalFees: ClosingContract['fees'];
      remark: string;
      status: ClosingStatus;
      approvalId: string | null;
      approvedTime: Date;
    }>,
    at: Date,
  ): Promise<boolean>;
  remove(closedId: number, at: Date): Promise<void>;
  exportRows(filter: ClosingListFilter, scope: DataScope): AsyncIterable<ClosedCase>;
  /** One page of the kind's live records under the scope, newest first. */
  list(
    filter: ClosingListFilter,
    scope: DataScope,
    page: PageRequest,
  ): Promise<ListPage<ClosedCase>>;
  /** Writes the approved closing's amounts back onto the contract (closedCaseAmount, settleAmount). */
  applyToContract(c: ClosedCase, at: Date): Promise<void>;
}

export interface ClosingRepositories {
  readonly closing: ClosedCaseRepository;
  /** Sends a closing into approval through the engine, in the same transaction. */
  readonly approvals: RecordApprovalPort;
  /** Where a closing drawn up from 发起审批 claims its Idempotency-Key, in its own transaction. */
  readonly idempotency?: IdempotencyRepository;
}
