import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { classifyTaskDue, isUrgent, warnUntil } from './task-warnings.js';
import {
  UrgentTaskCheck,
  urgentTaskReport,
  urgentTasksByPerson,
  type UrgentTaskRepositories,
  type UrgentTaskRow,
} from './urgent-task-check.js';

const day = fc
  .date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2030-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

const rows = fc.array(
  fc.record({
    taskNo: fc.stringMatching(/^RW20\d{2}-\d{3}$/),
    planFinishDate: day,
    designUserId: fc.integer({ min: 1, max: 6 }),
    projectManagerId: fc.integer({ min: 1, max: 6 }),
  }),
  { maxLength: 30 },
);

describe('urgent tasks by person', () => {
  it('lists a task for its designer and its manager, once when they are one person', () => {
    const people = urgentTasksByPerson(
      [
        {
          taskNo: 'RW2026-002',
          planFinishDate: '2026-11-30',
          designUserId: 3,
          projectManagerId: 3,
        },
        {
          taskNo: 'RW2026-001',
          planFinishDate: '2026-11-20',
          designUserId: 3,
          projectManagerId: 5,
        },
        {
          taskNo: 'RW2026-003',
          planFinishDate: '2026-12-30',
          designUserId: 5,
          projectManagerId: 5,
        },
      ],
      '2026-11-27',
      7,
    );
    expect(people).toEqual([
      {
        userId: 3,
        tasks: [
          { taskNo: 'RW2026-001', planFinishDate: '2026-11-20', due: 'overdue' },
          { taskNo: 'RW2026-002', planFinishDate: '2026-11-30', due: 'dueSoon' },
        ],
      },
      {
        userId: 5,
        tasks: [{ taskNo: 'RW2026-001', planFinishDate: '2026-11-20', due: 'overdue' }],
      },
    ]);
  });

  it('gives each person exactly the urgent tasks getNotify’s rule gives them, oldest first', () => {
    fc.assert(
      fc.property(rows, day, fc.integer({ min: 0, max: 30 }), (all, today, days) => {
        const people = urgentTasksByPerson(all, today, days);
        for (const userId of [1, 2, 3, 4, 5, 6]) {
          const expected = all.filter(
            (t) =>
              (t.designUserId === userId || t.projectManagerId === userId) &&
              isUrgent(classifyTaskDue(t.planFinishDate, today, days, false)),
          );
          const got = people.find((p) => p.userId === userId)?.tasks ?? [];
          expect(got.map((t) => t.taskNo).sort()).toEqual(expected.map((t) => t.taskNo).sort());
          const dates = got.map((t) => t.planFinishDate);
          expect(dates).toEqual([...dates].sort());
          for (const t of got) expect(t.planFinishDate <= warnUntil(today, days)).toBe(true);
        }
        expect(people.every((p) => p.tasks.length > 0)).toBe(true);
      }),
    );
  });
});

describe('the urgent-task check', () => {
  const at = (iso: string, found: readonly UrgentTaskRow[]) => {
    const asked: string[] = [];
    const repos = {
      tasks: {
        urgentTasks: (until: string) => {
          asked.push(until);
          return Promise.resolve(found);
        },
      },
      warnDays: () => Promise.resolve(7),
      timeZone: () => Promise.resolve('Asia/Shanghai'),
    } as unknown as UrgentTaskRepositories;
    const check = new UrgentTaskCheck(
      { transaction: (fn) => fn(repos) },
      { now: () => new Date(iso) },
    );
    return { check, asked };
  };

  it('checks the institute’s today: 00:30 in Shanghai is still the day before in UTC', async () => {
    const { check, asked } = at('2026-11-26T16:30:00Z', [
      { taskNo: 'RW2026-001', planFinishDate: '2026-11-26', designUserId: 3, projectManagerId: 5 },
      { taskNo: 'RW2026-002', planFinishDate: '2026-12-04', designUserId: 3, projectManagerId: 3 },
    ]);
    const result = await check.run();
    expect(asked).toEqual(['2026-12-04']);
    expect(result).toMatchObject({ day: '2026-11-27', tasks: 2, overdue: 1 });
    expect(result.people.map((p) => p.userId)).toEqual([3, 5]);
    expect(urgentTaskReport(result)).toBe(
      '2026-11-27 紧急任务 2 项（逾期 1 项，即将到期 1 项），涉及 2 人',
    );
  });

  it('says so when nothing is urgent', async () => {
    const result = await at('2026-11-27T00:00:00Z', []).check.run();
    expect(urgentTaskReport(result)).toBe('2026-11-27 没有紧急任务');
  });
});
