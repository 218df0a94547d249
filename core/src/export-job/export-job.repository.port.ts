import type { ExportJob } from './export-job.js';

/** Where background exports keep their state, so any instance answers a job's progress. */
export interface ExportJobRepository {
  create(job: {
    readonly jobId: string;
    readonly ownerUserId: number;
    readonly fileName: string;
    readonly rowsTotal: number | null;
    readonly now: Date;
  }): Promise<void>;
  /** Stores the rows written so far (a running job only). */
  progress(jobId: string, rowsDone: number, now: Date): Promise<void>;
  /** The job is done: its workbook is the owner's file `fileId`. */
  finish(jobId: string, rowsDone: number, fileId: string, now: Date): Promise<void>;
  fail(jobId: string, message: string, now: Date): Promise<void>;
  /** The job, only for its owner (another user's reads as absent). */
  findOwned(jobId: string, ownerUserId: number): Promise<ExportJob | null>;
  /** Jobs last changed before `before` (see exportJobsExpireBefore), a batch at a time. */
  expired(
    before: Date,
    limit: number,
  ): Promise<readonly { readonly jobId: string; readonly fileId: string | null }[]>;
  remove(jobId: string): Promise<void>;
}
