import type { DatabaseHandle } from '@dpms/sql';

/**
 * The demo's 综合经营部 (107), zhjy's department, has no leader, and a contract or filing review's
 * first node is the drafter's department head: the tests give it 王经营 (user 2, 经营部's head).
 * `unlessLed` keeps a leader the department already has.
 */
export async function headForDrafterDept(
  db: DatabaseHandle['db'],
  { unlessLed = false }: { unlessLed?: boolean } = {},
): Promise<void> {
  let update = db.updateTable('sys_dept').set({ leader_user_id: 2 }).where('dept_id', '=', 107);
  if (unlessLed) update = update.where('leader_user_id', 'is', null);
  await update.execute();
}
