import { errorMessage, type ChildPayRecord } from '@dpms/http-client';
import { useMemo, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { FileUpload, type UploadedFileRecord } from '../../components/upload';
import { AmountInput } from './AmountInput';
import { PreviewPanel } from './PreviewPanel';
import {
  EMPTY_PAY_FORM,
  previewPay,
  type PayFormValues,
  type PayTarget,
} from './sub-contract-preview';
import { DateInput } from '../../components/ui/DateInput';

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
 * to pay; a payment beyond the amount plus extensions is refused as the server refuses it.
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
  const [v, setV] = useState<PayFormValues>(() =>
    editing
      ? {
          payAmount: editing.payAmount,
          taxRate: editing.taxRate,
          payDate: editing.payDate ?? '',
          remark: editing.remark,
        }
      : { ...EMPTY_PAY_FORM },
  );
  const [files, setFiles] = useState<UploadedFileRecord[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof PayFormValues) => (value: string) =>
    setV((old) => ({ ...old, [key]: value }));
  const preview = useMemo(
    () => previewPay(v, target, editing?.payAmount ?? '0'),
    [v, target, editing],
  );

  const save = async () => {
    const e: Record<string, string> = {};
    if (v.payAmount.trim() === '') e['payAmount'] = '请输入付款金额';
    if (!preview.ok && preview.field) e[preview.field] ??= preview.message;
    setErrors(e);
    if (Object.keys(e).length > 0 || !preview.ok) return;
    setBusy(true);
    try {
      const fields = {
        payAmount: v.payAmount,
        ...(v.taxRate.trim() ? { taxRate: v.taxRate.trim() } : {}),
        ...(v.payDate ? { payDate: v.payDate } : {}),
        remark: v.remark.trim(),
      };
      const uploaded = files.map((f) => f.fileId);
      const saved = editing
        ? await gateway.updatePay({
            payId: editing.payId,
            ...fields,
            ...(uploaded.length > 0 ? { files: [...editing.files, ...uploaded] } : {}),
          })
        : await gateway.addPay({ contractChildId, ...fields, files: uploaded });
      feedback.success(editing ? '付款记录已修改' : '付款已登记');
      onSaved(saved);
    } catch (error) {
      feedback.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? '修改付款记录' : '登记付款'}
      width={720}
      closeOnClickOutside={false}
      testId="child-pay-form"
      footer={
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" loading={busy} onClick={() => void save()}>
            保存
          </Button>
        </div>
      }
    >
      <div className="space-y-3">
        <div className="grid gap-3 md:grid-cols-2">
          <Field label="付款金额" required error={errors['payAmount']} hint="万元">
            <AmountInput aria-label="付款金额" value={v.payAmount} onChange={set('payAmount')} />
          </Field>
          <Field
            label="税率"
            error={errors['taxRate']}
            hint={`0到0.06，不填为${target.taxRate || '0.06'}`}
          >
            <input
              className="input"
              aria-label="税率"
              inputMode="decimal"
              maxLength={8}
              value={v.taxRate}
              onChange={(e) => set('taxRate')(e.target.value.replace(/[^0-9.]/g, ''))}
            />
          </Field>
          <Field label="付款日期" error={errors['payDate']}>
            <DateInput
              className="input"
              aria-label="付款日期"
              value={v.payDate}
              onChange={(e) => set('payDate')(e.target.value)}
            />
          </Field>
          <Field label="备注" error={errors['remark']}>
            <input
              className="input"
              aria-label="备注"
              maxLength={500}
              value={v.remark}
              onChange={(e) => set('remark')(e.target.value)}
            />
          </Field>
        </div>
        <Field
          label="附件"
          hint={
            editing && editing.files.length > 0 ? `已有${editing.files.length}个附件` : undefined
          }
        >
          <FileUpload value={files} onChange={setFiles} testId="pay-files" />
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
      </div>
    </Dialog>
  );
}
