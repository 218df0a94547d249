/** Each scheduled job's stored state (定时任务's 状态 and cron), so every instance reads it. */
export interface JobStateRepository {
  /** The ids of the paused jobs; a job never set runs. */
  pausedJobIds(): Promise<ReadonlySet<number>>;
  /** '0' 正常 (runs on its schedule), '1' 暂停; `by` is who changed it (their login name). */
  setStatus(jobId: number, status: '0' | '1', by: string): Promise<void>;
  /** The crons saved on 定时任务 (five fields), by job id; a job without one runs on its own. */
  savedCrons(): Promise<ReadonlyMap<number, string>>;
  /**
   * Saves a job's cron (null: back to the job's own) and, when given, its status, in one write.
   */
  saveSchedule(
    jobId: number,
    change: { readonly cron: string | null; readonly status?: '0' | '1' | undefined },
    by: string,
  ): Promise<void>;
}
