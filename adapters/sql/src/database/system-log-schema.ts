import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface SysLogininforTable {
  info_id: Generated<number>;
  user_name: Defaulted<string>;
  ipaddr: Defaulted<string>;
  login_location: Defaulted<string>;
  browser: Defaulted<string>;
  os: Defaulted<string>;
  status: Defaulted<'0' | '1'>;
  msg: Defaulted<string>;
  login_time: Defaulted<Date>;
}

export interface SysOperLogTable {
  oper_id: Generated<number>;
  title: Defaulted<string>;
  business_type: Defaulted<number>;
  method: Defaulted<string>;
  request_method: Defaulted<string>;
  operator_type: Defaulted<number>;
  oper_name: Defaulted<string>;
  dept_name: Defaulted<string>;
  oper_url: Defaulted<string>;
  oper_ip: Defaulted<string>;
  oper_location: Defaulted<string>;
  oper_param: Defaulted<string>;
  json_result: Defaulted<string>;
  status: Defaulted<'0' | '1'>;
  error_msg: Defaulted<string>;
  oper_time: Defaulted<Date>;
  cost_time: Defaulted<number>;
}

export interface SystemLogTables {
  sys_logininfor: SysLogininforTable;
  sys_oper_log: SysOperLogTable;
}
