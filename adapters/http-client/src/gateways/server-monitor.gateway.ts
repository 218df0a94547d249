import { serverInfoAnswer, type ServerInfo } from '@dpms/wire';
import type { HttpClient } from '../client.js';
import { answerOf } from './answer.js';

export type { ServerInfo };

/** 服务监控 (/monitor/server): the server's figures, read afresh at each call. */
export class ServerMonitorGateway {
  constructor(private readonly http: HttpClient) {}
  async info(): Promise<ServerInfo> {
    const path = '/monitor/server';
    return answerOf(serverInfoAnswer, await this.http.get(path), path).data;
  }
}
