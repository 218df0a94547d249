import { LIXIANG_CHANGEABLE_FIELDS, LIXIANG_TEXT_LIMITS as LIMITS } from '@dpms/core';
import type { LixiangRecord } from '@dpms/http-client';
import { lixiangChangeBody } from '@dpms/wire';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { landRefusal, useWireForm } from '../../components/form/wire-form';
import { AmountInput } from './AmountInput';

type Changeable = (typeof LIXIANG_CHANGEABLE_FIELDS)[number];
export type LixiangChangeValues = Record<Changeable, string> & { reason: string };

const LABELS: Readonly<Record<Changeable, string>> = {
  lxNo: '立项编号',
  projectName: '项目名称',
  totalAmount: '合同金额',
  cleanAmount: '合同净额',
  directFee: '直接费',
  remark: '备注',
};
const AMOUNTS: ReadonlySet<string> = new Set(['totalAmount', 'cleanAmount', 'directFee']);
/** The fields a refusal may land on: each changeable field and the reason. */
const SHOWN: readonly string[] = [...LIXIANG_CHANGEABLE_FIELDS, 'reason'];

const currentOf = (l: LixiangRecord): Record<Changeable, string> => ({
  lxNo: l.lxNo,
  projectName: l.projectName,
  totalAmount: l.totalAmount,
  cleanAmount: l.cleanAmount,
  directFee: l.directFee,
  remark: l.remark,
});

/** The change call's body: the filing, the reason, and only the fields that differ from now. */
export function lixiangChangeBodyOf(filing: LixiangRecord, v: LixiangChangeValues) {
  const now = currentOf(filing);
  const fields: Partial<Record<Changeable, string>> = {};
  for (const f of LIXIANG_CHANGEABLE_FIELDS) if (v[f] !== now[f]) fields[f] = v[f];
  return { lxId: filing.lxId, reason: v.reason, fields };
}

/**
 * 变更 of a formal filing (备案变更 12_x): every changeable field with its value now shown as
 * 变更前, the reason required. Checked with the change call's @dpms/wire body (the filing form's
 * field schemas and core's words), each problem beside its field, a server refusal of a field
 * landing on it. Sent at once for approval; approved, the filing takes the changed fields.
 */
export function LixiangChangeDialog({
  filing,
  onClose,
  onSent,
}: {
  filing: LixiangRecord;
  onClose: () => void;
  onSent: () => void;
}) {
  const gateway = useService(TOKENS.ContractGateway);
  const feedback = useService(TOKENS.Feedback);
  const now = currentOf(filing);
  const { form, keys } = useWireForm<LixiangChangeValues>(
    lixiangChangeBody,
    { ...now, reason: '' },
    {
      bodyOf: (v) => lixiangChangeBodyOf(filing, v),
      // A field's problem is under `fields.<name>` in the body: shown beside the field.
      alias: (path) => (path[0] === 'fields' ? (path[1] ?? null) : (path[0] ?? null)),
    },
  );
  const { control, register, formState, setError, handleSubmit } = form;
  const errors = formState.errors;
  const [busy, setBusy] = useState(false);

  const send = async (values: LixiangChangeValues) => {
    setBusy(true);
    const outcome = await keys.run('change', (key) =>
      gateway.lixiangChange(lixiangChangeBodyOf(filing, values), key),
    );
    setBusy(false);
    if (!outcome.ok) {
      if (!landRefusal(outcome.error, SHOWN, setError)) feedback.error(outcome.message);
      return;
    }
    feedback.success('已提交备案变更审批');
    onSent();
  };

  const input = (f: Changeable) =>
    AMOUNTS.has(f) ? (
      <Controller
        control={control}
        name={f}
        render={({ field }) => (
          <AmountInput aria-label={LABELS[f]} value={field.value} onChange={field.onChange} />
        )}
      />
    ) : f === 'remark' ? (
      <textarea
        className="input min-h-16"
        aria-label={LABELS[f]}
        maxLength={LIMITS.remark}
        {...register(f)}
      />
    ) : (
      <input className="input" aria-label={LABELS[f]} maxLength={LIMITS[f as 'lxNo' | 'projectName']} {...register(f)} />
    );

  return (
    <Dialog
      open
      onClose={onClose}
      title={`备案变更：${filing.projectName}`}
      width={860}
      closeOnClickOutside={false}
      testId="lixiang-change"
      footer={
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>取消</Button>
          <Button
            variant="primary"
            loading={busy}
            onClick={() => void handleSubmit((v) => send(v))()}
          >
            提交变更审批
          </Button>
        </div>
      }
    >
      <form className="space-y-3" noValidate onSubmit={(e) => e.preventDefault()}>
        <div className="grid gap-3 md:grid-cols-2">
          {LIXIANG_CHANGEABLE_FIELDS.map((f) => (
            <Field
              key={f}
              label={LABELS[f]}
              hint={`变更前：${now[f] === '' ? '（空）' : now[f]}${AMOUNTS.has(f) ? ' 万元' : ''}`}
              error={errors[f]?.message}
            >
              {input(f)}
            </Field>
          ))}
        </div>
        <Field label="变更原因" required error={errors.reason?.message}>
          <textarea
            className="input min-h-16"
            aria-label="变更原因"
            maxLength={2000}
            {...register('reason')}
          />
        </Field>
      </form>
    </Dialog>
  );
}
