import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Express, Response } from 'express';
import type { Logger } from 'pino';
import { exportJobView, type ExportJobRepository, type ExportJobView } from '@dpms/core';
import type { ExportJobRecord } from '@dpms/wire';
import type { FileService } from '../routes/upload.service.js';

/** How often a running job's progress is stored (and its instance says it is alive). */
const PROGRESS_EVERY_MS = 1000;
/** A job with no new row for this long still says it is alive (a slow last commit). */
const HEARTBEAT_EVERY_MS = 15_000;

/** Writes a workbook to `out`, calling `onRow` after each row. */
export type WorkbookWriter = (out: Writable, onRow: () => void) => Promise<void>;

/**
 * Large exports written in the background (core's export-job.ts): a job row in the database, the
 * workbook written to a temporary file on this instance while its progress is stored each
 * second, then stored as the owner's file. A failure is kept with its reason; a stop in the
 * middle leaves the row untouched, which reads as interrupted after a minute.
 */
export class ExportJobs {
  /** The jobs this instance is writing: a stop waits for them (tests await `settled`). */
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: {
      readonly repo: ExportJobRepository;
      readonly files: FileService;
      readonly now: () => Date;
      readonly logger: Logger;
      /** Where workbooks are written before they are stored (the DATA_DIR's tmp). */
      readonly workDir: string;
    },
  ) {}

  /** Starts writing; answers the job as it stands, at once. */
  async start(
    ownerUserId: number,
    fileName: string,
    rowsTotal: number | null,
    write: WorkbookWriter,
  ): Promise<ExportJobView> {
    const jobId = randomBytes(16).toString('hex');
    const now = this.deps.now();
    await this.deps.repo.create({ jobId, ownerUserId, fileName, rowsTotal, now });
    const run = this.run(jobId, ownerUserId, fileName, write).finally(() =>
      this.running.delete(jobId),
    );
    this.running.set(jobId, run);
    return exportJobView(
      {
        jobId,
        ownerUserId,
        fileName,
        status: 'running',
        rowsDone: 0,
        rowsTotal,
        message: null,
        fileId: null,
        createdAt: now,
        updatedAt: now,
        finishedAt: null,
      },
      now,
    );
  }

  /** The owner's job as it stands; null for an unknown id or another user's job. */
  async view(jobId: string, ownerUserId: number): Promise<ExportJobView | null> {
    const job = await this.deps.repo.findOwned(jobId, ownerUserId);
    return job ? exportJobView(job, this.deps.now()) : null;
  }

  /** Resolves when every job this instance is writing has finished (or failed). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }

  private async run(
    jobId: string,
    ownerUserId: number,
    fileName: string,
    write: WorkbookWriter,
  ): Promise<void> {
    const { repo, files, now, logger, workDir } = this.deps;
    const file = path.join(workDir, `export-${jobId}.xlsx`);
    let rows = 0;
    let stored = 0;
    let storedAt = Date.now();
    let saving: Promise<void> | undefined;
    const save = (force = false) => {
      if (saving || (!force && rows === stored)) return;
      const done = rows;
      saving = repo
        .progress(jobId, done, now())
        .then(() => {
          stored = done;
          storedAt = Date.now();
        })
        .catch((e: unknown) => logger.warn({ err: e, jobId }, 'export progress not stored'))
        .finally(() => (saving = undefined));
    };
    const ticker = setInterval(
      () => save(Date.now() - storedAt >= HEARTBEAT_EVERY_MS),
      PROGRESS_EVERY_MS,
    );
    ticker.unref();
    try {
      await mkdir(workDir, { recursive: true });
      const out = createWriteStream(file);
      const written = finished(out);
      await write(out, () => {
        rows += 1;
      });
      await written;
      clearInterval(ticker);
      await saving;
      const record = await files.storeGenerated(ownerUserId, fileName, createReadStream(file));
      await repo.finish(jobId, rows, record.fileId, now());
      logger.info({ jobId, rows, fileId: record.fileId }, 'export written');
    } catch (e) {
      clearInterval(ticker);
      await saving;
      logger.error({ err: e, jobId }, 'export failed');
      const reason = e instanceof Error ? e.message : String(e);
      await repo.fail(jobId, reason, now()).catch(() => undefined);
    } finally {
      await rm(file, { force: true });
    }
  }
}

/** The job as the wire carries it. */
export const exportJobRecordOf = (v: ExportJobView): ExportJobRecord => ({
  jobId: v.jobId,
  fileName: v.fileName,
  status: v.status,
  rowsDone: v.rowsDone,
  rowsTotal: v.rowsTotal,
  percent: v.percent,
  message: v.message,
  fileId: v.fileId,
  createTime: v.createdAt.toISOString(),
  finishTime: v.finishedAt?.toISOString() ?? null,
});

const LOCALS_KEY = 'exportJobs';

/** Registers the export jobs on the app, where every export reads them from its response. */
export function provideExportJobs(app: Express, jobs: ExportJobs): void {
  (app.locals as Record<string, unknown>)[LOCALS_KEY] = jobs;
}

/** The app's export jobs; undefined in an app without files (every export answers at once). */
export function exportJobsOf(res: Response): ExportJobs | undefined {
  const locals = (res.app as Express | undefined)?.locals as Record<string, unknown> | undefined;
  const jobs = locals?.[LOCALS_KEY];
  return jobs instanceof ExportJobs ? jobs : undefined;
}
