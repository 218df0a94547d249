import { domainError, err, ok, type Result } from '../shared/result.js';
import { CRON_FIELD, parseCron } from './cron-expression.js';

/**
 * A cron as RuoYi's job dialog sends it (`cronExpression`, Quartz: `秒 分 时 日 月 周 [年]`, e.g.
 * `0 0 2 * * ?`) or as we write it (five fields), in our five-field form, checked. Quartz says
 * more than the job queue can run, and what five fields cannot say is refused, naming the field:
 * a second other than 0 (the queue ticks by the minute), a year, and Quartz's `L`, `W` and `#`.
 * Quartz's `?` is `*`, its days of the week 1-7 from Sunday become 0-6, its names (MON, JAN)
 * numbers, and a step from the field's first value (`0/5`) is `*\/5`.
 */
export function cronFromQuartz(expression: string): Result<string> {
  const texts = expression.trim().split(/\s+/);
  if (texts.length === 5) {
    const five = texts.join(' ');
    const parsed = parseCron(five);
    return parsed.ok ? ok(five) : parsed;
  }
  if (texts.length !== 6 && texts.length !== 7)
    return refuse(
      '应为 Quartz 表达式“秒 分 时 日 月 周”（例如“0 0 2 * * ?”表示每天 02:00）或 5 个字段“分 时 日 月 周”',
    );
  const [second, minute, hour, dom, month, dow, year] = texts as [
    string,
    string,
    string,
    string,
    string,
    string,
    string | undefined,
  ];
  if (!/^0{1,2}$/.test(second))
    return refuse(`秒字段“${second}”只能为 0：定时任务按分钟执行，不支持按秒`);
  if (year !== undefined && year !== '*' && year !== '?')
    return refuse(`年字段“${year}”不受支持：定时任务每年按同一规则执行，请去掉年份`);
  // L, W and # outside a three-letter name (JUL, WED): Quartz's last, weekday and n-th day.
  const special = texts.find((t) => /[LW#]/i.test(t.replace(/[A-Z]{3}/gi, '')));
  if (special !== undefined) return refuse(`“${special}”中的 L、W、# 不受支持`);
  const fields = [
    fromStart(minute, 0),
    fromStart(hour, 0),
    fromStart(dom === '?' ? '*' : dom, 1),
    fromStart(named(month, MONTHS), 1),
    dayOfWeek(dow),
  ];
  const bad = fields.find((f) => !f.ok);
  if (bad && !bad.ok) return bad;
  const five = fields.map((f) => (f.ok ? f.value : '')).join(' ');
  const parsed = parseCron(five);
  return parsed.ok ? ok(five) : parsed;
}

const refuse = (message: string) =>
  err(domainError('JOB.CRON_INVALID', `cron 表达式不正确：${message}`, CRON_FIELD));

const MONTHS: Record<string, number> = {
  JAN: 1,
  FEB: 2,
  MAR: 3,
  APR: 4,
  MAY: 5,
  JUN: 6,
  JUL: 7,
  AUG: 8,
  SEP: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
};
/** Quartz's day names, in its numbering (1 Sunday). */
const DAYS: Record<string, number> = { SUN: 1, MON: 2, TUE: 3, WED: 4, THU: 5, FRI: 6, SAT: 7 };

const named = (text: string, names: Record<string, number>) =>
  text.replace(/[A-Z]{3}/gi, (w) => String(names[w.toUpperCase()] ?? w));

/** Quartz's `a/n` (from a, every n) is five-field `*\/n` when a is the field's first value. */
function fromStart(part: string, first: number): Result<string> {
  return mapParts(part, (p) => {
    const m = /^(\d+)\/(\d+)$/.exec(p);
    if (!m) return ok(p);
    if (Number(m[1]) === first) return ok(`*/${m[2]}`);
    return refuse(`“${p}”不受支持：间隔只能从第一个值开始，可写 */${m[2]}`);
  });
}

/** Quartz's days of the week (1-7 from Sunday, or SUN-SAT) as 0-6 from Sunday. */
function dayOfWeek(text: string): Result<string> {
  if (text === '?') return ok('*');
  return mapParts(named(text, DAYS), (p) => {
    if (p === '*' || /^\*\/\d+$/.test(p)) return ok(p);
    const step = /^(\d+)\/(\d+)$/.exec(p);
    if (step) return fromStart(p, 1);
    const m = /^(\d+)(?:-(\d+))?$/.exec(p);
    if (!m) return ok(p);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1 || to > 7 || from > 7)
      return refuse(`星期字段“${text}”应在 1-7 之间（1 为星期日）或写 SUN-SAT`);
    if (from > to) return refuse(`星期字段“${text}”的范围应从小到大`);
    return ok(m[2] === undefined ? String(from - 1) : `${from - 1}-${to - 1}`);
  });
}

function mapParts(text: string, each: (part: string) => Result<string>): Result<string> {
  const out: string[] = [];
  for (const part of text.split(',')) {
    const r = each(part);
    if (!r.ok) return r;
    out.push(r.value);
  }
  return ok(out.join(','));
}
