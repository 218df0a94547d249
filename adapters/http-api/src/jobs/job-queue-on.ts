import type { DatabaseHandle } from '@dpms/sql';
import { JobQueue, type JobQueueOptions } from './job-queue.js';

/**
 * The job queue on the database the server runs on: graphile-worker connects to the handle's
 * database and hears other instances' runs on the handle's listener. The one way the server and
 * the queue's tests build it.
 */
export function jobQueueOn(
  handle: Pick<DatabaseHandle, 'url' | 'listen'>,
  options: Omit<JobQueueOptions, 'connectionString' | 'listen'>,
): JobQueue {
  return new JobQueue({
    connectionString: handle.url,
    listen: (channel, sink) => handle.listen(channel, sink),
    ...options,
  });
}
