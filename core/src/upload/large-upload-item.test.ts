import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createLargeUploadItem,
  transitionLargeUpload,
  type LargeUploadEvent,
  type LargeUploadItem,
} from './large-upload-item.js';

const fresh = () => createLargeUploadItem({ name: '模型.zip', size: 3_000_000, lastModified: 1 });

const apply = (item: LargeUploadItem, event: LargeUploadEvent): LargeUploadItem => {
  const result = transitionLargeUpload(item, event);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('large-upload item', () => {
  it('goes ready → upload → (ending) → success', () => {
    let item = fresh();
    expect(item.status).toBe('ready');
    item = apply(item, { type: 'start', uploadId: 'u1' });
    expect(item).toMatchObject({ status: 'upload', uploadId: 'u1', isEnding: false });
    item = apply(item, { type: 'ending' });
    expect(item).toMatchObject({ status: 'upload', isEnding: true });
    item = apply(item, { type: 'succeed' });
    expect(item).toMatchObject({ status: 'success', isEnding: false });
  });

  it('retries from fail keeping its uploadId', () => {
    let item = apply(fresh(), { type: 'start', uploadId: 'u1' });
    item = apply(item, { type: 'fail' });
    expect(item.status).toBe('fail');
    item = apply(item, { type: 'retry' });
    expect(item).toMatchObject({ status: 'ready', uploadId: 'u1' });
  });

  it('refuses what the table forbids', () => {
    expect(transitionLargeUpload(fresh(), { type: 'succeed' }).ok).toBe(false);
    expect(transitionLargeUpload(fresh(), { type: 'retry' }).ok).toBe(false);
    const done = apply(apply(fresh(), { type: 'start', uploadId: 'u' }), { type: 'succeed' });
    const again = transitionLargeUpload(done, { type: 'start', uploadId: 'u' });
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.error.code).toBe('UPLOAD.INVALID_TRANSITION');
  });

  const eventArb: fc.Arbitrary<LargeUploadEvent> = fc.oneof(
    fc.record({ type: fc.constant('start' as const), uploadId: fc.string() }),
    fc.constant({ type: 'ending' as const }),
    fc.constant({ type: 'succeed' as const }),
    fc.constant({ type: 'fail' as const }),
    fc.constant({ type: 'retry' as const }),
  );

  it('never leaves success, and only ends while uploading', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), (events) => {
        let item = fresh();
        for (const event of events) {
          const result = transitionLargeUpload(item, event);
          if (item.status === 'success') expect(result.ok).toBe(false);
          if (result.ok) item = result.value;
          if (item.isEnding) expect(item.status).toBe('upload');
        }
      }),
    );
  });
});
