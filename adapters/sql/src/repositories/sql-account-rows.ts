import {
  MoneyDecimal,
  SIGNED_STAGES,
  toAmountString,
  type DataScope,
  type ProjectAccountFilter,
} from '@dpms/core';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../database/schema.js';
import { containsPattern, scoped } from './sql-helpers.js';

/* The account tables' small conversions and filters, shared by the account repositories. */

export type Db = Kysely<Database>;
export type AnyEb = ExpressionBuilder<Database, keyof Database>;

export const amount = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint'
    ? toAmountString(new MoneyDecimal(String(v)))
    : '0';
export const str = (v: unknown): string => (typeof v === 'string' ? v : '');
export const time = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));
export const dateText = (v: unknown): string =>
  v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'string' ? v.slice(0, 10) : '';

/** Conditions on a contract (alias c) that the project account filters put. */
export function contractFilter(
  eb: AnyEb,
  f: ProjectAccountFilter,
  scope: DataScope,
): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [
    sql<SqlBool>`c.del_flag = '0'`,
    sql<SqlBool>`c.stage in (${sql.join([...SIGNED_STAGES])})`,
    scoped(eb, scope, 'c.dept_id', 'c.user_id'),
  ];
  if (f.contractId !== undefined) parts.push(sql<SqlBool>`c.contract_id = ${f.contractId}`);
  if (f.contractName !== undefined && f.contractName !== '')
    parts.push(sql<SqlBool>`c.contract_name ilike ${containsPattern(f.contractName)}`);
  if (f.contractNo !== undefined && f.contractNo !== '')
    parts.push(sql<SqlBool>`c.contract_no ilike ${containsPattern(f.contractNo)}`);
  if (f.deptId !== undefined) parts.push(sql<SqlBool>`c.dept_id = ${f.deptId}`);
  if (f.year !== undefined)
    parts.push(
      sql<SqlBool>`extract(year from coalesce(c.sign_date::timestamptz, c.create_time)) = ${f.year}`,
    );
  return eb.and(parts);
}
