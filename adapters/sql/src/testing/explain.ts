import { sql, type Compilable, type Kysely } from 'kysely';

export interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Relation Name'?: string;
  readonly 'Index Name'?: string;
  readonly Plans?: readonly PlanNode[];
  readonly [key: string]: unknown;
}

/** The plan PostgreSQL chooses for a query (EXPLAIN (FORMAT JSON), not executed). */
export async function explainPlan<DB>(db: Kysely<DB>, query: Compilable): Promise<PlanNode> {
  const compiled = query.compile();
  // The query's own parameters travel as parameters: only the EXPLAIN prefix is added to the text.
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': unknown }>({
    ...compiled,
    sql: `explain (format json) ${compiled.sql}`,
  });
  const first = rows[0]?.['QUERY PLAN'];
  const parsed: unknown = typeof first === 'string' ? JSON.parse(first) : first;
  const plan = (parsed as ReadonlyArray<{ Plan: PlanNode }>)[0]?.Plan;
  if (!plan) throw new Error('EXPLAIN returned no plan');
  return plan;
}

function* walk(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* walk(child);
}

/** Relations a plan reads with a sequential scan. */
export function seqScannedRelations(plan: PlanNode): string[] {
  const out = new Set<string>();
  for (const node of walk(plan)) {
    if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) out.add(node['Relation Name']);
  }
  return [...out];
}

/**
 * Fails when the plan reads a large table (at least `minRows` rows by the planner's statistics;
 * run ANALYZE first) with a sequential scan. Small lookup tables (departments, roles, a handful of
 * links) may be scanned: that is the planner's right choice for tens of rows.
 */
export async function assertNoSeqScan<DB>(
  db: Kysely<DB>,
  plan: PlanNode,
  minRows = 10_000,
): Promise<void> {
  const scanned = seqScannedRelations(plan);
  if (scanned.length === 0) return;
  const sizes = await sql<{ relname: string; reltuples: number }>`
    select relname, reltuples::float8 as reltuples from pg_class
    where relkind = 'r' and relname in (${sql.join(scanned)})`.execute(db);
  const large = sizes.rows.filter((r) => Number(r.reltuples) >= minRows).map((r) => r.relname);
  if (large.length > 0) {
    throw new Error(`sequential scan of ${large.join(', ')}:\n${JSON.stringify(plan, null, 2)}`);
  }
}
