import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  JOB_EXCEPTION_MAX_LENGTH,
  JOB_MESSAGE_MAX_LENGTH,
  JOB_STATUS,
  SYSTEM_JOBS,
  jobLogEntry,
  type JobOutcome,
} from './job-log.js';

const JOB = SYSTEM_JOBS.uploadSweep;
const at = (ms: number) => new Date(Date.UTC(2025, 0, 1) + ms);

describe('jobLogEntry', () => {
  it('writes RuoYi’s message with the duration and the job’s result', () => {
    const entry = jobLogEntry(JOB, at(0), at(1234), { ok: true, result: '清理 2 个' });
    expect(entry).toEqual({
      jobName: '清理未完成的上传',
      jobGroup: 'SYSTEM',
      invokeTarget: 'fileService.sweep()',
      jobMessage: '清理未完成的上传 总共耗时：1234毫秒；清理 2 个',
      status: JOB_STATUS.success,
      exceptionInfo: '',
      startTime: at(0),
      endTime: at(1234),
    });
  });

  it('keeps the error of a failed run', () => {
    const entry = jobLogEntry(JOB, at(0), at(5), { ok: false, error: 'disk full' });
    expect(entry.status).toBe('1');
    expect(entry.jobMessage).toBe('清理未完成的上传 总共耗时：5毫秒；执行失败');
    expect(entry.exceptionInfo).toBe('disk full');
  });

  const outcome = fc.oneof(
    fc.record({ ok: fc.constant(true as const), result: fc.string({ maxLength: 3000 }) }),
    fc.record({ ok: fc.constant(false as const), error: fc.string({ maxLength: 5000 }) }),
  ) as fc.Arbitrary<JobOutcome>;

  it('status follows the outcome, texts fit their columns and the duration is never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: -1e9, max: 1e9 }),
        outcome,
        (start, end, o) => {
          const e = jobLogEntry(JOB, at(start), at(end), o);
          expect(e.status).toBe(o.ok ? '0' : '1');
          expect(e.jobMessage.length).toBeLessThanOrEqual(JOB_MESSAGE_MAX_LENGTH);
          expect(e.exceptionInfo.length).toBeLessThanOrEqual(JOB_EXCEPTION_MAX_LENGTH);
          expect(e.endTime.getTime()).toBeGreaterThanOrEqual(e.startTime.getTime());
          const ms = Number(/总共耗时：(\d+)毫秒/.exec(e.jobMessage)?.[1]);
          expect(ms).toBe(Math.max(0, end - start));
          if (!o.ok && o.error.length <= JOB_EXCEPTION_MAX_LENGTH)
            expect(e.exceptionInfo).toBe(o.error);
        },
      ),
    );
  });
});
