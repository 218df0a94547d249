import type { ColumnType, Generated } from 'kysely';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** 通知公告 (0107). */
export interface SysNoticeTable {
  notice_id: Generated<number>;
  notice_title: string;
  notice_type: '1' | '2';
  notice_content: Defaulted<string>;
  status: Defaulted<'0' | '1'>;
  create_by: Defaulted<string>;
  create_time: Defaulted<Date>;
  update_by: Defaulted<string>;
  update_time: Date | null;
  remark: Defaulted<string>;
}

/** Who has read which notice, once each (0107). */
export interface SysNoticeReadTable {
  read_id: Generated<string>;
  notice_id: number;
  user_id: number;
  read_time: Defaulted<Date>;
}

export interface SysNoticeTables {
  sys_notice: SysNoticeTable;
  sys_notice_read: SysNoticeReadTable;
}
