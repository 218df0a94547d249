import { z } from 'zod';
import {
  DATA_SCOPE_CODES,
  POST_SORT_COLUMNS,
  ROLE_SORT_COLUMNS,
  SYSTEM_MESSAGES as M,
  USER_SORT_COLUMNS,
  roleKeyReserved,
  type DataScopeCode,
} from '@dpms/core';
import { pageEnvelope, timestamp } from './envelope.js';
import { pagingShape } from './paging.js';
import { dateRangeParams, id, optionalEnum, statusFlag, textFilter } from './primitives.js';
import { choice, optionalOnUpdate, optionalText, order, requiredText } from './system.js';
import { checkedTreeFields, treeNode, userRecord } from './system-records.js';

/*
 * 角色管理 and 岗位管理 on the wire, RuoYi-Vue 3.9.2's shapes (SysRoleController,
 * SysPostController): the write bodies the API validates and the forms check, the records and
 * answers the routes give and the client parses.
 */

const flag = z.enum(['0', '1']);
const int = () => z.number().int();
const ids = (f: 'menuIds' | 'deptIds' | 'userIds', max: number) =>
  z.array(id(), { error: M.invalidValue(f) }).max(max, M.invalidValue(f));
const dataScope = choice('dataScope', DATA_SCOPE_CODES as [DataScopeCode, ...DataScopeCode[]]);

// 角色
const roleFields = {
  roleName: requiredText('roleName'),
  roleKey: requiredText('roleKey').refine((k) => !roleKeyReserved(k), M.roleKeyReserved()),
  roleSort: order('roleSort'),
  status: statusFlag().optional(),
  menuIds: ids('menuIds', 2000).optional(),
  /** RuoYi's 父子联动 switches of the grant trees; the form's state, kept with the role. */
  menuCheckStrictly: z.boolean().optional(),
  deptCheckStrictly: z.boolean().optional(),
  remark: optionalText('remark'),
};
export const roleCreateBody = z.object(roleFields);
export const roleUpdateBody = z.object({
  roleId: id(),
  ...roleFields,
  ...optionalOnUpdate({ roleName: roleFields.roleName, roleKey: roleFields.roleKey }),
});
/** 数据权限: the scope, and the departments of the custom scope ('2'). */
export const roleDataScopeBody = z.object({
  roleId: id(),
  dataScope,
  deptIds: ids('deptIds', 2000).optional(),
  deptCheckStrictly: z.boolean().optional(),
});
export const roleStatusBody = z.object({ roleId: id(), status: statusFlag() });
/** 取消授权 of one user (RuoYi's SysUserRole body). */
export const roleCancelUserBody = z.object({ roleId: id(), userId: id() });
/** 批量取消授权 / 选择用户: RuoYi sends these in the query, `userIds=1,2,3`. */
export const roleUsersQuery = z.object({
  roleId: id(),
  userIds: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
    ids('userIds', 500).min(1, M.required('userIds')),
  ),
});
export type RoleCreateBody = z.input<typeof roleCreateBody>;
export type RoleUpdateBody = z.input<typeof roleUpdateBody>;
export type RoleDataScopeBody = z.input<typeof roleDataScopeBody>;

export const roleRecord = z
  .object({
    roleId: int(),
    roleName: z.string(),
    roleKey: z.string(),
    roleSort: int(),
    status: flag,
    dataScope: z.enum(['1', '2', '3', '4', '5']),
    menuCheckStrictly: z.boolean(),
    deptCheckStrictly: z.boolean(),
    remark: z.string(),
    createTime: timestamp(),
    /** RuoYi's flag: the administrator role, which nobody edits, disables or deletes. */
    admin: z.boolean(),
    /** A role the spec fixes by id (2, 7): it may change but not be deleted. */
    fixed: z.boolean(),
  })
  .meta({ id: 'SysRole' });
export type RoleRecord = z.output<typeof roleRecord>;

export const roleListQuery = z.object({
  roleName: textFilter(30),
  roleKey: textFilter(100),
  status: optionalEnum(['0', '1']),
  params: dateRangeParams(),
  ...pagingShape(ROLE_SORT_COLUMNS),
});
export type RoleListQuery = z.input<typeof roleListQuery>;

/** 分配用户's lists: the users holding the role (allocated) or not (unallocated). */
export const roleUserListQuery = z.object({
  roleId: id(),
  userName: textFilter(30),
  phonenumber: textFilter(20),
  ...pagingShape(USER_SORT_COLUMNS),
});
export type RoleUserListQuery = z.input<typeof roleUserListQuery>;
/** A user as 分配用户 lists them: 用户管理's record without the fields that page alone shows. */
export const roleUserRow = userRecord
  .pick({
    userId: true,
    userName: true,
    nickName: true,
    deptId: true,
    dept: true,
    email: true,
    phonenumber: true,
    status: true,
    createTime: true,
  })
  .meta({ id: 'SysRoleUser' });
export type RoleUserRow = z.output<typeof roleUserRow>;
export const roleUserPage = pageEnvelope(roleUserRow);

/** The menu grant tree: `{id, label, children}` as the department tree. */
export const menuTreeAnswer = z.object({
  code: z.literal(200),
  msg: z.string(),
  data: z.array(treeNode),
});
export const roleMenuTreeAnswer = z.object({ ...checkedTreeFields, menus: z.array(treeNode) });

// 岗位
const postFields = {
  postCode: requiredText('postCode'),
  postName: requiredText('postName'),
  postSort: order('postSort'),
  status: statusFlag().optional(),
  remark: optionalText('remark'),
};
export const postCreateBody = z.object(postFields);
export const postUpdateBody = z.object({
  postId: id(),
  ...postFields,
  ...optionalOnUpdate({ postCode: postFields.postCode, postName: postFields.postName }),
});
export type PostCreateBody = z.input<typeof postCreateBody>;
export type PostUpdateBody = z.input<typeof postUpdateBody>;
export const postRecord = z
  .object({
    postId: int(),
    postCode: z.string(),
    postName: z.string(),
    postSort: int(),
    status: flag,
    remark: z.string(),
    createTime: timestamp(),
  })
  .meta({ id: 'SysPost' });
export type PostRecord = z.output<typeof postRecord>;
export const postListQuery = z.object({
  postCode: textFilter(64),
  postName: textFilter(50),
  status: optionalEnum(['0', '1']),
  params: dateRangeParams(),
  ...pagingShape(POST_SORT_COLUMNS),
});
export type PostListQuery = z.input<typeof postListQuery>;
