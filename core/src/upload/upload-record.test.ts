import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampPercentage,
  createUploadRecord,
  transitionUploadRecord,
  type UploadRecord,
  type UploadRecordEvent,
} from './upload-record.js';

const fresh = () => createUploadRecord({ uid: 1, name: '合同.pdf', size: 10, raw: 'FILE' });

describe('editor upload record', () => {
  it('goes ready → uploading → success with percentage 100 and the answer', () => {
    let record: UploadRecord<string> = fresh();
    const step = (event: UploadRecordEvent) => {
      const result = transitionUploadRecord(record, event);
      if (!result.ok) throw new Error(result.error.message);
      record = result.value;
    };
    step({ type: 'start' });
    expect(record).toMatchObject({ status: 'uploading', percentage: 0 });
    step({ type: 'progress', percentage: 40 });
    step({ type: 'progress', percentage: 30 });
    expect(record.percentage).toBe(40);
    step({ type: 'progress', percentage: 250 });
    expect(record.percentage).toBe(100);
    step({ type: 'succeed', url: '/f/1', response: { code: 200 } });
    expect(record).toMatchObject({ status: 'success', percentage: 100, url: '/f/1', raw: 'FILE' });
  });

  it('fails and retries', () => {
    const started = transitionUploadRecord(fresh(), { type: 'start' });
    const failed = started.ok && transitionUploadRecord(started.value, { type: 'fail' });
    expect(failed && failed.ok && failed.value.status).toBe('fail');
    const retried = failed && failed.ok && transitionUploadRecord(failed.value, { type: 'retry' });
    expect(retried && retried.ok && retried.value).toMatchObject({
      status: 'ready',
      percentage: 0,
    });
  });

  it('clamps percentages', () => {
    expect(clampPercentage(-5)).toBe(0);
    expect(clampPercentage(Number.NaN)).toBe(0);
    expect(clampPercentage(101)).toBe(100);
  });

  const eventArb: fc.Arbitrary<UploadRecordEvent> = fc.oneof(
    fc.constant({ type: 'start' as const }),
    fc.record({ type: fc.constant('progress' as const), percentage: fc.double() }),
    fc.constant({ type: 'succeed' as const }),
    fc.constant({ type: 'fail' as const }),
    fc.constant({ type: 'retry' as const }),
  );

  it('never goes from success back to uploading, and keeps percentage within 0-100', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (events) => {
        let record: UploadRecord<string> = fresh();
        let succeeded = false;
        for (const event of events) {
          const result = transitionUploadRecord(record, event);
          if (result.ok) record = result.value;
          if (succeeded) expect(record.status).toBe('success');
          if (record.status === 'success') succeeded = true;
          expect(record.percentage).toBeGreaterThanOrEqual(0);
          expect(record.percentage).toBeLessThanOrEqual(100);
        }
      }),
    );
  });
});
