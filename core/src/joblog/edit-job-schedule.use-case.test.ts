import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstant } from '../platform/institute-clock.js';
import { EditJobSchedule, explainCron } from './edit-job-schedule.use-case.js';
import { SYSTEM_JOBS } from './job-log.js';
import type { JobStateRepository } from './job-state.repository.port.js';
import { anyCron } from '../test-support/cron-arbitrary.js';

const NOW = new Date('2026-11-27T02:05:30Z');
const clock = { now: () => NOW };

/** An in-memory store: what was saved, in order. */
function states() {
  const saved: { jobId: number; cron: string | null; status?: string; by: string }[] = [];
  const repo: JobStateRepository = {
    pausedJobIds: () => Promise.resolve(new Set()),
    setStatus: () => Promise.resolve(),
    savedCrons: () => Promise.resolve(new Map()),
    saveSchedule: (jobId, change, by) => {
      saved.push({
        jobId,
        cron: change.cron,
        ...(change.status ? { status: change.status } : {}),
        by,
      });
      return Promise.resolve();
    },
  };
  return { repo, saved };
}

const purge = { jobId: 2, job: SYSTEM_JOBS.jobLogPurge, defaultCron: '30 3 * * *' };
const jobs = { get: (id: number) => (id === 2 ? purge : undefined) };

describe('explaining a cron before saving it', () => {
  it('answers five fields, Quartz, Chinese words and the next 5 runs', () => {
    const r = explainCron('0 0 2 * * ?', NOW);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({ cron: '0 2 * * *', cronExpression: '0 0 2 * * ?' });
    expect(r.value.words).toBe('每天 02:00');
    expect(r.value.nextTimes.map((t) => formatInstant(t))).toEqual([
      '2026-11-28 02:00',
      '2026-11-29 02:00',
      '2026-11-30 02:00',
      '2026-12-01 02:00',
      '2026-12-02 02:00',
    ]);
  });

  it('refuses a cron that never runs', () => {
    const r = explainCron('0 0 31 2 *', NOW);
    expect(!r.ok && r.error).toMatchObject({ code: 'JOB.CRON_INVALID', field: 'cronExpression' });
  });

  it('never throws, and explains every valid expression in words with runs ahead', () => {
    fc.assert(
      fc.property(anyCron(), (cron) => {
        const r = explainCron(cron, NOW);
        if (!r.ok) {
          expect(r.error.message).toContain('8 年内没有一次执行');
          return;
        }
        expect(r.value.words).not.toContain('不正确');
        expect(r.value.nextTimes.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });
});

describe('修改 a job’s cron', () => {
  it('saves the cron from RuoYi’s form, and the status', async () => {
    const { repo, saved } = states();
    const r = await new EditJobSchedule(jobs, repo, clock).edit(
      {
        jobId: 2,
        jobName: purge.job.jobName,
        jobGroup: purge.job.jobGroup,
        invokeTarget: purge.job.invokeTarget,
        cronExpression: '0 0 4 * * ?',
        misfirePolicy: '3',
        concurrent: '1',
        status: '1',
      },
      'admin',
    );
    expect(r).toEqual({
      ok: true,
      value: { jobId: 2, cron: '0 4 * * *', effectiveCron: '0 4 * * *', status: '1' },
    });
    expect(saved).toEqual([{ jobId: 2, cron: '0 4 * * *', status: '1', by: 'admin' }]);
  });

  it('stores null for the job’s own cron, so its default applies again', async () => {
    const { repo, saved } = states();
    await new EditJobSchedule(jobs, repo, clock).edit(
      { jobId: 2, cronExpression: '0 30 3 * * ?' },
      'admin',
    );
    expect(saved).toEqual([{ jobId: 2, cron: null, by: 'admin' }]);
  });

  it.each([
    ['jobName', { jobName: '别的任务' }, '任务名称不可修改'],
    ['jobGroup', { jobGroup: 'DEFAULT' }, '任务分组不可修改'],
    ['invokeTarget', { invokeTarget: 'ryTask.ryNoParams' }, '调用目标字符串不可修改'],
    ['misfirePolicy', { misfirePolicy: '1' }, '执行策略不可修改'],
    ['concurrent', { concurrent: '0' }, '是否并发不可修改'],
  ])('refuses a changed %s, saving nothing', async (field, change, message) => {
    const { repo, saved } = states();
    const r = await new EditJobSchedule(jobs, repo, clock).edit(
      { jobId: 2, cronExpression: '0 4 * * *', ...change },
      'admin',
    );
    expect(!r.ok && r.error).toMatchObject({ code: 'JOB.FIELD_FIXED', field });
    expect(!r.ok && r.error.message).toContain(message);
    expect(saved).toEqual([]);
  });

  it('refuses an unknown job', async () => {
    const { repo } = states();
    const r = await new EditJobSchedule(jobs, repo, clock).edit(
      { jobId: 9, cronExpression: '0 4 * * *' },
      'a',
    );
    expect(!r.ok && r.error.code).toBe('JOB.NOT_FOUND');
  });

  it('never saves an invalid cron', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          anyCron().map((c) => `30 ${c} ?`),
          anyCron().map((c) => c.replace(/^\S+/, '60')),
        ),
        async (text) => {
          const { repo, saved } = states();
          const r = await new EditJobSchedule(jobs, repo, clock).edit(
            { jobId: 2, cronExpression: text },
            'admin',
          );
          if (!r.ok) expect(saved).toEqual([]);
          else expect(saved[0]?.cron ?? purge.defaultCron).toBe(r.value.effectiveCron);
        },
      ),
    );
  });
});
