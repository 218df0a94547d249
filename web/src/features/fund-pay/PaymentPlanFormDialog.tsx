import { MonthInput } from '../../components/ui/MonthInput';
import { FUND_PAY_TEXT_LIMITS, PAYMENT_PLAN_REQUIRED_FIELDS, parsePayAmount } from '@dpms/core';
import type { FundPayGateway, PaymentPlanBody, PaymentPlanRecord } from '@dpms/http-client';
import { paymentPlanBody, paymentPlanEditBody } from '@dpms/wire';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useActionKeys } from '../../components/crud/action-keys';
import { landRefusal, wireResolver } from '../../components/form/wire-form';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Figure, MoneyInput, thisMonth, type Option, RemarkAndFailure } from './fund-pay-shared';

export type PaymentPlanFormGateway = Pick<FundPayGateway, 'addPlan' | 'editPlan'>;

/** A sub-contract a plan line may be drawn for, as the picker shows it. */
export interface SubContractChoice {
  readonly contractChildId: number;
  readonly contractChildNo: string;
  readonly receiveCompanyName: string;
}

interface PlanFormValues {
  contractId: string;
  contractChildId: string;
  planMonth: string;
  subjectName: string;
  receiveCompanyName: string;
  planPayAmount: string;
  remark: string;
}
const FORM_FIELDS = new Set<string>([
  'contractId',
  'contractChildId',
  'planMonth',
  'subjectName',
  'receiveCompanyName',
  'planPayAmount',
  'remark',
]);
const REQUIRED = new Set<string>(PAYMENT_PLAN_REQUIRED_FIELDS);

const bodyOf = (v: PlanFormValues): PaymentPlanBody => ({
  ...(v.contractId === '' ? {} : { contractId: Number(v.contractId) }),
  contractChildId: v.contractChildId === '' ? null : Number(v.contractChildId),
  planMonth: v.planMonth,
  subjectName: v.subjectName.trim(),
  receiveCompanyName: v.receiveCompanyName.trim(),
  planPayAmount: v.planPayAmount.trim(),
  remark: v.remark.trim(),
});

/**
 * 新增付款计划 / 修改付款计划: what a contract (or one of its sub-contracts) is to pay whom in a month.
 * A sub-contract's payee is the default payee; the amount is checked as it is typed by core's rule.
 * The form checks with the @dpms/wire body its call sends (react-hook-form's zodResolver over
 * core's rules): core's required fields are marked, every problem shows beside its field at once,
 * a server refusal of a field lands there too, and 确定 keeps its Idempotency-Key across a lost
 * answer's retry.
 */
export function PaymentPlanFormDialog({
  gateway,
  contracts,
  subContracts,
  plan,
  onClose,
  onSaved,
}: {
  gateway: PaymentPlanFormGateway;
  contracts: Option[];
  /** The chosen contract's sub-contracts (the picker); without it none are offered. */
  subContracts?: (contractId: number) => Promise<readonly SubContractChoice[]>;
  plan?: PaymentPlanRecord;
  onClose: () => void;
  onSaved: (plan: PaymentPlanRecord) => void;
}) {
  const keys = useActionKeys();
  const form = useForm<PlanFormValues>({
    defaultValues: {
      contractId: plan ? String(plan.contractId) : '',
      contractChildId: plan?.contractChildId ? String(plan.contractChildId) : '',
      planMonth: plan?.planMonth ?? thisMonth(),
      subjectName: plan?.subjectName ?? '',
      receiveCompanyName: plan?.receiveCompanyName ?? '',
      planPayAmount: plan?.planPayAmount ?? '',
      remark: plan?.remark ?? '',
    },
    resolver: wireResolver<PlanFormValues>(() => (plan ? paymentPlanEditBody : paymentPlanBody), {
      bodyOf: (values) =>
        plan
          ? { ...bodyOf(values), paymentPlanId: plan.paymentPlanId, version: plan.version }
          : bodyOf(values),
    }),
  });
  const { control, register, formState, setError, handleSubmit, setValue } = form;
  const errors = formState.errors;
  const v = useWatch({ control }) as PlanFormValues;
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [children, setChildren] = useState<readonly SubContractChoice[]>([]);
  useEffect(() => {
    let live = true;
    if (v.contractId === '' || subContracts === undefined) setChildren([]);
    else
      subContracts(Number(v.contractId))
        .then((c) => live && setChildren(c))
        .catch(() => live && setChildren([]));
    return () => {
      live = false;
    };
  }, [subContracts, v.contractId]);
  const checked =
    v.planPayAmount.trim() === '' ? null : parsePayAmount(v.planPayAmount.trim(), 'planPayAmount');
  const amountError = checked && !checked.ok ? checked.error.message : undefined;
  // 收款单位 may stay blank for a sub-contract's plan: its payee is the default (core's rule).
  const payeeRequired = REQUIRED.has('receiveCompanyName') && v.contractChildId === '';

  const send = async (values: PlanFormValues) => {
    setFailure('');
    const body = bodyOf(values);
    setBusy(true);
    const outcome = await keys.run('save', (key) =>
      plan
        ? gateway.editPlan(
            { paymentPlanId: plan.paymentPlanId, version: plan.version, ...body },
            { idempotencyKey: key },
          )
        : gateway.addPlan(body, { idempotencyKey: key }),
    );
    setBusy(false);
    if (outcome.ok) return onSaved(outcome.value);
    if (!landRefusal(outcome.error, (f) => FORM_FIELDS.has(f), setError))
      setFailure(outcome.message);
  };
  const press = () => void handleSubmit(send)();
  const L = FUND_PAY_TEXT_LIMITS;

  return (
    <Dialog
      open
      onClose={onClose}
      title={plan ? '修改付款计划' : '新增付款计划'}
      width={680}
      closeOnClickOutside={false}
      testId="payment-plan-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" loading={busy} onClick={press}>
            确定
          </Button>
        </>
      }
    >
      <form className="grid gap-3" noValidate onSubmit={(e) => e.preventDefault()}>
        <Field
          label="合同"
          required={REQUIRED.has('contractId')}
          error={errors.contractId?.message}
        >
          <select
            className="input"
            aria-label="合同"
            {...register('contractId', { onChange: () => setValue('contractChildId', '') })}
          >
            <option value="">请选择</option>
            {plan && !contracts.some((c) => c.value === String(plan.contractId)) && (
              <option value={String(plan.contractId)}>{plan.contractName}</option>
            )}
            {contracts.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="分包合同（可选）" error={errors.contractChildId?.message}>
          <select className="input" aria-label="分包合同" {...register('contractChildId')}>
            <option value="">不指定（收款单位需填写）</option>
            {plan?.contractChildId &&
              !children.some((c) => c.contractChildId === plan.contractChildId) && (
                <option value={String(plan.contractChildId)}>{plan.contractChildNo}</option>
              )}
            {children.map((c) => (
              <option key={c.contractChildId} value={String(c.contractChildId)}>
                {c.contractChildNo === '' ? '（无编号）' : c.contractChildNo} →{' '}
                {c.receiveCompanyName}
              </option>
            ))}
          </select>
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="计划月份"
            required={REQUIRED.has('planMonth')}
            error={errors.planMonth?.message}
          >
            <MonthInput className="input" aria-label="计划月份" {...register('planMonth')} />
          </Field>
          <Field label="科目名称" error={errors.subjectName?.message}>
            <input
              className="input"
              aria-label="科目名称"
              maxLength={L.subjectName}
              {...register('subjectName')}
            />
          </Field>
        </div>
        <Field label="收款单位" required={payeeRequired} error={errors.receiveCompanyName?.message}>
          <input
            className="input"
            aria-label="收款单位"
            maxLength={L.receiveCompanyName}
            {...register('receiveCompanyName')}
          />
        </Field>
        <Field
          label="计划付款金额（万元）"
          required={REQUIRED.has('planPayAmount')}
          error={errors.planPayAmount?.message ?? amountError}
        >
          <MoneyInput
            aria-label="计划付款金额（万元）"
            value={v.planPayAmount}
            onChange={(x) =>
              setValue('planPayAmount', x, {
                shouldDirty: true,
                shouldValidate: formState.isSubmitted,
              })
            }
          />
        </Field>
        {plan && (
          <div className="rounded border border-line bg-canvas px-3 py-2">
            <Figure label="已付（万元）" value={plan.paidAmount} />
            <Figure label="待付（万元）" value={plan.pendingAmount} />
          </div>
        )}
        <RemarkAndFailure
          remark={register('remark')}
          error={errors.remark?.message}
          failure={failure}
        />
      </form>
    </Dialog>
  );
}
