import { describe, expect, it } from 'vitest';
import { quartzCronOf } from './cron-expression.js';
import { cronOf, scheduleInWords } from './job-schedule.js';

describe('a job schedule in words and as cron', () => {
  it('reads as the 定时任务 page shows it', () => {
    expect(scheduleInWords({ cron: '*/10 * * * *', atStart: true })).toBe(
      '每 10 分钟（服务启动时执行一次）',
    );
    expect(scheduleInWords({ cron: '0 2 * * *', atStart: false })).toBe('每天 02:00');
  });

  it('answers RuoYi’s Quartz form: seconds first, ? for the day field not used', () => {
    expect(cronOf({ cron: '0 23 * * *', atStart: false })).toBe('0 0 23 * * ?');
    expect(quartzCronOf('*/10 * * * *')).toBe('0 */10 * * * ?');
    expect(quartzCronOf('30 8 * * 1-5')).toBe('0 30 8 ? * 2-6');
    expect(quartzCronOf('0 3 1 * *')).toBe('0 0 3 1 * ?');
    expect(quartzCronOf('bad')).toBe('');
  });
});
