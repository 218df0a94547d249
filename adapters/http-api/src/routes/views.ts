import { avatarPath, type SysUser } from '@dpms/core';

/** A user on the wire: RuoYi's field names, dates as ISO text, never a password hash. */
export function userView(u: SysUser) {
  return {
    userId: u.userId,
    userName: u.userName,
    nickName: u.nickName,
    deptId: u.deptId,
    dept: u.deptId === null ? null : { deptId: u.deptId, deptName: u.deptName },
    email: u.email,
    phonenumber: u.phonenumber,
    sex: u.sex,
    avatar: avatarPath(u.avatar),
    status: u.status,
    remark: u.remark,
    createTime: u.createTime.toISOString(),
    createBy: u.createBy,
    updateBy: u.updateBy,
    updateTime: u.updateTime === null ? null : u.updateTime.toISOString(),
    roleIds: u.roleIds,
    postIds: u.postIds,
    defaultRoleId: u.defaultRoleId,
  };
}
