import { domainError, err, ok, type Result } from '../shared/result.js';
import { UPLOAD_MESSAGES } from './upload-messages.js';

/** The large-upload item's lifecycle (000 §3, §4): ready → upload → success | fail. */
export type LargeUploadStatus = 'ready' | 'upload' | 'success' | 'fail';

export interface LargeUploadItem {
  readonly name: string;
  readonly size: number;
  readonly lastModified: number;
  readonly status: LargeUploadStatus;
  /**
   * True while the last step runs: every chunk is sent and the completion call
   * (complateUploadId) is in flight. Why this reading: the spec gives only the name; "is ending"
   * is the moment between the last chunk and success, when the progress bar is full but the file
   * is not yet usable, and the dialog must still count the item as uploading.
   */
  readonly isEnding: boolean;
  /** From getUploadId, once per file; kept across a retry so the upload resumes. */
  readonly uploadId: string | undefined;
}

export type LargeUploadEvent =
  | { readonly type: 'start'; readonly uploadId: string }
  | { readonly type: 'ending' }
  | { readonly type: 'succeed' }
  | { readonly type: 'fail' }
  | { readonly type: 'retry' };

export const createLargeUploadItem = (file: {
  readonly name: string;
  readonly size: number;
  readonly lastModified: number;
}): LargeUploadItem => ({
  name: file.name,
  size: file.size,
  lastModified: file.lastModified,
  status: 'ready',
  isEnding: false,
  uploadId: undefined,
});

/**
 * Allowed transitions. `fail` is allowed from ready because getUploadId can fail before any
 * chunk is sent. Why retry goes back to ready (not straight to upload): there is then one way
 * into `upload`, through `start`, which is where the uploader checks it has an uploadId.
 * success is final.
 */
export const LARGE_UPLOAD_TRANSITIONS: Readonly<
  Record<LargeUploadStatus, Readonly<Partial<Record<LargeUploadEvent['type'], LargeUploadStatus>>>>
> = {
  ready: { start: 'upload', fail: 'fail' },
  upload: { ending: 'upload', succeed: 'success', fail: 'fail' },
  fail: { retry: 'ready' },
  success: {},
};

export const transitionLargeUpload = (
  item: LargeUploadItem,
  event: LargeUploadEvent,
): Result<LargeUploadItem> => {
  const next = LARGE_UPLOAD_TRANSITIONS[item.status][event.type];
  if (next === undefined || (event.type === 'ending' && item.isEnding)) {
    return err(
      domainError(
        'UPLOAD.INVALID_TRANSITION',
        UPLOAD_MESSAGES.invalidTransition(item.status, event.type),
      ),
    );
  }
  return ok({
    ...item,
    status: next,
    isEnding: event.type === 'ending',
    uploadId: event.type === 'start' ? event.uploadId : item.uploadId,
  });
};
