import type { Db } from './sql-helpers.js';

/*
 * A user's links: the role and post rows SqlUserRepository's create and update replace (core's
 * UserWrites has checked that each is stored).
 */

export async function replaceRoles(
  trx: Db,
  userId: number,
  roleIds: readonly number[],
  defaultRoleId: number | null | undefined,
): Promise<void> {
  await trx.deleteFrom('sys_user_role').where('user_id', '=', userId).execute();
  const unique = [...new Set(roleIds)];
  if (unique.length === 0) return;
  const chosen =
    defaultRoleId !== undefined && defaultRoleId !== null && unique.includes(defaultRoleId)
      ? defaultRoleId
      : unique[0];
  await trx
    .insertInto('sys_user_role')
    .values(
      unique.map((roleId) => ({ user_id: userId, role_id: roleId, is_default: roleId === chosen })),
    )
    .execute();
}

export async function setDefaultRole(
  trx: Db,
  userId: number,
  roleId: number | null,
): Promise<void> {
  await trx
    .updateTable('sys_user_role')
    .set({ is_default: false })
    .where('user_id', '=', userId)
    .execute();
  if (roleId === null) return;
  await trx
    .updateTable('sys_user_role')
    .set({ is_default: true })
    .where('user_id', '=', userId)
    .where('role_id', '=', roleId)
    .execute();
}

export async function replacePosts(
  trx: Db,
  userId: number,
  postIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('sys_user_post').where('user_id', '=', userId).execute();
  const unique = [...new Set(postIds)];
  if (unique.length === 0) return;
  await trx
    .insertInto('sys_user_post')
    .values(unique.map((postId) => ({ user_id: userId, post_id: postId })))
    .execute();
}
