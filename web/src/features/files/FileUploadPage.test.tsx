import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { FileUploadPage, usesText } from './FileUploadPage';

const FILE_ID = 'a'.repeat(32);

const row = (over: Record<string, unknown> = {}) => ({
  fileId: FILE_ID,
  fileName: FILE_ID,
  originalFilename: '合同扫描件.pdf',
  url: `/prod-api/common/download/resource?resource=${FILE_ID}`,
  size: 1536,
  fileType: 'pdf',
  createTime: '2026-11-26T02:05:00.000Z',
  uses: [{ what: '合同文件', record: '滨江科创园建筑设计合同' }],
  ...over,
});

describe('文件上传 › 我的文件', () => {
  it("lists the person's files from the server with size, time on the institute clock and links", async () => {
    const api = new FakeApi({
      '/common/files/mine': () => ({ code: 200, msg: '操作成功', total: 1, rows: [row()] }),
    });
    renderWithApi(<FileUploadPage />, api);
    const table = await screen.findByTestId('own-files');
    await waitFor(() => expect(within(table).getByText('合同扫描件.pdf')).toBeDefined());
    expect(within(table).getByText('1.5 KB')).toBeDefined();
    // 02:05 UTC is 10:05 in the institute's zone.
    expect(within(table).getByText('2026-11-26 10:05')).toBeDefined();
    expect(within(table).getByText('合同文件（滨江科创园建筑设计合同）')).toBeDefined();
    expect(within(table).getByRole('button', { name: '预览' })).toBeDefined();
    expect(api.sent('/common/files/mine')[0]).toMatchObject({ pageNum: 1, pageSize: 20 });
  });

  it('names a file linked nowhere 未关联, and several links in one line', () => {
    expect(usesText([])).toBe('未关联');
    expect(
      usesText([
        { what: '档案', record: '一期档案' },
        { what: '盖章扫描件', record: '' },
      ]),
    ).toBe('档案（一期档案）；盖章扫描件');
  });
});
