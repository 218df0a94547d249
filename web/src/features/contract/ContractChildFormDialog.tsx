import { CHILD_TYPE_LABELS, type ChildType } from '@dpms/core';
import { errorMessage, type ContractChildRecord, type ContractRecord } from '@dpms/http-client';
import { useMemo, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { AmountInput } from './AmountInput';
import { ContractPicker } from './ContractPicker';
import { PreviewPanel } from './PreviewPanel';
import {
  childBody,
  EMPTY_CHILD_FORM,
  previewChild,
  type ChildFormValues,
} from './sub-contract-preview';

export const CHILD_TYPE_OPTIONS = Object.entries<string>(CHILD_TYPE_LABELS);

const valuesOf = (c: ContractChildRecord): ChildFormValues => ({
  contractId: String(c.contractId),
  contractChildNo: c.contractChildNo,
  childType: String(c.childType),
  paymentMethod: c.paymentMethod,
  receiveCompanyName: c.receiveCompanyName,
  totalAmount: c.totalAmount,
  content: c.content,
});

export interface ContractChildFormDialogProps {
  /** The stored sub-contract when editing (draft, rejected or withdrawn, not history). */
  editing?: ContractChildRecord | undefined;
  /** The contract a new sub-contract belongs to, when it is already known. */
  parent?: Pick<ContractRecord, 'contractId' | 'contractName'> | undefined;
  onClose: () => void;
  onSaved: (saved: ContractChildRecord) => void;
}

/**
 * Add or edit a sub-contract (分包合同, childType 1-7) with the live preview of what it may pay:
 * core's checks and `childCanPay` (amount + extensions − paid). A new one may be recorded as
 * signed before the system (补录, final at once) or saved and sent as a payment contract (5_1).
 */
export function ContractChildFormDialog({
  editing,
  parent,
  onClose,
  onSaved,
}: ContractChildFormDialogProps) {
  const gateway = useService(TOKENS.ContractGateway);
  const feedback = useService(TOKENS.Feedback);
  const [v, setV] = useState<ChildFormValues>(() =>
    editing
      ? valuesOf(editing)
      : { ...EMPTY_CHILD_FORM, contractId: parent ? String(parent.contractId) : '' },
  );
  const [parentName, setParentName] = useState(editing?.contractName ?? parent?.contractName ?? '');
  const [history, setHistory] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof ChildFormValues) => (value: string) =>
    setV((old) => ({ ...old, [key]: value }));
  const standing = useMemo(
    () => ({ extendAmount: editing?.extendAmount ?? '0', paidAmount: editing?.paidAmount ?? '0' }),
    [editing],
  );
  const preview = useMemo(() => previewChild(v, standing), [v, standing]);

  const check = (): boolean => {
    const e: Record<string, string> = {};
    if (v.contractId === '') e['contractId'] = '请选择所属合同';
    if (v.receiveCompanyName.trim() === '') e['receiveCompanyName'] = '请输入收款单位';
    if (v.totalAmount.trim() === '') e['totalAmount'] = '请输入分包金额';
    if (!preview.ok && preview.field) e[preview.field] ??= preview.message;
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const save = async (submit: boolean) => {
    if (!check() || !preview.ok) return;
    setBusy(true);
    try {
      const body = childBody(v);
      if (editing) {
        body['contractChildId'] = editing.contractChildId;
        if (editing.version !== undefined) body['version'] = editing.version;
      }
      let saved = await gateway.childSave(body, !editing && history);
      if (submit) {
        saved = await gateway.childSubmit(saved.contractChildId);
        feedback.success('已提交审批');
      } else feedback.success('保存成功');
      onSaved(saved);
    } catch (error) {
      feedback.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const typeLabel = CHILD_TYPE_LABELS[Number(v.childType) as ChildType] ?? '';
  return (
    <Dialog
      open
      onClose={onClose}
      title={editing ? '修改分包合同' : '新增分包合同'}
      width={860}
      closeOnClickOutside={false}
      testId="contract-child-form"
      footer={
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" loading={busy} onClick={() => void save(false)}>
            保存
          </Button>
          {!history && (
            <Button variant="primary" loading={busy} onClick={() => void save(true)}>
              保存并提交审批
            </Button>
          )}
        </div>
      }
    >
      <div className="space-y-3">
        <div className="grid gap-3 md:grid-cols-2">
          <Field
            label="所属合同"
            required
            error={errors['contractId']}
            hint={parentName ? `已选：${parentName}` : '未签合同和立项合同不能分包'}
          >
            {editing || parent ? (
              <input className="input" aria-label="所属合同" readOnly value={parentName} />
            ) : (
              <ContractPicker
                kinds={['contract']}
                label="所属合同"
                onSelect={(c) => {
                  setParentName(c ? c.contractName : '');
                  set('contractId')(c ? String(c.contractId) : '');
                }}
              />
            )}
          </Field>
          <Field label="分包类型" required error={errors['childType']}>
            <select
              className="input"
              aria-label="分包类型"
              value={v.childType}
              onChange={(e) => set('childType')(e.target.value)}
            >
              {CHILD_TYPE_OPTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="分包合同编号" error={errors['contractChildNo']}>
            <input
              className="input"
              aria-label="分包合同编号"
              maxLength={64}
              value={v.contractChildNo}
              onChange={(e) => set('contractChildNo')(e.target.value)}
            />
          </Field>
          <Field label="收款单位" required error={errors['receiveCompanyName']}>
            <input
              className="input"
              aria-label="收款单位"
              maxLength={200}
              value={v.receiveCompanyName}
              onChange={(e) => set('receiveCompanyName')(e.target.value)}
            />
          </Field>
          <Field label="付款方式" error={errors['paymentMethod']}>
            <input
              className="input"
              aria-label="付款方式"
              maxLength={200}
              value={v.paymentMethod}
              onChange={(e) => set('paymentMethod')(e.target.value)}
            />
          </Field>
          <Field label="分包金额" required error={errors['totalAmount']} hint="万元">
            <AmountInput
              aria-label="分包金额"
              value={v.totalAmount}
              onChange={set('totalAmount')}
            />
          </Field>
          {!editing && (
            <Field label="补录历史合同" hint="系统上线前已签订的，保存即为已审批">
              <input
                type="checkbox"
                aria-label="补录历史合同"
                className="mt-2"
                checked={history}
                onChange={(e) => setHistory(e.target.checked)}
              />
            </Field>
          )}
        </div>
        <Field label="分包内容" error={errors['content']}>
          <textarea
            className="input min-h-16"
            aria-label="分包内容"
            maxLength={5200}
            value={v.content}
            onChange={(e) => set('content')(e.target.value)}
          />
        </Field>
        <PreviewPanel
          title="可付金额预览（万元）"
          testId="child-preview"
          error={preview.ok ? undefined : preview.message}
          rows={
            preview.ok
              ? [
                  ['childType', '分包类型', typeLabel],
                  ['totalAmount', '分包金额', v.totalAmount],
                  ['extendAmount', '补充金额', standing.extendAmount],
                  ['paidAmount', '已付金额', standing.paidAmount],
                  ['cap', '可付上限', preview.cap],
                  ['canPayAmount', '可付金额', preview.canPayAmount],
                ]
              : undefined
          }
        />
      </div>
    </Dialog>
  );
}
