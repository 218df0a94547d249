import type { FeeRateSets } from '@dpms/core';
import { errorMessage, type ContractRecord } from '@dpms/http-client';
import { useMemo, useState, type ReactNode } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { AmountInput } from './AmountInput';
import {
  contractBody,
  directFeeLocked,
  EMPTY_CONTRACT_FORM,
  previewFees,
  type ContractFormValues,
  type FormStage,
} from './fee-preview';
import { BIZ_SOURCE_OPTIONS, BIZ_TYPE_OPTIONS, FEE_FIELDS, STAGE_TITLES } from './labels';
import { useFeeRates } from './useFeeRates';
import { DateInput } from '../../components/ui/DateInput';

/** The form's values from a stored contract (for editing). */
export function formValuesOf(c: ContractRecord): ContractFormValues {
  const v = { ...EMPTY_CONTRACT_FORM };
  for (const key of Object.keys(v) as (keyof ContractFormValues)[]) {
    const x = c[key];
    v[key] = x === null || x === undefined ? '' : String(x);
  }
  return v;
}

/** The live fee preview beside the form: core's split of what is typed, as the server will store it. */
export function FeePreviewPanel({
  stage,
  values,
  rateSets,
}: {
  stage: FormStage;
  values: ContractFormValues;
  rateSets: FeeRateSets | undefined;
}) {
  const preview = useMemo(
    () => (rateSets ? previewFees(stage, values, rateSets) : undefined),
    [stage, values, rateSets],
  );
  return (
    <section
      data-testid="fee-preview"
      className="rounded-card border border-line bg-canvas p-3 text-sm"
      aria-live="polite"
    >
      <h3 className="mb-2 font-medium text-ink">费用拆分预览（万元）</h3>
      {!preview ? (
        <p className="text-ink-soft">正在读取费率…</p>
      ) : !preview.ok ? (
        <p className="text-danger-600" data-testid="fee-preview-error">
          {preview.message}
        </p>
      ) : (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
          {FEE_FIELDS.map(([key, label]) => (
            <div key={key} className="flex justify-between gap-2">
              <dt className="text-ink-soft">{label}</dt>
              <dd className="tabular-nums" data-fee={key}>
                {preview.split[key as keyof typeof preview.split] as string}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

const Text = ({
  label,
  value,
  onChange,
  required,
  error,
  max,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  required?: boolean;
  error?: string | undefined;
  max: number;
}) => (
  <Field label={label} required={required ?? false} error={error}>
    <input
      className="input"
      aria-label={label}
      value={value}
      maxLength={max}
      onChange={(e) => onChange(e.target.value)}
    />
  </Field>
);

export interface ContractFormDialogProps {
  stage: FormStage;
  /** The stored record when editing (its id and version are sent back). */
  editing?: ContractRecord | undefined;
  onClose: () => void;
  onSaved: (saved: ContractRecord) => void;
  /** Rate sets given directly (tests); read from the dictionaries otherwise. */
  rateSets?: FeeRateSets;
}

/**
 * Add or edit a contract of one stage (unsigned, declared, contract, history contract) with the
 * live fee preview of core's `splitFees`. directFee is read-only for market contracts signed on
 * or after 2024-04-01 and shows the computed value. Contracts and declared projects may be saved
 * and sent for review in one go (updateToApproval).
 */
export function ContractFormDialog({
  stage,
  editing,
  onClose,
  onSaved,
  rateSets: given,
}: ContractFormDialogProps) {
  const gateway = useService(TOKENS.ContractGateway);
  const feedback = useService(TOKENS.Feedback);
  const loaded = useFeeRates(given === undefined);
  const rateSets = given ?? loaded.rateSets;
  const [v, setV] = useState<ContractFormValues>(() =>
    editing ? formValuesOf(editing) : { ...EMPTY_CONTRACT_FORM },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof ContractFormValues) => (value: string) =>
    setV((old) => ({ ...old, [key]: value }));
  const locked = directFeeLocked(stage, v);
  const preview = useMemo(
    () => (rateSets ? previewFees(stage, v, rateSets) : undefined),
    [stage, v, rateSets],
  );
  const shownDirectFee = locked && preview?.ok ? preview.split.directFee : v.directFee;

  const check = (): boolean => {
    const e: Record<string, string> = {};
    if (v.projectName.trim() === '') e['projectName'] = '请输入项目名称';
    if (v.contractName.trim() === '') e['contractName'] = '请输入合同名称';
    if (v.totalAmount.trim() === '') e['totalAmount'] = '请输入合同金额';
    if (preview && !preview.ok && preview.field) e[preview.field] = preview.message;
    setErrors(e);
    return Object.keys(e).length === 0;
  };

  const save = async (submit: boolean) => {
    if (!check() || !preview) return;
    setBusy(true);
    try {
      const body = contractBody(stage, v, preview);
      if (editing) {
        body['contractId'] = editing.contractId;
        body['version'] = editing.version;
      }
      let saved = await gateway.save(stage, body);
      if (submit && (stage === 'contract' || stage === 'declare')) {
        saved = await gateway.submit(stage, saved.contractId);
        feedback.success('已提交审批');
      } else feedback.success('保存成功');
      onSaved(saved);
    } catch (error) {
      feedback.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const title = `${editing ? '修改' : '新增'}${STAGE_TITLES[stage]}`;
  const grid = (children: ReactNode) => <div className="grid gap-3 md:grid-cols-2">{children}</div>;
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      width={900}
      closeOnClickOutside={false}
      testId="contract-form"
      footer={
        <div className="flex justify-end gap-2">
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" loading={busy} onClick={() => void save(false)}>
            保存
          </Button>
          {(stage === 'contract' || stage === 'declare') && (
            <Button variant="primary" loading={busy} onClick={() => void save(true)}>
              保存并提交审批
            </Button>
          )}
        </div>
      }
    >
      <div className="space-y-3">
        {grid(
          <>
            <Text
              label="项目名称"
              required
              max={200}
              value={v.projectName}
              onChange={set('projectName')}
              error={errors['projectName']}
            />
            <Text
              label="合同名称"
              required
              max={200}
              value={v.contractName}
              onChange={set('contractName')}
              error={errors['contractName']}
            />
            <Text
              label="委托单位"
              max={200}
              value={v.entrustBusinessName}
              onChange={set('entrustBusinessName')}
            />
            <Text label="合同编号" max={64} value={v.contractNo} onChange={set('contractNo')} />
            <Text label="甲方" max={200} value={v.signByMain} onChange={set('signByMain')} />
            <Text label="乙方" max={200} value={v.signBySub} onChange={set('signBySub')} />
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
            <Field label="业务类型">
              <select
                className="input"
                aria-label="业务类型"
                value={v.bizType}
                onChange={(e) => set('bizType')(e.target.value)}
              >
                <option value="">请选择</option>
                {BIZ_TYPE_OPTIONS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="签订日期" error={errors['signDate']}>
              <DateInput
                className="input"
                aria-label="签订日期"
                value={v.signDate}
                onChange={(e) => set('signDate')(e.target.value)}
              />
            </Field>
            <Text label="项目地点" max={200} value={v.location} onChange={set('location')} />
            <Field label="合同金额" required error={errors['totalAmount']} hint="万元">
              <AmountInput
                aria-label="合同金额"
                value={v.totalAmount}
                onChange={set('totalAmount')}
              />
            </Field>
            <Field label="已收金额" error={errors['receiveAmount']} hint="万元">
              <AmountInput
                aria-label="已收金额"
                value={v.receiveAmount}
                onChange={set('receiveAmount')}
              />
            </Field>
            <Field label="合同净额" error={errors['cleanAmount']} hint="万元，不填为合同金额">
              <AmountInput
                aria-label="合同净额"
                value={v.cleanAmount}
                onChange={set('cleanAmount')}
              />
            </Field>
            <Field
              label="直接费"
              error={errors['directFee']}
              hint={locked ? '市场业务2024-04-01起签订的合同，直接费由系统计算' : '万元'}
            >
              <AmountInput
                aria-label="直接费"
                data-testid="direct-fee"
                readOnly={locked}
                value={shownDirectFee}
                onChange={set('directFee')}
              />
            </Field>
            {v.bizSource === '3' && stage !== 'declare' && (
              <Field label="实际金额比例">
                <select
                  className="input"
                  aria-label="实际金额比例"
                  value={v.realAmountRate}
                  onChange={(e) => set('realAmountRate')(e.target.value)}
                >
                  <option value="">1</option>
                  {loaded.realAmountRates.map((r) => (
                    <option key={r.dictValue} value={r.dictValue}>
                      {r.dictLabel}
                    </option>
                  ))}
                </select>
              </Field>
            )}
          </>,
        )}
        <Field label="委托任务">
          <textarea
            className="input min-h-16"
            aria-label="委托任务"
            maxLength={2000}
            value={v.entrustTask}
            onChange={(e) => set('entrustTask')(e.target.value)}
          />
        </Field>
        <FeePreviewPanel stage={stage} values={v} rateSets={rateSets} />
      </div>
    </Dialog>
  );
}
