import { ARCHIVE_MEMO_MAX } from '@dpms/core';
import type { ArchiveRow } from '@dpms/http-client';
import { archiveAllowViewBody, archiveMemoBody } from '@dpms/wire';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useActionKeys } from '../../components/crud/action-keys';
import { landRefusal, wireResolver } from '../../components/form/wire-form';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { useArchiveGateway } from './archive-hooks';

const input = 'w-full rounded border border-line px-2 py-1.5 text-sm';

export type ArchiveEdit = { row: ArchiveRow; kind: 'memo' | 'allowView' };

interface EditValues {
  /** The memo, or the granted users' ids as typed (comma or space separated). */
  text: string;
}

/** The ids typed into 允许查看人: numbers where they are digits, kept as typed otherwise. */
const idsOf = (text: string): unknown[] =>
  text
    .split(/[,，\s]+/)
    .filter((s) => s !== '')
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));

/**
 * 备注 and 授权查看: one small form each, for the keeper and the registrant. Each checks with the
 * wire body of its call (react-hook-form's zodResolver: core's memo limit, the grant's user
 * ids), shows the problem beside the field and the server's refusal of the field there too; the
 * write carries one Idempotency-Key per intent, re-sent on a retry after a lost answer.
 */
export function ArchiveEditDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: ArchiveEdit | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useArchiveGateway();
  const feedback = useService(TOKENS.Feedback);
  const keys = useActionKeys();
  const [busy, setBusy] = useState(false);
  const kind = editing?.kind ?? 'memo';
  const archiveId = editing?.row.archiveId;
  const { register, formState, handleSubmit, reset, setError } = useForm<EditValues>({
    defaultValues: { text: '' },
    // The one field holds what the call's body sends (the memo, or the ids as typed): its wire
    // schema checks that body, and its first problem (archiveId is the dialog's own) shows here.
    resolver: wireResolver<EditValues>(
      () => (kind === 'memo' ? archiveMemoBody : archiveAllowViewBody),
      {
        bodyOf: (values) =>
          kind === 'memo'
            ? { archiveId, memo: values.text }
            : { archiveId, allowViewUserIds: idsOf(values.text) },
        alias: (path) => (path[0] === 'archiveId' ? null : 'text'),
      },
    ),
  });
  useEffect(() => {
    if (editing === null) return;
    reset({
      text: editing.kind === 'memo' ? editing.row.memo : editing.row.allowViewUserIds.join(','),
    });
  }, [editing, reset]);

  const save = async (values: EditValues) => {
    if (editing === null) return;
    const id = editing.row.archiveId;
    setBusy(true);
    const outcome = await keys.run(`${editing.kind}-${String(id)}`, (idempotencyKey) =>
      editing.kind === 'memo'
        ? gateway.updateMemo(id, values.text, { idempotencyKey })
        : gateway.updateAllowView(id, idsOf(values.text) as number[], { idempotencyKey }),
    );
    setBusy(false);
    if (outcome.ok) {
      feedback.success('操作成功');
      onSaved();
      onClose();
      return;
    }
    const field = editing.kind === 'memo' ? 'memo' : 'allowViewUserIds';
    const onText = (path: readonly string[]) => (path[0] === field ? 'text' : null);
    if (!landRefusal(outcome.error, ['text'], setError, onText)) feedback.error(outcome.message);
  };

  const error = formState.errors.text?.message;
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      title={kind === 'memo' ? '修改备注' : '授权查看'}
      testId="archive-edit"
      footer={
        <Button variant="primary" disabled={busy} onClick={() => void handleSubmit(save)()}>
          确定
        </Button>
      }
    >
      {kind === 'memo' ? (
        <Field label="备注" error={error} hint={`最多${String(ARCHIVE_MEMO_MAX)}个字符`}>
          <textarea className={input} aria-label="备注" {...register('text')} />
        </Field>
      ) : (
        <Field label="允许查看人" error={error} hint="用户编号，以逗号分隔">
          <input className={input} aria-label="允许查看人" {...register('text')} />
        </Field>
      )}
    </Dialog>
  );
}
