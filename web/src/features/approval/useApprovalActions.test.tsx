import { ApiError } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithServices } from '../../test/render';
import { EARLIER_SUBMIT_MAY_HAVE_APPLIED } from './idempotent-action';
import { useApprovalActions } from './useApprovalActions';

type Run = ReturnType<typeof useApprovalActions>['run'];

function Probe({
  reload,
  expose,
  detail,
}: {
  reload: () => void;
  expose: (run: Run) => void;
  detail: () => Promise<string>;
}) {
  const { run, busy } = useApprovalActions(reload);
  // The detail behind a form: a reload after a refusal reads it again.
  useQuery({ queryKey: ['approval-detail', '1'], queryFn: detail });
  expose(run);
  return <p data-testid="busy">{busy ?? ''}</p>;
}

function setup() {
  const reload = vi.fn();
  const detail = vi.fn(() => Promise.resolve('detail'));
  let run: Run | undefined;
  renderWithServices(<Probe reload={reload} detail={detail} expose={(r) => (run = r)} />);
  return { reload, detail, run: (...a: Parameters<Run>) => run!(...a) };
}

const lost = () => new ApiError('HTTP.TRANSPORT', '请求超时', 0, true);

/**
 * The server's idempotency rule: a key is stored with the body it first came with;
 * the same key and body replays the answer, the same key with another body answers 422.
 * `loseNext` applies the next write but loses its answer (a timeout).
 */
function idempotentServer() {
  const stored = new Map<string, string>();
  const writes: { key: string; body: string }[] = [];
  const sent: { key: string; body: string }[] = [];
  let loseNext = false;
  return {
    writes,
    sent,
    loseNextAnswer: () => {
      loseNext = true;
    },
    call: (body: string) => (key: string) => {
      sent.push({ key, body });
      const first = stored.get(key);
      if (first !== undefined && first !== body) {
        return Promise.reject(
          new ApiError(
            'IDEMPOTENCY.KEY_MISMATCH',
            '请求标识 Idempotency-Key 已用于内容不同的请求，请为新的请求使用新的 Idempotency-Key',
            422,
            false,
            'Idempotency-Key',
          ),
        );
      }
      if (first === undefined) {
        stored.set(key, body);
        writes.push({ key, body });
      }
      if (loseNext) {
        loseNext = false;
        return Promise.reject(lost());
      }
      return Promise.resolve({ approvalId: '1' });
    },
  };
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

  it('timeout, edit, retry: the 422 on the kept key reloads the list and detail and says the earlier submit may have applied; nothing is written again', async () => {
    const { run, reload, detail } = setup();
    const server = idempotentServer();
    await waitFor(() => expect(detail).toHaveBeenCalledTimes(1));
    server.loseNextAnswer();
    await act(() => run('approve', server.call('opinion: 同意')));
    expect(server.writes).toHaveLength(1);
    // The person edits the opinion and clicks again: the same action, its kept key.
    await act(() => run('approve', server.call('opinion: 同意，请尽快')));
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]?.key).toBe(server.sent[0]?.key);
    expect(reload).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(detail).toHaveBeenCalledTimes(2));
    expect(await screen.findByText(EARLIER_SUBMIT_MAY_HAVE_APPLIED)).toBeTruthy();
    expect(screen.queryByText(/Idempotency-Key/)).toBeNull();
    // No resend under a fresh key behind the person's back: one write, and no call since.
    expect(server.writes).toHaveLength(1);
    expect(server.sent).toHaveLength(2);
  });

  it('an unchanged retry after a lost answer is answered from the first write', async () => {
    const { run, reload } = setup();
    const server = idempotentServer();
    server.loseNextAnswer();
    await act(() => run('approve', server.call('same')));
    const answer = await act(() => run('approve', server.call('same')));
    expect(answer).toEqual({ approvalId: '1' });
    expect(server.writes).toHaveLength(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('buttons sharing a key slot (保存 then 提交 of one form) are one write: a lost save meets the submit', async () => {
    const { run, reload } = setup();
    const server = idempotentServer();
    server.loseNextAnswer();
    await act(() => run('save', server.call('{"submit":false}'), '保存成功', { key: 'write' }));
    await act(() => run('submit', server.call('{"submit":true}'), '提交成功', { key: 'write' }));
    expect(server.sent[1]?.key).toBe(server.sent[0]?.key);
    expect(server.writes).toHaveLength(1);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(EARLIER_SUBMIT_MAY_HAVE_APPLIED)).toBeTruthy();
  });
});
