import { ApiError } from '@dpms/http-client';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '../../test/render';
import { useApprovalActions } from './useApprovalActions';

type Run = ReturnType<typeof useApprovalActions>['run'];

function Probe({ reload, expose }: { reload: () => void; expose: (run: Run) => void }) {
  const { run, busy } = useApprovalActions(reload);
  expose(run);
  return <p data-testid="busy">{busy ?? ''}</p>;
}

function setup() {
  const reload = vi.fn();
  let run: Run | undefined;
  renderWithServices(<Probe reload={reload} expose={(r) => (run = r)} />);
  return { reload, run: (...a: Parameters<Run>) => run!(...a) };
}

describe('useApprovalActions', () => {
  it('renews the key once an action is answered, so two clicks are two actions', async () => {
    const { run } = setup();
    const keys: string[] = [];
    await act(() => run('approve', (k) => Promise.resolve(keys.push(k))));
    await act(() => run('approve', (k) => Promise.resolve(keys.push(k))));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('keeps the key of an action whose answer was lost, so the retry is applied once', async () => {
    const { run } = setup();
    const keys: string[] = [];
    await act(() =>
      run('reject', (k) => {
        keys.push(k);
        return Promise.reject(new ApiError('HTTP.TRANSPORT', '后端接口连接异常', 0, true));
      }),
    );
    await act(() => run('reject', (k) => Promise.resolve(keys.push(k))));
    expect(keys[1]).toBe(keys[0]);
    // A refusal with an answer ends the action: the next click is a new one.
    await act(() =>
      run('reject', (k) => {
        keys.push(k);
        return Promise.reject(new ApiError('APPROVAL.FORBIDDEN', '不是当前审批人', 403));
      }),
    );
    await act(() => run('reject', (k) => Promise.resolve(keys.push(k))));
    expect(keys[3]).not.toBe(keys[2]);
  });

  it('a stale version (409) shows the server’s message and reloads', async () => {
    const { run, reload } = setup();
    const message = '该审批已被他人处理或已更新，请刷新后重试';
    await act(() =>
      run('approve', () => Promise.reject(new ApiError('APPROVAL.STALE_VERSION', message, 409))),
    );
    expect(reload).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('a refusal other than 409 shows its message without reloading', async () => {
    const { run, reload } = setup();
    await act(() =>
      run('urge', () =>
        Promise.reject(new ApiError('APPROVAL.FORBIDDEN', '只有拟稿人可以催办', 403)),
      ),
    );
    expect(reload).not.toHaveBeenCalled();
    expect(await screen.findByText('只有拟稿人可以催办')).toBeTruthy();
  });
});
