/**
 * The urgent-task warning (000 §2 "Urgent task notification"): a task not finished whose planned
 * finish date is past (overdue) or within the threshold (due soon). Dates are calendar days in
 * the institute's time zone (config `sys.institute.timeZone`, default Asia/Shanghai).
 */

export type TaskDueClass = 'done' | 'overdue' | 'dueSoon' | 'normal';

/** The sys_config key of the threshold in days, and its default when unset or malformed. */
export const TASK_WARN_DAYS_CONFIG_KEY = 'task.warn.days';
export const TASK_WARN_DAYS_DEFAULT = 7;

/** yyyy-MM-dd plus `days` (may be negative). */
export function addDays(day: string, days: number): string {
  const t = Date.parse(`${day}T00:00:00Z`);
  return new Date(t + days * 86_400_000).toISOString().slice(0, 10);
}

/** The threshold from its config text: a whole number of days 0..365, else the default. */
export function parseWarnDays(value: string | null | undefined): number {
  if (value === null || value === undefined || !/^\s*\d{1,3}\s*$/.test(value)) {
    return TASK_WARN_DAYS_DEFAULT;
  }
  const n = Number(value.trim());
  return n <= 365 ? n : TASK_WARN_DAYS_DEFAULT;
}

/**
 * How urgent a task is on `today`: overdue when its date is before today; due soon when it falls
 * on today up to `days` days after it (inclusive); a finished task is never urgent.
 */
export function classifyTaskDue(
  planFinishDate: string,
  today: string,
  days: number,
  finished: boolean,
): TaskDueClass {
  if (finished) return 'done';
  // yyyy-MM-dd strings compare as dates.
  if (planFinishDate < today) return 'overdue';
  if (planFinishDate <= addDays(today, days)) return 'dueSoon';
  return 'normal';
}

/** The last planned date that still warns on `today` (the query's upper bound). */
export const warnUntil = (today: string, days: number): string => addDays(today, days);

export const isUrgent = (c: TaskDueClass): boolean => c === 'overdue' || c === 'dueSoon';
