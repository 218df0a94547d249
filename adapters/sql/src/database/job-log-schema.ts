import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface SysJobLogTable {
  job_log_id: Generated<number>;
  job_name: string;
  job_group: Defaulted<string>;
  invoke_target: Defaulted<string>;
  job_message: Defaulted<string>;
  status: Defaulted<'0' | '1'>;
  exception_info: Defaulted<string>;
  start_time: Date;
  end_time: Date;
  create_time: ColumnType<Date, Date | undefined, never>;
}

/** Whether a scheduled job is paused (migration 0105); a job without a row runs. */
export interface SysJobStateTable {
  job_id: number;
  status: Defaulted<'0' | '1'>;
  update_by: Defaulted<string>;
  update_time: Defaulted<Date>;
}

export interface JobLogTables {
  sys_job_log: SysJobLogTable;
  sys_job_state: SysJobStateTable;
}
