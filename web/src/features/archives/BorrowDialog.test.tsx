import { ApiError } from '@dpms/http-client';
import { aBorrowRecord, anArchiveRow } from '@dpms/wire/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArchivesPage } from './ArchivesPage';
import { FakeApi, renderWithApi } from './archives.test-render';

const OK = { code: 200, msg: '操作成功' } as const;

/** The catalogue with archive 2 to borrow; `borrow` answers the request. */
function api(borrow: (body: Record<string, unknown>) => unknown) {
  return new FakeApi({
    '/project/archives/list': () => ({
      ...OK,
      total: 1,
      rows: [anArchiveRow({ archiveId: 2, canRead: false })],
    }),
    '/project/archives/borrow': borrow,
  });
}

async function openDialog(fake: FakeApi) {
  renderWithApi(<ArchivesPage />, fake, { userId: 10 });
  fireEvent.click(await screen.findByTestId('archive-borrow-2'));
  return screen.findByTestId('borrow-dialog');
}

const answered = (body: Record<string, unknown>) => ({
  ...OK,
  data: aBorrowRecord({ purpose: String(body.purpose), state: 'approving', status: 0 }),
});

describe('借阅申请 form (core’s borrowing rules through the wire body)', () => {
  it('marks the fields core requires and shows every field’s problem at once, sending nothing', async () => {
    const fake = api(answered);
    const dialog = await openDialog(fake);
    const labels = [...dialog.querySelectorAll('label')].map((l) => l.textContent);
    expect(labels).toEqual(
      expect.arrayContaining(['*借阅目的', '*开始日期', '*结束日期', '*保密承诺']),
    );
    fireEvent.change(within(dialog).getByLabelText('保密承诺'), { target: { value: ' ' } });
    fireEvent.change(within(dialog).getByLabelText('结束日期'), {
      target: { value: '2000-01-01' },
    });
    fireEvent.click(within(dialog).getByTestId('borrow-submit'));
    expect(await within(dialog).findByText('借阅目的不能为空')).toBeTruthy();
    expect(within(dialog).getByText('保密承诺不能为空')).toBeTruthy();
    expect(within(dialog).getByText('借阅结束日期不能早于开始日期')).toBeTruthy();
    expect(fake.sent('/project/archives/borrow')).toEqual([]);
  });

  it('puts the server’s refusal of a field beside that field', async () => {
    const fake = api(() => {
      throw new ApiError('VALIDATION.FAILED', '借阅开始日期不能早于今天', 400, false, 'startDate', [
        { field: 'startDate', message: '借阅开始日期不能早于今天' },
      ]);
    });
    const dialog = await openDialog(fake);
    fireEvent.change(within(dialog).getByLabelText('借阅目的'), { target: { value: '复核' } });
    fireEvent.click(within(dialog).getByTestId('borrow-submit'));
    const message = await within(dialog).findByText('借阅开始日期不能早于今天');
    // Beside its field: in the row labelled 开始日期.
    expect(message.parentElement?.parentElement?.querySelector('label')?.textContent).toBe(
      '*开始日期',
    );
    expect(fake.sent('/project/archives/borrow')).toHaveLength(1);
  });

  it('re-sends the same Idempotency-Key when retried after a lost answer', async () => {
    let lose = true;
    const fake = api((body) => {
      if (lose) {
        lose = false;
        throw new ApiError('HTTP.TIMEOUT', '请求超时，请稍后重试', 0, true);
      }
      return answered(body);
    });
    const dialog = await openDialog(fake);
    fireEvent.change(within(dialog).getByLabelText('借阅目的'), { target: { value: '复核' } });
    fireEvent.click(within(dialog).getByTestId('borrow-submit'));
    await waitFor(() => expect(fake.sent('/project/archives/borrow')).toHaveLength(1));
    await waitFor(() =>
      expect(within(dialog).getByTestId('borrow-submit').hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(dialog).getByTestId('borrow-submit'));
    await waitFor(() => expect(fake.sent('/project/archives/borrow')).toHaveLength(2));
    const keys = fake.calls.filter((c) => c.url === '/project/archives/borrow').map((c) => c.key);
    expect(keys[0]).toMatch(/\S{8,}/);
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() => expect(screen.queryByTestId('borrow-dialog')).toBeNull());
  });
});
