import { fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BigUpload } from './BigUpload';
import type { UploadedFileRecord } from './file-record';
import { FakeChunkGateway, fakeHasher, fileOf } from './test-fakes';
import { renderWithFileGateway } from './test-render';

function Field({ limit, initial = [] }: { limit?: number; initial?: UploadedFileRecord[] }) {
  const [value, setValue] = useState<UploadedFileRecord[]>(initial);
  return (
    <BigUpload
      profile="shell"
      value={value}
      onChange={setValue}
      hasher={fakeHasher}
      {...(limit === undefined ? {} : { limit })}
    />
  );
}

const pick = (files: File[]) =>
  fireEvent.change(screen.getByTestId('big-upload-input'), { target: { files } });

describe('BigUpload', () => {
  it('uploads a picked file, refuses to close while it uploads, then lists the stored file', async () => {
    const gateway = new FakeChunkGateway();
    renderWithServicesAndGateway(gateway);
    fireEvent.click(screen.getByRole('button', { name: '上传文件' }));
    pick([fileOf('总图.pdf', 10)]);
    await vi.waitFor(() => expect(gateway.held.length).toBe(1));
    const dialog = screen.getByTestId('big-upload-dialog');
    expect(within(dialog).getByText('上传中')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '确定' })).toHaveProperty('disabled', true);

    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(await screen.findByText('文件正在上传中，请等待上传完成后再操作')).toBeTruthy();
    expect(screen.getByTestId('big-upload-dialog')).toBeTruthy();

    await gateway.drain();
    await vi.waitFor(() => expect(within(dialog).getByText('上传成功')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await vi.waitFor(() => expect(screen.queryByTestId('big-upload-dialog')).toBeNull());
    const row = screen.getByTestId('file-row');
    expect(row.getAttribute('data-file')).toBe('done.pdf');
    expect(within(row).getByRole('button', { name: '预览' })).toBeTruthy();
  });

  it('shows the type message for a file of another type and the count message past the limit', async () => {
    const gateway = new FakeChunkGateway();
    renderWithServicesAndGateway(gateway, { limit: 2 });
    fireEvent.click(screen.getByRole('button', { name: '上传文件' }));
    pick([fileOf('病毒.exe', 10)]);
    expect(
      await screen.findByText(
        '文件“病毒.exe”的格式exe不正确，请上传xls/xlsx/txt/doc/docx/ppt/pptx/jpg/jpeg/png/pdf/zip格式文件',
      ),
    ).toBeTruthy();
    pick([fileOf('a.pdf', 1), fileOf('b.pdf', 1), fileOf('c.pdf', 1)]);
    expect(await screen.findByText('文件数量超出限制，请先删除已上传文件再覆盖上传')).toBeTruthy();
    expect(screen.queryAllByTestId('big-upload-entry')).toHaveLength(0);
  });

  it('asks before giving up failed uploads and keeps the dialog open on 取消', async () => {
    const gateway = new FakeChunkGateway();
    renderWithServicesAndGateway(gateway);
    fireEvent.click(screen.getByRole('button', { name: '上传文件' }));
    pick([fileOf('a.pdf', 10)]);
    await vi.waitFor(() => expect(gateway.held.length).toBe(1));
    gateway.held[0]?.reject(new Error('x'));
    // A transport failure is sent again; fail the next attempts too.
    for (let i = 0; i < 2; i += 1) {
      await vi.waitFor(() => expect(gateway.held.length).toBe(1));
      gateway.held[0]?.reject(new Error('x'));
    }
    const dialog = screen.getByTestId('big-upload-dialog');
    await vi.waitFor(() => expect(within(dialog).getByText('上传失败')).toBeTruthy());
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('存在上传失败的文件，确认放弃吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await vi.waitFor(() =>
      expect(screen.queryByText('存在上传失败的文件，确认放弃吗？')).toBeNull(),
    );
    expect(screen.getByTestId('big-upload-dialog')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

function renderWithServicesAndGateway(gateway: FakeChunkGateway, props: { limit?: number } = {}) {
  localStorage.clear();
  return renderWithFileGateway(<Field {...props} />, gateway);
}
