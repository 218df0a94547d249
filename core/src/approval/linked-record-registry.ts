import { ok, type DomainError, type Result } from '../shared/result.js';
import type { ApprovalUserId } from './approval-state-machine.js';
import type {
  ApprovalEndedEvent,
  ApprovalSentEvent,
  LinkedRecordPort,
} from './approval.repository.port.js';

/** One domain's handler, bound to the action's transaction. */
export interface LinkedRecordHandler {
  /**
   * The approval ended: approved (status 1) moves the record; rejected (2) and withdrawn (3)
   * unlock it. Only for the approval the record waits on; an older one moves nothing.
   */
  approvalEnded(event: ApprovalEndedEvent): Promise<Result<void, DomainError>>;
  /**
   * The approval was sent: round 1 is the first submission, a later round a resubmission, which
   * locks the record again. Left out, sending moves nothing: a domain that creates its approvals
   * in its own use case locks the record there.
   */
  approvalSent?(event: ApprovalSentEvent): Promise<Result<void, DomainError>>;
  /**
   * Who drafted the record (a contract's creator), when the kind keeps it: separation of duties
   * keeps them off the approval as it keeps the drafter who sends it. Left out, only the sender.
   */
  authorOf?(recordId: string): Promise<ApprovalUserId | null>;
  /**
   * The ids the record names for a flow node's form field (projectManagerId, designUserId,
   * applyDeptId), or null when it does not keep that field: the record wins over the form.
   */
  personOf?(recordId: string, field: string): Promise<readonly string[] | null>;
}

/**
 * The handlers of the linked record kinds (contract, task, fund ...), keyed by kind. Each later
 * domain registers a factory that binds its handler to the transaction handle `Tx` of the adapter
 * (a Kysely transaction for the SQL adapter), so the record moves in the approval's transaction.
 */
export class LinkedRecordRegistry<Tx> {
  private readonly factories = new Map<string, (tx: Tx) => LinkedRecordHandler>();
  private readonly open = new Set<string>();
  private readonly anyCode = new Set<string>();

  /**
   * `linkableFromCentre`: approvals of the kind may be created from the approval centre's own
   * calls (add{Kind}Template with recordKind). Off by default: a domain sends its records through
   * its own call (updateToApproval), which checks who may, so nobody locks a record from outside.
   */
  register(
    recordKind: string,
    factory: (tx: Tx) => LinkedRecordHandler,
    options: {
      readonly linkableFromCentre?: boolean;
      /**
       * The kind stands in for any form's record (core's table of what each type code carries
       * does not apply to it): only for a test double, such as the engine suites' test record.
       */
      readonly standsInForAnyRecord?: boolean;
    } = {},
  ): this {
    if (this.factories.has(recordKind)) {
      throw new Error(`a linked record handler for ${recordKind} is already registered`);
    }
    this.factories.set(recordKind, factory);
    if (options.linkableFromCentre === true) this.open.add(recordKind);
    if (options.standsInForAnyRecord === true) this.anyCode.add(recordKind);
    return this;
  }

  kinds(): readonly string[] {
    return [...this.factories.keys()];
  }

  /** The port the engine sees inside one transaction. */
  bind(tx: Tx): LinkedRecordPort {
    // Approvals are only created for registered kinds; one left over from a removed domain
    // moves nothing rather than blocking the approval forever.
    const none = (): Promise<Result<void, DomainError>> => Promise.resolve(ok(undefined));
    return {
      handles: (kind) => this.factories.has(kind),
      linkableFromCentre: (kind) => this.open.has(kind),
      linksAnyCode: (kind) => this.anyCode.has(kind),
      approvalSent: (event) => {
        const handler = this.factories.get(event.recordKind)?.(tx);
        return handler?.approvalSent === undefined ? none() : handler.approvalSent(event);
      },
      approvalEnded: (event) => {
        const factory = this.factories.get(event.recordKind);
        return factory === undefined ? none() : factory(tx).approvalEnded(event);
      },
      authorOf: (kind, recordId) => {
        const handler = this.factories.get(kind)?.(tx);
        return handler?.authorOf === undefined ? Promise.resolve(null) : handler.authorOf(recordId);
      },
      personOf: (kind, recordId, field) => {
        const handler = this.factories.get(kind)?.(tx);
        return handler?.personOf === undefined
          ? Promise.resolve(null)
          : handler.personOf(recordId, field);
      },
    };
  }
}
