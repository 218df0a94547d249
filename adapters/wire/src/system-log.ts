import { z } from 'zod';
import { LOGIN_INFO_SORT_COLUMNS, OPER_LOG_SORT_COLUMNS } from '@dpms/core';
import { timestamp } from './envelope.js';
import { pagingShape } from './paging.js';
import { dateRangeParams, optionalEnum, textFilter } from './primitives.js';

/*
 * 登录日志, 操作日志 and 在线用户 (RuoYi's SysLogininforController, SysOperlogController and
 * SysUserOnlineController): the records the routes answer and the queries their lists read.
 */

const flag = z.enum(['0', '1']);
const int = () => z.number().int();

/** One sign-in attempt or sign-out. */
export const loginInfoRecord = z
  .object({
    infoId: int(),
    userName: z.string(),
    ipaddr: z.string(),
    loginLocation: z.string(),
    browser: z.string(),
    os: z.string(),
    status: flag,
    msg: z.string(),
    loginTime: timestamp(),
  })
  .meta({ id: 'SysLogininfor' });
export type LoginInfoRecord = z.output<typeof loginInfoRecord>;

export const loginInfoListQuery = z.object({
  ipaddr: textFilter(128),
  userName: textFilter(50),
  status: optionalEnum(['0', '1']),
  params: dateRangeParams(),
  ...pagingShape(LOGIN_INFO_SORT_COLUMNS),
});
export type LoginInfoListQuery = z.input<typeof loginInfoListQuery>;

/** One write through the API; `operParam` and `jsonResult` come with their secrets masked. */
export const operLogRecord = z
  .object({
    operId: int(),
    title: z.string(),
    businessType: int().min(0).max(9),
    method: z.string(),
    requestMethod: z.string(),
    operatorType: int(),
    operName: z.string(),
    deptName: z.string(),
    operUrl: z.string(),
    operIp: z.string(),
    operLocation: z.string(),
    operParam: z.string(),
    jsonResult: z.string(),
    status: flag,
    errorMsg: z.string(),
    operTime: timestamp(),
    costTime: int(),
  })
  .meta({ id: 'SysOperLog' });
export type OperLogRecord = z.output<typeof operLogRecord>;

export const operLogListQuery = z.object({
  title: textFilter(50),
  operName: textFilter(50),
  operIp: textFilter(128),
  businessType: optionalEnum(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']),
  status: optionalEnum(['0', '1']),
  params: dateRangeParams(),
  ...pagingShape(OPER_LOG_SORT_COLUMNS),
});
export type OperLogListQuery = z.input<typeof operLogListQuery>;

/** A live session, named by its session id (`tokenId`): the token itself never leaves the server. */
export const onlineUserRecord = z
  .object({
    tokenId: z.string(),
    userName: z.string(),
    deptName: z.string(),
    ipaddr: z.string(),
    loginLocation: z.string(),
    browser: z.string(),
    os: z.string(),
    loginTime: timestamp(),
    lastAccessTime: timestamp(),
    /** False on the caller's own session and, for a non-administrator, on an administrator's. */
    mayForceLogout: z.boolean(),
  })
  .meta({ id: 'SysUserOnline' });
export type OnlineUserRecord = z.output<typeof onlineUserRecord>;

/** RuoYi's UI sends its page too; the list is short (one row a session) and paged in memory. */
export const onlineListQuery = z.object({
  ipaddr: textFilter(128),
  userName: textFilter(50),
  ...pagingShape(['loginTime'] as const),
});
export type OnlineListQuery = z.input<typeof onlineListQuery>;
