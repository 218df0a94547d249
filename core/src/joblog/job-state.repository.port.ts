/** Whether each scheduled job is paused (定时任务's 状态), stored so every instance reads it. */
export interface JobStateRepository {
  /** The ids of the paused jobs; a job never set runs. */
  pausedJobIds(): Promise<ReadonlySet<number>>;
  /** '0' 正常 (runs on its schedule), '1' 暂停; `by` is who changed it (their login name). */
  setStatus(jobId: number, status: '0' | '1', by: string): Promise<void>;
}
