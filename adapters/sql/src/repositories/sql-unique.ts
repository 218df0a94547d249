import {
  err,
  uniqueTaken,
  type DomainError,
  type Result,
  type UniqueField,
  type WriteAction,
} from '@dpms/core';
import { sql } from 'kysely';
import type { Db } from './sql-helpers.js';

/**
 * Unique constraint (by the name migrations 0001 and 0003 gave it) → the field it keeps unique.
 * The one place a PostgreSQL unique_violation of a platform record becomes a refusal.
 */
const CONSTRAINT_FIELDS: Readonly<Record<string, UniqueField>> = {
  sys_dept_parent_name: 'deptName',
  sys_post_code: 'postCode',
  sys_post_name: 'postName',
  sys_role_key: 'roleKey',
  sys_role_name: 'roleName',
  sys_menu_parent_name: 'menuName',
  sys_dict_type_type: 'dictType',
  sys_dict_data_type_value: 'dictValue',
  sys_config_key: 'configKey',
  sys_user_name: 'userName',
  sys_major_stage_parent_name: 'majorName',
};

/** The field a unique_violation (SQLSTATE 23505) is about, or null for any other error. */
export function uniqueFieldOf(e: unknown): UniqueField | null {
  if (typeof e !== 'object' || e === null) return null;
  const { code, constraint } = e as { code?: unknown; constraint?: unknown };
  if (code !== '23505' || typeof constraint !== 'string') return null;
  return CONSTRAINT_FIELDS[constraint] ?? null;
}

/**
 * Runs a write and answers `PLATFORM.DUPLICATE` (409) naming the field when a platform unique
 * constraint refuses it. The constraint, not a look-up before the write, is what holds under
 * concurrent requests: of twenty parallel creates of one name, one commits and nineteen land here.
 * Inside a caller's transaction the write runs under a savepoint, so a refusal leaves the
 * transaction usable. `subject` is the record's name for the message (RuoYi names the record).
 */
export async function refusingDuplicates<T>(
  db: Db,
  action: WriteAction,
  subject: string,
  write: () => Promise<Result<T, DomainError>>,
): Promise<Result<T, DomainError>> {
  const savepoint = db.isTransaction;
  if (savepoint) await sql`savepoint platform_unique`.execute(db);
  try {
    const result = await write();
    if (savepoint) await sql`release savepoint platform_unique`.execute(db);
    return result;
  } catch (e) {
    const field = uniqueFieldOf(e);
    if (field === null) throw e;
    if (savepoint) await sql`rollback to savepoint platform_unique`.execute(db);
    return err(uniqueTaken(field, action, subject));
  }
}
