import type { FeeRateSets } from '@dpms/core';
import { errorMessage, type LixiangRecord } from '@dpms/http-client';
import { useMemo, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { AmountInput } from './AmountInput';
import { ContractPicker } from './ContractPicker';
import { BIZ_SOURCE_OPTIONS, FEE_FIELDS } from './labels';
import { PreviewPanel } from './PreviewPanel';
import {
  EMPTY_LIXIANG_FORM,
  lixiangBody,
  previewLixiang,
  type LixiangFormValues,
} from './sub-contract-preview';
import { useFeeRates } from './useFeeRates';

const valuesOf = (l: LixiangRecord): LixiangFormValues => ({
  contractId: l.contractId === null ? '' : String(l.contractId),
  lxNo: l.lxNo,
  projectName: l.projectName,
  bizSource: l.bizSource,
  totalAmount: l.totalAmount,
  cleanAmount: l.cleanAmount,
  directFee: l.directFee,
  remark: l.remark,
});

export interface LixiangFormDialogProps {
  /** The stored filing when editing (draft, rejected or withdrawn). */
  editing?: LixiangRecord | undefined;
  onClose: () => void;
  onSaved: (saved: LixiangRecord) => void;
  /** Rate sets given directly (tests); read from the dictionaries otherwise. */
  rateSets?: FeeRateSets;
}

/**
 * Add or edit a project filing (立项备案) with the live fee split of core's `lixiangFees`: the
 * rate set of its business source under the standard rule, as the server stores it. A new filing
 * may be recorded as filed before the system (补录, approved at once) or saved and sent for review.
 */
export function LixiangFormDialog({
  editing,
  onClose,
  onSaved,
  rateSets: given,
}: LixiangFormDialogProps) {
  const gateway = useService(TOKENS.ContractGateway);
  const feedback = useService(TOKENS.Feedback);
  const loaded = useFeeRates(given === undefined);
  const rateSets = given ?? loaded.rateSets;
  const [v, setV] = useState<LixiangFormValues>(() =>
    editing ? valuesOf(editing) : { ...EMPTY_LIXIANG_FORM },
  );
  const [history, setHistory] = useState(false);
  const [linked, setLinked] = useState(editing?.contractId ? `合同ID ${editing.contractId}` : '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof LixiangFormValues) => (value: string) =>
    setV((old) => ({ ...old, [key]: value }));
  const preview = useMemo(
    () => (rateSets ? previewLixiang(v, rateSets) : undefined),
    [v, rateSets],
  );

  const check = (): boolean => {
    const e: Record<string, string> = {};
    if (v.projectName.trim() === '') e['projectName'] = '请输入项目名称';
    if (v.totalAmount.trim() === '') e['totalAmount'] = '请输入合同金额';
    if (preview && !preview.ok && preview.field) e[preview.field] ??= preview.message;
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const save = async (submit: boolean) => {
    if (!check() || !preview?.ok) return;
    setBusy(true);
    try {
      const body = lixiangBody(v);
      if (editing) body['lxId'] = editing.lxId;
      let saved = await gateway.lixiangSave(body, !editing && history);
      if (submit) {
        saved = await gateway.lixiangSubmit(saved.lxId);
        feedback.success('已提交审批');
      } else feedback.success('保存成功');
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
      title={editing ? '修改立项备案' : '新增立项备案'}
      width={860}
      closeOnClickOutside={false}
      testId="lixiang-form"
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
          <Field label="关联合同" hint={linked ? `已关联：${linked}` : '可不关联'}>
            <ContractPicker
              kinds={['declare', 'contract']}
              label="关联合同"
              onSelect={(c) => {
                setLinked(c ? c.contractName : '');
                setV((old) =>
                  c
                    ? {
                        ...old,
                        contractId: String(c.contractId),
                        projectName: old.projectName || c.projectName,
                        bizSource: c.bizSource,
                        totalAmount: old.totalAmount || c.totalAmount,
                      }
                    : { ...old, contractId: '' },
                );
              }}
            />
          </Field>
          <Field label="立项编号" error={errors['lxNo']}>
            <input
              className="input"
              aria-label="立项编号"
              maxLength={64}
              value={v.lxNo}
              onChange={(e) => set('lxNo')(e.target.value)}
            />
          </Field>
          <Field label="项目名称" required error={errors['projectName']}>
            <input
              className="input"
              aria-label="项目名称"
              maxLength={200}
              value={v.projectName}
              onChange={(e) => set('projectName')(e.target.value)}
            />
          </Field>
          <Field label="业务来源" required>
            <select
              className="input"
              aria-label="业务来源"
              value={v.bizSource}
              onChange={(e) => set('bizSource')(e.target.value)}
            >
              {BIZ_SOURCE_OPTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <Field label="合同金额" required error={errors['totalAmount']} hint="万元">
            <AmountInput
              aria-label="合同金额"
              value={v.totalAmount}
              onChange={set('totalAmount')}
            />
          </Field>
          <Field label="合同净额" error={errors['cleanAmount']} hint="万元，不填为合同金额">
            <AmountInput
              aria-label="合同净额"
              value={v.cleanAmount}
              onChange={set('cleanAmount')}
            />
          </Field>
          <Field label="直接费" error={errors['directFee']} hint="万元，不填为0">
            <AmountInput aria-label="直接费" value={v.directFee} onChange={set('directFee')} />
          </Field>
          {!editing && (
            <Field label="补录历史备案" hint="系统上线前已备案的，保存即为已审批">
              <input
                type="checkbox"
                aria-label="补录历史备案"
                className="mt-2"
                checked={history}
                onChange={(e) => setHistory(e.target.checked)}
              />
            </Field>
          )}
        </div>
        <Field label="备注" error={errors['remark']}>
          <textarea
            className="input min-h-16"
            aria-label="备注"
            maxLength={2000}
            value={v.remark}
            onChange={(e) => set('remark')(e.target.value)}
          />
        </Field>
        <PreviewPanel
          title="费用拆分预览（万元）"
          testId="fee-preview"
          pending={preview ? undefined : '正在读取费率…'}
          error={preview && !preview.ok ? preview.message : undefined}
          rows={
            preview?.ok
              ? FEE_FIELDS.map(
                  ([key, label]) =>
                    [key, label, preview.fees[key]] as const,
                )
              : undefined
          }
        />
      </div>
    </Dialog>
  );
}
