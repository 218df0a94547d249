import {
  actorHolds,
  CONTRACT_TEXT_LIMITS,
  contractActionPermission,
  type FeeRateSets,
} from '@dpms/core';
import type { ContractBody, ContractRecord } from '@dpms/http-client';
import {
  CONTRACT_SAVE_AND_SUBMIT_BODIES,
  CONTRACT_SAVE_BODIES,
  requiredContractFields,
} from '@dpms/wire';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { landRefusal, wireResolver } from '../../components/form/wire-form';
import { SaveDialog } from '../../components/ui/SaveDialog';
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
import { ActionKeys } from '../../components/crud/action-keys';
import { DateField, OptionSelect } from '../../components/form/form-fields';
import { options } from './sub-record-page-kit';

/** The form's values from a stored contract (for editing). */
export function formValuesOf(c: ContractRecord): ContractFormValues {
  const v = { ...EMPTY_CONTRACT_FORM };
  for (const key of Object.keys(v) as (keyof ContractFormValues)[]) {
    const x = c[key];
    v[key] = x === null || x === undefined ? '' : String(x);
  }
  // 已收金额 is the contract's back money, summed by the server; it is shown, never edited or sent.
  v.receiveAmount = '';
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

/** The form's fields, by wire name: a server refusal of one of them lands beside it. */
const FORM_FIELDS = new Set<string>(Object.keys(EMPTY_CONTRACT_FORM));

/** The schema a button checks with: the very @dpms/wire body its call sends. */
function schemaFor(stage: FormStage, submit: boolean) {
  if (submit && (stage === 'contract' || stage === 'declare')) {
    return CONTRACT_SAVE_AND_SUBMIT_BODIES[stage];
  }
  return CONTRACT_SAVE_BODIES[stage];
}

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
 * live fee preview of core's `splitFees`. The form checks with the @dpms/wire schema of the call
 * it sends (react-hook-form's zodResolver): the fields the server requires are marked, every
 * field's problem shows beside it at once, in core's words, and a server refusal of a field lands
 * on that field. 保存并提交审批 is one call (saveAndSubmit) that saves and submits or does
 * neither, under an Idempotency-Key kept while the answer is outstanding; a refusal keeps what
 * was typed. directFee is read-only for market contracts signed on or after 2024-04-01.
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
  const submitting = useRef(false);
  const keys = useRef(new ActionKeys());
  const actor = useActionActor();
  // Offered only to who may also send the contract to review (the route checks the same).
  const canSubmit =
    (stage === 'contract' || stage === 'declare') &&
    actorHolds(actor, contractActionPermission(stage, 'submit'));
  const form = useForm<ContractFormValues>({
    defaultValues: editing ? formValuesOf(editing) : { ...EMPTY_CONTRACT_FORM },
    // The schema of the button pressed: 保存 checks the save body, 保存并提交审批 also what the
    // review sheet needs.
    resolver: wireResolver<ContractFormValues>(() => schemaFor(stage, submitting.current)),
  });
  const { control, register, formState, setError, handleSubmit } = form;
  const errors = formState.errors;
  const v = useWatch({ control }) as ContractFormValues;
  const [busy, setBusy] = useState(false);
  const locked = directFeeLocked(stage, v);
  const preview = useMemo(
    () => (rateSets ? previewFees(stage, v, rateSets) : undefined),
    [stage, v, rateSets],
  );
  const shownDirectFee = locked && preview?.ok ? preview.split.directFee : v.directFee;
  const required = new Set<string>(requiredContractFields(stage));
  const requiredToSubmit = new Set<string>(
    canSubmit ? requiredContractFields(stage, { review: true }) : [],
  );
  const mark = (field: keyof ContractFormValues) => ({
    required: required.has(field) || requiredToSubmit.has(field),
    hint: !required.has(field) && requiredToSubmit.has(field) ? '提交审批时必填' : undefined,
    error: errors[field]?.message,
  });

  /** The server's refusal: each named form field gets its message; anything else is a toast. */
  const showRefusal = (error: unknown, message: string) => {
    if (!landRefusal(error, FORM_FIELDS, setError)) feedback.error(message);
  };

  const send = async (submit: boolean, values: ContractFormValues) => {
    if (!preview) return;
    if (!preview.ok) {
      if (preview.field && FORM_FIELDS.has(preview.field)) {
        setError(preview.field as keyof ContractFormValues, { message: preview.message });
      } else feedback.error(preview.message);
      return;
    }
    const body: ContractBody = contractBody(stage, values, preview);
    if (editing) {
      body.contractId = editing.contractId;
      body.version = editing.version;
    }
    setBusy(true);
    const outcome = await keys.current.run(submit ? 'saveAndSubmit' : 'save', (key) =>
      submit && canSubmit
        ? gateway.saveAndSubmit(stage, body, key)
        : gateway.save(stage, body, key),
    );
    setBusy(false);
    if (outcome.ok) {
      feedback.success(submit ? '已提交审批' : '保存成功');
      onSaved(outcome.value);
    } else showRefusal(outcome.error, outcome.message);
  };

  const press = (submit: boolean) => {
    submitting.current = submit;
    void handleSubmit((values) => send(submit, values))();
  };

  const text = (field: keyof ContractFormValues, label: string, max: number) => (
    <Field label={label} {...mark(field)}>
      <input className="input" aria-label={label} maxLength={max} {...register(field)} />
    </Field>
  );
  const amount = (field: 'totalAmount' | 'cleanAmount', label: string, hint: string) => (
    <Field label={label} {...mark(field)} hint={hint}>
      <Controller
        control={control}
        name={field}
        render={({ field: f }) => (
          <AmountInput aria-label={label} value={f.value} onChange={f.onChange} />
        )}
      />
    </Field>
  );

  const title = `${editing ? '修改' : '新增'}${STAGE_TITLES[stage]}`;
  const L = CONTRACT_TEXT_LIMITS;
  const grid = (children: ReactNode) => <div className="grid gap-3 md:grid-cols-2">{children}</div>;
  return (
    <SaveDialog
      title={title}
      width={900}
      testId="contract-form"
      onClose={onClose}
      busy={busy}
      onPress={press}
      canSubmit={canSubmit}
    >
      {grid(
        <>
          {text('projectName', '项目名称', L.projectName)}
          {text('contractName', '合同名称', L.contractName)}
          {text('entrustBusinessName', '委托单位', L.entrustBusinessName)}
          {text('contractNo', '合同编号', L.contractNo)}
          {text('signByMain', '甲方', L.signByMain)}
          {text('signBySub', '乙方', L.signBySub)}
          <Field label="业务来源" {...mark('bizSource')}>
            <OptionSelect
              label="业务来源"
              options={options(BIZ_SOURCE_OPTIONS)}
              {...register('bizSource')}
            />
          </Field>
          <Field label="业务类型" {...mark('bizType')}>
            <OptionSelect
              label="业务类型"
              options={options(BIZ_TYPE_OPTIONS)}
              placeholder="请选择"
              {...register('bizType')}
            />
          </Field>
          <DateField control={control} name="signDate" label="签订日期" {...mark('signDate')} />
          {text('location', '项目地点', L.location)}
          {amount('totalAmount', '合同金额', '万元')}
          <Field label="已收金额" hint="万元，登记的回款合计">
            <input
              className="input"
              aria-label="已收金额"
              readOnly
              value={editing?.receiveAmount ?? '0'}
            />
          </Field>
          {amount('cleanAmount', '合同净额', '万元，不填为合同金额')}
          <Field
            label="直接费"
            error={errors.directFee?.message}
            hint={locked ? '市场业务2024-04-01起签订的合同，直接费由系统计算' : '万元'}
          >
            <Controller
              control={control}
              name="directFee"
              render={({ field: f }) => (
                <AmountInput
                  aria-label="直接费"
                  data-testid="direct-fee"
                  readOnly={locked}
                  value={shownDirectFee}
                  onChange={f.onChange}
                />
              )}
            />
          </Field>
          {v.bizSource === '3' && stage !== 'declare' && (
            <Field label="实际金额比例" error={errors.realAmountRate?.message}>
              <select className="input" aria-label="实际金额比例" {...register('realAmountRate')}>
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
      <Field label="委托任务" {...mark('entrustTask')}>
        <textarea
          className="input min-h-16"
          aria-label="委托任务"
          maxLength={L.entrustTask}
          {...register('entrustTask')}
        />
      </Field>
      <FeePreviewPanel stage={stage} values={v} rateSets={rateSets} />
    </SaveDialog>
  );
}
