import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cronInWords, parseCron, quartzCronOf } from './cron-expression.js';

describe('a cron expression in Chinese', () => {
  it.each([
    ['* * * * *', '每分钟'],
    ['*/10 * * * *', '每 10 分钟'],
    ['15 * * * *', '每小时第 15 分'],
    ['0 */2 * * *', '每 2 小时整点'],
    ['5 */6 * * *', '每 6 小时的第 5 分'],
    ['0 2 * * *', '每天 02:00'],
    ['30 3 * * *', '每天 03:30'],
    ['0 2,14 * * *', '每天 02:00、14:00'],
    ['30 8 * * 1-5', '每周一至周五 08:30'],
    ['0 9 * * 0,6', '每周日、周六 09:00'],
    ['0 9 * * 7', '每周日 09:00'],
    ['0 3 1 * *', '每月 1 日 03:00'],
    ['0 3 1,15 * *', '每月 1、15 日 03:00'],
    ['0 0 1 1 *', '每年 1 月 1 日 00:00'],
    ['0 0 1 * 1', '每月 1 日或每周一 00:00'],
    ['*/5 * * * 1-5', '每周一至周五，每 5 分钟'],
    ['*/15 8-17 * * *', '每天 8 至 17 时，每 15 分钟'],
  ])('%s reads %s', (cron, words) => {
    expect(cronInWords(cron)).toBe(words);
  });

  it.each([
    ['', '应有 5 个字段'],
    ['0 2 * *', '应有 5 个字段'],
    ['60 * * * *', '第 1 个字段（分钟）“60”超出范围 0-59'],
    ['0 24 * * *', '第 2 个字段（小时）“24”超出范围 0-23'],
    ['0 0 0 * *', '第 3 个字段（日）“0”超出范围 1-31'],
    ['0 0 * 13 *', '第 4 个字段（月）“13”超出范围 1-12'],
    ['0 0 * * 8', '第 5 个字段（星期）“8”超出范围 0-7'],
    ['0 5-1 * * *', '的范围应从小到大'],
    ['*/0 * * * *', '的间隔应在 1 到 59 之间'],
    ['0 0 ? * *', '第 3 个字段（日）“?”无法识别'],
    ['@daily', '应有 5 个字段'],
  ])('refuses “%s”, naming cronExpression: %s', (cron, message) => {
    const r = parseCron(cron);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code: 'JOB.CRON_INVALID', field: 'cronExpression' });
    expect(r.error.message).toContain(message);
  });

  it('reads the values a field matches, Sunday as 0', () => {
    const r = parseCron('0,30 8-10 */10 * 5-7');
    expect(r.ok && r.value.minute.values).toEqual([0, 30]);
    expect(r.ok && r.value.hour.values).toEqual([8, 9, 10]);
    expect(r.ok && r.value.dayOfMonth.values).toEqual([1, 11, 21, 31]);
    expect(r.ok && r.value.dayOfWeek.values).toEqual([0, 5, 6]);
  });
});

describe('every expression the crontab syntax allows', () => {
  const field = (min: number, max: number) =>
    fc.oneof(
      fc.constant('*'),
      fc.integer({ min: 1, max }).map((n) => `*/${n}`),
      fc
        .uniqueArray(fc.integer({ min, max }), { minLength: 1, maxLength: 4 })
        .map((v) => v.join(',')),
      fc
        .tuple(fc.integer({ min, max }), fc.integer({ min, max }))
        .map(([a, b]) => `${Math.min(a, b)}-${Math.max(a, b)}`),
    );
  it('parses, reads in Chinese and has a Quartz form', () => {
    fc.assert(
      fc.property(
        fc.tuple(field(0, 59), field(0, 23), field(1, 31), field(1, 12), field(0, 6)),
        (fields) => {
          const cron = fields.join(' ');
          expect(parseCron(cron).ok).toBe(true);
          const words = cronInWords(cron);
          expect(words).not.toContain('不正确');
          expect(words).not.toMatch(/[*?/]/);
          expect(quartzCronOf(cron).split(' ')).toHaveLength(6);
        },
      ),
    );
  });
});
