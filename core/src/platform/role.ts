import type { DataScopeCode } from './data-scope.js';
import type { StatusFlag } from './user.js';

export interface SysRole {
  readonly roleId: number;
  /** Stable key used by the role directive, e.g. `admin`, `xs_jybfzr`. */
  readonly roleKey: string;
  readonly roleName: string;
  readonly roleSort: number;
  readonly status: StatusFlag;
  readonly dataScope: DataScopeCode;
  readonly remark: string;
  /** RuoYi's 父子联动 switches of the grant trees, as the administrator last left them. */
  readonly menuCheckStrictly: boolean;
  readonly deptCheckStrictly: boolean;
  readonly createTime: Date;
}

export interface NewRole {
  /** Given only by the seed, where the spec fixes ids (2 project manager, 7 design host). */
  readonly roleId?: number;
  readonly roleKey: string;
  readonly roleName: string;
  readonly roleSort?: number;
  readonly status?: StatusFlag;
  readonly dataScope?: DataScopeCode;
  readonly remark?: string;
  readonly menuCheckStrictly?: boolean;
  readonly deptCheckStrictly?: boolean;
  readonly menuIds?: readonly number[];
  readonly deptIds?: readonly number[];
}

export interface RolePatch {
  readonly roleKey?: string;
  readonly roleName?: string;
  readonly roleSort?: number;
  readonly status?: StatusFlag;
  readonly dataScope?: DataScopeCode;
  readonly remark?: string;
  readonly menuCheckStrictly?: boolean;
  readonly deptCheckStrictly?: boolean;
  readonly menuIds?: readonly number[];
  /** Departments of the custom scope ('2'). */
  readonly deptIds?: readonly number[];
}

export interface RoleFilter {
  readonly roleName?: string;
  readonly roleKey?: string;
  readonly status?: StatusFlag;
  readonly createTime?: { readonly from?: Date; readonly to?: Date };
}

export const ROLE_SORT_COLUMNS = [
  'roleId',
  'roleKey',
  'roleName',
  'roleSort',
  'createTime',
] as const;
export type RoleSortColumn = (typeof ROLE_SORT_COLUMNS)[number];

/** The role ids the spec fixes (000 §6, §9): users of role 7 are design hosts, of role 2 project managers. */
export const ROLE_ID_PROJECT_MANAGER = 2;
export const ROLE_ID_DESIGN_HOST = 7;
/** The role key whose holders see the pending-signing block of the contract side panel. */
export const ROLE_KEY_BUSINESS_MANAGER = 'xs_jybfzr';
