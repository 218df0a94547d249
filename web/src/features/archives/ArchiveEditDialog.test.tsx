import { anArchiveRow } from '@dpms/wire/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArchivesPage } from './ArchivesPage';
import { FakeApi, renderWithApi } from './archives.test-render';

const OK = { code: 200, msg: '操作成功' } as const;

function api() {
  const row = anArchiveRow({ archiveId: 1, userId: 6 });
  return new FakeApi({
    '/project/archives/list': () => ({ ...OK, total: 1, rows: [row] }),
    '/project/archives/updateMemo': (b) => {
      const { canRead: _, ...record } = row;
      return { ...OK, data: { ...record, memo: String(b.memo) } };
    },
  });
}

describe('修改备注 (core’s memo limit through the wire body)', () => {
  it('refuses a memo over 500 characters beside the field, sending nothing; sends one within it', async () => {
    const fake = api();
    renderWithApi(<ArchivesPage />, fake, { userId: 6 });
    fireEvent.click(await screen.findByRole('button', { name: '备注' }));
    const dialog = await screen.findByTestId('archive-edit');
    const memo = within(dialog).getByLabelText('备注');
    fireEvent.change(memo, { target: { value: '档'.repeat(501) } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('备注不能超过500个字符')).toBeTruthy();
    expect(fake.sent('/project/archives/updateMemo')).toEqual([]);
    fireEvent.change(memo, { target: { value: '三号柜' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(fake.sent('/project/archives/updateMemo')).toEqual([{ archiveId: 1, memo: '三号柜' }]),
    );
    expect(fake.calls.find((c) => c.url === '/project/archives/updateMemo')?.key).toMatch(/\S{8,}/);
  });
});
