import type { SysUser, UserOption } from '@dpms/core';

/** A user as SqlUserRepository reads it (the columns of its list and detail queries). */
export interface UserRow {
  user_id: number;
  user_name: string;
  nick_name: string;
  dept_id: number | null;
  dept_name: string | null;
  email: string;
  phonenumber: string;
  sex: '0' | '1' | '2';
  avatar: string | null;
  signature_file_id: string | null;
  status: '0' | '1';
  create_time: Date;
  update_time: Date | null;
  create_by: string;
  update_by: string;
  remark: string;
  role_ids: number[];
  post_ids: number[];
  default_role_id: number | null;
}

export function toUser(r: UserRow): SysUser {
  return {
    userId: r.user_id,
    userName: r.user_name,
    nickName: r.nick_name,
    deptId: r.dept_id,
    deptName: r.dept_name,
    email: r.email,
    phonenumber: r.phonenumber,
    sex: r.sex,
    avatar: r.avatar,
    signatureFileId: r.signature_file_id,
    status: r.status,
    createTime: r.create_time,
    updateTime: r.update_time,
    createBy: r.create_by,
    updateBy: r.update_by,
    remark: r.remark,
    roleIds: r.role_ids.map(Number),
    postIds: r.post_ids.map(Number),
    defaultRoleId: r.default_role_id === null ? null : Number(r.default_role_id),
  };
}

export function toOption(r: {
  user_id: number;
  user_name: string;
  nick_name: string;
  dept_id: number | null;
  status: '0' | '1';
}): UserOption {
  return {
    userId: r.user_id,
    userName: r.user_name,
    nickName: r.nick_name,
    deptId: r.dept_id,
    status: r.status,
  };
}
