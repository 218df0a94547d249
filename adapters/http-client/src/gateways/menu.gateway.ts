import {
  cronExplainAnswer,
  jobAnswer,
  jobListAnswer,
  jobLogRecord,
  menuAnswer,
  menuListAnswer,
  okEnvelope,
  systemDoneAnswer,
  type CronExplanationRecord,
  type JobEditBody,
  type JobRecord,
  type JobRunBody,
  type MenuCreateBody,
  type MenuRecord,
  type MenuUpdateBody,
} from '@dpms/wire';
import type { HttpClient, WriteOptions } from '../client.js';
import { ParsedCalls } from './parsed-calls.js';
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
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: MenuListQuery = {}): Promise<SysMenu[]> {
    return (await this.calls.read(menuListAnswer, '/system/menu/list', query)).data;
  }
  async get(menuId: number): Promise<SysMenu> {
    return (await this.calls.read(menuAnswer, `/system/menu/${menuId}`)).data;
  }
  async add(menu: MenuCreateBody, options?: WriteOptions): Promise<SysMenu> {
    return (await this.calls.send('post', menuAnswer, '/system/menu', menu, options)).data;
  }
  async update(menu: MenuUpdateBody, options?: WriteOptions): Promise<SysMenu> {
    return (await this.calls.send('put', menuAnswer, '/system/menu', menu, options)).data;
  }
  async remove(menuId: number, options?: WriteOptions): Promise<void> {
    await this.calls.remove(systemDoneAnswer, `/system/menu/${menuId}`, options);
  }
}

const runAnswer = okEnvelope(jobLogRecord);

/** /monitor/job/* (定时任务, RuoYi's api/monitor/job.js): the server's jobs and 执行一次. */
export class JobGateway {
  private readonly calls: ParsedCalls;
  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }
  async list(query: { jobName?: string; jobGroup?: string } = {}): Promise<SysJob[]> {
    return (await this.calls.read(jobListAnswer, '/monitor/job/list', query)).rows;
  }
  async get(jobId: number): Promise<SysJob> {
    return (await this.calls.read(jobAnswer, `/monitor/job/${jobId}`)).data;
  }
  /** Checks and explains a cron (Quartz or five fields) before saving: words and the next 5 runs. */
  async explainCron(cron: string): Promise<CronExplanationRecord> {
    return (await this.calls.read(cronExplainAnswer, '/monitor/job/cron/explain', { cron })).data;
  }
  /** 修改: saves the job's cron (and status); the other fields must be the job's own. */
  async update(body: JobEditBody, options?: WriteOptions): Promise<void> {
    await this.calls.send('put', systemDoneAnswer, '/monitor/job', body, options);
  }
  /** Pauses ('1') or resumes ('0') the job's schedule. */
  async changeStatus(jobId: number, status: '0' | '1', options?: WriteOptions): Promise<void> {
    const body = { jobId, status };
    await this.calls.send('put', systemDoneAnswer, '/monitor/job/changeStatus', body, options);
  }
  /** Runs the job now; answers the run as the scheduling log keeps it, and the server's word. */
  async run(body: JobRunBody, options?: WriteOptions): Promise<{ msg: string; log: JobLog }> {
    const r = await this.calls.send('put', runAnswer, '/monitor/job/run', body, options);
    return { msg: r.msg, log: r.data };
  }
}
