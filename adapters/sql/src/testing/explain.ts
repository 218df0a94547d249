import type { Compilable, Kysely } from 'kysely';

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

/**
 * Fails when the plan reads one of the `largeTables` with a sequential scan. Small lookup tables
 * (departments, roles) may be scanned: they hold tens of rows.
 */
export function assertNoSeqScan(plan: PlanNode, largeTables: readonly string[]): void {
  for (const node of walk(plan)) {
    if (
      node['Node Type'] === 'Seq Scan' &&
      node['Relation Name'] &&
      largeTables.includes(node['Relation Name'])
    ) {
      throw new Error(
        `sequential scan of ${node['Relation Name']}:\n${JSON.stringify(plan, null, 2)}`,
      );
    }
  }
}
