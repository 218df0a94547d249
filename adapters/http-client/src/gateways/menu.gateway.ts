import type { z } from 'zod';
import {
  jobListAnswer,
  jobLogRecord,
  menuAnswer,
  menuListAnswer,
  okEnvelope,
  systemDoneAnswer,
  type JobRecord,
  type JobRunBody,
  type MenuCreateBody,
  type MenuRecord,
  type MenuUpdateBody,
} from '@dpms/wire';
import { keyed, type HttpClient, type WriteOptions } from '../client.js';
import { answerOf } from './answer.js';
import { cleanQuery } from './parsed-calls.js';
import type { JobLog } from './system.gateway.js';

export type SysMenu = MenuRecord;
export type SysJob = JobRecord;

export interface MenuListQuery {
  menuName?: string;
  status?: string;
  visible?: string;
}

/** /system/menu/* (菜单管理, RuoYi's api/system/menu.js). */
export class MenuGateway {
  constructor(private readonly http: HttpClient) {}
  async list(query: MenuListQuery = {}): Promise<SysMenu[]> {
    const path = '/system/menu/list';
    return answerOf(
      menuListAnswer,
      await this.http.get(path, { params: cleanQuery({ ...query }) }),
      path,
    ).data;
  }
  async get(menuId: number): Promise<SysMenu> {
    const path = `/system/menu/${menuId}`;
    return answerOf(menuAnswer, await this.http.get(path), path).data;
  }
  async add(menu: MenuCreateBody, options?: WriteOptions): Promise<SysMenu> {
    const path = '/system/menu';
    return answerOf(menuAnswer, await this.http.post(path, menu, keyed(options)), path).data;
  }
  async update(menu: MenuUpdateBody, options?: WriteOptions): Promise<SysMenu> {
    const path = '/system/menu';
    return answerOf(menuAnswer, await this.http.put(path, menu, keyed(options)), path).data;
  }
  async remove(menuId: number, options?: WriteOptions): Promise<void> {
    const path = `/system/menu/${menuId}`;
    answerOf(systemDoneAnswer, await this.http.delete(path, keyed(options)), path);
  }
}

const runAnswer = okEnvelope(jobLogRecord);

/** /monitor/job/* (定时任务, RuoYi's api/monitor/job.js): the server's jobs and 执行一次. */
export class JobGateway {
  constructor(private readonly http: HttpClient) {}
  async list(query: { jobName?: string; jobGroup?: string } = {}): Promise<SysJob[]> {
    const path = '/monitor/job/list';
    return answerOf(
      jobListAnswer,
      await this.http.get(path, { params: cleanQuery({ ...query }) }),
      path,
    ).rows;
  }
  /** Pauses ('1') or resumes ('0') the job's schedule. */
  async changeStatus(jobId: number, status: '0' | '1', options?: WriteOptions): Promise<void> {
    const path = '/monitor/job/changeStatus';
    answerOf(systemDoneAnswer, await this.http.put(path, { jobId, status }, keyed(options)), path);
  }
  /** Runs the job now; answers the run as the scheduling log keeps it, and the server's word. */
  async run(body: JobRunBody, options?: WriteOptions): Promise<{ msg: string; log: JobLog }> {
    const path = '/monitor/job/run';
    const r: z.output<typeof runAnswer> = answerOf(
      runAnswer,
      await this.http.put(path, body, keyed(options)),
      path,
    );
    return { msg: r.msg, log: r.data };
  }
}
