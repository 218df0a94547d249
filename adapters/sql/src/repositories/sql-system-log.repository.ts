import type {
  ListPage,
  ListQuery,
  LoginInfo,
  LoginInfoFilter,
  LoginInfoRepository,
  LoginInfoSortColumn,
  NewLoginInfo,
  NewOperLog,
  OperLog,
  OperLogFilter,
  OperLogRepository,
  OperLogSortColumn,
  BusinessType,
} from '@dpms/core';
import { OPER_TEXT_MAX_LENGTH, cutText } from '@dpms/core';
import { sql, type Selectable } from 'kysely';
import type { SysLogininforTable } from '../database/system-log-schema.js';
import {
  containsPattern,
  orderedPage,
  pageWithCount,
  withinRange,
  type Db,
} from './sql-helpers.js';

/**
 * A text cut to its column, without NUL characters and without a lone half of a surrogate pair
 * (PostgreSQL's text and jsonb hold neither: one such entry would refuse its whole batch).
 */
const cut = (text: string, n: number) =>
  cutText(text.includes('\u0000') ? text.replaceAll('\u0000', '') : text, n);

const LOGIN_SORT = {
  infoId: 'info_id',
  loginTime: 'login_time',
  userName: 'user_name',
} as const satisfies Record<LoginInfoSortColumn, string>;

const LOGIN_COLUMNS = [
  'info_id',
  'user_name',
  'ipaddr',
  'login_location',
  'browser',
  'os',
  'status',
  'msg',
  'login_time',
] as const;

/** 登录日志 in `sys_logininfor`: the server's own record, not data-scoped. */
type LoginRow = Pick<Selectable<SysLogininforTable>, (typeof LOGIN_COLUMNS)[number]>;

const loginInfoOf = (r: LoginRow): LoginInfo => ({
  infoId: Number(r.info_id),
  userName: r.user_name,
  ipaddr: r.ipaddr,
  loginLocation: r.login_location,
  browser: r.browser,
  os: r.os,
  status: r.status,
  msg: r.msg,
  loginTime: r.login_time,
});

export class SqlLoginInfoRepository implements LoginInfoRepository {
  constructor(private readonly db: Db) {}

  async add(e: NewLoginInfo): Promise<void> {
    await this.db
      .insertInto('sys_logininfor')
      .values({
        user_name: cut(e.userName, 50),
        ipaddr: cut(e.ipaddr, 128),
        login_location: cut(e.loginLocation, 255),
        browser: cut(e.browser, 50),
        os: cut(e.os, 50),
        status: e.status,
        msg: cut(e.msg, 255),
        login_time: e.loginTime,
      })
      .execute();
  }

  listQueries(query: ListQuery<LoginInfoFilter, LoginInfoSortColumn>) {
    const f = query.filter;
    const filtered = this.db
      .selectFrom('sys_logininfor')
      .$if(!!f.ipaddr, (q) => q.where('ipaddr', 'ilike', containsPattern(f.ipaddr ?? '')))
      .$if(!!f.userName, (q) => q.where('user_name', 'ilike', containsPattern(f.userName ?? '')))
      .$if(!!f.status, (q) => q.where('status', '=', f.status ?? '0'))
      .$call((q) => withinRange(q, 'login_time', f.loginTime));
    const count = filtered.select((eb) => eb.fn.countAll<number>().as('n'));
    const page = orderedPage(
      filtered.select(LOGIN_COLUMNS),
      {
        column: query.sort ? LOGIN_SORT[query.sort.column] : 'login_time',
        idColumn: 'info_id',
        direction: query.sort?.direction ?? 'desc',
      },
      query.page,
    );
    return { page, count };
  }

  async list(query: ListQuery<LoginInfoFilter, LoginInfoSortColumn>): Promise<ListPage<LoginInfo>> {
    const { page, count } = this.listQueries(query);
    return pageWithCount(page, count, (rows) => rows.map(loginInfoOf));
  }

  async lastSuccessOf(userName: string, msg: string): Promise<LoginInfo | null> {
    // On sys_logininfor_user (user_name, login_time desc): this user's newest rows only.
    const row = await this.db
      .selectFrom('sys_logininfor')
      .select(LOGIN_COLUMNS)
      .where('user_name', '=', userName)
      .where('status', '=', '0')
      .where('msg', '=', msg)
      .orderBy('login_time', 'desc')
      .orderBy('info_id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? loginInfoOf(row) : null;
  }

  async remove(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await this.db
      .deleteFrom('sys_logininfor')
      .where('info_id', 'in', ids)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async clean(): Promise<number> {
    const r = await this.db.deleteFrom('sys_logininfor').executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

const OPER_SORT = {
  operId: 'oper_id',
  operTime: 'oper_time',
  operName: 'oper_name',
  costTime: 'cost_time',
} as const satisfies Record<OperLogSortColumn, string>;

const OPER_COLUMNS = [
  'oper_id',
  'title',
  'business_type',
  'method',
  'request_method',
  'operator_type',
  'oper_name',
  'dept_name',
  'oper_url',
  'oper_ip',
  'oper_location',
  'oper_param',
  'json_result',
  'status',
  'error_msg',
  'oper_time',
  'cost_time',
] as const;

type OperRow = {
  oper_id: number;
  title: string;
  business_type: number;
  method: string;
  request_method: string;
  operator_type: number;
  oper_name: string;
  dept_name: string;
  oper_url: string;
  oper_ip: string;
  oper_location: string;
  oper_param: string;
  json_result: string;
  status: '0' | '1';
  error_msg: string;
  oper_time: Date;
  cost_time: number;
};

const toOperLog = (r: OperRow): OperLog => ({
  operId: Number(r.oper_id),
  title: r.title,
  businessType: r.business_type as BusinessType,
  method: r.method,
  requestMethod: r.request_method,
  operatorType: r.operator_type,
  operName: r.oper_name,
  deptName: r.dept_name,
  operUrl: r.oper_url,
  operIp: r.oper_ip,
  operLocation: r.oper_location,
  operParam: r.oper_param,
  jsonResult: r.json_result,
  status: r.status,
  errorMsg: r.error_msg,
  operTime: r.oper_time,
  costTime: Number(r.cost_time),
});

/** 操作日志 in `sys_oper_log`: the server's own record, not data-scoped. */
export class SqlOperLogRepository implements OperLogRepository {
  constructor(private readonly db: Db) {}

  async add(e: NewOperLog): Promise<void> {
    await this.addMany([e]);
  }

  /**
   * One statement for the whole batch, its rows as one JSON parameter (a batch of 200 would
   * otherwise bind 3,400 parameters), with the department's name as it is now read in the insert
   * itself.
   */
  async addMany(entries: readonly NewOperLog[]): Promise<void> {
    if (entries.length === 0) return;
    const rows = entries.map((e) => ({
      title: cut(e.title, 50),
      business_type: e.businessType,
      method: cut(e.method, 200),
      request_method: cut(e.requestMethod, 10),
      operator_type: e.operatorType,
      oper_name: cut(e.operName, 50),
      dept_id: e.deptId,
      oper_url: cut(e.operUrl, 255),
      oper_ip: cut(e.operIp, 128),
      oper_location: cut(e.operLocation, 255),
      oper_param: cut(e.operParam, OPER_TEXT_MAX_LENGTH),
      json_result: cut(e.jsonResult, OPER_TEXT_MAX_LENGTH),
      status: e.status,
      error_msg: cut(e.errorMsg, OPER_TEXT_MAX_LENGTH),
      oper_time: e.operTime.toISOString(),
      cost_time: Math.max(0, Math.min(2_147_483_647, Math.round(e.costTime))),
    }));
    await sql`
      insert into sys_oper_log (title, business_type, method, request_method, operator_type,
        oper_name, dept_name, oper_url, oper_ip, oper_location, oper_param, json_result, status,
        error_msg, oper_time, cost_time)
      select r.title, r.business_type, r.method, r.request_method, r.operator_type, r.oper_name,
        coalesce((select left(d.dept_name, 50) from sys_dept d where d.dept_id = r.dept_id), ''),
        r.oper_url, r.oper_ip, r.oper_location,
        r.oper_param, r.json_result, r.status, r.error_msg, r.oper_time, r.cost_time
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
        title text, business_type smallint, method text, request_method text,
        operator_type smallint, oper_name text, dept_id bigint, oper_url text, oper_ip text,
        oper_location text, oper_param text, json_result text, status char(1),
        error_msg text, oper_time timestamptz, cost_time integer)`.execute(this.db);
  }

  listQueries(query: ListQuery<OperLogFilter, OperLogSortColumn>) {
    const f = query.filter;
    const filtered = this.db
      .selectFrom('sys_oper_log')
      .$if(!!f.title, (q) => q.where('title', 'ilike', containsPattern(f.title ?? '')))
      .$if(!!f.operName, (q) => q.where('oper_name', 'ilike', containsPattern(f.operName ?? '')))
      .$if(!!f.operIp, (q) => q.where('oper_ip', 'ilike', containsPattern(f.operIp ?? '')))
      .$if(f.businessType !== undefined, (q) => q.where('business_type', '=', f.businessType ?? 0))
      .$if(!!f.status, (q) => q.where('status', '=', f.status ?? '0'))
      .$call((q) => withinRange(q, 'oper_time', f.operTime));
    const count = filtered.select((eb) => eb.fn.countAll<number>().as('n'));
    const page = orderedPage(
      filtered.select(OPER_COLUMNS),
      {
        column: query.sort ? OPER_SORT[query.sort.column] : 'oper_time',
        idColumn: 'oper_id',
        direction: query.sort?.direction ?? 'desc',
      },
      query.page,
    );
    return { page, count };
  }

  async list(query: ListQuery<OperLogFilter, OperLogSortColumn>): Promise<ListPage<OperLog>> {
    const { page, count } = this.listQueries(query);
    return pageWithCount(page, count, (rows) => rows.map(toOperLog));
  }

  async findById(operId: number): Promise<OperLog | null> {
    const row = await this.db
      .selectFrom('sys_oper_log')
      .select(OPER_COLUMNS)
      .where('oper_id', '=', operId)
      .executeTakeFirst();
    return row ? toOperLog(row) : null;
  }

  async remove(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0;
    const r = await this.db
      .deleteFrom('sys_oper_log')
      .where('oper_id', 'in', ids)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async clean(): Promise<number> {
    const r = await this.db.deleteFrom('sys_oper_log').executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
