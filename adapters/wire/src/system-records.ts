import { z } from 'zod';
import {
  CONFIG_SORT_COLUMNS,
  DICT_DATA_SORT_COLUMNS,
  DICT_TYPE_SORT_COLUMNS,
  JOB_GROUPS,
  JOB_LOG_SORT_COLUMNS,
  JOB_STATUS,
  MAJOR_SORT_COLUMNS,
  USER_SORT_COLUMNS,
} from '@dpms/core';
import { timestamp } from './envelope.js';
import { pagingShape } from './paging.js';
import { dateRangeParams, optionalEnum, optionalId, textFilter } from './primitives.js';

/*
 * What the system routes answer (用户, 部门, 专业, 调度日志, the pickers and 个人中心) and the
 * queries their lists read: the routes answer through these schemas (RouteBook's `response`,
 * so the OpenAPI document carries them) and the http-client parses the same answers with them.
 */

const flag = z.enum(['0', '1']);
const int = () => z.number().int();

/** A role as the forms and the sign-in page pick it. */
export const roleOption = z
  .object({
    roleId: int(),
    roleKey: z.string(),
    roleName: z.string(),
    roleSort: int().optional(),
    status: flag.optional(),
  })
  .meta({ id: 'SysRoleOption' });
export const postOption = z
  .object({ postId: int(), postCode: z.string(), postName: z.string(), status: flag.optional() })
  .meta({ id: 'SysPostOption' });
export type RoleOption = z.output<typeof roleOption>;
export type PostOption = z.output<typeof postOption>;

/** A user on the wire: RuoYi's field names, never a password hash. */
export const userRecord = z
  .object({
    userId: int(),
    userName: z.string(),
    nickName: z.string(),
    deptId: int().nullable(),
    dept: z.object({ deptId: int(), deptName: z.string().nullable() }).nullable(),
    email: z.string(),
    phonenumber: z.string(),
    sex: z.enum(['0', '1', '2']),
    avatar: z.string(),
    status: flag,
    remark: z.string(),
    createTime: timestamp(),
    /**
     * RuoYi's audit fields: who created the user and who last changed it (login names, '' when
     * unknown) and when. Always sent; optional so answers of older servers still parse.
     */
    createBy: z.string().optional(),
    updateBy: z.string().optional(),
    updateTime: timestamp().nullable().optional(),
    /** 用户详情's 最后登录IP and 最后登录时间 (RuoYi's loginIp/loginDate); only the detail sends them. */
    loginIp: z.string().optional(),
    loginDate: timestamp().nullable().optional(),
    roleIds: z.array(int()),
    postIds: z.array(int()),
    defaultRoleId: int().nullable(),
  })
  .meta({ id: 'SysUser' });
/** A row of 用户管理: `admin` says only an administrator may change it (RuoYi's flag). */
export const userRow = userRecord.extend({ admin: z.boolean() }).meta({ id: 'SysUserRow' });
export type UserRecord = z.output<typeof userRecord>;
export type UserRow = z.output<typeof userRow>;

export const userPage = z.object({
  code: z.literal(200),
  msg: z.string(),
  total: int().min(0),
  rows: z.array(userRow),
});
/** The add form's choices: the roles and posts a user may be given. */
export const userFormOptionsAnswer = z.object({
  code: z.literal(200),
  msg: z.string(),
  roles: z.array(roleOption),
  posts: z.array(postOption),
});
/** A user with the form's choices and what the user holds. */
export const userDetailAnswer = userFormOptionsAnswer.extend({
  data: userRecord,
  roleIds: z.array(int()),
  postIds: z.array(int()),
});
/** 个人中心: the caller, with the names of their roles and posts. */
export const profileAnswer = z.object({
  code: z.literal(200),
  msg: z.string(),
  data: userRecord,
  roleGroup: z.string(),
  postGroup: z.string(),
});
export const avatarAnswer = z.object({ code: z.literal(200), msg: z.string(), imgUrl: z.string() });
/** A config value (000 §7): the value travels in `msg`, any text, '' for an unknown key. */
export const configValueAnswer = z.object({ code: z.literal(200), msg: z.string() });
/** A write answered with nothing but the envelope. */
export const systemDoneAnswer = z.object({ code: z.literal(200), msg: z.string() });
/** A batch write (a delete of several, a post given to many): how many rows it touched. */
export const countAnswer = z.object({
  code: z.literal(200),
  msg: z.string(),
  data: z.object({ count: int().min(0) }),
});

/**
 * A member as every signed-in user may pick them (core's `pickedUser`): the login name only for
 * readers who hold system:user:query.
 */
export const pickedUserRecord = z
  .object({
    userId: int(),
    nickName: z.string(),
    deptId: int().nullable(),
    userName: z.string().optional(),
  })
  .meta({ id: 'PickedUser' });
export const staffMemberRecord = pickedUserRecord
  .extend({ status: flag })
  .meta({ id: 'StaffMember' });
export type PickedUserRecord = z.output<typeof pickedUserRecord>;
export type StaffMemberRecord = z.output<typeof staffMemberRecord>;

/** A department. `leader` is the leader's name, read-only (see deptRecord's comment). */
export const deptRecord = z
  .object({
    deptId: int(),
    parentId: int(),
    ancestors: z.string(),
    deptName: z.string(),
    orderNum: int(),
    /** The leader, a user of the department: what a save sends. */
    leaderUserId: int().nullable(),
    /**
     * RuoYi's `leader` (free text there) kept readable for older clients and exports: here it is
     * the leader user's name, derived from leaderUserId, '' when none. A write ignores it.
     */
    leader: z.string(),
    /**
     * Who its department-head approval nodes go to, by name: its own leader, else the nearest
     * department above with one (''), and that department's name ('' when it is its own).
     */
    routedLeader: z.string(),
    routedLeaderDept: z.string(),
    phone: z.string(),
    email: z.string(),
    status: flag,
    deptType: z.enum(['0', '1']),
    createTime: timestamp(),
  })
  .meta({ id: 'SysDept' });
export type DeptRecord = z.output<typeof deptRecord>;

/** A node of a picker's tree (departments, majors): `{id, label, children}`. */
export interface TreeNodeRecord {
  id: number;
  label: string;
  disabled?: boolean | undefined;
  children?: TreeNodeRecord[] | undefined;
}
export const treeNode: z.ZodType<TreeNodeRecord> = z
  .lazy(() =>
    z.object({
      id: int(),
      label: z.string(),
      disabled: z.boolean().optional(),
      children: z.array(treeNode).optional(),
    }),
  )
  .meta({ id: 'TreeNode' });
/** RuoYi's answer of a role's tree (its menus, its departments): the ids ticked, beside the tree. */
export const checkedTreeFields = {
  code: z.literal(200),
  msg: z.string(),
  checkedKeys: z.array(int()),
};
export const roleDeptTreeAnswer = z.object({ ...checkedTreeFields, depts: z.array(treeNode) });

/** A major; `id` repeats majorId, as the spec's page reads it. */
export const majorRecord = z
  .object({
    id: int(),
    majorId: int(),
    majorName: z.string(),
    designStageId: int().nullable(),
    parentId: int().nullable(),
    orderNum: int(),
    status: flag,
    createTime: timestamp(),
  })
  .meta({ id: 'Major' });
export type MajorRecord = z.output<typeof majorRecord>;
export interface MajorNodeRecord {
  id: number;
  label: string;
  majorId: number;
  majorName: string;
  children?: MajorNodeRecord[] | undefined;
}
export const majorNode: z.ZodType<MajorNodeRecord> = z
  .lazy(() =>
    z.object({
      id: int(),
      label: z.string(),
      majorId: int(),
      majorName: z.string(),
      children: z.array(majorNode).optional(),
    }),
  )
  .meta({ id: 'MajorNode' });

/** A run of a background job (调度日志). */
export const jobLogRecord = z
  .object({
    jobLogId: int(),
    jobName: z.string(),
    jobGroup: z.string(),
    invokeTarget: z.string(),
    jobMessage: z.string(),
    status: z.enum([JOB_STATUS.success, JOB_STATUS.failure]),
    exceptionInfo: z.string(),
    startTime: timestamp(),
    endTime: timestamp(),
    createTime: timestamp(),
  })
  .meta({ id: 'SysJobLog' });
export type JobLogRecord = z.output<typeof jobLogRecord>;

// The list queries of the system pages.
const status = optionalEnum(['0', '1']);
export const userListFilterShape = {
  userName: textFilter(30),
  nickName: textFilter(30),
  phonenumber: textFilter(20),
  status,
  deptId: optionalId(),
  roleId: optionalId(),
  postId: optionalId(),
  params: dateRangeParams(),
};
export const userListQuery = z.object({
  ...userListFilterShape,
  ...pagingShape(USER_SORT_COLUMNS),
});
export const deptListQuery = z.object({
  deptName: textFilter(30),
  status,
  deptType: optionalEnum(['0', '1']),
});
export const majorListQuery = z.object({
  majorName: textFilter(50),
  designStageId: optionalId(),
  parentId: optionalId(),
  status,
  ...pagingShape(MAJOR_SORT_COLUMNS),
});
export const jobLogListQuery = z.object({
  jobName: textFilter(64),
  jobGroup: optionalEnum([JOB_GROUPS.default, JOB_GROUPS.system]),
  status: optionalEnum([JOB_STATUS.success, JOB_STATUS.failure]),
  params: dateRangeParams(),
  ...pagingShape(JOB_LOG_SORT_COLUMNS),
});
export const configListQuery = z.object({
  configName: textFilter(100),
  configKey: textFilter(100),
  configType: optionalEnum(['Y', 'N']),
  params: dateRangeParams(),
  ...pagingShape(CONFIG_SORT_COLUMNS),
});
export const dictTypeListQuery = z.object({
  dictName: textFilter(100),
  dictType: textFilter(100),
  status,
  params: dateRangeParams(),
  ...pagingShape(DICT_TYPE_SORT_COLUMNS),
});
export const dictDataListQuery = z.object({
  dictType: textFilter(100),
  dictLabel: textFilter(100),
  status,
  ...pagingShape(DICT_DATA_SORT_COLUMNS),
});
export type UserListQuery = z.input<typeof userListQuery>;
export type DeptListQuery = z.input<typeof deptListQuery>;
export type MajorListQuery = z.input<typeof majorListQuery>;
export type JobLogListQuery = z.input<typeof jobLogListQuery>;
