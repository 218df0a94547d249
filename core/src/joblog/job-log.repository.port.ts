import type { ListPage, ListQuery } from '../platform/list-query.js';
import type { JobLog, JobLogFilter, JobLogSortColumn, NewJobLog } from './job-log.js';

export interface JobLogRepository {
  /** Newest run first unless a sort is given. */
  list(query: ListQuery<JobLogFilter, JobLogSortColumn>): Promise<ListPage<JobLog>>;
  /**
   * The latest run of each job named in `jobNames` (one per name and group; a job never run has
   * none): 定时任务's 最近一次执行, read at once for a page of jobs.
   */
  lastRuns(jobNames: readonly string[]): Promise<readonly JobLog[]>;
  /** One run by its id (the run a queued 执行一次 wrote, read back by the instance that asked). */
  get(jobLogId: number): Promise<JobLog | undefined>;
  add(entry: NewJobLog): Promise<JobLog>;
  /** Removes runs that started before `before`; answers how many. */
  purge(before: Date): Promise<number>;
}
