import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { instituteDay } from '../platform/institute-clock.js';
import type { TaskClock } from './task-inputs.js';
import type { TaskRepositories } from './task.repository.port.js';
import { classifyTaskDue, isUrgent, warnUntil } from './task-warnings.js';

/**
 * 紧急任务提醒, the scheduled check (000 §2 "Urgent task notification", run by the job queue each
 * morning): every person's urgent tasks on the institute's today, by the rule getNotify answers
 * each person with (task-warnings.ts: unfinished, planned on or before today + task.warn.days;
 * the person is the task's 设计主持人 or 项目经理). getNotify stays as it is, one indexed read
 * for its caller; this check reads the whole set once, off the request path.
 *
 * What it finds goes to the scheduling log (定时任务 → 调度日志): how many tasks, how many of them
 * overdue, and how many people. The system has no per-person message store (通知公告 is
 * broadcast, approval notices belong to an approval), so nothing is written per person and a
 * second run on the same day changes nothing; the person still sees the list in the dialog.
 */

/** An unfinished task planned on or before the warning's last day, with the people it warns. */
export interface UrgentTaskRow {
  readonly taskNo: string;
  /** yyyy-MM-dd. */
  readonly planFinishDate: string;
  readonly designUserId: number;
  readonly projectManagerId: number;
}

export interface PersonUrgentTask {
  readonly taskNo: string;
  readonly planFinishDate: string;
  readonly due: 'overdue' | 'dueSoon';
}

/** One person's urgent tasks, oldest planned date first (as the dialog lists them). */
export interface PersonUrgentTasks {
  readonly userId: number;
  readonly tasks: readonly PersonUrgentTask[];
}

export interface UrgentTaskCheckResult {
  /** The institute's day checked, yyyy-MM-dd. */
  readonly day: string;
  readonly tasks: number;
  readonly overdue: number;
  readonly people: readonly PersonUrgentTasks[];
}

/**
 * Each person's urgent tasks among `rows` on `today`: a task warns its designer and its project
 * manager (once when they are the same person); rows past the threshold or finished are not
 * urgent and are left out (classifyTaskDue decides, as for getNotify).
 */
export function urgentTasksByPerson(
  rows: readonly UrgentTaskRow[],
  today: string,
  days: number,
): PersonUrgentTasks[] {
  const byPerson = new Map<number, PersonUrgentTask[]>();
  for (const row of rows) {
    const due = classifyTaskDue(row.planFinishDate, today, days, false);
    if (due !== 'overdue' && due !== 'dueSoon') continue;
    const task = { taskNo: row.taskNo, planFinishDate: row.planFinishDate, due };
    for (const userId of new Set([row.designUserId, row.projectManagerId])) {
      const list = byPerson.get(userId);
      if (list) list.push(task);
      else byPerson.set(userId, [task]);
    }
  }
  return [...byPerson.entries()]
    .sort(([a], [b]) => a - b)
    .map(([userId, tasks]) => ({
      userId,
      // Stable: tasks of one date keep the rows' order.
      tasks: tasks.sort((a, b) => a.planFinishDate.localeCompare(b.planFinishDate)),
    }));
}

/** The scheduling log's line for one check. */
export function urgentTaskReport(result: UrgentTaskCheckResult): string {
  if (result.tasks === 0) return `${result.day} 没有紧急任务`;
  return (
    `${result.day} 紧急任务 ${result.tasks} 项（逾期 ${result.overdue} 项，` +
    `即将到期 ${result.tasks - result.overdue} 项），涉及 ${result.people.length} 人`
  );
}

/** The repositories the check reads: the tasks, the threshold and the institute's zone. */
export type UrgentTaskRepositories = Pick<TaskRepositories, 'tasks' | 'warnDays' | 'timeZone'>;

export class UrgentTaskCheck {
  constructor(
    private readonly uow: UnitOfWork<UrgentTaskRepositories>,
    private readonly clock: TaskClock,
  ) {}

  run(): Promise<UrgentTaskCheckResult> {
    return this.uow.transaction(async (r) => {
      const day = instituteDay(this.clock.now(), await r.timeZone());
      const days = await r.warnDays();
      const rows = await r.tasks.urgentTasks(warnUntil(day, days));
      const dues = rows.map((t) => classifyTaskDue(t.planFinishDate, day, days, false));
      return {
        day,
        tasks: dues.filter(isUrgent).length,
        overdue: dues.filter((d) => d === 'overdue').length,
        people: urgentTasksByPerson(rows, day, days),
      };
    });
  }
}
