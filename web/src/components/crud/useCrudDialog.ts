import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import type { FormValues } from '../widgets/FormDialog';
import { useConfirmedAction } from './useConfirmedAction';

/**
 * The add/edit dialog state and the delete confirm shared by the admin screens. A delete's action
 * gets its Idempotency-Key, kept for that record until the delete is answered
 * (`useConfirmedAction`).
 */
export function useCrudDialog(refetch: () => void) {
  const feedback = useService(TOKENS.Feedback);
  const confirmed = useConfirmedAction();
  const [editing, setEditing] = useState<{
    title: string;
    initial: FormValues;
    id?: number;
  } | null>(null);
  return {
    editing,
    openAdd: (title: string, initial: FormValues = {}) => setEditing({ title, initial }),
    openEdit: (title: string, id: number, initial: FormValues) =>
      setEditing({ title, initial, id }),
    close: () => setEditing(null),
    saved: (message = '操作成功') => {
      setEditing(null);
      feedback.success(message);
      refetch();
    },
    remove: (what: string, action: (idempotencyKey: string) => Promise<void>) =>
      confirmed({
        ask: `是否确认删除${what}？`,
        slot: `remove:${what}`,
        action,
        done: '删除成功',
        refetch,
      }),
  };
}
