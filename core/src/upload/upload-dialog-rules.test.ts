import { describe, expect, it } from 'vitest';
import {
  canCloseUploadDialog,
  canConfirmUploadDialog,
  checkUploadDialogCanClose,
  failedUploadsConfirmation,
  hasFailedUploads,
} from './upload-dialog-rules.js';

describe('upload dialog rules', () => {
  it('cannot close or confirm while a file uploads, in either kind', () => {
    expect(canCloseUploadDialog([{ status: 'success' }, { status: 'upload' }])).toBe(false);
    expect(canConfirmUploadDialog([{ status: 'uploading' }])).toBe(false);
    const refusal = checkUploadDialogCanClose([{ status: 'uploading' }]);
    expect(!refusal.ok && refusal.error.code).toBe('UPLOAD.IN_PROGRESS');
  });

  it('can close when nothing uploads', () => {
    expect(canCloseUploadDialog([])).toBe(true);
    expect(
      canCloseUploadDialog([{ status: 'ready' }, { status: 'fail' }, { status: 'success' }]),
    ).toBe(true);
  });

  it('asks before giving up failed uploads, and only then', () => {
    expect(hasFailedUploads([{ status: 'success' }])).toBe(false);
    expect(failedUploadsConfirmation([{ status: 'success' }])).toBeUndefined();
    expect(failedUploadsConfirmation([{ status: 'success' }, { status: 'fail' }])).toBe(
      '存在上传失败的文件，确认放弃吗？',
    );
  });
});
