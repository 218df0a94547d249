import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ResultFileForm, type ResultFileSubmission } from './ResultFileForm';
import { FakeChunkGateway, fileOf } from './test-fakes';
import { renderWithFileGateway } from './test-render';

function setup() {
  const gateway = new FakeChunkGateway();
  const submitted: ResultFileSubmission[] = [];
  const onClose = vi.fn();
  renderWithFileGateway(
    <ResultFileForm
      open
      onClose={onClose}
      onSubmit={(form) => {
        submitted.push(form);
      }}
      fileProps={[{ label: '施工图', value: '1' }]}
    />,
    gateway,
  );
  const dialog = screen.getByTestId('result-file-form');
  const pick = (files: File[]) =>
    fireEvent.change(within(dialog).getByTestId('result-file-upload-input'), {
      target: { files },
    });
  const confirm = () => fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
  return { gateway, submitted, onClose, dialog, pick, confirm };
}

describe('ResultFileForm', () => {
  it('needs a file name, then an attachment, then submits the one file', async () => {
    const { gateway, submitted, onClose, dialog, pick, confirm } = setup();
    confirm();
    expect(await within(dialog).findByText('请输入文件名称')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入文件名称'), {
      target: { value: '  成果一  ' },
    });
    confirm();
    expect(await within(dialog).findByText('请上传附件')).toBeTruthy();

    pick([fileOf('成果.pdf', 3)]);
    await vi.waitFor(() => expect(gateway.forms).toHaveLength(1));
    // It cannot close while the file uploads.
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(await screen.findByText('文件正在上传中，请等待上传完成后再操作')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    gateway.forms[0]?.resolve();
    await within(dialog).findByText('成果.pdf');
    confirm();
    await vi.waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]?.fileName).toBe('成果一');
    expect(submitted[0]?.file.fileName).toBe('成果.pdf');
    expect(onClose).toHaveBeenCalled();
  });

  it('holds one file: two at once are refused with the count message', async () => {
    const { gateway, pick } = setup();
    pick([fileOf('a.pdf', 1), fileOf('b.pdf', 1)]);
    expect(await screen.findByText('文件数量超出限制，请先删除已上传文件再覆盖上传')).toBeTruthy();
    expect(gateway.forms).toHaveLength(0);
  });

  it('asks before giving up a failed upload', async () => {
    const { gateway, dialog, pick, confirm } = setup();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入文件名称'), {
      target: { value: '成果' },
    });
    pick([fileOf('a.pdf', 1)]);
    await vi.waitFor(() => expect(gateway.forms).toHaveLength(1));
    gateway.forms[0]?.reject(new Error('后端接口连接异常'));
    await within(dialog).findByRole('button', { name: '重试' });
    confirm();
    expect(await screen.findByText('存在上传失败的文件，确认放弃吗？')).toBeTruthy();
  });

  it('takes a CAD drawing as a result and uploads it for a result', async () => {
    const { gateway, dialog, pick } = setup();
    pick([fileOf('总平面图.dwg', 3)]);
    await vi.waitFor(() => expect(gateway.forms).toHaveLength(1));
    expect(gateway.forms[0]).toMatchObject({ name: '总平面图.dwg', purpose: 'result' });
    gateway.forms[0]?.resolve();
    await within(dialog).findByText('总平面图.dwg');
    // A type outside the result's list is still refused before anything is sent.
    pick([fileOf('脚本.exe', 1)]);
    expect(await screen.findByText(/格式exe不正确/)).toBeTruthy();
    expect(gateway.forms).toHaveLength(1);
  });
});
