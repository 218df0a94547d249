import type { ListPage, ListQuery } from '../platform/list-query.js';
import type { JobLog, JobLogFilter, JobLogSortColumn, NewJobLog } from './job-log.js';

export interface JobLogRepository {
  /** Newest run first unless a sort is given. */
  list(query: ListQuery<JobLogFilter, JobLogSortColumn>): Promise<ListPage<JobLog>>;
  add(entry: NewJobLog): Promise<JobLog>;
  /** Removes runs that started before `before`; answers how many. */
  purge(before: Date): Promise<number>;
}
