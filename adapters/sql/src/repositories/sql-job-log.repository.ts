import type {
  JobLog,
  JobLogFilter,
  JobLogRepository,
  JobLogSortColumn,
  JobStatus,
  ListPage,
  ListQuery,
  NewJobLog,
} from '@dpms/core';
import { containsPattern, pageBounds, type Db, pageWithCount } from './sql-helpers.js';

const SORT_COLUMNS = {
  jobLogId: 'job_log_id',
  startTime: 'start_time',
} as const satisfies Record<JobLogSortColumn, string>;

const COLUMNS = [
  'job_log_id',
  'job_name',
  'job_group',
  'invoke_target',
  'job_message',
  'status',
  'exception_info',
  'start_time',
  'end_time',
  'create_time',
] as const;

/** The scheduling log in `sys_job_log`. Not data-scoped: it is the server's own record. */
export class SqlJobLogRepository implements JobLogRepository {
  constructor(private readonly db: Db) {}

  /** The page and count queries of `list`, exposed so tests can EXPLAIN exactly what runs. */
  listQueries(query: ListQuery<JobLogFilter, JobLogSortColumn>) {
    const f = query.filter;
    const filtered = this.db
      .selectFrom('sys_job_log')
      .$if(!!f.jobName, (q) => q.where('job_name', 'ilike', containsPattern(f.jobName ?? '')))
      .$if(!!f.jobGroup, (q) => q.where('job_group', '=', f.jobGroup ?? ''))
      .$if(!!f.status, (q) => q.where('status', '=', f.status ?? '0'))
      .$if(!!f.startTime?.from, (q) => q.where('start_time', '>=', f.startTime!.from!))
      .$if(!!f.startTime?.to, (q) => q.where('start_time', '<=', f.startTime!.to!));
    const count = filtered.select((eb) => eb.fn.countAll<number>().as('n'));
    let page = filtered.select(COLUMNS);
    page = query.sort
      ? page.orderBy(SORT_COLUMNS[query.sort.column], query.sort.direction)
      : page.orderBy('start_time', 'desc');
    page = page.orderBy('job_log_id', query.sort?.direction ?? 'desc');
    const { limit, offset } = pageBounds(query.page);
    if (limit !== undefined) page = page.limit(limit).offset(offset ?? 0);
    return { page, count };
  }

  async list(query: ListQuery<JobLogFilter, JobLogSortColumn>): Promise<ListPage<JobLog>> {
    const { page, count } = this.listQueries(query);
    return pageWithCount(page, count, (rows) => rows.map(toJobLog));
  }

  async lastRuns(jobNames: readonly string[]): Promise<readonly JobLog[]> {
    if (jobNames.length === 0) return [];
    const rows = await this.db
      .selectFrom('sys_job_log')
      .distinctOn(['job_name', 'job_group'])
      .select(COLUMNS)
      .where('job_name', 'in', [...jobNames])
      .orderBy('job_name')
      .orderBy('job_group')
      .orderBy('start_time', 'desc')
      .orderBy('job_log_id', 'desc')
      .execute();
    return rows.map(toJobLog);
  }

  async get(jobLogId: number): Promise<JobLog | undefined> {
    const row = await this.db
      .selectFrom('sys_job_log')
      .select(COLUMNS)
      .where('job_log_id', '=', jobLogId)
      .executeTakeFirst();
    return row && toJobLog(row);
  }

  async add(entry: NewJobLog): Promise<JobLog> {
    const row = await this.db
      .insertInto('sys_job_log')
      .values({
        job_name: entry.jobName,
        job_group: entry.jobGroup,
        invoke_target: entry.invokeTarget,
        job_message: entry.jobMessage,
        status: entry.status,
        exception_info: entry.exceptionInfo,
        start_time: entry.startTime,
        end_time: entry.endTime,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toJobLog(row);
  }

  async purge(before: Date): Promise<number> {
    const r = await this.db
      .deleteFrom('sys_job_log')
      .where('start_time', '<', before)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}

function toJobLog(r: {
  job_log_id: number;
  job_name: string;
  job_group: string;
  invoke_target: string;
  job_message: string;
  status: JobStatus;
  exception_info: string;
  start_time: Date;
  end_time: Date;
  create_time: Date;
}): JobLog {
  return {
    jobLogId: Number(r.job_log_id),
    jobName: r.job_name,
    jobGroup: r.job_group,
    invokeTarget: r.invoke_target,
    jobMessage: r.job_message,
    status: r.status,
    exceptionInfo: r.exception_info,
    startTime: r.start_time,
    endTime: r.end_time,
    createTime: r.create_time,
  };
}
