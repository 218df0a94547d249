/**
 * A large export (导出) made in the background: the request that asks for it is answered at
 * once with the job, the workbook is written while the caller watches its progress, and the
 * finished file lands among the caller's files (我的文件) for download.
 *
 * The choice, where the issue is silent:
 * - A client opts in with `Prefer: respond-async` (RFC 7240); a client that does not (RuoYi's
 *   UI, a script) gets the file in the answer as before, whatever its size.
 * - Even when asked, a small export is answered at once: below {@link EXPORT_IN_BACKGROUND_MIN_ROWS}
 *   rows the file is ready before a progress bar could show anything.
 * - The workbook is written by the instance that read the rows (the rows are read with the
 *   caller's permissions and data scope, and are not re-read elsewhere); its state is kept in
 *   the database so any instance answers its progress. A job whose instance stopped (a restart,
 *   a crash) stops being touched; after {@link EXPORT_JOB_STALE_MS} it reads as interrupted and
 *   the caller exports again.
 */

/** Rows from which an export asked with `Prefer: respond-async` goes to the background. */
export const EXPORT_IN_BACKGROUND_MIN_ROWS = 5000;

/** How long a running job may go untouched before it reads as interrupted. */
export const EXPORT_JOB_STALE_MS = 60_000;

/**
 * How long an ended export is kept, with its workbook among the owner's files: a day, to
 * download it, then the clean-up job (清理过期导出文件) removes both so the disk does not fill.
 * One clock serves every ending: a finished or failed job's last change is its end, and a
 * running job untouched for a day has been interrupted for a day (this is far beyond
 * {@link EXPORT_JOB_STALE_MS}), so none of these is removed while it is still being written.
 */
export const EXPORT_JOB_KEPT_MS = 24 * 60 * 60 * 1000;

/** The last change before which the clean-up at `now` removes an export. */
export const exportJobsExpireBefore = (now: Date): Date =>
  new Date(now.getTime() - EXPORT_JOB_KEPT_MS);

/** Whether the clean-up at `now` removes `job` (and its workbook). */
export function exportJobExpired(job: Pick<ExportJob, 'updatedAt'>, now: Date): boolean {
  return job.updatedAt.getTime() < exportJobsExpireBefore(now).getTime();
}

/** Background exports one person may have under way at once, and one server at most. */
export const EXPORT_JOBS_PER_PERSON = 1;
export const EXPORT_JOBS_PER_SERVER = 4;

export type ExportJobStatus = 'running' | 'done' | 'failed';

/** A background export as stored. */
export interface ExportJob {
  /** Server-issued: 32 lower-case hex digits. */
  readonly jobId: string;
  readonly ownerUserId: number;
  /** The workbook's name, as the export names it (`岗位数据.xlsx`). */
  readonly fileName: string;
  readonly status: ExportJobStatus;
  readonly rowsDone: number;
  /** The rows to write; null when the export could not count them first. */
  readonly rowsTotal: number | null;
  /** Why it failed (failed only). */
  readonly message: string | null;
  /** The finished workbook among the owner's files (done only). */
  readonly fileId: string | null;
  readonly createdAt: Date;
  /** The last progress stored; a running job not touched for a while was interrupted. */
  readonly updatedAt: Date;
  readonly finishedAt: Date | null;
}

/** What the caller sees of a job: its state now, interrupted included, and its progress. */
export interface ExportJobView {
  readonly jobId: string;
  readonly fileName: string;
  readonly status: ExportJobStatus | 'interrupted';
  readonly rowsDone: number;
  readonly rowsTotal: number | null;
  /** 0-100, whole; null while the total is unknown. */
  readonly percent: number | null;
  /** The line a person reads: progress, done, or why not. */
  readonly message: string;
  readonly fileId: string | null;
  readonly createdAt: Date;
  readonly finishedAt: Date | null;
}

export const EXPORT_JOB_MESSAGES = {
  started: (rows: number) => `数据较多（${rows} 行），已转入后台导出，完成后自动下载`,
  running: (done: number, total: number | null) =>
    total === null ? `正在导出，已写入 ${done} 行` : `正在导出，已写入 ${done} / ${total} 行`,
  done: (fileName: string) => `导出完成：${fileName}，也可在“我的文件”中下载（保留 24 小时）`,
  failed: (reason: string) => `导出失败：${reason}`,
  interrupted: '导出已中断（服务重启或停止），请重新导出',
  /** The reason a failed job shows (the detail stays in the server's log). */
  writeFailed: '生成文件时出错，请稍后重试或缩小筛选范围',
  diskFull: '服务器磁盘空间不足，请联系管理员',
  /** A second export asked while the person's first is still being written. */
  oneAtATime: (fileName: string) => `您的导出“${fileName}”仍在进行，请完成后再导出`,
  instanceBusy: '服务器正在生成的导出已满，请稍后再试',
  notFound: '导出任务不存在或已过期',
} as const;

/** Whether an export goes to the background: asked for, and large enough to be worth it. */
export function exportGoesToBackground(prefersAsync: boolean, rows: number | null): boolean {
  return prefersAsync && rows !== null && rows >= EXPORT_IN_BACKGROUND_MIN_ROWS;
}

/** Whether a `Prefer` header asks for an asynchronous answer (RFC 7240 §4.1). */
export function prefersRespondAsync(prefer: string | readonly string[] | undefined): boolean {
  const values = typeof prefer === 'string' ? [prefer] : (prefer ?? []);
  return values.some((v) =>
    v
      .split(',')
      .map((p) => p.split(';')[0]?.trim().toLowerCase())
      .includes('respond-async'),
  );
}

/** Whole percent written, never 100 before the job is done; null without a total. */
export function exportPercent(job: Pick<ExportJob, 'status' | 'rowsDone' | 'rowsTotal'>) {
  if (job.status === 'done') return 100;
  if (job.rowsTotal === null || job.rowsTotal <= 0) return null;
  return Math.min(99, Math.floor((job.rowsDone * 100) / job.rowsTotal));
}

/** The job as its owner sees it at `now`. */
export function exportJobView(job: ExportJob, now: Date): ExportJobView {
  const interrupted =
    job.status === 'running' && now.getTime() - job.updatedAt.getTime() > EXPORT_JOB_STALE_MS;
  const status = interrupted ? 'interrupted' : job.status;
  const message =
    status === 'interrupted'
      ? EXPORT_JOB_MESSAGES.interrupted
      : status === 'done'
        ? EXPORT_JOB_MESSAGES.done(job.fileName)
        : status === 'failed'
          ? EXPORT_JOB_MESSAGES.failed(job.message ?? '未知原因')
          : EXPORT_JOB_MESSAGES.running(job.rowsDone, job.rowsTotal);
  return {
    jobId: job.jobId,
    fileName: job.fileName,
    status,
    rowsDone: job.rowsDone,
    rowsTotal: job.rowsTotal,
    percent: status === 'running' || status === 'done' ? exportPercent(job) : null,
    message,
    fileId: status === 'done' ? job.fileId : null,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
  };
}
