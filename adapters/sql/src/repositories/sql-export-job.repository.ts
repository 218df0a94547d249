import type { ExportJob, ExportJobRepository } from '@dpms/core';
import type { Db } from './sql-helpers.js';

/** Background exports in `sys_export_job` (migration 0108); each read is its owner's only. */
export class SqlExportJobRepository implements ExportJobRepository {
  constructor(private readonly db: Db) {}

  async create(job: Parameters<ExportJobRepository['create']>[0]): Promise<void> {
    await this.db
      .insertInto('sys_export_job')
      .values({
        job_id: job.jobId,
        owner_user_id: job.ownerUserId,
        file_name: job.fileName,
        rows_total: job.rowsTotal,
        created_at: job.now,
        updated_at: job.now,
      })
      .execute();
  }

  async progress(jobId: string, rowsDone: number, now: Date): Promise<void> {
    await this.db
      .updateTable('sys_export_job')
      .set({ rows_done: rowsDone, updated_at: now })
      .where('job_id', '=', jobId)
      .where('status', '=', 'running')
      .execute();
  }

  async finish(jobId: string, rowsDone: number, fileId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('sys_export_job')
      .set({
        status: 'done',
        rows_done: rowsDone,
        file_id: fileId,
        updated_at: now,
        finished_at: now,
      })
      .where('job_id', '=', jobId)
      .where('status', '=', 'running')
      .execute();
  }

  async fail(jobId: string, message: string, now: Date): Promise<void> {
    await this.db
      .updateTable('sys_export_job')
      .set({ status: 'failed', message: message.slice(0, 1000), updated_at: now, finished_at: now })
      .where('job_id', '=', jobId)
      .where('status', '=', 'running')
      .execute();
  }

  async findOwned(jobId: string, ownerUserId: number): Promise<ExportJob | null> {
    const row = await this.db
      .selectFrom('sys_export_job')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('owner_user_id', '=', ownerUserId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      jobId: row.job_id,
      ownerUserId: row.owner_user_id,
      fileName: row.file_name,
      status: row.status,
      rowsDone: row.rows_done,
      rowsTotal: row.rows_total,
      message: row.message,
      fileId: row.file_id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      finishedAt: row.finished_at,
    };
  }

  async expired(before: Date, limit: number) {
    const rows = await this.db
      .selectFrom('sys_export_job')
      .select(['job_id', 'file_id'])
      .where('updated_at', '<', before)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ jobId: r.job_id, fileId: r.file_id }));
  }

  async remove(jobId: string): Promise<void> {
    await this.db.deleteFrom('sys_export_job').where('job_id', '=', jobId).execute();
  }
}
