import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ProjectArchiveTable {
  archive_id: Generated<number>;
  archive_name: string;
  archive_no: Defaulted<string>;
  contract_id: number | null;
  project_name: Defaulted<string>;
  file_id: string;
  file_name: Defaulted<string>;
  allow_view_user_ids: Defaulted<number[]>;
  memo: Defaulted<string>;
  dept_id: number | null;
  user_id: number;
  create_by: Defaulted<string>;
  create_time: Time;
  update_time: Time;
  del_flag: Defaulted<string>;
}

export interface ProjectArchiveLogTable {
  log_id: Generated<number>;
  archive_id: number;
  action: 'view' | 'download';
  user_id: number;
  user_name: Defaulted<string>;
  create_time: Time;
}

export interface ProjectArchiveBorrowTable {
  borrow_id: Generated<number>;
  archive_id: number;
  user_id: number;
  user_name: Defaulted<string>;
  dept_id: number | null;
  purpose: string;
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string, string, string>;
  pledge: string;
  status: Defaulted<number>;
  approval_id: number | null;
  approved_time: ColumnType<Date | null, Date | null | undefined, Date | null>;
  returned_time: ColumnType<Date | null, Date | null | undefined, Date | null>;
  returned_by: Defaulted<string>;
  create_time: Time;
  update_time: Time;
  del_flag: Defaulted<string>;
}

/** The tables of migrations 0071_archives and 0072_archive_borrow. */
export interface ArchiveTables {
  project_archive: ProjectArchiveTable;
  project_archive_log: ProjectArchiveLogTable;
  project_archive_borrow: ProjectArchiveBorrowTable;
}
