import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { UploadedFileRecord } from './file-record';
import { FileUpload } from './FileUpload';
import { FakeChunkGateway, fileOf } from './test-fakes';
import { renderWithFileGateway } from './test-render';
import { UploadActivity, useUploadsInFlight } from './upload-activity';

/** A form as the record dialogs build it: its save waits for the files on their way. */
function Form() {
  const [value, setValue] = useState<UploadedFileRecord[]>([]);
  const uploads = useUploadsInFlight();
  return (
    <>
      <UploadActivity value={uploads.report}>
        <FileUpload value={value} onChange={setValue} />
      </UploadActivity>
      <button type="button" disabled={uploads.uploading}>
        保存（{value.length}个附件）
      </button>
    </>
  );
}

const pick = (files: File[]) =>
  fireEvent.change(screen.getByTestId('file-upload-input'), { target: { files } });
const save = () => screen.getByRole<HTMLButtonElement>('button', { name: /保存/ });

describe('uploads in flight', () => {
  it('hold the form’s save until the file is stored, so the record carries it', async () => {
    const gateway = new FakeChunkGateway();
    renderWithFileGateway(<Form />, gateway);
    expect(save().disabled).toBe(false);
    pick([fileOf('凭证.pdf', 2)]);
    await vi.waitFor(() => expect(gateway.forms).toHaveLength(1));
    expect(save().disabled).toBe(true);
    gateway.forms[0]?.resolve();
    await vi.waitFor(() => expect(save().disabled).toBe(false));
    expect(save().textContent).toContain('1个附件');
  });

  it('let the form save again once a failed upload is given up as failed', async () => {
    const gateway = new FakeChunkGateway();
    renderWithFileGateway(<Form />, gateway);
    pick([fileOf('凭证.pdf', 2)]);
    await vi.waitFor(() => expect(gateway.forms).toHaveLength(1));
    expect(save().disabled).toBe(true);
    gateway.forms[0]?.reject(new Error('系统接口500异常'));
    await screen.findByRole('button', { name: '重试' });
    // The failed row and the released save are two updates; the save may follow a render later.
    await vi.waitFor(() => expect(save().disabled).toBe(false));
    expect(save().textContent).toContain('0个附件');
  });
});
