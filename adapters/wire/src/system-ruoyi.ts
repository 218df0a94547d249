import { z } from 'zod';
import { SYSTEM_MESSAGES as M } from '@dpms/core';
import { id } from './primitives.js';
import { userRecord } from './system-records.js';
import { roleRecord } from './system-roles.js';

/*
 * The calls RuoYi-Vue 3.9.2's own admin UI makes that our web does not (分配角色, 保存部门排序,
 * 锁屏解锁, 刷新缓存), in RuoYi's shapes (SysUserController, SysDeptController, SysIndexController).
 */

/** 分配角色 (GET /system/user/authRole/{userId}): the user, and every role with `flag` on those held. */
export const authRoleAnswer = z.object({
  code: z.literal(200),
  msg: z.string(),
  user: userRecord,
  roles: z.array(roleRecord.extend({ flag: z.boolean() })),
});

/** 分配角色's save: RuoYi sends `userId=1&roleIds=2,3` in the query; blank gives no role. */
export const authRoleQuery = z.object({
  userId: id(),
  roleIds: z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter((s) => s !== '')
        : v === undefined
          ? []
          : v,
    z.array(id(), { error: M.invalidValue('roleIds') }).max(100, M.invalidValue('roleIds')),
  ),
});

/** 保存部门排序: two comma lists paired by position (core's deptSortPlan reads them). */
export const deptSortBody = z.object({
  deptIds: z.string().max(11_000),
  orderNums: z.string().max(5_000),
});

/** 菜单管理's 保存排序: two comma lists paired by position (core's menuSortPlan reads them). */
export const menuSortBody = z.object({
  menuIds: z.string().max(11_000),
  orderNums: z.string().max(5_000),
});

/** 锁屏解锁: the signed-in user's password. */
export const unlockScreenBody = z.object({
  password: z.string().max(200).optional(),
});
