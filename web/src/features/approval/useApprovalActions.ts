import { errorMessage, isDomainError } from '@dpms/http-client';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

/** A fresh key for one user action (the server answers a repeat of it once). */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** A stale version (someone acted first): 409 with the server's message. */
export const isStale = (e: unknown): boolean =>
  isDomainError(e) &&
  ((e as { status?: number }).status === 409 || e.code.endsWith('STALE_VERSION'));

/**
 * Runs approval actions: one Idempotency-Key per user action, kept while that action is in
 * flight (a double click sends the same key, so the server applies it once) and renewed once it
 * is answered. A 409 shows the server's message and reloads; every success refreshes the lists
 * and the Approval badge.
 */
export function useApprovalActions(reload: () => void) {
  const feedback = useService(TOKENS.Feedback);
  const bus = useService(TOKENS.EventBus);
  const queries = useQueryClient();
  const pending = useRef(new Map<string, string>());
  const [busy, setBusy] = useState<string | null>(null);
  const refreshLists = () =>
    void queries.invalidateQueries({
      predicate: (q) => String(q.queryKey[0]).startsWith('approval-list'),
    });

  const run = async <T>(
    action: string,
    call: (key: string) => Promise<T>,
    success?: string,
  ): Promise<T | undefined> => {
    let key = pending.current.get(action);
    if (key === undefined) {
      key = newIdempotencyKey();
      pending.current.set(action, key);
    }
    setBusy(action);
    try {
      const answer = await call(key);
      pending.current.delete(action);
      if (success) feedback.success(success);
      refreshLists();
      bus.emit('getNotify');
      return answer;
    } catch (e) {
      const transport = isDomainError(e) && (e as { transport?: boolean }).transport === true;
      // An answered refusal ends the action; a lost answer keeps its key for the retry.
      if (!transport) pending.current.delete(action);
      feedback.error(errorMessage(e));
      if (isStale(e)) {
        refreshLists();
        reload();
      }
      return undefined;
    } finally {
      setBusy(null);
    }
  };
  return { run, busy };
}
