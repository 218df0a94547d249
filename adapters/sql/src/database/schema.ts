import type { ColumnType, Generated } from 'kysely';
import type { ApprovalTables } from './approval-schema.js';
import type { FileTables } from './files-schema.js';
import type { ContractTables } from './contract-schema.js';
import type { TaskTables } from '../repositories/sql-task.tables.js';
import type { FundTables } from '../repositories/sql-fund.tables.js';
import type { FundPlanTables } from '../repositories/sql-fund-plan.tables.js';
import type { FundPayTables } from '../repositories/sql-fund-pay.tables.js';
import type { ClosedCaseTables } from '../repositories/sql-closed-case.tables.js';
import type { FinishTables } from '../repositories/sql-finish.tables.js';
import type { ArchiveTables } from '../repositories/sql-archives.tables.js';
import type { AccountTables } from '../repositories/sql-account.tables.js';
import type { JobLogTables } from './job-log-schema.js';
import type { ContractDocumentTables } from './contract-document-schema.js';
import type { SystemLogTables } from './system-log-schema.js';
import type { SysNoticeTables } from './sys-notice-schema.js';

/** A column the database fills by default on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Json = ColumnType<unknown, string | null, string | null>;

export interface SysDeptTable {
  dept_id: Generated<number>;
  parent_id: Defaulted<number>;
  ancestors: Defaulted<string>;
  dept_name: string;
  order_num: Defaulted<number>;
  leader_user_id: number | null;
  phone: Defaulted<string>;
  email: Defaulted<string>;
  status: Defaulted<'0' | '1'>;
  dept_type: Defaulted<'0' | '1'>;
  del_flag: Defaulted<'0' | '2'>;
  create_by: Defaulted<string>;
  create_time: CreatedAt;
  update_by: Defaulted<string>;
  update_time: Date | null;
}

export interface SysUserTable {
  user_id: Generated<number>;
  dept_id: number | null;
  user_name: string;
  nick_name: string;
  email: Defaulted<string>;
  phonenumber: Defaulted<string>;
  sex: Defaulted<'0' | '1' | '2'>;
  avatar: string | null;
  signature_file_id: string | null;
  password: string;
  password_changed_at: Date | null;
  status: Defaulted<'0' | '1'>;
  del_flag: Defaulted<'0' | '2'>;
  create_by: Defaulted<string>;
  create_time: CreatedAt;
  update_by: Defaulted<string>;
  update_time: Date | null;
  remark: Defaulted<string>;
}

export interface SysRoleTable {
  role_id: Generated<number>;
  role_key: string;
  role_name: string;
  role_sort: Defaulted<number>;
  data_scope: Defaulted<'1' | '2' | '3' | '4' | '5'>;
  status: Defaulted<'0' | '1'>;
  menu_check_strictly: Defaulted<boolean>;
  dept_check_strictly: Defaulted<boolean>;
  del_flag: Defaulted<'0' | '2'>;
  create_time: CreatedAt;
  update_time: Date | null;
  remark: Defaulted<string>;
}

export interface SysUserRoleTable {
  user_id: number;
  role_id: number;
  is_default: Defaulted<boolean>;
}

export interface SysRoleMenuTable {
  role_id: number;
  menu_id: number;
}

export interface SysRoleDeptTable {
  role_id: number;
  dept_id: number;
}

export interface SysPostTable {
  post_id: Generated<number>;
  post_code: string;
  post_name: string;
  post_sort: Defaulted<number>;
  status: Defaulted<'0' | '1'>;
  create_time: CreatedAt;
  update_time: Date | null;
  remark: Defaulted<string>;
}

export interface SysUserPostTable {
  user_id: number;
  post_id: number;
}

export interface SysMenuTable {
  menu_id: Generated<number>;
  menu_name: string;
  parent_id: Defaulted<number>;
  order_num: Defaulted<number>;
  path: Defaulted<string>;
  component: string | null;
  query: string | null;
  route_name: Defaulted<string>;
  is_frame: Defaulted<'0' | '1'>;
  is_cache: Defaulted<'0' | '1'>;
  menu_type: 'M' | 'C' | 'F';
  visible: Defaulted<'0' | '1'>;
  status: Defaulted<'0' | '1'>;
  perms: Defaulted<string>;
  icon: Defaulted<string>;
  always_show: Defaulted<boolean>;
  create_time: CreatedAt;
  update_time: Date | null;
  remark: Defaulted<string>;
}

export interface SysDictTypeTable {
  dict_id: Generated<number>;
  dict_name: string;
  dict_type: string;
  status: Defaulted<'0' | '1'>;
  create_time: CreatedAt;
  update_time: Date | null;
  remark: Defaulted<string>;
}

export interface SysDictDataTable {
  dict_code: Generated<number>;
  dict_sort: Defaulted<number>;
  dict_label: string;
  dict_value: string;
  dict_type: string;
  css_class: Defaulted<string>;
  list_class: Defaulted<string>;
  is_default: Defaulted<'Y' | 'N'>;
  status: Defaulted<'0' | '1'>;
  create_time: CreatedAt;
  update_time: Date | null;
  remark: Defaulted<string>;
}

export interface SysConfigTable {
  config_id: Generated<number>;
  config_name: string;
  config_key: string;
  config_value: string;
  config_type: Defaulted<'Y' | 'N'>;
  create_time: CreatedAt;
  update_time: Date | null;
  remark: Defaulted<string>;
}

export interface SysMajorTable {
  major_id: Generated<number>;
  major_name: string;
  design_stage_id: number | null;
  parent_id: number | null;
  order_num: Defaulted<number>;
  status: Defaulted<'0' | '1'>;
  create_time: CreatedAt;
  update_time: Date | null;
}

export interface AuthSessionTable {
  session_id: string;
  user_id: number;
  role_id: number;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
  ip: string;
  user_agent: string;
}

export interface AuthLoginAttemptTable {
  id: Generated<number>;
  user_name: string;
  ip: string;
  succeeded: boolean;
  at: Date;
}

export interface AuthCaptchaTable {
  uuid: string;
  code_hash: string;
  expires_at: Date;
  used_at: Date | null;
}

export interface IdempotencyKeyTable {
  key: string;
  user_id: number;
  route: string;
  /** SHA-256 hex of the request that claimed the key (0002); null for keys claimed before. */
  fingerprint: string | null;
  status: 'pending' | 'completed';
  response_code: number | null;
  response: Json;
  created_at: Date;
}

export interface DpmsSeedTable {
  name: string;
  applied_at: CreatedAt;
}

/** Every table, by name. Later issues extend this interface with their own tables. */
export interface Database extends ApprovalTables, FileTables, ContractTables, JobLogTables {
  sys_dept: SysDeptTable;
  sys_user: SysUserTable;
  sys_role: SysRoleTable;
  sys_user_role: SysUserRoleTable;
  sys_role_menu: SysRoleMenuTable;
  sys_role_dept: SysRoleDeptTable;
  sys_post: SysPostTable;
  sys_user_post: SysUserPostTable;
  sys_menu: SysMenuTable;
  sys_dict_type: SysDictTypeTable;
  sys_dict_data: SysDictDataTable;
  sys_config: SysConfigTable;
  sys_major: SysMajorTable;
  auth_session: AuthSessionTable;
  auth_login_attempt: AuthLoginAttemptTable;
  auth_captcha: AuthCaptchaTable;
  idempotency_key: IdempotencyKeyTable;
  dpms_seed: DpmsSeedTable;
}

/** Contract documents: merged into the one Database interface. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database extends ContractDocumentTables {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged: the design task tables (0050)
export interface Database extends TaskTables {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged: the fund tables (0060)
export interface Database extends FundTables {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged: the closed case tables (0070)
export interface Database extends ClosedCaseTables {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged: the archive tables (0071)
export interface Database extends ArchiveTables {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged: the finish confirmation tables (0075)
export interface Database extends FinishTables {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged: the account and employee cost tables (0067, 0068)
export interface Database extends AccountTables {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged: the fund payment tables (0064)
export interface Database extends FundPayTables {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged: the fund plan tables (0061)
export interface Database extends FundPlanTables {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged: the login and operation logs (0106)
export interface Database extends SystemLogTables {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merged: 通知公告 and its read marks (0107)
export interface Database extends SysNoticeTables {}
