import type { ValueRow } from '@dpms/http-client';
import { taskFinishAmountQuery, taskPayBody } from '@dpms/wire';
import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { landRefusal, useWireForm } from '../../components/form/wire-form';
import { box, useTaskGateway } from './task-shared';

export type ValueKind = 'finish' | 'ready' | 'quality';
export const VALUE_TITLES: Record<ValueKind, string> = {
  finish: '确认完成产值',
  ready: '产值发放',
  quality: '发放质量保证金',
};

interface ValueFormValues {
  amount: string;
}
/** The body field each call names the typed amount by. */
const AMOUNT_FIELD: Record<ValueKind, string> = {
  finish: 'confirmFinishAmount',
  ready: 'payAmount',
  quality: 'payAmount',
};

/**
 * 确认完成产值, 产值发放 or 发放质量保证金 of one sheet: the amount is checked with the wire body
 * (or query) its call sends, in core's words beside the field; a server refusal of the amount
 * lands there too; the write carries the dialog's Idempotency-Key, so a double click pays once.
 */
export function ValueDialog({
  row,
  kind,
  onClose,
  onSaved,
}: {
  row: ValueRow;
  kind: ValueKind;
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useTaskGateway();
  const feedback = useService(TOKENS.Feedback);
  const [busy, setBusy] = useState(false);
  const field = AMOUNT_FIELD[kind];
  const alias = { [field]: 'amount' };
  const { form, keys } = useWireForm<ValueFormValues>(
    () => (kind === 'finish' ? taskFinishAmountQuery : taskPayBody),
    { amount: '' },
    { bodyOf: (v) => ({ taskId: row.taskId, [field]: v.amount.trim() }), alias },
  );
  const { register, formState, setError, handleSubmit } = form;

  const send = async ({ amount }: ValueFormValues) => {
    setBusy(true);
    const done = await keys.run(kind, (idempotencyKey) =>
      kind === 'finish'
        ? gateway.updateFinishAmount(row.taskId, amount.trim(), { idempotencyKey })
        : gateway.pay(kind, { taskId: row.taskId, payAmount: amount.trim() }, { idempotencyKey }),
    );
    setBusy(false);
    if (!done.ok) {
      if (!landRefusal(done.error, ['amount'], setError, alias)) feedback.error(done.message);
      return;
    }
    feedback.success('操作成功');
    onSaved();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={VALUE_TITLES[kind]}
      testId="value-dialog"
      footer={
        <Button variant="primary" loading={busy} onClick={() => void handleSubmit(send)()}>
          确定
        </Button>
      }
    >
      <form noValidate onSubmit={(e) => e.preventDefault()}>
        <Field label="金额（万元）" required error={formState.errors.amount?.message}>
          <input className={box} aria-label="金额" inputMode="decimal" {...register('amount')} />
        </Field>
      </form>
    </Dialog>
  );
}
