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
import type { HttpClient, WriteOptions } from '../client.js';
import type { Page, PageQuery } from './page.js';
import { ParsedCalls, pathIds } from './parsed-calls.js';

export type LoginInfo = LoginInfoRecord;
export type OperLog = OperLogRecord;
export type OnlineUser = OnlineUserRecord;

/** 登录日志 (/monitor/logininfor). */
export class LoginInfoGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: LoginInfoListQuery | PageQuery = {}): Promise<Page<LoginInfo>> {
    return this.calls.page(
      pageEnvelope(loginInfoRecord),
      '/monitor/logininfor/list',
      query as PageQuery,
    );
  }
  async remove(ids: number | readonly number[], options?: WriteOptions): Promise<number> {
    return (await this.calls.remove(countAnswer, `/monitor/logininfor/${pathIds(ids)}`, options))
      .data.count;
  }
  async clean(options?: WriteOptions): Promise<number> {
    return (await this.calls.remove(countAnswer, '/monitor/logininfor/clean', options)).data.count;
  }
  /** 解锁: forgets the account's failed sign-ins, so the throttle lets it in again. */
  async unlock(userName: string): Promise<void> {
    const path = `/monitor/logininfor/unlock/${encodeURIComponent(userName)}`;
    await this.calls.read(systemDoneAnswer, path);
  }
}

/** 操作日志 (/monitor/operlog). */
export class OperLogGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: OperLogListQuery | PageQuery = {}): Promise<Page<OperLog>> {
    return this.calls.page(
      pageEnvelope(operLogRecord),
      '/monitor/operlog/list',
      query as PageQuery,
    );
  }
  async remove(ids: number | readonly number[], options?: WriteOptions): Promise<number> {
    return (await this.calls.remove(countAnswer, `/monitor/operlog/${pathIds(ids)}`, options)).data
      .count;
  }
  async clean(options?: WriteOptions): Promise<number> {
    return (await this.calls.remove(countAnswer, '/monitor/operlog/clean', options)).data.count;
  }
}

/** 在线用户 (/monitor/online): sessions named by their id, never their token. */
export class OnlineGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
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
    await this.calls.remove(z.object({ code: z.literal(200) }).loose(), path, options);
  }
}
