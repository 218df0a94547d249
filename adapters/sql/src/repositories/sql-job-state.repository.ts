import type { JobStateRepository } from '@dpms/core';
import type { Db } from './sql-helpers.js';

/** sys_job_state (migrations 0105, 0109): one row per job whose state was ever changed. */
export class SqlJobStateRepository implements JobStateRepository {
  constructor(private readonly db: Db) {}

  async pausedJobIds(): Promise<ReadonlySet<number>> {
    const rows = await this.db
      .selectFrom('sys_job_state')
      .select('job_id')
      .where('status', '=', '1')
      .execute();
    return new Set(rows.map((r) => r.job_id));
  }

  async setStatus(jobId: number, status: '0' | '1', by: string): Promise<void> {
    await this.db
      .insertInto('sys_job_state')
      .values({ job_id: jobId, status, update_by: by, update_time: new Date() })
      .onConflict((oc) =>
        oc.column('job_id').doUpdateSet({ status, update_by: by, update_time: new Date() }),
      )
      .execute();
  }

  async savedCrons(): Promise<ReadonlyMap<number, string>> {
    const rows = await this.db
      .selectFrom('sys_job_state')
      .select(['job_id', 'cron'])
      .where('cron', 'is not', null)
      .execute();
    return new Map(rows.flatMap((r) => (r.cron === null ? [] : [[r.job_id, r.cron] as const])));
  }

  async saveSchedule(
    jobId: number,
    change: { readonly cron: string | null; readonly status?: '0' | '1' | undefined },
    by: string,
  ): Promise<void> {
    const set = {
      cron: change.cron,
      ...(change.status === undefined ? {} : { status: change.status }),
      update_by: by,
      update_time: new Date(),
    };
    await this.db
      .insertInto('sys_job_state')
      .values({ job_id: jobId, ...set })
      .onConflict((oc) => oc.column('job_id').doUpdateSet(set))
      .execute();
  }
}
