import { MoneyDecimal, toAmountString } from '@dpms/core';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';

/*
 * What the fund repositories (back money, loans and repayments, the ledger and directory) share:
 * the connection type and how amounts, days and times are read.
 */

export type Db = Kysely<Database>;
export type AnyEb = ExpressionBuilder<Database, keyof Database>;

export const amount = (v: string | number | bigint | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(String(v)));
export const dayOf = (col: string) => sql<string>`to_char(${sql.ref(col)}, 'YYYY-MM-DD')`;
export const time = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
