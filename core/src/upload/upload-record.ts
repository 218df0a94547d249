import { domainError, err, ok, type Result } from '../shared/result.js';
import { UPLOAD_MESSAGES } from './upload-messages.js';

/** The contract editors' upload record (000 §3): ready → uploading → success | fail. */
export type UploadRecordStatus = 'ready' | 'uploading' | 'success' | 'fail';

/**
 * `raw` is the browser's File and `response` the server's answer; both are type parameters so
 * that core names no DOM type.
 */
export interface UploadRecord<Raw = unknown, Response = unknown> {
  readonly uid: string | number;
  readonly name: string;
  readonly size: number;
  readonly status: UploadRecordStatus;
  /** 0 … 100. */
  readonly percentage: number;
  readonly raw?: Raw;
  readonly url?: string;
  readonly response?: Response;
}

export type UploadRecordEvent<Response = unknown> =
  | { readonly type: 'start' }
  | { readonly type: 'progress'; readonly percentage: number }
  | { readonly type: 'succeed'; readonly url?: string; readonly response?: Response }
  | { readonly type: 'fail'; readonly response?: Response }
  | { readonly type: 'retry' };

export const createUploadRecord = <Raw, Response = unknown>(file: {
  readonly uid: string | number;
  readonly name: string;
  readonly size: number;
  readonly raw?: Raw;
}): UploadRecord<Raw, Response> => ({ ...file, status: 'ready', percentage: 0 });

/** Allowed transitions; success is final. retry puts a failed record back in the queue. */
export const UPLOAD_RECORD_TRANSITIONS: Readonly<
  Record<
    UploadRecordStatus,
    Readonly<Partial<Record<UploadRecordEvent['type'], UploadRecordStatus>>>
  >
> = {
  ready: { start: 'uploading', fail: 'fail' },
  uploading: { progress: 'uploading', succeed: 'success', fail: 'fail' },
  fail: { retry: 'ready' },
  success: {},
};

/** Clamped to 0 … 100; anything that is not a finite number reads as 0. */
export const clampPercentage = (value: number): number =>
  Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;

export const transitionUploadRecord = <Raw, Response>(
  record: UploadRecord<Raw, Response>,
  event: UploadRecordEvent<Response>,
): Result<UploadRecord<Raw, Response>> => {
  const next = UPLOAD_RECORD_TRANSITIONS[record.status][event.type];
  if (next === undefined) {
    return err(
      domainError(
        'UPLOAD.INVALID_TRANSITION',
        UPLOAD_MESSAGES.invalidTransition(record.status, event.type),
      ),
    );
  }
  switch (event.type) {
    case 'start':
    case 'retry':
      return ok({ ...record, status: next, percentage: 0 });
    case 'progress':
      // Why never backwards: progress events can arrive out of order across parallel chunks,
      // and a bar that jumps back reads as a fault.
      return ok({
        ...record,
        status: next,
        percentage: Math.max(record.percentage, clampPercentage(event.percentage)),
      });
    case 'succeed': {
      const done = { ...record, status: next, percentage: 100 };
      return ok({
        ...done,
        ...(event.url === undefined ? {} : { url: event.url }),
        ...(event.response === undefined ? {} : { response: event.response }),
      });
    }
    case 'fail':
      return ok({
        ...record,
        status: next,
        ...(event.response === undefined ? {} : { response: event.response }),
      });
  }
};
