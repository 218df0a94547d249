import { ARCHIVE_PLEDGE_MAX, DEFAULT_ARCHIVE_PLEDGE } from '@dpms/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ArchiveRow, BorrowRow } from '@dpms/http-client';
import { aBorrowRecord, anArchiveLog, anArchiveRow } from '@dpms/wire/testing';
import { ArchivesPage } from './ArchivesPage';
import { FakeApi, renderWithApi } from './archives.test-render';

const archive = (id: number, canRead: boolean, userId = 6): ArchiveRow =>
  anArchiveRow({ archiveId: id, canRead, userId });
const borrow = (over: Partial<BorrowRow>): BorrowRow => aBorrowRecord(over);

/** The API's answers, each in its envelope as the wire schemas read it. */
const OK = { code: 200, msg: '操作成功' } as const;
function api(borrows: BorrowRow[] = []) {
  return new FakeApi({
    '/project/archives/list': () => ({
      ...OK,
      total: 2,
      rows: [archive(1, true), archive(2, false)],
    }),
    '/project/archives/view': (q) => {
      const { canRead: _, ...record } = archive(Number(q.archiveId), true);
      return { ...OK, data: record };
    },
    '/project/archives/logList': () => ({ ...OK, data: [anArchiveLog()] }),
    '/project/archives/borrow': (b) => ({
      ...OK,
      data: borrow({
        purpose: String(b.purpose),
        pledge: String(b.pledge),
        state: 'approving',
        status: 0,
      }),
    }),
    '/project/archives/borrowList': () => ({ ...OK, total: borrows.length, rows: borrows }),
    '/project/archives/return': () => ({ ...OK, data: borrow({ state: 'returned' }) }),
    '/project/archives/updateToApproval': () => ({ ...OK, data: borrow({ state: 'approving' }) }),
  });
}

describe('档案管理', () => {
  it('offers 查看 for a readable archive and 借阅 for the others; 日志 to the registrant', async () => {
    const fake = api();
    renderWithApi(<ArchivesPage />, fake, {
      permissions: ['project:archives:list', 'project:archives:query', 'project:archives:borrow'],
      userId: 6,
    });
    expect(await screen.findByTestId('archive-view-1')).toBeTruthy();
    expect(screen.queryByTestId('archive-view-2')).toBeNull();
    expect(screen.getByTestId('archive-borrow-2')).toBeTruthy();
    expect(screen.queryByTestId('archive-borrow-1')).toBeNull();
    // The registrant (user 6) reads the logs; without the keeper's permission no 授权查看.
    expect(screen.queryByText('授权查看')).toBeNull();
    fireEvent.click(screen.getAllByText('日志')[0]!);
    const logs = await screen.findByTestId('archive-logs');
    expect(await within(logs).findByText('张经营')).toBeTruthy();
    fireEvent.click(screen.getByTestId('archive-view-1'));
    const view = await screen.findByTestId('archive-view');
    expect(within(view).getByTestId('archive-file').textContent).toBe('竣工图.pdf');
    expect(fake.sent('/project/archives/view')).toEqual([{ archiveId: 1 }]);
  });

  it('counts the pledge up to 1200 and refuses more with core’s message, sending nothing', async () => {
    const fake = api();
    renderWithApi(<ArchivesPage />, fake);
    fireEvent.click(await screen.findByTestId('archive-borrow-2'));
    const dialog = await screen.findByTestId('borrow-dialog');
    const counter = within(dialog).getByTestId('pledge-counter');
    expect(counter.textContent).toBe(`${String([...DEFAULT_ARCHIVE_PLEDGE].length)}/1200`);
    const pledge = within(dialog).getByLabelText('保密承诺');
    fireEvent.change(pledge, { target: { value: '' } });
    expect(counter.textContent).toBe('0/1200');
    fireEvent.change(within(dialog).getByLabelText('借阅目的'), { target: { value: '复核' } });
    fireEvent.change(pledge, { target: { value: '密'.repeat(ARCHIVE_PLEDGE_MAX + 1) } });
    expect(counter.textContent).toBe('1201/1200');
    fireEvent.click(within(dialog).getByTestId('borrow-submit'));
    expect(await within(dialog).findByText('保密承诺不能超过1200个字符')).toBeTruthy();
    expect(fake.sent('/project/archives/borrow')).toEqual([]);

    fireEvent.change(pledge, { target: { value: '密'.repeat(ARCHIVE_PLEDGE_MAX) } });
    expect(counter.textContent).toBe('1200/1200');
    fireEvent.click(within(dialog).getByTestId('borrow-submit'));
    await waitFor(() => expect(fake.sent('/project/archives/borrow')).toHaveLength(1));
    expect(fake.sent('/project/archives/borrow')[0]).toMatchObject({
      archiveId: 2,
      purpose: '复核',
      pledge: '密'.repeat(1200),
    });
  });

  it('lists the borrowings with their state, returns one and exports what was searched', async () => {
    const fake = api([
      borrow({}),
      borrow({ borrowId: 6, state: 'rejected', stateName: '已驳回', status: 2 }),
    ]);
    renderWithApi(<ArchivesPage />, fake, { userId: 10 });
    fireEvent.click(await screen.findByRole('tab', { name: '借阅记录' }));
    expect((await screen.findByTestId('borrow-state-5')).textContent).toBe('借阅中');
    expect(screen.getByTestId('borrow-state-6').textContent).toBe('已驳回');
    // 借阅人 by name, not by login.
    expect(screen.getAllByText('张经营')).toHaveLength(2);
    expect(screen.queryByText('zhjy')).toBeNull();
    fireEvent.click(screen.getByText('归还'));
    await waitFor(() => expect(fake.sent('/project/archives/return')).toEqual([{ borrowId: 5 }]));
    fireEvent.click(screen.getByText('提交审批'));
    await waitFor(() =>
      expect(fake.sent('/project/archives/updateToApproval')).toEqual([{ borrowId: 6 }]),
    );
  });

  it('offers only what core’s archive rule lets the signed-in user do', async () => {
    const others = [
      borrow({ borrowId: 7, userId: 11 }),
      borrow({ borrowId: 8, userId: 11, state: 'draft', stateName: '待提交', status: -1 }),
    ];
    // Another borrower's records: neither 归还 nor 提交审批 for a plain user.
    const plain = renderWithApi(<ArchivesPage />, api(others), {
      permissions: ['project:archives:list', 'project:archives:query', 'project:archives:borrow'],
      userId: 10,
    });
    fireEvent.click(await screen.findByRole('tab', { name: '借阅记录' }));
    expect(await screen.findByTestId('borrow-state-7')).toBeTruthy();
    expect(screen.queryByText('归还')).toBeNull();
    expect(screen.queryByText('提交审批')).toBeNull();
    plain.unmount();
    // The keeper takes back what another borrowed, but sends nobody else's request.
    renderWithApi(<ArchivesPage />, api(others), { userId: 10 });
    fireEvent.click(await screen.findByRole('tab', { name: '借阅记录' }));
    expect(await screen.findByText('归还')).toBeTruthy();
    expect(screen.queryByText('提交审批')).toBeNull();
  });

  it('offers 备注 on one’s own archive only with its permission, and 授权查看 only to the keeper', async () => {
    const reader = renderWithApi(<ArchivesPage />, api(), {
      permissions: ['project:archives:list', 'project:archives:query'],
      userId: 6,
    });
    expect(await screen.findByTestId('archive-view-1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '备注' })).toBeNull();
    expect(screen.queryByTestId('archive-borrow-2')).toBeNull();
    reader.unmount();
    renderWithApi(<ArchivesPage />, api(), {
      permissions: ['project:archives:list', 'project:archives:edit'],
      userId: 6,
    });
    // Archive 1 is registered by user 6; archive 2 too, so both rows offer it.
    expect((await screen.findAllByRole('button', { name: '备注' })).length).toBe(2);
    expect(screen.queryByText('授权查看')).toBeNull();
  });
});
