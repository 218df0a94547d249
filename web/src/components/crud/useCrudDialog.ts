import { errorMessage } from '@dpms/http-client';
import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import type { FormValues } from '../widgets/FormDialog';

/** The add/edit dialog state and the delete confirm shared by the admin screens. */
export function useCrudDialog(refetch: () => void) {
  const feedback = useService(TOKENS.Feedback);
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
    remove: async (what: string, action: () => Promise<void>) => {
      const ok = await feedback.confirm({ title: '系统提示', message: `是否确认删除${what}？` });
      if (!ok) return;
      try {
        await action();
        feedback.success('删除成功');
        refetch();
      } catch (error) {
        feedback.error(errorMessage(error));
      }
    },
  };
}
