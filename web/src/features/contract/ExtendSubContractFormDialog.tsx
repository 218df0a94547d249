import { EXTEND_SUB_CONTRACT_TEXT_LIMITS as LIMITS } from '@dpms/core';
import type { ExtendSubContractBody, ExtendSubContractRecord } from '@dpms/http-client';
import {
  extendSubContractSaveBody,
  extendSubContractUpdateBody,
  requiredExtendSubContractFields,
} from '@dpms/wire';
import { useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
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
  EMPTY_EXTEND_FORM,
  previewExtend,
  type ExtendFormValues,
  type ExtendTarget,
} from './sub-contract-preview';
import { SaveDialog } from '../../components/ui/SaveDialog';
import { landRefusal, useWireForm } from '../../components/form/wire-form';
import { DateField } from '../../components/form/form-fields';

/** The form's fields, by wire name: a server refusal of one of them lands beside it. */
const FORM_FIELDS: readonly string[] = Object.keys(EMPTY_EXTEND_FORM);
/** What core requires of an extension (the schema refuses these blank): marked with `*`. */
const REQUIRED = new Set<string>(requiredExtendSubContractFields);

export interface ExtendSubContractFormDialogProps {
  /** The sub-contract it adds to: amount, what is extended and paid so far. */
  target: ExtendTarget;
  editing?: ExtendSubContractRecord | undefined;
  onClose: () => void;
  onSaved: (saved: ExtendSubContractRecord) => void;
}

/**
 * Add or edit an extended sub-contract (补充分包合同) of an approved or history sub-contract, with
 * the live preview of what the sub-contract may then pay (core's `childCanPay`); an edit that
 * leaves less than what is paid is refused with the server's words. The form checks with the
 * @dpms/wire body its call sends (every field's problem at once, a server refusal on its field),
 * and the save carries the dialog's Idempotency-Key.
 */
export function ExtendSubContractFormDialog({
  target,
  editing,
  onClose,
  onSaved,
}: ExtendSubContractFormDialogProps) {
  const gateway = useService(TOKENS.ContractGateway);
  const feedback = useService(TOKENS.Feedback);
  const { form, keys } = useWireForm<ExtendFormValues>(
    () => (editing ? extendSubContractUpdateBody : extendSubContractSaveBody),
    editing
      ? {
          extendNo: editing.extendNo,
          content: editing.content,
          reason: editing.reason,
          extendAmount: editing.extendAmount,
          signDate: editing.signDate ?? '',
        }
      : { ...EMPTY_EXTEND_FORM },
    {
      extra: () =>
        editing
          ? { extendId: editing.extendId, version: editing.version }
          : { contractChildId: target.contractChildId },
    },
  );
  const { control, register, formState, setError, handleSubmit } = form;
  const errors = formState.errors;
  const v = useWatch({ control }) as ExtendFormValues;
  const [files, setFiles] = useState<UploadedFileRecord[]>([]);
  const [busy, setBusy] = useState(false);
  const uploads = useUploadsInFlight();
  const preview = useMemo(
    () => previewExtend(v, target, editing?.extendAmount ?? '0'),
    [v, target, editing],
  );
  const mark = (field: keyof ExtendFormValues) => ({
    required: REQUIRED.has(field),
    error: errors[field]?.message,
  });

  const send = async (values: ExtendFormValues) => {
    if (!preview.ok) {
      if (preview.field && FORM_FIELDS.includes(preview.field)) {
        setError(preview.field as keyof ExtendFormValues, { message: preview.message });
      } else feedback.error(preview.message);
      return;
    }
    const uploaded = files.map((f) => f.fileId);
    const body: ExtendSubContractBody = {
      contractChildId: target.contractChildId,
      extendNo: values.extendNo.trim(),
      content: values.content.trim(),
      reason: values.reason.trim(),
      extendAmount: values.extendAmount,
      ...(values.signDate ? { signDate: values.signDate } : {}),
      files: editing ? [...editing.files, ...uploaded] : uploaded,
      ...(editing ? { extendId: editing.extendId, version: editing.version } : {}),
    };
    setBusy(true);
    const saved = await keys.run('save', (key) => gateway.extendSave(body, key));
    setBusy(false);
    if (!saved.ok) {
      if (!landRefusal(saved.error, FORM_FIELDS, setError)) feedback.error(saved.message);
      return;
    }
    feedback.success('保存成功');
    onSaved(saved.value);
  };
  const save = () => void handleSubmit(send)();

  return (
    <SaveDialog
      title={editing ? '修改补充分包合同' : '新增补充分包合同'}
      width={760}
      testId="extend-form"
      onClose={onClose}
      busy={busy}
      disabled={uploads.uploading}
      onPress={save}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <Field label="补充合同编号" {...mark('extendNo')}>
          <input
            className="input"
            aria-label="补充合同编号"
            maxLength={LIMITS.extendNo}
            {...register('extendNo')}
          />
        </Field>
        <Field label="补充金额" {...mark('extendAmount')} hint="万元">
          <Controller
            control={control}
            name="extendAmount"
            render={({ field: f }) => (
              <AmountInput aria-label="补充金额" value={f.value} onChange={f.onChange} />
            )}
          />
        </Field>
        <DateField control={control} name="signDate" label="签订日期" {...mark('signDate')} />
        <Field label="补充原因" {...mark('reason')}>
          <input
            className="input"
            aria-label="补充原因"
            maxLength={LIMITS.reason}
            {...register('reason')}
          />
        </Field>
      </div>
      <Field label="补充内容" {...mark('content')}>
        <textarea
          className="input min-h-16"
          aria-label="补充内容"
          maxLength={LIMITS.content}
          {...register('content')}
        />
      </Field>
      <Field label="附件">
        <UploadActivity value={uploads.report}>
          <FileUpload value={files} onChange={setFiles} testId="extend-files" />
        </UploadActivity>
      </Field>
      <PreviewPanel
        title="可付金额预览（万元）"
        testId="extend-preview"
        error={preview.ok ? undefined : preview.message}
        rows={
          preview.ok
            ? [
                ['totalAmount', '分包金额', target.totalAmount],
                ['extendTotal', '补充金额合计', preview.extendTotal],
                ['paidAmount', '付款项合计', target.paidAmount],
                ['canPayAmount', '可付金额', preview.canPayAmount],
              ]
            : undefined
        }
      />
    </SaveDialog>
  );
}
