import { z } from 'zod';
import { USER_SORT_COLUMNS, type SysUser, type UserFilter } from '@dpms/core';
import { pagingShape } from '../../http/paging.js';
import {
  dateRangeParams,
  id,
  optionalEnum,
  optionalId,
  statusFlag,
  textFilter,
} from '../../http/schemas.js';

export const TAG = '用户管理';

export const filterShape = {
  userName: textFilter(30),
  nickName: textFilter(30),
  phonenumber: textFilter(20),
  status: optionalEnum(['0', '1']),
  deptId: optionalId(),
  roleId: optionalId(),
  postId: optionalId(),
  params: dateRangeParams(),
};

export const listQuery = z.object({ ...filterShape, ...pagingShape(USER_SORT_COLUMNS) });
type ListQueryIn = z.output<typeof listQuery>;

/** The list's filter; `createTime` is the institute's days (`instituteDaysOf`), read by the route. */
export const filterOf = (
  q: Omit<ListQueryIn, 'pageNum' | 'pageSize' | 'orderByColumn' | 'isAsc'>,
  createTime: UserFilter['createTime'],
): UserFilter => ({
  userName: q.userName,
  nickName: q.nickName,
  phonenumber: q.phonenumber,
  status: q.status,
  deptId: q.deptId,
  roleId: q.roleId,
  postId: q.postId,
  createTime,
});

export const optionalText = (max: number) => z.string().trim().max(max).optional();
export const sex = z.enum(['0', '1', '2']);
export const idArray = z.array(id()).max(100);

export const userFields = {
  nickName: z.string().trim().min(1).max(30),
  deptId: id().nullable().optional(),
  email: z.union([z.literal(''), z.email().max(50)]).optional(),
  phonenumber: z
    .string()
    .trim()
    .regex(/^$|^[0-9+\-\s]{5,20}$/)
    .optional(),
  sex: sex.optional(),
  status: statusFlag().optional(),
  remark: optionalText(500),
  postIds: idArray.optional(),
  roleIds: idArray.optional(),
  defaultRoleId: id().nullable().optional(),
};

export const createBody = z.object({
  userName: z
    .string()
    .trim()
    .min(2)
    .max(30)
    .regex(/^[A-Za-z0-9_.@-]+$/, { error: () => '参数 userName 只能包含字母、数字和 _ . @ -' }),
  password: z.string().min(1).max(20),
  ...userFields,
});
/** A password change: in the JSON body, or in the query as the spec sends it. */
export const passwordChange = z.object({
  oldPassword: z.string().min(1).max(64),
  newPassword: z.string().min(1).max(64),
});
export const updateBody = z.object({
  userId: id(),
  ...userFields,
  nickName: userFields.nickName.optional(),
});

export const EXPORT_COLUMNS = [
  { header: '用户编号', value: (u: SysUser) => u.userId },
  { header: '登录名称', value: (u: SysUser) => u.userName },
  { header: '用户名称', value: (u: SysUser) => u.nickName, width: 20 },
  { header: '部门', value: (u: SysUser) => u.deptName ?? '', width: 24 },
  { header: '手机号码', value: (u: SysUser) => u.phonenumber },
  { header: '邮箱', value: (u: SysUser) => u.email, width: 24 },
  { header: '性别', value: (u: SysUser) => ({ '0': '男', '1': '女', '2': '未知' })[u.sex] },
  { header: '状态', value: (u: SysUser) => (u.status === '0' ? '正常' : '停用') },
  { header: '创建时间', value: (u: SysUser) => u.createTime, width: 22 },
];
