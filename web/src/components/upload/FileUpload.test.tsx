import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { UploadedFileRecord } from './file-record';
import { FileUpload } from './FileUpload';
import { FakeChunkGateway, fileOf } from './test-fakes';
import { renderWithFileGateway } from './test-render';

function Field({ limit }: { limit?: number }) {
  const [value, setValue] = useState<UploadedFileRecord[]>([]);
  return <FileUpload value={value} onChange={setValue} {...(limit ? { limit } : {})} />;
}

const pick = (files: File[]) =>
  fireEvent.change(screen.getByTestId('file-upload-input'), { target: { files } });

describe('FileUpload', () => {
  it('uploads the allowed files, names the refused one, and lists what the server stored', async () => {
    const gateway = new FakeChunkGateway();
    renderWithFileGateway(<Field />, gateway);
    pick([fileOf('说明.docx', 2), fileOf('脚本.js', 2)]);
    expect(
      await screen.findByText(
        '文件“脚本.js”的格式js不正确，请上传xls/xlsx/txt/doc/docx/ppt/pptx/jpg/jpeg/png/pdf/zip格式文件',
      ),
    ).toBeTruthy();
    expect(gateway.forms.map((f) => f.name)).toEqual(['说明.docx']);
    gateway.forms[0]?.resolve();
    const row = await screen.findByTestId('file-row');
    expect(row.getAttribute('data-file')).toBe('说明.docx');
    // A .docx is not previewable (000 §5: png, jpg, jpeg, pdf only).
    expect(within(row).queryByRole('button', { name: '预览' })).toBeNull();
  });

  it('keeps a failed upload with 重试, which sends it again', async () => {
    const gateway = new FakeChunkGateway();
    renderWithFileGateway(<Field />, gateway);
    pick([fileOf('a.pdf', 2)]);
    await vi.waitFor(() => expect(gateway.forms).toHaveLength(1));
    gateway.forms[0]?.reject(new Error('系统接口500异常'));
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    await vi.waitFor(() => expect(gateway.forms).toHaveLength(2));
    gateway.forms[1]?.resolve();
    expect((await screen.findByTestId('file-row')).getAttribute('data-file')).toBe('a.pdf');
    expect(screen.queryByTestId('file-upload-records')).toBeNull();
  });

  it('refuses more files than the limit with the count message', async () => {
    const gateway = new FakeChunkGateway();
    renderWithFileGateway(<Field limit={2} />, gateway);
    pick([fileOf('a.pdf', 1), fileOf('b.pdf', 1), fileOf('c.pdf', 1)]);
    expect(await screen.findByText('文件数量超出限制，请先删除已上传文件再覆盖上传')).toBeTruthy();
    expect(gateway.forms).toHaveLength(0);
  });
});
