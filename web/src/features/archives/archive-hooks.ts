import type { ArchiveGateway } from '@dpms/http-client';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useActionKeys } from '../../components/crud/action-keys';

export function useArchiveGateway(): ArchiveGateway {
  return useService(TOKENS.ArchiveGateway);
}

/**
 * Runs a screen's write under the Idempotency-Key of its action (`slot`): a retry after a lost
 * answer re-sends the same key, so the server applies it once. Shows the server's message on
 * failure and a success message otherwise.
 */
export function useAct() {
  const feedback = useService(TOKENS.Feedback);
  const keys = useActionKeys();
  return async (
    slot: string,
    run: (idempotencyKey: string) => Promise<unknown>,
    done: () => void,
    success = '操作成功',
  ) => {
    const outcome = await keys.run(slot, run);
    if (outcome.ok) {
      feedback.success(success);
      done();
    } else feedback.error(outcome.message);
  };
}
