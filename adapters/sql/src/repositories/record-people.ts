import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.js';

/*
 * The people (or department) a linked record names for a flow node's form field: what the record
 * says wins over the form's copy (core's resolveNodes), so a node's holder follows the record.
 * A kind or field not listed here answers null, and the form's field is used.
 */

const idOf = (recordId: string): number | null => {
  const id = Number(recordId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** A fund plan's or execution sheet's department (applyDeptId): its 部门负责人 is that head. */
export async function fundRecordDept(
  db: Kysely<Database>,
  table: 'fund_plan' | 'fund_perform',
  recordId: string,
  field: string,
): Promise<readonly string[] | null> {
  const id = idOf(recordId);
  if (field !== 'applyDeptId' || id === null) return null;
  const row = await db
    .selectFrom(table as 'fund_plan')
    .select('dept_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : [String(row.dept_id)];
}

/** A result seal's task people: its design host (designUserId) and project manager. */
export async function resultSealPeople(
  db: Kysely<Database>,
  recordId: string,
  field: string,
): Promise<readonly string[] | null> {
  const id = idOf(recordId);
  if (id === null || (field !== 'designUserId' && field !== 'projectManagerId')) return null;
  const row = await db
    .selectFrom('result_seal as s')
    .innerJoin('design_task as t', 't.task_id', 's.task_id')
    .select(['t.design_user_id', 't.project_manager_id'])
    .where('s.result_seal_id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return null;
  return [String(field === 'designUserId' ? row.design_user_id : row.project_manager_id)];
}

/**
 * A settlement's or closing's project managers (projectManagerId): those of its contract's live
 * design tasks. None (a contract without a design task) answers null: the form's copy, else the
 * node's fallback.
 */
export async function closingPeople(
  db: Kysely<Database>,
  recordId: string,
  field: string,
): Promise<readonly string[] | null> {
  const id = idOf(recordId);
  if (id === null || field !== 'projectManagerId') return null;
  const rows = await db
    .selectFrom('contract_closed_case as k')
    .innerJoin('design_task as t', 't.contract_id', 'k.contract_id')
    .select('t.project_manager_id')
    .distinct()
    .where('k.closed_id', '=', id)
    .where('t.del_flag', '=', '0')
    .execute();
  return rows.length === 0 ? null : rows.map((r) => String(r.project_manager_id));
}

/** The people a design task names: its design host (designUserId) and project manager. */
export async function taskPeople(
  db: Kysely<Database>,
  recordId: string,
  field: string,
): Promise<readonly string[] | null> {
  const id = idOf(recordId);
  if (id === null || (field !== 'designUserId' && field !== 'projectManagerId')) return null;
  const row = await db
    .selectFrom('design_task')
    .select(['design_user_id', 'project_manager_id'])
    .where('task_id', '=', id)
    .where('del_flag', '=', '0')
    .executeTakeFirst();
  if (row === undefined) return null;
  return [String(field === 'designUserId' ? row.design_user_id : row.project_manager_id)];
}

/**
 * A contract's project managers (projectManagerId) or design hosts (designUserId): those of its
 * live design tasks, as for its settlements and closings. A contract without a design task names
 * nobody (null): the form's copy, else the node's fallback.
 */
export async function contractPeople(
  db: Kysely<Database>,
  contractId: number | null,
  field: string,
): Promise<readonly string[] | null> {
  if (contractId === null || (field !== 'designUserId' && field !== 'projectManagerId')) {
    return null;
  }
  const column = field === 'designUserId' ? 'design_user_id' : 'project_manager_id';
  const rows = await db
    .selectFrom('design_task')
    .select(column)
    .distinct()
    .where('contract_id', '=', contractId)
    .where('del_flag', '=', '0')
    .orderBy(column)
    .execute();
  return rows.length === 0 ? null : rows.map((r) => String(r[column]));
}

/** A sub-contract's people: those of its contract (contractPeople). */
export async function contractChildPeople(
  db: Kysely<Database>,
  recordId: string,
  field: string,
): Promise<readonly string[] | null> {
  const id = idOf(recordId);
  if (id === null) return null;
  const row = await db
    .selectFrom('contract_child')
    .select('contract_id')
    .where('contract_child_id', '=', id)
    .executeTakeFirst();
  return contractPeople(db, row?.contract_id ?? null, field);
}

/** A contract's own people (contractPeople), by the record id an approval links. */
export const contractRecordPeople = (db: Kysely<Database>, recordId: string, field: string) =>
  contractPeople(db, idOf(recordId), field);
