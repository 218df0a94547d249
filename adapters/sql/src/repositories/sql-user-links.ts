import { PlatformErrors, type DomainError } from '@dpms/core';
import type { Db } from './sql-helpers.js';

/*
 * A user's links: the department, roles and posts a write names, and the role and post rows
 * it replaces (SqlUserRepository's create and update).
 */

/** A department, role or post that does not exist (or was deleted) named by a write. */
export async function invalidLinks(
  db: Db,
  deptId: number | null,
  roleIds: readonly number[] | undefined,
  postIds: readonly number[] | undefined,
): Promise<DomainError | null> {
  if (deptId !== null) {
    const dept = await db
      .selectFrom('sys_dept')
      .select('dept_id')
      .where('dept_id', '=', deptId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (!dept) return { ...PlatformErrors.notFound('部门'), field: 'deptId' };
  }
  const roles = [...new Set(roleIds ?? [])];
  if (roles.length > 0) {
    const found = await db
      .selectFrom('sys_role')
      .select('role_id')
      .where('role_id', 'in', roles)
      .where('del_flag', '=', '0')
      .execute();
    if (found.length !== roles.length)
      return { ...PlatformErrors.notFound('角色'), field: 'roleIds' };
  }
  const posts = [...new Set(postIds ?? [])];
  if (posts.length > 0) {
    const found = await db
      .selectFrom('sys_post')
      .select('post_id')
      .where('post_id', 'in', posts)
      .execute();
    if (found.length !== posts.length)
      return { ...PlatformErrors.notFound('岗位'), field: 'postIds' };
  }
  return null;
}

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
