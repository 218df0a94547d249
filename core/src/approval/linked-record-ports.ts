import type { EngineClock } from './approval-engine.types.js';
import type { ApprovalUserId } from './approval-state-machine.js';

/**
 * What only the store knows about a slice's linked record, asked by separation of duties
 * (`LinkedRecordHandler.authorOf`): who created it. A slice's repository port extends it.
 */
export interface RecordAuthors {
  /** The record's creator, or null when it is gone. */
  authorOf(recordId: string): Promise<ApprovalUserId | null>;
}

/** The people a linked record names for a flow node's form field (`LinkedRecordHandler.personOf`). */
export interface RecordPeople {
  /** The ids the record names for `field`, or null when it does not keep that field. */
  personOf(recordId: string, field: string): Promise<readonly string[] | null>;
}

/**
 * A slice's ports bound to the approval's transaction. `at` is the action's time when the
 * handler writes (the ports' clock); a handler that only reads (authorOf, personOf) leaves it out.
 */
export type RecordPortsOf<Tx, R> = (tx: Tx, at?: Date) => R;

/** The clock of a handler's ports: the action's time, or `otherwise` when it only reads. */
export const clockAt = (at: Date | undefined, otherwise: EngineClock): EngineClock =>
  at === undefined ? otherwise : { now: () => at };
