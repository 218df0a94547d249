import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import type { FormValues } from '../widgets/FormDialog';
import { useActionKeys } from './action-keys';

/**
 * The add/edit dialog state and the delete confirm shared by the admin screens. A delete's action
 * gets its Idempotency-Key, kept for that record until the delete is answered (`ActionKeys`).
 */
export function useCrudDialog(refetch: () => void) {
  const feedback = useService(TOKENS.Feedback);
  const keys = useActionKeys();
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
    remove: async (what: string, action: (idempotencyKey: string) => Promise<void>) => {
      const ok = await feedback.confirm({ title: '系统提示', message: `是否确认删除${what}？` });
      if (!ok) return;
      const outcome = await keys.run(`remove:${what}`, action);
      if (outcome.ok) {
        feedback.success('删除成功');
        refetch();
      } else {
        feedback.error(outcome.message);
        if (outcome.reload) refetch();
      }
    },
  };
}
