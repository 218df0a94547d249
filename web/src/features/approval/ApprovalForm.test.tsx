import type { ApprovalDetailResponse } from '@dpms/http-client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ApprovalForm } from './ApprovalForm';

const ID = '0123456789abcdef0123456789abcdef';

/** A draft saved before file ids existed: one attachment came back with `fileId: ''`. */
const draft = {
  approval: {
    approvalId: '7',
    kind: 'Common',
    typeCode: '3',
    title: '设计任务单',
    version: 2,
    drafterId: '10',
    templateContent: [
      {
        title: '附件',
        fields: [{ type: 'upload', refname: 'files', label: '附件', limit: 3 }],
      },
    ],
    content: {
      files: {
        label: '附件',
        type: 'upload',
        value: [
          { fileId: '', name: '旧图纸.pdf', fileName: '旧图纸.pdf', url: '', filePath: '' },
          {
            fileId: ID,
            name: '新图纸.pdf',
            fileName: '新图纸.pdf',
            url: `/prod-api/common/download/resource?resource=${ID}`,
            filePath: `/prod-api/common/download/resource?resource=${ID}`,
          },
        ],
      },
    },
  },
  approvalDetailBO: undefined,
} as unknown as ApprovalDetailResponse;

describe('ApprovalForm', () => {
  it('shows a file without a server id as expired and saves the draft without it', async () => {
    const api = new FakeApi({
      '/project/approval/updateCommonTemplate': () => ({
        code: 200,
        msg: '操作成功',
        data: { approvalId: '7', status: 0, version: 3, currentNodeName: '' },
      }),
      '/system/user/profile/signature': () => ({
        code: 200,
        msg: '操作成功',
        data: { signFileId: null, signUrl: null },
      }),
    });
    const onSaved = vi.fn();
    renderWithApi(
      <ApprovalForm existing={draft} onClose={() => undefined} onSaved={onSaved} />,
      api,
    );
    expect((await screen.findByTestId('expired-file')).textContent).toContain(
      '文件已失效，请重新上传',
    );
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('7'));
    const [sent] = api.sent('/project/approval/updateCommonTemplate');
    expect(sent).toMatchObject({ approvalId: '7', version: 2, submit: false });
    const files = (sent?.['content'] as Record<string, { value: { fileId: string }[] }>)['files'];
    expect(files?.value.map((f) => f.fileId)).toEqual([ID]);
  });
});
