import type { z } from 'zod';
import type { SysUser, UserFilter } from '@dpms/core';
import type { userListQuery as listQuery } from '@dpms/wire';

export const TAG = '用户管理';

/** The list's query is the wire contract's (@dpms/wire), shared with 用户管理's search. */
export { userListFilterShape as filterShape, userListQuery as listQuery } from '@dpms/wire';
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

/** The write bodies are the wire contract's (@dpms/wire), shared with the 用户管理 forms. */
export {
  passwordChangeBody as passwordChange,
  profileUpdateBody,
  resetPasswordBody,
  userCreateBody as createBody,
  userUpdateBody as updateBody,
} from '@dpms/wire';

export const EXPORT_COLUMNS = [
  { header: '用户编号', kind: 'number' as const, value: (u: SysUser) => u.userId },
  { header: '登录名称', value: (u: SysUser) => u.userName },
  { header: '用户名称', value: (u: SysUser) => u.nickName, width: 20 },
  { header: '部门', value: (u: SysUser) => u.deptName ?? '', width: 24 },
  { header: '手机号码', value: (u: SysUser) => u.phonenumber },
  { header: '邮箱', value: (u: SysUser) => u.email, width: 24 },
  { header: '性别', value: (u: SysUser) => ({ '0': '男', '1': '女', '2': '未知' })[u.sex] },
  { header: '状态', value: (u: SysUser) => (u.status === '0' ? '正常' : '停用') },
  { header: '创建时间', kind: 'instant' as const, value: (u: SysUser) => u.createTime, width: 22 },
];
