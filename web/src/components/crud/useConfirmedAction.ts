import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useActionKeys } from './action-keys';

/** One confirmed write of an admin screen: a delete, a status switch, 强退, 清空. */
export interface ConfirmedAction<T> {
  /** The question asked before writing (title 系统提示). */
  readonly ask: string;
  /**
   * The action's slot in the screen's `ActionKeys`: its Idempotency-Key is kept while the action
   * is unanswered, so a retry after a lost answer sends the same key and the server applies it once.
   */
  readonly slot: string;
  readonly action: (idempotencyKey: string) => Promise<T>;
  /** What to tell once it is done: a message, or a teller reading the answer. */
  readonly done: string | ((value: T) => void);
  /** Reloads what the action changed; called once it is answered or lost, success or not. */
  readonly refetch: () => void;
}

/**
 * Asks, writes under the screen's kept Idempotency-Key (`useActionKeys().run`), tells the
 * outcome and reloads the list. The list reloads after a failure too: a refusal may come from
 * a stale screen, and after a lost answer it shows whether the write took effect.
 */
export function useConfirmedAction() {
  const feedback = useService(TOKENS.Feedback);
  const keys = useActionKeys();
  return async <T>(o: ConfirmedAction<T>): Promise<void> => {
    if (!(await feedback.confirm({ title: '系统提示', message: o.ask }))) return;
    const outcome = await keys.run(o.slot, o.action);
    if (!outcome.ok) feedback.error(outcome.message);
    else if (typeof o.done === 'string') feedback.success(o.done);
    else o.done(outcome.value);
    o.refetch();
  };
}
