import { ApiError } from '@dpms/http-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithServices } from '../../test/render';
import { useConfirmedAction } from './useConfirmedAction';

/** One 清空 button over a server that loses its first answer and then applies the retry. */
function CleanButton(props: { sent: string[]; reloads: { count: number } }) {
  const confirmed = useConfirmedAction();
  return (
    <button
      onClick={() =>
        void confirmed({
          ask: '是否确认清空所有操作日志数据项？',
          slot: 'clean:操作日志',
          action: (key) => {
            props.sent.push(key);
            return props.sent.length === 1
              ? Promise.reject(new ApiError('NETWORK', '网络异常', 0, true))
              : Promise.resolve();
          },
          done: '清空成功',
          refetch: () => void props.reloads.count++,
        })
      }
    >
      清空
    </button>
  );
}

const confirmIt = async () => {
  fireEvent.click(screen.getByRole('button', { name: '清空' }));
  const dialog = await screen.findByTestId('confirm-dialog');
  expect(within(dialog).getByText('是否确认清空所有操作日志数据项？')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
};

describe('useConfirmedAction', () => {
  it('retries a lost answer under the same Idempotency-Key, then renews it', async () => {
    const sent: string[] = [];
    const reloads = { count: 0 };
    renderWithServices(<CleanButton sent={sent} reloads={reloads} />);

    await confirmIt();
    await screen.findByText('网络异常');
    await waitFor(() => expect(reloads.count).toBe(1));

    await confirmIt();
    await screen.findByText('清空成功');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toBe(sent[0]);
    await waitFor(() => expect(reloads.count).toBe(2));

    await confirmIt();
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).not.toBe(sent[0]);
  });
});
