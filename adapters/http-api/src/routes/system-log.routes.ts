import { z } from 'zod';
import {
  BUSINESS_TYPE_LABELS,
  LOG_STATUS_LABELS,
  type BusinessType,
  type LoginInfo,
  type OperLog,
  type PlatformRepositories,
} from '@dpms/core';
import {
  countAnswer,
  loginInfoListQuery,
  loginInfoRecord,
  operLogListQuery,
  operLogRecord,
  pageEnvelope,
  systemDoneAnswer,
} from '@dpms/wire';
import { ok, page } from '../http/envelope.js';
import { instituteDaysOf } from '../http/institute-zone.js';
import { listQueryOf } from '../http/list-query.js';
import { perm } from '../http/route.js';
import { defined, idList } from '../http/schemas.js';
import { pagedRows, streamXlsx, type XlsxColumn } from '../http/xlsx.js';
import type { RouteModule } from './route-module.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EXPORT_PAGE = 500;

export const loginInfoView = (l: LoginInfo) => ({ ...l, loginTime: l.loginTime.toISOString() });
export const operLogView = (o: OperLog) => ({ ...o, operTime: o.operTime.toISOString() });

const LOGIN_EXPORT: readonly XlsxColumn<LoginInfo>[] = [
  { header: '访问编号', kind: 'number', value: (l) => l.infoId },
  { header: '用户名称', value: (l) => l.userName },
  { header: '登录地址', value: (l) => l.ipaddr },
  { header: '登录地点', value: (l) => l.loginLocation },
  { header: '浏览器', value: (l) => l.browser },
  { header: '操作系统', value: (l) => l.os },
  { header: '登录状态', value: (l) => LOG_STATUS_LABELS[l.status] },
  { header: '操作信息', width: 30, value: (l) => l.msg },
  { header: '访问时间', kind: 'instant', width: 20, value: (l) => l.loginTime },
];

const OPER_EXPORT: readonly XlsxColumn<OperLog>[] = [
  { header: '操作序号', kind: 'number', value: (o) => o.operId },
  { header: '操作模块', value: (o) => o.title },
  { header: '业务类型', value: (o) => BUSINESS_TYPE_LABELS[o.businessType] },
  { header: '请求方法', width: 30, value: (o) => o.method },
  { header: '请求方式', value: (o) => o.requestMethod },
  { header: '操作人员', value: (o) => o.operName },
  { header: '部门名称', value: (o) => o.deptName },
  { header: '请求地址', width: 30, value: (o) => o.operUrl },
  { header: '操作地址', value: (o) => o.operIp },
  { header: '操作地点', value: (o) => o.operLocation },
  { header: '请求参数', width: 40, value: (o) => o.operParam },
  { header: '返回参数', width: 40, value: (o) => o.jsonResult },
  { header: '状态', value: (o) => LOG_STATUS_LABELS[o.status] },
  { header: '错误消息', width: 30, value: (o) => o.errorMsg },
  { header: '操作时间', kind: 'instant', width: 20, value: (o) => o.operTime },
  { header: '消耗时间（毫秒）', kind: 'number', value: (o) => o.costTime },
];

/**
 * A time range ending no later than `now`: an export reads the log a page at a time, newest
 * first, and the rows written meanwhile (the export's own 操作日志 among them) must not push the
 * pages along, repeating rows.
 */
const upTo = (
  range: { readonly from?: Date; readonly to?: Date } | undefined,
  now: Date,
): { readonly from?: Date; readonly to: Date } => ({
  ...range,
  to: range?.to !== undefined && range.to < now ? range.to : now,
});

/**
 * 登录日志 (RuoYi's SysLogininforController): the sign-ins and sign-outs, newest first, their
 * removal and the unlock of an account the throttle holds. The server's own record: not
 * data-scoped. `clean` is registered before `{infoIds}` so the id never swallows it.
 */
export function loginInfoRoutes(repos: PlatformRepositories): RouteModule {
  const TAG = '登录日志';
  const loginFilter = async (
    q: z.output<typeof loginInfoListQuery>,
    res: Parameters<typeof instituteDaysOf>[0],
  ) => {
    const { ipaddr, userName, status, params } = q;
    return defined({ ipaddr, userName, status, loginTime: await instituteDaysOf(res, params) });
  };
  return {
    name: 'logininfor',
    register(book) {
      book.add({
        method: 'get',
        path: '/monitor/logininfor/list',
        summary:
          '登录日志列表（分页，按访问时间倒序）：按登录地址、用户名称（包含）、登录状态（0 成功、1 失败）与 params[beginTime]/params[endTime] 访问日期筛选',
        tag: TAG,
        access: perm('monitor:logininfor:list'),
        query: loginInfoListQuery,
        response: pageEnvelope(loginInfoRecord),
        handler: async ({ query, res }) => {
          const r = await repos.loginInfos.list(listQueryOf(await loginFilter(query, res), query));
          return page(r.total, r.rows.map(loginInfoView));
        },
      });
      book.add({
        method: 'get',
        path: '/monitor/logininfor/export',
        summary: '导出登录日志 (.xlsx)，筛选同列表',
        tag: TAG,
        access: perm('monitor:logininfor:export'),
        query: loginInfoListQuery,
        produces: XLSX,
        handler: async ({ query, res }) => {
          const asked = await loginFilter(query, res);
          // Sign-ins after this moment would shift the pages under a long export.
          const filter = { ...asked, loginTime: upTo(asked.loginTime, new Date()) };
          const rows = pagedRows(
            (pageNum) =>
              repos.loginInfos.list(
                listQueryOf(filter, { ...query, pageNum, pageSize: EXPORT_PAGE }),
              ),
            EXPORT_PAGE,
          );
          await streamXlsx(res, '登录日志.xlsx', '登录日志', LOGIN_EXPORT, rows);
          return undefined;
        },
      });
      book.add({
        method: 'delete',
        path: '/monitor/logininfor/clean',
        summary: '清空登录日志（本身记入操作日志）',
        tag: TAG,
        access: perm('monitor:logininfor:remove'),
        response: countAnswer,
        handler: async () => ok({ count: await repos.loginInfos.clean() }),
      });
      book.add({
        method: 'delete',
        path: '/monitor/logininfor/:infoIds',
        summary: '删除登录日志（编号以逗号分隔）',
        tag: TAG,
        access: perm('monitor:logininfor:remove'),
        params: z.object({ infoIds: idList() }),
        response: countAnswer,
        handler: async ({ params }) => ok({ count: await repos.loginInfos.remove(params.infoIds) }),
      });
      book.add({
        method: 'get',
        path: '/monitor/logininfor/unlock/:userName',
        summary: '账户解锁：清除该用户名的登录失败记录，登录限流随之解除',
        tag: TAG,
        access: perm('monitor:logininfor:unlock'),
        logged: true,
        params: z.object({ userName: z.string().trim().min(1).max(50) }),
        response: systemDoneAnswer,
        handler: async ({ params }) => {
          await repos.loginAttempts.clearFailures(params.userName);
          return ok();
        },
      });
    },
  };
}

/**
 * 操作日志 (RuoYi's SysOperlogController): the writes through the API, newest first, and their
 * removal. `clean` is registered before `{operIds}`.
 */
export function operLogRoutes(repos: PlatformRepositories): RouteModule {
  const TAG = '操作日志';
  const operFilter = async (
    q: z.output<typeof operLogListQuery>,
    res: Parameters<typeof instituteDaysOf>[0],
  ) => {
    const { title, operName, operIp, businessType, status, params } = q;
    return defined({
      title,
      operName,
      operIp,
      status,
      businessType: businessType === undefined ? undefined : (Number(businessType) as BusinessType),
      operTime: await instituteDaysOf(res, params),
    });
  };
  return {
    name: 'operlog',
    register(book) {
      book.add({
        method: 'get',
        path: '/monitor/operlog/list',
        summary:
          '操作日志列表（分页，按操作时间倒序）：按系统模块、操作人员（包含）、操作地址、业务类型（0–9）、状态（0 成功、1 失败）与 params[beginTime]/params[endTime] 操作日期筛选',
        tag: TAG,
        access: perm('monitor:operlog:list'),
        query: operLogListQuery,
        response: pageEnvelope(operLogRecord),
        handler: async ({ query, res }) => {
          const r = await repos.operLogs.list(listQueryOf(await operFilter(query, res), query));
          return page(r.total, r.rows.map(operLogView));
        },
      });
      book.add({
        method: 'get',
        path: '/monitor/operlog/export',
        summary: '导出操作日志 (.xlsx)，筛选同列表',
        tag: TAG,
        access: perm('monitor:operlog:export'),
        query: operLogListQuery,
        produces: XLSX,
        handler: async ({ query, res }) => {
          const asked = await operFilter(query, res);
          // Writes logged after this moment would shift the pages under a long export.
          const filter = { ...asked, operTime: upTo(asked.operTime, new Date()) };
          const rows = pagedRows(
            (pageNum) =>
              repos.operLogs.list(
                listQueryOf(filter, { ...query, pageNum, pageSize: EXPORT_PAGE }),
              ),
            EXPORT_PAGE,
          );
          await streamXlsx(res, '操作日志.xlsx', '操作日志', OPER_EXPORT, rows);
          return undefined;
        },
      });
      book.add({
        method: 'delete',
        path: '/monitor/operlog/clean',
        summary: '清空操作日志（清空本身随后记为一条“清空”）',
        tag: TAG,
        access: perm('monitor:operlog:remove'),
        response: countAnswer,
        handler: async () => {
          // Every write answered before this one is in the table first, and cleared with it.
          await book.operLog?.drain();
          return ok({ count: await repos.operLogs.clean() });
        },
      });
      book.add({
        method: 'delete',
        path: '/monitor/operlog/:operIds',
        summary: '删除操作日志（编号以逗号分隔）',
        tag: TAG,
        access: perm('monitor:operlog:remove'),
        params: z.object({ operIds: idList() }),
        response: countAnswer,
        handler: async ({ params }) => ok({ count: await repos.operLogs.remove(params.operIds) }),
      });
    },
  };
}
