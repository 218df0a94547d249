import { randomUUID } from 'node:crypto';
import { MoneyDecimal, toAmountString } from '@dpms/core';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../database/schema.js';

type Db = Kysely<Database>;

/** One balance of the fund ledger (0060): a kind and an id. */
export interface LedgerAccount {
  readonly kind: string;
  readonly id: number;
}

/** The ledger's one order of balances (kind, then id) and the key a balance is found by. */
export interface LedgerOrder<A extends LedgerAccount> {
  readonly sort: (accounts: readonly A[]) => A[];
  readonly key: (account: A) => string;
}

/** A ledger line as written, less the movement id every line of one movement shares. */
export type LedgerLine = Omit<Insertable<Database['fund_ledger']>, 'movement_id'>;

const amount = (v: string): string => toAmountString(new MoneyDecimal(v));

/**
 * Takes the balances for the rest of the transaction: missing rows are created at zero, then all
 * are read FOR UPDATE in one order, so a second server's movement on the same balance waits.
 */
export async function lockBalances<A extends LedgerAccount>(
  db: Db,
  accounts: readonly A[],
  order: LedgerOrder<A>,
): Promise<Map<string, string>> {
  const sorted = order.sort(accounts);
  const out = new Map<string, string>();
  if (sorted.length === 0) return out;
  await db
    .insertInto('fund_balance')
    .values(sorted.map((a) => ({ account_kind: a.kind, account_id: a.id, balance: '0' })))
    .onConflict((oc) => oc.columns(['account_kind', 'account_id']).doNothing())
    .execute();
  for (const a of sorted) {
    const r = await db
      .selectFrom('fund_balance')
      .select('balance')
      .where('account_kind', '=', a.kind)
      .where('account_id', '=', a.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    out.set(order.key(a), amount(r.balance));
  }
  return out;
}

/**
 * Posts one movement: its lines under one new movement id, then each touched balance (in the
 * ledger's order) set to its new value from `balances`.
 */
export async function postMovement<A extends LedgerAccount>(
  db: Db,
  lines: readonly LedgerLine[],
  accounts: readonly A[],
  balances: ReadonlyMap<string, string>,
  at: Date,
  order: LedgerOrder<A>,
): Promise<void> {
  if (lines.length === 0) return;
  const movementId = randomUUID();
  await db
    .insertInto('fund_ledger')
    .values(lines.map((l) => ({ movement_id: movementId, ...l })))
    .execute();
  for (const a of order.sort(accounts)) {
    const balance = balances.get(order.key(a));
    if (balance === undefined) throw new Error(`no new balance for ${order.key(a)}`);
    await db
      .updateTable('fund_balance')
      .set({ balance, update_time: at })
      .where('account_kind', '=', a.kind)
      .where('account_id', '=', a.id)
      .execute();
  }
}
