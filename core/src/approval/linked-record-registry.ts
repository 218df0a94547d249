import { ok, type DomainError, type Result } from '../shared/result.js';
import type { ApprovalEndedEvent, LinkedRecordPort } from './approval.repository.port.js';

/** One domain's handler, bound to the action's transaction. */
export interface LinkedRecordHandler {
  approvalEnded(event: ApprovalEndedEvent): Promise<Result<void, DomainError>>;
}

/**
 * The handlers of the linked record kinds (contract, task, fund ...), keyed by kind. Each later
 * domain registers a factory that binds its handler to the transaction handle `Tx` of the adapter
 * (a Kysely transaction for the SQL adapter), so the record moves in the approval's transaction.
 */
export class LinkedRecordRegistry<Tx> {
  private readonly factories = new Map<string, (tx: Tx) => LinkedRecordHandler>();

  register(recordKind: string, factory: (tx: Tx) => LinkedRecordHandler): this {
    if (this.factories.has(recordKind)) {
      throw new Error(`a linked record handler for ${recordKind} is already registered`);
    }
    this.factories.set(recordKind, factory);
    return this;
  }

  kinds(): readonly string[] {
    return [...this.factories.keys()];
  }

  /** The port the engine sees inside one transaction. */
  bind(tx: Tx): LinkedRecordPort {
    return {
      handles: (kind) => this.factories.has(kind),
      approvalEnded: (event) => {
        const factory = this.factories.get(event.recordKind);
        // Approvals are only created for registered kinds; one left over from a removed domain
        // ends without moving anything rather than blocking the approval forever.
        return factory === undefined
          ? Promise.resolve(ok(undefined))
          : factory(tx).approvalEnded(event);
      },
    };
  }
}
