import { LIXIANG_TEXT_LIMITS as LIMITS, type FeeRateSets } from '@dpms/core';
import type { LixiangRecord } from '@dpms/http-client';
import { lixiangSaveBody, lixiangUpdateBody, requiredLixiangFields } from '@dpms/wire';
import { useMemo, useRef, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Field } from '../../components/ui/Field';
import { AmountInput } from './AmountInput';
import { ContractPicker } from './ContractPicker';
import { BIZ_SOURCE_OPTIONS, FEE_FIELDS } from './labels';
import { PreviewPanel } from './PreviewPanel';
import { SaveDialog } from '../../components/ui/SaveDialog';
import {
  EMPTY_LIXIANG_FORM,
  lixiangBody,
  previewLixiang,
  type LixiangFormValues,
} from './sub-contract-preview';
import { useFeeRates } from './useFeeRates';
import { landRefusal, useWireForm } from '../../components/form/wire-form';
import { OptionSelect } from '../../components/form/form-fields';
import { options } from './sub-record-page-kit';

/** The form's fields, by wire name: a server refusal of one of them lands beside it. */
const FORM_FIELDS: readonly string[] = Object.keys(EMPTY_LIXIANG_FORM);
/** What core requires of a filing (the schema refuses these blank): marked with `*`. */
const REQUIRED = new Set<string>(requiredLixiangFields);

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
 * The form checks with the @dpms/wire body its call sends: core's required fields are marked,
 * every field's problem shows beside it at once, and a server refusal of a field lands on it.
 * 保存并提交审批 is one call (/project/lixiang/saveAndSubmit): saved and sent together or neither,
 * so a refused submit leaves nothing saved and keeps the input; each call carries the dialog's
 * Idempotency-Key, kept across retries of the same action.
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
  // What this dialog saved (or edits): a retry after a refused submit edits it, never adds twice.
  const stored = useRef<LixiangRecord | undefined>(editing);
  const { form, keys } = useWireForm<LixiangFormValues>(
    () => (stored.current ? lixiangUpdateBody : lixiangSaveBody),
    editing ? valuesOf(editing) : { ...EMPTY_LIXIANG_FORM },
    { extra: () => (stored.current ? { lxId: stored.current.lxId } : {}) },
  );
  const { control, register, formState, setError, setValue, handleSubmit } = form;
  const errors = formState.errors;
  const v = useWatch({ control }) as LixiangFormValues;
  const [history, setHistory] = useState(false);
  const [linked, setLinked] = useState(editing?.contractId ? `合同ID ${editing.contractId}` : '');
  const [busy, setBusy] = useState(false);
  const preview = useMemo(
    () => (rateSets ? previewLixiang(v, rateSets) : undefined),
    [v, rateSets],
  );
  const mark = (field: keyof LixiangFormValues) => ({
    required: REQUIRED.has(field),
    error: errors[field]?.message,
  });
  const refused = (error: unknown, message: string) => {
    if (!landRefusal(error, FORM_FIELDS, setError)) feedback.error(message);
  };

  const send = async (submit: boolean, values: LixiangFormValues) => {
    if (!preview) return;
    if (!preview.ok) {
      if (preview.field && FORM_FIELDS.includes(preview.field)) {
        setError(preview.field as keyof LixiangFormValues, { message: preview.message });
      } else feedback.error(preview.message);
      return;
    }
    const body = lixiangBody(values);
    const before = stored.current;
    if (before) body.lxId = before.lxId;
    setBusy(true);
    // 保存并提交审批 is one call that saves and submits in one transaction, or does neither: a
    // refusal leaves nothing saved and the form as typed, and the retry carries the same key.
    const outcome = await keys.run(submit ? 'saveAndSubmit' : 'save', (key) =>
      submit
        ? gateway.lixiangSaveAndSubmit(body, key)
        : gateway.lixiangSave(body, !before && history, key),
    );
    setBusy(false);
    if (!outcome.ok) {
      refused(outcome.error, outcome.message);
      return;
    }
    stored.current = outcome.value;
    feedback.success(submit ? '已提交审批' : '保存成功');
    onSaved(outcome.value);
  };
  const press = (submit: boolean) => void handleSubmit((values) => send(submit, values))();
  const amount = (field: 'totalAmount' | 'cleanAmount' | 'directFee', label: string) => (
    <Controller
      control={control}
      name={field}
      render={({ field: f }) => (
        <AmountInput aria-label={label} value={f.value} onChange={f.onChange} />
      )}
    />
  );

  return (
    <SaveDialog
      title={editing ? '修改立项备案' : '新增立项备案'}
      width={860}
      testId="lixiang-form"
      onClose={onClose}
      busy={busy}
      onPress={press}
      canSubmit={!history}
    >
      <div className="grid gap-3 md:grid-cols-2">
        <Field
          label="关联合同"
          hint={linked ? `已关联：${linked}` : '可不关联'}
          error={errors.contractId?.message}
        >
          <ContractPicker
            kinds={['declare', 'contract']}
            label="关联合同"
            onSelect={(c) => {
              setLinked(c ? c.contractName : '');
              setValue('contractId', c ? String(c.contractId) : '');
              if (!c) return;
              if (v.projectName === '') setValue('projectName', c.projectName);
              setValue('bizSource', c.bizSource);
              if (v.totalAmount === '') setValue('totalAmount', c.totalAmount);
            }}
          />
        </Field>
        <Field label="立项编号" {...mark('lxNo')}>
          <input
            className="input"
            aria-label="立项编号"
            maxLength={LIMITS.lxNo}
            {...register('lxNo')}
          />
        </Field>
        <Field label="项目名称" {...mark('projectName')}>
          <input
            className="input"
            aria-label="项目名称"
            maxLength={LIMITS.projectName}
            {...register('projectName')}
          />
        </Field>
        <Field label="业务来源" {...mark('bizSource')}>
          <OptionSelect
            label="业务来源"
            options={options(BIZ_SOURCE_OPTIONS)}
            {...register('bizSource')}
          />
        </Field>
        <Field label="合同金额" {...mark('totalAmount')} hint="万元">
          {amount('totalAmount', '合同金额')}
        </Field>
        <Field label="合同净额" {...mark('cleanAmount')} hint="万元，不填为合同金额">
          {amount('cleanAmount', '合同净额')}
        </Field>
        <Field label="直接费" {...mark('directFee')} hint="万元，不填为0">
          {amount('directFee', '直接费')}
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
      <Field label="备注" {...mark('remark')}>
        <textarea
          className="input min-h-16"
          aria-label="备注"
          maxLength={LIMITS.remark}
          {...register('remark')}
        />
      </Field>
      <PreviewPanel
        title="费用拆分预览（万元）"
        testId="fee-preview"
        pending={preview ? undefined : '正在读取费率…'}
        error={preview && !preview.ok ? preview.message : undefined}
        rows={
          preview?.ok
            ? FEE_FIELDS.map(([key, label]) => [key, label, preview.fees[key]] as const)
            : undefined
        }
      />
    </SaveDialog>
  );
}
