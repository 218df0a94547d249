import type { ListPage, ListQuery } from '../platform/list-query.js';
import type {
  LoginInfo,
  LoginInfoFilter,
  LoginInfoSortColumn,
  NewLoginInfo,
  NewOperLog,
  OperLog,
  OperLogFilter,
  OperLogSortColumn,
} from './system-log.js';

/** 登录日志: appended on every sign-in attempt and sign-out; removed only by an administrator. */
export interface LoginInfoRepository {
  add(entry: NewLoginInfo): Promise<void>;
  list(query: ListQuery<LoginInfoFilter, LoginInfoSortColumn>): Promise<ListPage<LoginInfo>>;
  /**
   * The newest success (status '0') of exactly this login name with this message (a sign-in, not
   * a sign-out); null when there is none or the log was cleared.
   */
  lastSuccessOf(userName: string, msg: string): Promise<LoginInfo | null>;
  /** Deletes the given rows; answers how many there were. */
  remove(ids: readonly number[]): Promise<number>;
  /** Deletes every row; answers how many there were. */
  clean(): Promise<number>;
}

/** 操作日志: appended after every write through the API. */
export interface OperLogRepository {
  add(entry: NewOperLog): Promise<void>;
  /** Several entries in one statement (the recorder's batches). */
  addMany(entries: readonly NewOperLog[]): Promise<void>;
  list(query: ListQuery<OperLogFilter, OperLogSortColumn>): Promise<ListPage<OperLog>>;
  findById(operId: number): Promise<OperLog | null>;
  remove(ids: readonly number[]): Promise<number>;
  clean(): Promise<number>;
}
