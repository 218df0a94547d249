import { CHILD_PAY_TEXT_LIMITS, MAX_TAX_RATE, TAX_RATE_MAX_LENGTH } from '@dpms/core';
import type { ChildPayRecord } from '@dpms/http-client';
import { childPayAddBody, childPayUpdateBody, requiredChildPayFields } from '@dpms/wire';
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { SaveDialog } from '../../components/ui/SaveDialog';
import { Field } from '../../components/ui/Field';
import {
  FileUpload,
  UploadActivity,
  useUploadsInFlight,
  type UploadedFileRecord,
} from '../../components/upload';
import { AmountInput } from './AmountInput';
import { PreviewPanel } from './PreviewPanel';
import {
  EMPTY_PAY_FORM,
  previewPay,
  type PayFormValues,
  type PayTarget,
} from './sub-contract-preview';
import { DateInput } from '../../components/ui/DateInput';
import { landRefusal, useWireForm } from '../../components/form/wire-form';

/** The form's fields, by wire name: a server refusal of one of them lands beside it. */
const FORM_FIELDS: readonly string[] = Object.keys(EMPTY_PAY_FORM);
/** What core requires of a pay item (the schema refuses these blank): marked with `*`. */
const REQUIRED = new Set<string>(requiredChildPayFields);

export interface ChildPayFormDialogProps {
  contractChildId: number;
  /** The sub-contract's amount, extensions, what is paid and its tax rate. */
  target: PayTarget;
  /** The stored pay item when editing (its attachments stay unless changed). */
  editing?: ChildPayRecord | undefined;
  onClose: () => void;
  onSaved: (saved: ChildPayRecord) => void;
}

/**
 * Add or edit a pay item (付款记录) of a sub-contract, with its attachments and the live preview
 * of core's net pay (realPayAmount = payAmount − payAmount × (0.06 − taxRate)) and of what is left
 * to pay; a payment beyond the amount plus extensions is refused as the server refuses it. The
 * form checks with the @dpms/wire body its call sends (every field's problem at once, a server
 * refusal on its field), and the save carries the dialog's Idempotency-Key.
 */
export function ChildPayFormDialog({
  contractChildId,
  target,
  editing,
  onClose,
  onSaved,
}: ChildPayFormDialogProps) {
  const gateway = useService(TOKENS.ContractGateway);
  const feedback = useService(TOKENS.Feedback);
  const { form, keys } = useWireForm<PayFormValues>(
    () => (editing ? childPayUpdateBody : childPayAddBody),
    editing
      ? {
          payAmount: editing.payAmount,
          taxRate: editing.taxRate,
          payDate: editing.payDate ?? '',
          remark: editing.remark,
        }
      : { ...EMPTY_PAY_FORM },
    { extra: () => (editing ? { payId: editing.payId } : { contractChildId }) },
  );
  const { control, register, formState, setError, handleSubmit } = form;
  const errors = formState.errors;
  const v = useWatch({ control }) as PayFormValues;
  const [files, setFiles] = useState<UploadedFileRecord[]>([]);
  const [busy, setBusy] = useState(false);
  const uploads = useUploadsInFlight();
  const preview = useMemo(
    () => previewPay(v, target, editing?.payAmount ?? '0'),
    [v, target, editing],
  );
  const mark = (field: keyof PayFormValues) => ({
    required: REQUIRED.has(field),
    error: errors[field]?.message,
  });

  const send = async (values: PayFormValues) => {
    if (!preview.ok) {
      if (preview.field && FORM_FIELDS.includes(preview.field)) {
        setError(preview.field as keyof PayFormValues, { message: preview.message });
      } else feedback.error(preview.message);
      return;
    }
    const fields = {
      payAmount: values.payAmount,
      ...(values.taxRate.trim() ? { taxRate: values.taxRate.trim() } : {}),
      ...(values.payDate ? { payDate: values.payDate } : {}),
      remark: values.remark.trim(),
    };
    const uploaded = files.map((f) => f.fileId);
    setBusy(true);
    const saved = await keys.run('save', (key) =>
      editing
        ? gateway.updatePay(
            {
              payId: editing.payId,
              ...fields,
              ...(uploaded.length > 0 ? { files: [...editing.files, ...uploaded] } : {}),
            },
            key,
          )
        : gateway.addPay({ contractChildId, ...fields, files: uploaded }, key),
    );
    setBusy(false);
    if (!saved.ok) {
      if (!landRefusal(saved.error, FORM_FIELDS, setError)) feedback.error(saved.message);
      return;
    }
    feedback.success(editing ? '付款记录已修改' : '付款已登记');
    onSaved(saved.value);
  };
  const save = () => void handleSubmit(send)();

  return (
    <SaveDialog
      title={editing ? '修改付款记录' : '登记付款'}
      width={720}
      testId="child-pay-form"
      onClose={onClose}
      busy={busy}
      disabled={uploads.uploading}
      onPress={save}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="付款金额" {...mark('payAmount')} hint="万元">
          <Controller
            control={control}
            name="payAmount"
            render={({ field: f }) => (
              <AmountInput aria-label="付款金额" value={f.value} onChange={f.onChange} />
            )}
          />
        </Field>
        <Field
          label="税率"
          {...mark('taxRate')}
          hint={`0到${MAX_TAX_RATE}，不填为${target.taxRate || MAX_TAX_RATE}`}
        >
          <Controller
            control={control}
            name="taxRate"
            render={({ field: f }) => (
              <input
                className="input"
                aria-label="税率"
                inputMode="decimal"
                maxLength={TAX_RATE_MAX_LENGTH}
                value={f.value}
                onChange={(e) => f.onChange(e.target.value.replace(/[^0-9.]/g, ''))}
              />
            )}
          />
        </Field>
        <Field label="付款日期" {...mark('payDate')}>
          <Controller
            control={control}
            name="payDate"
            render={({ field: f }) => (
              <DateInput
                className="input"
                aria-label="付款日期"
                value={f.value}
                onChange={(e) => f.onChange(e.target.value)}
              />
            )}
          />
        </Field>
        <Field label="备注" {...mark('remark')}>
          <input
            className="input"
            aria-label="备注"
            maxLength={CHILD_PAY_TEXT_LIMITS.remark}
            {...register('remark')}
          />
        </Field>
      </div>
      <Field
        label="附件"
        hint={editing && editing.files.length > 0 ? `已有${editing.files.length}个附件` : undefined}
      >
        <UploadActivity value={uploads.report}>
          <FileUpload value={files} onChange={setFiles} testId="pay-files" />
        </UploadActivity>
      </Field>
      <PreviewPanel
        title="实付预览（万元）"
        testId="pay-preview"
        error={preview.ok ? undefined : preview.message}
        rows={
          preview.ok
            ? [
                ['taxRate', '税率', preview.taxRate],
                ['realPayAmount', '实付金额', preview.realPayAmount],
                ['leftAfter', '付款后可付', preview.leftAfter],
              ]
            : undefined
        }
      />
    </SaveDialog>
  );
}
