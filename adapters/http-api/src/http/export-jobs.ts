import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Express, Response } from 'express';
import type { Logger } from 'pino';
import {
  EXPORT_JOBS_PER_PERSON,
  EXPORT_JOBS_PER_SERVER,
  EXPORT_JOB_MESSAGES,
  exportJobView,
  exportJobsExpireBefore,
  type ExportJobRepository,
  type ExportJobView,
} from '@dpms/core';
import { HttpError } from './http-error.js';
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
  private readonly running = new Map<
    string,
    { readonly owner: number; readonly view: ExportJobView; readonly done: Promise<void> }
  >();

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

  /**
   * Starts writing; answers the job as it stands, at once. One person has one export under way
   * at a time (the same export asked again, a double click, answers the job already running) and
   * a server a few; beyond that the request is refused with 429 and nothing starts.
   */
  async start(
    ownerUserId: number,
    fileName: string,
    rowsTotal: number | null,
    write: WorkbookWriter,
  ): Promise<ExportJobView> {
    const mine = [...this.running.values()].filter((j) => j.owner === ownerUserId);
    const same = mine.find((j) => j.view.fileName === fileName);
    if (same) return (await this.view(same.view.jobId, ownerUserId)) ?? same.view;
    if (mine.length >= EXPORT_JOBS_PER_PERSON)
      throw busy(EXPORT_JOB_MESSAGES.oneAtATime(mine[0]!.view.fileName));
    if (this.running.size >= EXPORT_JOBS_PER_SERVER) throw busy(EXPORT_JOB_MESSAGES.instanceBusy);
    const jobId = randomBytes(16).toString('hex');
    const now = this.deps.now();
    await this.deps.repo.create({ jobId, ownerUserId, fileName, rowsTotal, now });
    const view = exportJobView(
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
    const done = this.run(jobId, ownerUserId, fileName, write).finally(() =>
      this.running.delete(jobId),
    );
    this.running.set(jobId, { owner: ownerUserId, view, done });
    return view;
  }

  /** Removes workbooks a stopped server left half-written (at start, before any job runs). */
  async sweep(): Promise<void> {
    await rm(this.deps.workDir, { recursive: true, force: true });
  }

  /**
   * The clean-up job's work (清理过期导出文件): exports ended a day ago (core's
   * exportJobsExpireBefore) go with their workbooks; answers how many. The workbook goes first,
   * so a failure leaves the job for the next run rather than a file nobody removes.
   */
  async purgeExpired(): Promise<number> {
    const before = exportJobsExpireBefore(this.deps.now());
    let removed = 0;
    for (;;) {
      const batch = await this.deps.repo.expired(before, 100);
      for (const job of batch) {
        if (job.fileId) await this.deps.files.deleteGenerated(job.fileId);
        await this.deps.repo.remove(job.jobId);
      }
      removed += batch.length;
      if (batch.length < 100) return removed;
    }
  }

  /** The owner's job as it stands; null for an unknown id or another user's job. */
  async view(jobId: string, ownerUserId: number): Promise<ExportJobView | null> {
    const job = await this.deps.repo.findOwned(jobId, ownerUserId);
    return job ? exportJobView(job, this.deps.now()) : null;
  }

  /** Resolves when every job this instance is writing has finished (or failed). */
  async settled(): Promise<void> {
    while (this.running.size > 0)
      await Promise.allSettled([...this.running.values()].map((j) => j.done));
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
    let out: WriteStream | undefined;
    try {
      await mkdir(workDir, { recursive: true });
      out = createWriteStream(file);
      // The file's own failure (a full disk) ends the job even if the workbook writer, which
      // listens to its stream only when it commits, would wait on.
      const written = finished(out);
      await Promise.race([
        write(out, () => {
          rows += 1;
        }).then(() => written),
        written,
      ]);
      // The heartbeat goes on while the workbook is stored (a slow object store).
      const record = await files.storeGenerated(ownerUserId, fileName, createReadStream(file));
      clearInterval(ticker);
      await saving;
      await repo.finish(jobId, rows, record.fileId, now());
      logger.info({ jobId, rows, fileId: record.fileId }, 'export written');
    } catch (e) {
      clearInterval(ticker);
      out?.destroy();
      await saving;
      logger.error({ err: e, jobId }, 'export failed');
      await repo.fail(jobId, failureReason(e), now()).catch(() => undefined);
    } finally {
      await rm(file, { force: true });
    }
  }
}

/** What a failed job tells its owner: in Chinese, without the server's paths. */
function failureReason(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT'
    ? EXPORT_JOB_MESSAGES.diskFull
    : EXPORT_JOB_MESSAGES.writeFailed;
}

const busy = (message: string) => new HttpError(429, message, { errorCode: 'EXPORT.TOO_MANY' });

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
