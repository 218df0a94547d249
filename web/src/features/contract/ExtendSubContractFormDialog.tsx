import { errorMessage, type ExtendSubContractRecord } from '@dpms/http-client';
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
  EMPTY_EXTEND_FORM,
  previewExtend,
  type ExtendFormValues,
  type ExtendTarget,
} from './sub-contract-preview';
import { DateInput } from '../../components/ui/DateInput';

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
 * leaves less than what is paid is refused with the server's words.
 */
export function ExtendSubContractFormDialog({
  target,
  editing,
  onClose,
  onSaved,
}: ExtendSubContractFormDialogProps) {
  const gateway = useService(TOKENS.ContractGateway);
  const feedback = useService(TOKENS.Feedback);
  const [v, setV] = useState<ExtendFormValues>(() =>
    editing
      ? {
          extendNo: editing.extendNo,
          content: editing.content,
          reason: editing.reason,
          extendAmount: editing.extendAmount,
          signDate: editing.signDate ?? '',
        }
      : { ...EMPTY_EXTEND_FORM },
  );
  const [files, setFiles] = useState<UploadedFileRecord[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof ExtendFormValues) => (value: string) =>
    setV((old) => ({ ...old, [key]: value }));
  const preview = useMemo(
    () => previewExtend(v, target, editing?.extendAmount ?? '0'),
    [v, target, editing],
  );

  const save = async () => {
    const e: Record<string, string> = {};
    if (v.content.trim() === '') e['content'] = '请输入补充内容';
    if (v.extendAmount.trim() === '') e['extendAmount'] = '请输入补充金额';
    if (!preview.ok && preview.field) e[preview.field] ??= preview.message;
    setErrors(e);
    if (Object.keys(e).length > 0 || !preview.ok) return;
    setBusy(true);
    try {
      const uploaded = files.map((f) => f.fileId);
      const body: Record<string, unknown> = {
        contractChildId: target.contractChildId,
        extendNo: v.extendNo.trim(),
        content: v.content.trim(),
        reason: v.reason.trim(),
        extendAmount: v.extendAmount,
        ...(v.signDate ? { signDate: v.signDate } : {}),
      };
      if (editing) {
        body['extendId'] = editing.extendId;
        if (editing.version !== undefined) body['version'] = editing.version;
        body['files'] = [...(editing.files ?? []), ...uploaded];
      } else body['files'] = uploaded;
      const saved = await gateway.extendSave(body);
      feedback.success('保存成功');
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
      title={editing ? '修改补充分包合同' : '新增补充分包合同'}
      width={760}
      closeOnClickOutside={false}
      testId="extend-form"
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
          <Field label="补充合同编号" error={errors['extendNo']}>
            <input
              className="input"
              aria-label="补充合同编号"
              maxLength={64}
              value={v.extendNo}
              onChange={(e) => set('extendNo')(e.target.value)}
            />
          </Field>
          <Field label="补充金额" required error={errors['extendAmount']} hint="万元">
            <AmountInput
              aria-label="补充金额"
              value={v.extendAmount}
              onChange={set('extendAmount')}
            />
          </Field>
          <Field label="签订日期" error={errors['signDate']}>
            <DateInput
              className="input"
              aria-label="签订日期"
              value={v.signDate}
              onChange={(e) => set('signDate')(e.target.value)}
            />
          </Field>
          <Field label="补充原因" error={errors['reason']}>
            <input
              className="input"
              aria-label="补充原因"
              maxLength={2000}
              value={v.reason}
              onChange={(e) => set('reason')(e.target.value)}
            />
          </Field>
        </div>
        <Field label="补充内容" required error={errors['content']}>
          <textarea
            className="input min-h-16"
            aria-label="补充内容"
            maxLength={5200}
            value={v.content}
            onChange={(e) => set('content')(e.target.value)}
          />
        </Field>
        <Field label="附件">
          <FileUpload value={files} onChange={setFiles} testId="extend-files" />
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
                  ['paidAmount', '已付金额', target.paidAmount],
                  ['canPayAmount', '可付金额', preview.canPayAmount],
                ]
              : undefined
          }
        />
      </div>
    </Dialog>
  );
}
