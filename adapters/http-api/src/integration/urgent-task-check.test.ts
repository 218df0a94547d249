/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { describe, expect, it } from 'vitest';
import { addDays, JobRunner, SYSTEM_JOBS } from '@dpms/core';
import { SqlJobLogRepository, SqlJobStateRepository } from '@dpms/sql';
import { JobCatalogue } from '../jobs/job-catalogue.js';
import { registerScheduledJobs } from '../jobs/scheduled-jobs.js';
import { urgentTaskCheck } from '../jobs/urgent-task-check.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { today, useTaskApi } from './task-fixture.js';

/**
 * 紧急任务提醒 (job 6) on the real database: everyone's urgent tasks by the rule getNotify
 * answers each person with, found in one run and reported in the scheduling log.
 */
describe.each(testDatabaseKinds())('urgent-task check on %s', (kind) => {
  const { post, get, okData, sheet, api } = useTaskApi(kind);

  it('finds for each person what getNotify warns them of, and logs how many tasks and people', async () => {
    const add = async (planFinishDate: string, over: Record<string, unknown> = {}) =>
      okData(post('xmjl', '/v4/design-task/add', sheet({ planFinishDate, ...over })));
    const late = await add(addDays(today, -2));
    const soon = await add(addDays(today, 6));
    const far = await add(addDays(today, 40));
    // 设计主持 sjzc2 (14) on one task: a third person warned.
    const other = await add(addDays(today, 1), { designUserId: 14 });
    const db = api().database.handle.db;
    const clock = { now: () => new Date() };

    const result = await urgentTaskCheck(db, clock).run();
    expect(result.day).toBe(today);
    const found = new Map(result.people.map((p) => [p.userId, p.tasks.map((t) => t.taskNo)]));
    expect(found.get(4)).toEqual(expect.arrayContaining([late.taskNo, soon.taskNo]));
    expect(found.get(3)).toEqual(expect.arrayContaining([late.taskNo, soon.taskNo, other.taskNo]));
    expect(found.get(14)).toContain(other.taskNo);
    for (const tasks of found.values()) expect(tasks).not.toContain(far.taskNo);
    expect(result.people.find((p) => p.userId === 4)!.tasks).toContainEqual({
      taskNo: late.taskNo,
      planFinishDate: addDays(today, -2),
      due: 'overdue',
    });
    // The same rule as each person's getNotify, not a second copy of it.
    for (const [user, userId] of [
      ['sjzc', 4],
      ['xmjl', 3],
      ['sjzc2', 14],
    ] as const) {
      const notify = await okData(get(user, '/project/approval/getNotify'));
      expect([...(found.get(userId) ?? [])].sort(), user).toEqual(
        notify.warnTaskList.map((w: { taskNo: string }) => w.taskNo).sort(),
      );
    }

    // Through the catalogue, as the job queue runs it: one line in the scheduling log.
    await db.deleteFrom('sys_job_log').execute();
    const catalogue = new JobCatalogue(new SqlJobStateRepository(db));
    registerScheduledJobs({
      jobs: new JobRunner(new SqlJobLogRepository(db), clock),
      catalogue,
      sweepUploads: () => Promise.resolve(0),
      checkUrgentTasks: () => urgentTaskCheck(db, clock).run(),
    });
    expect(catalogue.get(6)).toMatchObject({
      job: SYSTEM_JOBS.urgentTaskCheck,
      scheduleWords: '每天 08:00（服务启动时执行一次）',
    });
    expect(await catalogue.runNow(6)).toMatchObject({ ok: true });
    const logged = await db.selectFrom('sys_job_log').selectAll().execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ job_name: '紧急任务提醒', status: '0' });
    expect(logged[0]!.job_message).toContain(
      `${today} 紧急任务 ${result.tasks} 项（逾期 ${result.overdue} 项，即将到期 ${
        result.tasks - result.overdue
      } 项），涉及 ${result.people.length} 人`,
    );
    expect(result.tasks).toBeGreaterThanOrEqual(3);
    expect(result.overdue).toBeGreaterThanOrEqual(1);
  });
});
