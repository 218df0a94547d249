import { checkNewNotice, type NewNotice } from '@dpms/core';
import { sanitizeNoticeHtml } from '../content/notice-html.js';
import {
  DumpReadError,
  type DumpRow,
  type DumpTable,
  type MysqlDump,
} from './mysql-dump-reader.js';

/**
 * RuoYi's records as the import needs them, read from a dump by column name. A column an older
 * RuoYi lacks takes RuoYi's own default; a column the import cannot do without (an id, a natural
 * key) missing from a table's CREATE TABLE refuses the file, naming that line, before anything is
 * written.
 */

type Flag = '0' | '1';

export interface RyDept {
  readonly id: number;
  readonly parentId: number;
  readonly name: string;
  readonly orderNum: number;
  readonly leader: string;
  readonly phone: string;
  readonly email: string;
  readonly status: Flag;
  readonly deleted: boolean;
}

export interface RyUser {
  readonly id: number;
  readonly deptId: number | null;
  readonly userName: string;
  readonly nickName: string;
  readonly email: string;
  readonly phone: string;
  readonly sex: '0' | '1' | '2';
  readonly password: string;
  readonly status: Flag;
  readonly deleted: boolean;
  readonly remark: string;
  readonly createBy: string;
}

export interface RyPost {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly sort: number;
  readonly status: Flag;
  readonly remark: string;
}

export interface RyRole {
  readonly id: number;
  readonly key: string;
  readonly name: string;
  readonly sort: number;
  /** RuoYi's text, checked against ours by the writer. */
  readonly dataScope: string;
  readonly menuCheckStrictly: boolean;
  readonly deptCheckStrictly: boolean;
  readonly status: Flag;
  readonly deleted: boolean;
  readonly remark: string;
}

export interface RyMenu {
  readonly id: number;
  readonly parentId: number;
  readonly name: string;
  readonly path: string;
  readonly menuType: string;
  readonly perms: string;
}

export interface RyDictType {
  readonly name: string;
  readonly type: string;
  readonly status: Flag;
  readonly remark: string;
}

export interface RyDictData {
  readonly sort: number;
  readonly label: string;
  readonly value: string;
  readonly type: string;
  readonly cssClass: string;
  readonly listClass: string;
  readonly isDefault: 'Y' | 'N';
  readonly status: Flag;
  readonly remark: string;
}

export interface RyConfig {
  readonly name: string;
  readonly key: string;
  readonly value: string;
  readonly type: 'Y' | 'N';
  readonly remark: string;
}

/** A 通知公告, checked by core's rules with its content through the notice sanitizer. */
export interface RyNotice extends NewNotice {
  /** RuoYi's author (a login name, as our create_by keeps it). */
  readonly createBy: string;
  /** `yyyy-MM-dd HH:mm:ss` on the institute's clock; null when RuoYi has none (sysdate()). */
  readonly createTime: string | null;
}

export type Link = readonly [from: number, to: number];

export interface RuoyiData {
  readonly depts: readonly RyDept[];
  readonly users: readonly RyUser[];
  readonly posts: readonly RyPost[];
  readonly roles: readonly RyRole[];
  readonly menus: readonly RyMenu[];
  readonly userRoles: readonly Link[];
  readonly userPosts: readonly Link[];
  readonly roleMenus: readonly Link[];
  readonly roleDepts: readonly Link[];
  readonly dictTypes: readonly RyDictType[];
  readonly dictData: readonly RyDictData[];
  readonly configs: readonly RyConfig[];
  readonly notices: readonly RyNotice[];
  /** The tables this import leaves behind that hold rows: name and row count. */
  readonly leftBehind: readonly (readonly [table: string, rows: number])[];
}

/** Reads one row's columns by name, with the row's line for a refusal. */
class Row {
  constructor(
    private readonly table: string,
    private readonly row: DumpRow,
    private readonly line: number,
  ) {}

  /** Refuses the file at this row's line. */
  refuse(reason: string): never {
    throw new DumpReadError(this.line, `表 ${this.table}：${reason}`);
  }

  /** Text of a column; `fallback` when the column is absent, NULL or a call such as sysdate(). */
  text(column: string, fallback = ''): string {
    const v = this.row.get(column);
    return v?.kind === 'string' || v?.kind === 'number' ? v.text : fallback;
  }

  int(column: string, fallback: number): number {
    const v = this.row.get(column);
    if (!v || v.kind === 'null' || v.kind === 'call') return fallback;
    const text = v.text.trim();
    if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text)))
      throw new DumpReadError(this.line, `表 ${this.table} 的 ${column} 不是整数：「${v.text}」`);
    return Number(text);
  }

  nullableInt(column: string): number | null {
    const v = this.row.get(column);
    return !v || v.kind === 'null' || v.kind === 'call' ? null : this.int(column, 0);
  }

  flag(column: string, fallback: Flag = '0'): Flag {
    const v = this.text(column, fallback);
    return v === '1' ? '1' : v === '0' ? '0' : fallback;
  }

  bool(column: string, fallback: boolean): boolean {
    const v = this.text(column, fallback ? '1' : '0');
    return v === '1' || v.toLowerCase() === 'true';
  }
}

function rowsOf(dump: MysqlDump, table: string, required: readonly string[]): Row[] {
  const t: DumpTable | undefined = dump.tables.get(table);
  if (!t || t.rows.length === 0) return [];
  t.rows.forEach((row, i) => {
    const missing = required.filter((c) => !row.has(c));
    if (missing.length > 0)
      throw new DumpReadError(
        t.rowLines[i] ?? t.createLine,
        `表 ${table} 缺少导入必需的列 ${missing.join('、')}`,
      );
  });
  return t.rows.map((row, i) => new Row(table, row, t.rowLines[i] ?? 0));
}

const links = (dump: MysqlDump, table: string, from: string, to: string): Link[] =>
  rowsOf(dump, table, [from, to]).map((r) => [r.int(from, 0), r.int(to, 0)] as const);

const sexOf = (v: string): '0' | '1' | '2' => (v === '0' || v === '1' ? v : '2');

const IMPORTED = new Set([
  'sys_dept',
  'sys_user',
  'sys_post',
  'sys_role',
  'sys_menu',
  'sys_user_role',
  'sys_user_post',
  'sys_role_menu',
  'sys_role_dept',
  'sys_dict_type',
  'sys_dict_data',
  'sys_config',
  'sys_notice',
]);

/** RuoYi's DATETIME text (MySQL writes `yyyy-MM-dd HH:mm:ss`, maybe with a fraction). */
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d+)?$/;

function noticeOf(r: Row): RyNotice {
  const title = r.text('notice_title');
  const checked = checkNewNotice(
    {
      noticeTitle: title,
      noticeType: r.text('notice_type').trim(),
      noticeContent: r.text('notice_content'),
      status: r.text('status', '0').trim(),
      remark: r.text('remark'),
    },
    sanitizeNoticeHtml,
  );
  if (!checked.ok) r.refuse(`公告「${title}」：${checked.error.message}`);
  const time = r.text('create_time').trim();
  const m = DATETIME.exec(time);
  if (time !== '' && !m) r.refuse(`公告「${title}」的 create_time 不是时间：「${time}」`);
  return {
    ...checked.value,
    createBy: r.text('create_by').trim().slice(0, 64),
    createTime: m ? `${m[1]!}-${m[2]!}-${m[3]!} ${m[4]!}:${m[5]!}:${m[6]!}` : null,
  };
}

export function ruoyiData(dump: MysqlDump): RuoyiData {
  return {
    depts: rowsOf(dump, 'sys_dept', ['dept_id', 'dept_name']).map((r) => ({
      id: r.int('dept_id', 0),
      parentId: r.int('parent_id', 0),
      name: r.text('dept_name').trim(),
      orderNum: r.int('order_num', 0),
      leader: r.text('leader').trim(),
      phone: r.text('phone'),
      email: r.text('email'),
      status: r.flag('status'),
      deleted: r.text('del_flag', '0') === '2',
    })),
    users: rowsOf(dump, 'sys_user', ['user_id', 'user_name']).map((r) => ({
      id: r.int('user_id', 0),
      deptId: r.nullableInt('dept_id'),
      userName: r.text('user_name').trim(),
      nickName: r.text('nick_name') || r.text('user_name'),
      email: r.text('email'),
      phone: r.text('phonenumber'),
      sex: sexOf(r.text('sex', '2')),
      password: r.text('password'),
      status: r.flag('status'),
      deleted: r.text('del_flag', '0') === '2',
      remark: r.text('remark'),
      createBy: r.text('create_by'),
    })),
    posts: rowsOf(dump, 'sys_post', ['post_id', 'post_code', 'post_name']).map((r) => ({
      id: r.int('post_id', 0),
      code: r.text('post_code').trim(),
      name: r.text('post_name').trim(),
      sort: r.int('post_sort', 0),
      status: r.flag('status'),
      remark: r.text('remark'),
    })),
    roles: rowsOf(dump, 'sys_role', ['role_id', 'role_key', 'role_name']).map((r) => ({
      id: r.int('role_id', 0),
      key: r.text('role_key').trim(),
      name: r.text('role_name').trim(),
      sort: r.int('role_sort', 0),
      dataScope: r.text('data_scope', '1'),
      menuCheckStrictly: r.bool('menu_check_strictly', true),
      deptCheckStrictly: r.bool('dept_check_strictly', true),
      status: r.flag('status'),
      deleted: r.text('del_flag', '0') === '2',
      remark: r.text('remark'),
    })),
    menus: rowsOf(dump, 'sys_menu', ['menu_id', 'menu_name']).map((r) => ({
      id: r.int('menu_id', 0),
      parentId: r.int('parent_id', 0),
      name: r.text('menu_name').trim(),
      path: r.text('path').trim(),
      menuType: r.text('menu_type').trim().toUpperCase(),
      perms: r.text('perms').trim(),
    })),
    userRoles: links(dump, 'sys_user_role', 'user_id', 'role_id'),
    userPosts: links(dump, 'sys_user_post', 'user_id', 'post_id'),
    roleMenus: links(dump, 'sys_role_menu', 'role_id', 'menu_id'),
    roleDepts: links(dump, 'sys_role_dept', 'role_id', 'dept_id'),
    dictTypes: rowsOf(dump, 'sys_dict_type', ['dict_type']).map((r) => ({
      name: r.text('dict_name') || r.text('dict_type'),
      type: r.text('dict_type').trim(),
      status: r.flag('status'),
      remark: r.text('remark'),
    })),
    dictData: rowsOf(dump, 'sys_dict_data', ['dict_type', 'dict_value']).map((r) => ({
      sort: r.int('dict_sort', 0),
      label: r.text('dict_label') || r.text('dict_value'),
      value: r.text('dict_value'),
      type: r.text('dict_type').trim(),
      cssClass: r.text('css_class'),
      listClass: r.text('list_class'),
      isDefault: r.text('is_default', 'N') === 'Y' ? 'Y' : 'N',
      status: r.flag('status'),
      remark: r.text('remark'),
    })),
    configs: rowsOf(dump, 'sys_config', ['config_key', 'config_value']).map((r) => ({
      name: r.text('config_name') || r.text('config_key'),
      key: r.text('config_key').trim(),
      value: r.text('config_value'),
      type: r.text('config_type', 'N') === 'Y' ? 'Y' : 'N',
      remark: r.text('remark'),
    })),
    notices: rowsOf(dump, 'sys_notice', ['notice_title', 'notice_type']).map(noticeOf),
    leftBehind: [...dump.tables.values()]
      .filter((t) => !IMPORTED.has(t.name) && t.rows.length > 0)
      .map((t) => [t.name, t.rows.length] as const),
  };
}
