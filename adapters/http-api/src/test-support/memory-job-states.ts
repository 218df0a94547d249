import type { JobStateRepository } from '@dpms/core';

/**
 * The jobs' stored states (paused ids, saved crons) in memory, for the unit tests of the job
 * catalogue and what registers on it; the integration tests use SqlJobStateRepository.
 */
export function memoryJobStates(paused: number[] = []): JobStateRepository {
  const pausedIds = new Set(paused);
  const crons = new Map<number, string>();
  const setStatus = (jobId: number, status: '0' | '1') => {
    if (status === '1') pausedIds.add(jobId);
    else pausedIds.delete(jobId);
  };
  return {
    pausedJobIds: () => Promise.resolve(new Set(pausedIds)),
    setStatus: (jobId, status) => {
      setStatus(jobId, status);
      return Promise.resolve();
    },
    savedCrons: () => Promise.resolve(new Map(crons)),
    saveSchedule: (jobId, change) => {
      if (change.cron === null) crons.delete(jobId);
      else crons.set(jobId, change.cron);
      if (change.status !== undefined) setStatus(jobId, change.status);
      return Promise.resolve();
    },
  };
}
