import { domainError, err, ok, type Result } from '../shared/result.js';

/**
 * A five-field cron expression (分 时 日 月 周), the crontab syntax the job queue runs
 * (graphile-worker's): each field a comma list of `*`, `*\/n`, a number or a range `a-b`; the
 * week's days 0-6 from Sunday, 7 also Sunday. Read on the institute's clock, not the server's.
 */
export interface CronField {
  /** The field as written. */
  readonly text: string;
  /** The values it matches, ascending. */
  readonly values: readonly number[];
  /** `*`: every value. */
  readonly all: boolean;
  /** `*\/n` alone: every n-th value from the lowest. */
  readonly step?: number;
}

export interface Cron {
  readonly minute: CronField;
  readonly hour: CronField;
  readonly dayOfMonth: CronField;
  readonly month: CronField;
  readonly dayOfWeek: CronField;
}

/** The field an error names (RuoYi's form calls the whole expression `cronExpression`). */
export const CRON_FIELD = 'cronExpression';

const FIELDS = [
  { key: 'minute', label: '分钟', min: 0, max: 59 },
  { key: 'hour', label: '小时', min: 0, max: 23 },
  { key: 'dayOfMonth', label: '日', min: 1, max: 31 },
  { key: 'month', label: '月', min: 1, max: 12 },
  { key: 'dayOfWeek', label: '星期', min: 0, max: 7 },
] as const;

const invalid = (message: string) =>
  err(domainError('JOB.CRON_INVALID', `cron 表达式不正确：${message}`, CRON_FIELD));

function parseField(
  text: string,
  spec: (typeof FIELDS)[number],
  position: number,
): Result<CronField> {
  const where = `第 ${position} 个字段（${spec.label}）“${text}”`;
  const values = new Set<number>();
  let step: number | undefined;
  const parts = text.split(',');
  for (const part of parts) {
    const m = /^(?:(\*)(?:\/(\d+))?|(\d+)(?:-(\d+))?)$/.exec(part);
    if (!m) return invalid(`${where}无法识别，可写 *、*/n、数字或 a-b，多个用逗号分隔`);
    let from: number;
    let to: number;
    let by = 1;
    if (m[1] !== undefined) {
      from = spec.min;
      to = spec.key === 'dayOfWeek' ? 6 : spec.max;
      if (m[2] !== undefined) {
        by = Number(m[2]);
        if (by < 1 || by > to) return invalid(`${where}的间隔应在 1 到 ${to} 之间`);
        if (parts.length === 1) step = by;
      }
    } else {
      from = Number(m[3]);
      to = m[4] === undefined ? from : Number(m[4]);
      if (from < spec.min || to > spec.max || from > spec.max)
        return invalid(`${where}超出范围 ${spec.min}-${spec.max}`);
      if (from > to) return invalid(`${where}的范围应从小到大`);
    }
    for (let v = from; v <= to; v += by) values.add(spec.key === 'dayOfWeek' && v === 7 ? 0 : v);
  }
  const sorted = [...values].sort((a, b) => a - b);
  const all = text === '*';
  return ok(
    step === undefined ? { text, values: sorted, all } : { text, values: sorted, all, step },
  );
}

/** Parses and checks an expression; the refusal names `cronExpression` and says what is wrong. */
export function parseCron(expression: string): Result<Cron> {
  const texts = expression.trim().split(/\s+/);
  if (texts.length !== 5 || texts[0] === '')
    return invalid('应有 5 个字段（分 时 日 月 周），以空格分隔，例如“0 2 * * *”表示每天 02:00');
  const fields: Partial<Record<keyof Cron, CronField>> = {};
  for (const [i, spec] of FIELDS.entries()) {
    const r = parseField(texts[i]!, spec, i + 1);
    if (!r.ok) return r;
    fields[spec.key] = r.value;
  }
  return ok(fields as Cron);
}

const pad = (n: number) => String(n).padStart(2, '0');
const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** 1、2、3 → 1 至 3 (周一至周三 for named days); separate values joined with 、. */
function listInWords(values: readonly number[], name?: (v: number) => string): string {
  const to = name ? '至' : ' 至 ';
  const named = name ?? String;
  const runs: string[] = [];
  for (let i = 0; i < values.length;) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[j]! + 1) j += 1;
    if (j - i >= 2) runs.push(`${named(values[i]!)}${to}${named(values[j]!)}`);
    else for (let k = i; k <= j; k += 1) runs.push(named(values[k]!));
    i = j + 1;
  }
  return runs.join('、');
}

/** Which days: '' for every day, else 每周一至周五, 每月 1、15 日, 每年 3 月的 1 日 ... */
function daysInWords(c: Cron): string {
  const week = c.dayOfWeek.all
    ? ''
    : `每${listInWords(c.dayOfWeek.values, (d) => `周${WEEKDAYS[d]!}`)}`;
  const month = c.month.all ? '' : `每年 ${listInWords(c.month.values)} 月`;
  const day = c.dayOfMonth.all ? '' : `${listInWords(c.dayOfMonth.values)} 日`;
  // Cron's own rule: with both the day of the month and the day of the week given, either one.
  if (month) {
    const which =
      day && week ? `${day}或${week.replace(/^每/, '')}` : day || week.replace(/^每/, '');
    if (!which) return `${month}每天`;
    return /^\d/.test(which) ? `${month} ${which}` : `${month}的${which}`;
  }
  if (day) return week ? `每月 ${day}或${week}` : `每月 ${day}`;
  return week;
}

/**
 * An expression in Chinese, as 定时任务 shows it: `每 10 分钟`, `每天 02:00`,
 * `每周一至周五 08:30`, `每月 1 日 03:00`, `每 2 小时整点`. An invalid one answers its refusal.
 */
export function cronInWords(expression: string): string {
  const parsed = parseCron(expression);
  if (!parsed.ok) return parsed.error.message;
  const c = parsed.value;
  const { minute: m, hour: h } = c;
  const days = daysInWords(c);
  const during = (time: string) => (days ? `${days}，${time}` : time);
  if (m.all && h.all) return during('每分钟');
  if (m.step !== undefined && h.all) return during(`每 ${m.step} 分钟`);
  if (h.all) return during(`每小时第 ${listInWords(m.values)} 分`);
  const fixedMinutes = !m.all && m.step === undefined;
  if (h.step !== undefined && fixedMinutes) {
    return during(
      m.values.length === 1 && m.values[0] === 0
        ? `每 ${h.step} 小时整点`
        : `每 ${h.step} 小时的第 ${listInWords(m.values)} 分`,
    );
  }
  if (fixedMinutes && h.values.length * m.values.length <= 6) {
    const times = h.values.flatMap((hh) => m.values.map((mm) => `${pad(hh)}:${pad(mm)}`));
    return `${days || '每天'} ${times.join('、')}`;
  }
  const hours = `${listInWords(h.values)} 时`;
  const minutes = m.all
    ? '每分钟'
    : m.step !== undefined
      ? `每 ${m.step} 分钟`
      : `第 ${listInWords(m.values)} 分`;
  return `${days || '每天'} ${hours}，${minutes}`;
}

/**
 * One comma part of a five-field day of week (0-7 from Sunday) in Quartz's numbering (1-7 from
 * Sunday). A step over `*` keeps its number: `*\/2` is Sunday, Tuesday ... in both. A range up to
 * 7 (Sunday again) cannot end at Quartz's 1, so it splits: `5-7` is `6-7,1`.
 */
function quartzDayOfWeek(part: string): string {
  if (part.startsWith('*')) return part;
  const [from, to] = part.split('-').map(Number) as [number, number | undefined];
  const q = (d: number) => (d % 7) + 1;
  if (to === undefined) return String(q(from));
  if (to < 7) return `${q(from)}-${q(to)}`;
  if (from === 0) return '1-7';
  return from === 7 ? '1' : `${q(from)}-7,1`;
}

/**
 * The expression as a Quartz cron (RuoYi's `cronExpression`: seconds first, `?` for the unused
 * day field, the week's days 1-7 from Sunday), for clients that read one.
 */
export function quartzCronOf(expression: string): string {
  const parsed = parseCron(expression);
  if (!parsed.ok) return '';
  const [minute, hour, dom, month, dow] = expression.trim().split(/\s+/) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const quartzDow = dow.split(',').map(quartzDayOfWeek).join(',');
  return parsed.value.dayOfWeek.all
    ? `0 ${minute} ${hour} ${dom} ${month} ?`
    : `0 ${minute} ${hour} ${parsed.value.dayOfMonth.all ? '?' : dom} ${month} ${quartzDow}`;
}
