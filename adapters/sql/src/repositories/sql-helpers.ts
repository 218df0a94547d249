import type { DataScope, ListPage, PageRequest } from '@dpms/core';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type { Database } from '../database/schema.js';

/** A connection or a transaction: every repository works on either. */
export type Db = Kysely<Database>;

/** `%text%` for ILIKE with the input's own wildcards escaped: a filter value is data, never pattern. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `text%` for LIKE, the input's wildcards escaped. */
export function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Runs `fn` in the caller's transaction when there is one, else in a new one. */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  if (db.isTransaction) return fn(db);
  return db.transaction().execute((trx: Transaction<Database>) => fn(trx));
}

export function isForeignKeyViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23503';
}

export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
}

/** Ids of `deptId` and every live department below it, as a subquery. */
export function deptAndBelowIds(eb: ExpressionBuilder<Database, keyof Database>, deptId: number) {
  return eb
    .selectFrom('sys_dept as sd')
    .select('sd.dept_id')
    .where('sd.del_flag', '=', '0')
    .where((w) =>
      w.or([
        w('sd.dept_id', '=', deptId),
        w(sql<string>`',' || sd.ancestors || ','`, 'like', `%,${String(deptId)},%`),
      ]),
    );
}

/**
 * The condition a data scope puts on a record with a department column and an owner column.
 * `own` matches the owner; a record without a department is only visible to `all` and its owner.
 */
export function scopeCondition(
  eb: ExpressionBuilder<Database, keyof Database>,
  scope: DataScope,
  deptColumn: Expression<number | null>,
  ownerColumn: Expression<number | null>,
): Expression<SqlBool> {
  switch (scope.kind) {
    case 'all':
      return sql<boolean>`true`;
    case 'dept':
      return scope.deptIds.length === 0
        ? sql<boolean>`false`
        : eb(deptColumn, 'in', [...scope.deptIds]);
    case 'deptAndBelow':
      return eb(deptColumn, 'in', deptAndBelowIds(eb, scope.deptId));
    case 'own':
      return eb(ownerColumn, '=', scope.userId);
  }
}

/** `scopeCondition` over a query's own department and owner columns, named by reference. */
export function scoped(
  eb: ExpressionBuilder<Database, keyof Database>,
  scope: DataScope,
  dept: string,
  owner: string,
): Expression<SqlBool> {
  return scopeCondition(eb, scope, eb.ref(dept as never), eb.ref(owner as never));
}

/** Whether a department (or no department) may receive records under a scope. */
export async function deptInScope(
  db: Db,
  deptId: number | null,
  scope: DataScope,
): Promise<boolean> {
  if (scope.kind === 'all') return true;
  if (deptId === null) return false;
  if (scope.kind === 'dept') return scope.deptIds.includes(deptId);
  if (scope.kind === 'own') return false;
  const row = await db
    .selectFrom('sys_dept')
    .select('dept_id')
    .where('dept_id', 'in', (eb) => deptAndBelowIds(eb, scope.deptId))
    .where('dept_id', '=', deptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A department's name, or null when it is gone (deleted or never there). */
export async function liveDeptName(db: Db, deptId: number): Promise<string | null> {
  const r = await db
    .selectFrom('sys_dept')
    .select('dept_name')
    .where('dept_id', '=', deptId)
    .where('del_flag', '=', '0')
    .executeTakeFirst();
  return r === undefined ? null : r.dept_name;
}

export function pageBounds(page: PageRequest | undefined): { limit?: number; offset?: number } {
  if (page === undefined) return {};
  return { limit: page.pageSize, offset: (page.pageNum - 1) * page.pageSize };
}

export function listPage<T>(total: number, rows: readonly T[]): ListPage<T> {
  return { total, rows };
}

/** Converts a date-time filter's upper bound: inclusive to the millisecond. */
export const toCount = (value: unknown): number => Number(value ?? 0);

/**
 * The ordering and bounds of a scoped list's page: the whitelisted sort column (when it is not the
 * id itself), then the id as a tiebreak in the same direction, so pages never overlap; the
 * page's limit and offset when it asks for a page.
 */
export function orderedPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  order: {
    /** A column from the list's sort whitelist; never a client's text. */
    readonly column?: string;
    readonly idColumn: string;
    readonly direction: 'asc' | 'desc';
  },
  page: PageRequest | undefined,
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  if (order.column !== undefined && order.column !== order.idColumn)
    q = q.orderBy(sql.ref(order.column), order.direction);
  q = q.orderBy(sql.ref(order.idColumn), order.direction);
  const { limit, offset } = pageBounds(page);
  return limit === undefined ? q : q.limit(limit).offset(offset ?? 0);
}

/** A list's date-time filter: on or after `from`, on or before `to`, each only when given. */
export function withinRange<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  /** The filtered column; never a client's text. */
  column: string,
  range: { readonly from?: Date | undefined; readonly to?: Date | undefined } | undefined,
): SelectQueryBuilder<DB, TB, O> {
  let q = query;
  if (range?.from) q = q.where(sql.ref(column), '>=', range.from);
  if (range?.to) q = q.where(sql.ref(column), '<=', range.to);
  return q;
}

/**
 * A list's page and its exact total: the page query and the count query (selecting `n`) sent at
 * once, each on its own pool connection, so a page costs the slower of the two statements rather
 * than their sum (measured on the user and contract list benches: see the commit that made every
 * paged repository come here). One statement with `count(*) over ()` lost: PostgreSQL then builds
 * every matching row, with the page's per-row subqueries, before it can cut the page (2.4 times
 * slower on 10,000 users). Inside a transaction both share its one connection and run in turn.
 *
 * Count from the filtered table alone where the filters allow: a left join kept only for the
 * page's columns stops PostgreSQL from counting with an index-only scan even when it drops the
 * join from the plan (a seq scan instead, 5 times slower on 100,000 contracts).
 */
export async function pageWithCount<R, Rows extends readonly unknown[]>(
  page: { execute(): Promise<R[]> },
  count: { executeTakeFirst(): Promise<{ n: unknown } | undefined> },
  toRows: (rows: R[]) => Rows | Promise<Rows>,
): Promise<{ readonly total: number; readonly rows: Rows }> {
  const [rows, n] = await Promise.all([page.execute(), count.executeTakeFirst()]);
  return { total: toCount(n?.n), rows: await toRows(rows) };
}

/**
 * A scoped list's page: the filtered rows counted, then the page ordered by the whitelisted sort
 * column and the id in the same direction (the id as tiebreak), bounded by the page request.
 */
export async function countedSortedPage<DB, TB extends keyof DB, O>(
  where: SelectQueryBuilder<DB, TB, O>,
  order: {
    /** A column from the list's sort whitelist; never a client's text. */
    readonly column: string;
    readonly idColumn: string;
    readonly direction: 'asc' | 'desc';
  },
  page: PageRequest | undefined,
): Promise<{ total: number; rows: O[] }> {
  const count = where
    .clearSelect()
    .select(sql<string>`count(*)`.as('n'))
    .$castTo<{ n: string }>();
  const { limit, offset } = pageBounds(page);
  let rows = where
    .orderBy(sql.ref(order.column), order.direction)
    .orderBy(sql.ref(order.idColumn), order.direction);
  if (limit !== undefined) rows = rows.limit(limit).offset(offset ?? 0);
  return pageWithCount(rows, count, (r) => r);
}

/**
 * The nick name of the user whose login is in `column`, or null when no user has it: a scalar
 * subquery on sys_user's unique user_name index, so a list reads its authors' names in its own
 * query (no query per row) and can never gain a row from the join. Map it with core's
 * `personNameOf`, which decides how a missing user reads.
 */
export const nickNameOf = (column: `${string}.${string}`) =>
  // Qualified by its table: a bare `user_name` would name sys_user's own column inside the
  // subquery, match every user, and fail the read.
  sql<
    string | null
  >`(select author.nick_name from sys_user author where author.user_name = ${sql.ref(column)})`;
