import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { ActionKeys } from './idempotent-action';

export { isStale, newIdempotencyKey } from './idempotent-action';

/**
 * Runs approval actions: one Idempotency-Key per user action, kept while that action is
 * unanswered (a double click or a retry after a lost answer sends the same key, so the server
 * applies it once) and renewed once it is answered (`ActionKeys`). A 409, or a 422 saying the kept
 * key met an edited request (the lost try was applied), shows a message and reloads the lists, the
 * detail and the caller's view; every success refreshes the lists and the Approval badge.
 */
export function useApprovalActions(reload: () => void) {
  const feedback = useService(TOKENS.Feedback);
  const bus = useService(TOKENS.EventBus);
  const queries = useQueryClient();
  const keys = useRef(new ActionKeys());
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = (detail: boolean) =>
    void queries.invalidateQueries({
      predicate: (q) => {
        const name = String(q.queryKey[0]);
        return name.startsWith('approval-list') || (detail && name === 'approval-detail');
      },
    });

  /**
   * `options.key` names the key's slot when several buttons carry out one write (a form's 保存
   * and 提交 create the same record): a lost save then meets the submit as the same action.
   */
  const run = async <T>(
    action: string,
    call: (key: string) => Promise<T>,
    success?: string,
    options: { readonly key?: string; readonly onError?: (error: unknown) => void } = {},
  ): Promise<T | undefined> => {
    setBusy(action);
    try {
      const outcome = await keys.current.run(options.key ?? action, call);
      if (outcome.ok) {
        if (success) feedback.success(success);
        refresh(false);
        bus.emit('getNotify');
        return outcome.value;
      }
      feedback.error(outcome.message);
      options.onError?.(outcome.error);
      if (outcome.reload) {
        refresh(true);
        if (outcome.kind === 'applied') bus.emit('getNotify');
        reload();
      }
      return undefined;
    } finally {
      setBusy(null);
    }
  };
  return { run, busy };
}
