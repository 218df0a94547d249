import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCron, quartzCronOf } from './cron-expression.js';
import { anyCron } from '../test-support/cron-arbitrary.js';
import { cronFromQuartz } from './quartz-cron.js';

const five = (text: string) => {
  const r = cronFromQuartz(text);
  return r.ok ? r.value : r.error;
};

describe('a Quartz cron (RuoYi’s cronExpression) in five fields', () => {
  it.each([
    ['0 0 2 * * ?', '0 2 * * *'],
    ['0 0/10 * * * ?', '*/10 * * * *'],
    ['0 */10 * * * ?', '*/10 * * * *'],
    ['0 30 8 ? * 2-6', '30 8 * * 1-5'],
    ['0 30 8 ? * MON-FRI', '30 8 * * 1-5'],
    ['0 0 9 ? * 1,7', '0 9 * * 0,6'],
    ['0 0 3 1 * ?', '0 3 1 * *'],
    ['0 0 0 1 JAN ?', '0 0 1 1 *'],
    ['0 0 0 1 1 ? *', '0 0 1 1 *'],
    ['00 15 10 ? * *', '15 10 * * *'],
    // Five fields are ours already, checked as they are.
    ['30 3 * * *', '30 3 * * *'],
  ])('%s is %s', (quartz, cron) => {
    expect(five(quartz)).toBe(cron);
  });

  it.each([
    ['30 0 2 * * ?', '秒字段“30”只能为 0'],
    ['*/5 * * * * ?', '秒字段“*/5”只能为 0'],
    ['0 0 2 * * ? 2027', '年字段“2027”不受支持'],
    ['0 0 2 L * ?', 'L、W、# 不受支持'],
    ['0 0 2 15W * ?', 'L、W、# 不受支持'],
    ['0 0 2 ? * 6#3', 'L、W、# 不受支持'],
    ['0 0 2 ? * 0', '星期字段“0”应在 1-7 之间'],
    ['0 5/10 * * * ?', '间隔只能从第一个值开始'],
    ['0 0 25 * * ?', '第 2 个字段（小时）“25”超出范围'],
    ['0 2 * *', '应为 Quartz 表达式'],
    ['', '应为 Quartz 表达式'],
  ])('refuses %s, naming cronExpression: %s', (quartz, message) => {
    const r = cronFromQuartz(quartz);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code: 'JOB.CRON_INVALID', field: 'cronExpression' });
    expect(r.error.message).toContain(message);
  });
});

const valuesOf = (cron: string) => {
  const r = parseCron(cron);
  if (!r.ok) throw new Error(r.error.message);
  const { minute, hour, dayOfMonth, month, dayOfWeek } = r.value;
  return [minute, hour, dayOfMonth, month, dayOfWeek].map((f) => f.values);
};

describe('the round trip', () => {
  it('five fields → Quartz → five fields runs at the same minutes', () => {
    fc.assert(
      fc.property(anyCron(), (cron) => {
        const back = cronFromQuartz(quartzCronOf(cron));
        expect(back.ok).toBe(true);
        if (back.ok) expect(valuesOf(back.value)).toEqual(valuesOf(cron));
      }),
    );
  });

  it('refuses any second but 0, and any year', () => {
    fc.assert(
      fc.property(
        anyCron(),
        fc.integer({ min: 1, max: 59 }),
        fc.integer({ min: 1970, max: 2099 }),
        (cron, second, year) => {
          const quartz = quartzCronOf(cron).split(' ');
          expect(cronFromQuartz([second, ...quartz.slice(1)].join(' ')).ok).toBe(false);
          expect(cronFromQuartz([...quartz, year].join(' ')).ok).toBe(false);
        },
      ),
    );
  });
});
