import { MoneyDecimal, toAmountString, type DataScope } from '@dpms/core';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../database/schema.js';
import { scopeCondition } from './sql-helpers.js';

/*
 * What the fund repositories (back money, loans and repayments, the ledger and directory) share:
 * the connection type, how amounts, days and times are read, and the data-scope condition.
 */

export type Db = Kysely<Database>;
export type AnyEb = ExpressionBuilder<Database, keyof Database>;

export const amount = (v: string | number | bigint | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(String(v)));
export const dayOf = (col: string) => sql<string>`to_char(${sql.ref(col)}, 'YYYY-MM-DD')`;
export const time = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

export function scoped(
  eb: AnyEb,
  scope: DataScope,
  dept: string,
  owner: string,
): Expression<SqlBool> {
  return scopeCondition(eb, scope, eb.ref(dept as never), eb.ref(owner as never));
}
