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
  /** Five fields, set on 定时任务 (migration 0109); null: the job's own cron. */
  cron: Defaulted<string | null>;
  update_by: Defaulted<string>;
  update_time: Defaulted<Date>;
}

/** A large export written in the background (migration 0108). */
export interface SysExportJobTable {
  job_id: string;
  owner_user_id: number;
  file_name: string;
  status: Defaulted<'running' | 'done' | 'failed'>;
  rows_done: Defaulted<number>;
  rows_total: number | null;
  message: ColumnType<string | null, string | null | undefined, string | null>;
  file_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Date;
  updated_at: Date;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface JobLogTables {
  sys_job_log: SysJobLogTable;
  sys_job_state: SysJobStateTable;
  sys_export_job: SysExportJobTable;
}
