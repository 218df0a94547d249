import { z } from 'zod';
import {
  countAnswer,
  loginInfoRecord,
  onlineUserRecord,
  operLogRecord,
  pageEnvelope,
  systemDoneAnswer,
  type LoginInfoListQuery,
  type LoginInfoRecord,
  type OnlineListQuery,
  type OnlineUserRecord,
  type OperLogListQuery,
  type OperLogRecord,
} from '@dpms/wire';
import { keyed, type HttpClient, type WriteOptions } from '../client.js';
import { answerOf } from './answer.js';
import type { Page, PageQuery } from './page.js';
import { ParsedCalls } from './parsed-calls.js';

export type LoginInfo = LoginInfoRecord;
export type OperLog = OperLogRecord;
export type OnlineUser = OnlineUserRecord;

const idsOf = (ids: number | readonly number[]) =>
  typeof ids === 'number' ? String(ids) : ids.join(',');

/** A delete by path, answered with `{count}` or nothing. */
async function remove(http: HttpClient, path: string, options?: WriteOptions): Promise<number> {
  const a = answerOf(
    countAnswer.or(systemDoneAnswer),
    await http.delete(path, keyed(options)),
    path,
  );
  return 'data' in a ? a.data.count : 0;
}

/** 登录日志 (/monitor/logininfor). */
export class LoginInfoGateway {
  private readonly calls: ParsedCalls;
  constructor(private readonly http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: LoginInfoListQuery | PageQuery = {}): Promise<Page<LoginInfo>> {
    return this.calls.page(
      pageEnvelope(loginInfoRecord),
      '/monitor/logininfor/list',
      query as PageQuery,
    );
  }
  remove(ids: number | readonly number[], options?: WriteOptions): Promise<number> {
    return remove(this.http, `/monitor/logininfor/${idsOf(ids)}`, options);
  }
  clean(options?: WriteOptions): Promise<number> {
    return remove(this.http, '/monitor/logininfor/clean', options);
  }
  /** 解锁: forgets the account's failed sign-ins, so the throttle lets it in again. */
  async unlock(userName: string): Promise<void> {
    const path = `/monitor/logininfor/unlock/${encodeURIComponent(userName)}`;
    answerOf(systemDoneAnswer, await this.http.get(path), path);
  }
}

/** 操作日志 (/monitor/operlog). */
export class OperLogGateway {
  private readonly calls: ParsedCalls;
  constructor(private readonly http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: OperLogListQuery | PageQuery = {}): Promise<Page<OperLog>> {
    return this.calls.page(
      pageEnvelope(operLogRecord),
      '/monitor/operlog/list',
      query as PageQuery,
    );
  }
  remove(ids: number | readonly number[], options?: WriteOptions): Promise<number> {
    return remove(this.http, `/monitor/operlog/${idsOf(ids)}`, options);
  }
  clean(options?: WriteOptions): Promise<number> {
    return remove(this.http, '/monitor/operlog/clean', options);
  }
}

/** 在线用户 (/monitor/online): sessions named by their id, never their token. */
export class OnlineGateway {
  private readonly calls: ParsedCalls;
  constructor(private readonly http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: OnlineListQuery | PageQuery = {}): Promise<Page<OnlineUser>> {
    return this.calls.page(
      pageEnvelope(onlineUserRecord),
      '/monitor/online/list',
      query as PageQuery,
    );
  }
  /** 强退: ends the session at once. */
  async forceLogout(tokenId: string, options?: WriteOptions): Promise<void> {
    const path = `/monitor/online/${encodeURIComponent(tokenId)}`;
    answerOf(
      z.object({ code: z.literal(200) }).loose(),
      await this.http.delete(path, keyed(options)),
      path,
    );
  }
}
