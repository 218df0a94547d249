/**
 * The database's own limit for a request: the SQL statements one request runs, captured as it
 * runs (text and parameters), then replayed through the same pool with no HTTP around them.
 *
 * Capture observes every `pg` client (the driver under Kysely's pool) while a request runs, so it
 * follows whatever the code does today (a session cache that skips the session read, a page and
 * its count run together) without naming a statement. Statements are grouped as the connection
 * ran them: `begin … commit` on one client is one group (a transaction, replayed on one
 * connection), any other statement is a group of its own. Replay keeps the request's shape: a
 * group starts once every group that had finished before it started has finished again, so
 * statements the request ran in parallel are replayed in parallel, and those it ran one after
 * another stay in order.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import { closedLoopRaw, type RawRun } from './bench-harness.js';

export interface Statement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** Statements one connection ran as one unit, and when (ms, performance.now()). */
export interface StatementGroup {
  readonly statements: Statement[];
  /** Whether the group is a transaction (`begin … commit|rollback`). */
  readonly transaction: boolean;
  readonly start: number;
  end: number;
  /** The request it ran for, when the server tags its requests ({@link requestTag}). */
  readonly request: number | undefined;
}

/**
 * The request a statement runs for: a server whose handler runs each request inside
 * `requestTag.run(n, …)` has its statements captured with that number, so statements of
 * concurrent requests can be told apart.
 */
export const requestTag = new AsyncLocalStorage<number>();

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|rollback|end)\s*;?\s*$/i;
// The LISTEN connection of a notification listener is not part of any request.
const IGNORED = /^\s*(listen|unlisten)\b/i;

let recording: StatementGroup[] | null = null;
const open = new WeakMap<object, StatementGroup>();
let installed = false;

/** Wraps pg's Client#query once in this process; it records only inside {@link capture}. */
function install(): void {
  if (installed) return;
  installed = true;
  const proto = pg.Client.prototype as unknown as { query: QueryFn };
  const original = proto.query;
  proto.query = function (this: pg.Client, ...args: unknown[]): unknown {
    const groups = recording;
    if (groups === null) return original.apply(this, args);
    const [config, values] = args;
    const text =
      typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '');
    const params: readonly unknown[] = Array.isArray(values)
      ? (values as unknown[])
      : ((config as { values?: unknown[] } | null)?.values ?? []);
    if (IGNORED.test(text)) return original.apply(this, args);
    const statement = { text, values: [...params] };
    let group = open.get(this);
    if (group === undefined) {
      group = {
        statements: [],
        transaction: BEGIN.test(text),
        start: performance.now(),
        end: Number.POSITIVE_INFINITY,
        request: requestTag.getStore(),
      };
      groups.push(group);
      if (group.transaction) open.set(this, group);
    }
    group.statements.push(statement);
    const closes = !group.transaction || END.test(text);
    if (closes) open.delete(this);
    const result = original.apply(this, args);
    const done = group;
    const finish = () => {
      if (closes) done.end = performance.now();
    };
    if (result instanceof Promise) {
      result.then(finish, finish);
    } else {
      // A submittable (a cursor): its end is when it was issued, the caller reads it in order.
      finish();
    }
    return result;
  };
}

/** Runs `work` and answers the statement groups the process ran meanwhile. */
export async function capture(work: () => Promise<void>): Promise<StatementGroup[]> {
  install();
  if (recording !== null) throw new Error('capture does not nest');
  const groups: StatementGroup[] = [];
  recording = groups;
  try {
    await work();
  } finally {
    recording = null;
  }
  return groups;
}

/** How many statements the groups hold. */
export const statementCount = (groups: readonly StatementGroup[]): number =>
  groups.reduce((n, g) => n + g.statements.length, 0);

/** Runs one group's statements in order on one connection of the pool. */
export async function runGroup(db: Kysely<never>, group: StatementGroup): Promise<void> {
  if (group.statements.length === 1) {
    const [s] = group.statements;
    await db.executeQuery(CompiledQuery.raw(s!.text, [...s!.values]));
    return;
  }
  await db.connection().execute(async (conn) => {
    try {
      for (const s of group.statements) {
        await conn.executeQuery(CompiledQuery.raw(s.text, [...s.values]));
      }
    } catch (e) {
      // The connection goes back to the pool: never inside a failed transaction.
      if (group.transaction) await conn.executeQuery(CompiledQuery.raw('rollback'));
      throw e;
    }
  });
}

/** Replays a request's groups once, keeping which ran in parallel and which in order. */
export async function replayOnce(db: Kysely<never>, groups: readonly StatementGroup[]) {
  const runs: Promise<void>[] = [];
  for (const g of groups) {
    const before = groups
      .map((h, i) => (h !== g && h.end <= g.start ? runs[i] : undefined))
      .filter((p): p is Promise<void> => p !== undefined);
    runs.push(Promise.all(before).then(() => runGroup(db, g)));
  }
  await Promise.all(runs);
}

/** The ceiling: `clients` loops replaying the request's statements for `durationMs`. */
export function replayLoad(
  db: Kysely<never>,
  groups: readonly StatementGroup[],
  clients: number,
  durationMs: number,
): Promise<RawRun> {
  return closedLoopRaw(clients, durationMs, () => () => replayOnce(db, groups));
}

/** A short description of the captured shape, e.g. `5 statements (1 transaction of 3)`. */
export function describeGroups(groups: readonly StatementGroup[]): string {
  const tx = groups.filter((g) => g.transaction);
  const parallel = groups.some((g, i) =>
    groups.some((h, j) => i < j && h.start < g.end && g.start < h.end),
  );
  return (
    `${statementCount(groups)} statements` +
    (tx.length ? `, ${tx.length} transaction(s)` : '') +
    (parallel ? ', some in parallel' : '')
  );
}
