/** '0' active (正常), '1' disabled (停用): RuoYi's status codes, used by every platform table. */
export type StatusFlag = '0' | '1';
/** '0' male, '1' female, '2' unknown (dictionary sys_user_sex). */
export type SexCode = '0' | '1' | '2';

export const ACTIVE: StatusFlag = '0';
export const DISABLED: StatusFlag = '1';

/** A user as the platform shows it. The password hash never travels with it (see `UserCredentials`). */
export interface SysUser {
  readonly userId: number;
  readonly userName: string;
  readonly nickName: string;
  readonly deptId: number | null;
  /** Joined for lists and detail views. */
  readonly deptName: string | null;
  readonly email: string;
  readonly phonenumber: string;
  readonly sex: SexCode;
  /** File id of the avatar image in the file store, or null. */
  readonly avatar: string | null;
  /** File id of the handwritten signature image used on approval sheets, or null. */
  readonly signatureFileId: string | null;
  readonly status: StatusFlag;
  readonly createTime: Date;
  readonly updateTime: Date | null;
  /** Login name of who created it ('' when unknown: seeded, imported). */
  readonly createBy: string;
  /** Login name of who last changed it ('' when nobody has). */
  readonly updateBy: string;
  readonly remark: string;
  readonly postIds: readonly number[];
  readonly roleIds: readonly number[];
  /** The role used when login names none; one of `roleIds`, or null when the user holds none. */
  readonly defaultRoleId: number | null;
}

/** What login needs, and only login: found by user name, never listed. Deleted users are not found. */
export interface UserCredentials {
  readonly userId: number;
  readonly userName: string;
  readonly passwordHash: string;
  readonly status: StatusFlag;
  readonly deptId: number | null;
  readonly passwordChangedAt: Date | null;
}

export interface NewUser {
  readonly userName: string;
  readonly nickName: string;
  readonly passwordHash: string;
  readonly deptId?: number | null;
  readonly email?: string;
  readonly phonenumber?: string;
  readonly sex?: SexCode;
  readonly status?: StatusFlag;
  readonly remark?: string;
  readonly postIds?: readonly number[];
  readonly roleIds?: readonly number[];
  /** Defaults to the first of `roleIds`. */
  readonly defaultRoleId?: number | null;
  readonly createBy?: string;
}

/** Fields an administrator may change; absent fields stay as they are. */
export interface UserPatch {
  readonly nickName?: string;
  readonly deptId?: number | null;
  readonly email?: string;
  readonly phonenumber?: string;
  readonly sex?: SexCode;
  readonly status?: StatusFlag;
  readonly remark?: string;
  readonly avatar?: string | null;
  readonly signatureFileId?: string | null;
  readonly postIds?: readonly number[];
  readonly roleIds?: readonly number[];
  readonly defaultRoleId?: number | null;
  readonly updateBy?: string;
}

/** Filters of /system/user/list. Text filters match a substring; deptId includes the departments below it. */
export interface UserFilter {
  readonly userName?: string;
  readonly nickName?: string;
  readonly phonenumber?: string;
  readonly status?: StatusFlag;
  readonly deptId?: number;
  readonly roleId?: number;
  /** Users who do not hold this role (分配用户's picker, RuoYi's unallocatedList). */
  readonly notRoleId?: number;
  readonly postId?: number;
  readonly createTime?: { readonly from?: Date; readonly to?: Date };
}

/** Columns the user list may be sorted by (`orderByColumn`); anything else is refused. */
export const USER_SORT_COLUMNS = [
  'userId',
  'userName',
  'nickName',
  'deptId',
  'status',
  'createTime',
] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];

/** A small row for pickers: the host list (role 7), the project manager list (role 2), service managers. */
export interface UserOption {
  readonly userId: number;
  readonly userName: string;
  readonly nickName: string;
  readonly deptId: number | null;
  readonly status: StatusFlag;
}
