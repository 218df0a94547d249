import {
  FUND_PAY_REQUIRED_FIELDS,
  FUND_PAY_TEXT_LIMITS,
  approvalTypeLabel,
  previewNetPay,
} from '@dpms/core';
import {
  type FundPayBody,
  type FundPayGateway,
  type FundPayRecord,
  type PaymentPlanRecord,
  type PayItemRecord,
} from '@dpms/http-client';
import { fundPayBody, fundPayEditBody } from '@dpms/wire';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useActionKeys } from '../../components/crud/action-keys';
import { landRefusal, wireResolver } from '../../components/form/wire-form';
import { TextAreaField } from '../../components/form/form-fields';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Figure, MoneyInput, TAX_RATE_CHOICES, RemarkAndFailure } from './fund-pay-shared';
import { DateInput } from '../../components/ui/DateInput';
import { MonthInput } from '../../components/ui/MonthInput';

export type FundPayFormGateway = Pick<
  FundPayGateway,
  'planList' | 'payItems' | 'addPay' | 'editPay'
>;

type Source = 'plan' | 'item';

interface PayFormValues {
  source: Source;
  paymentPlanId: string;
  /** The picker's sub-contract: it narrows the pay items and is not sent. */
  contractChildId: string;
  childPayId: string;
  typeCode: '16_1' | '16_2';
  planMonth: string;
  reason: string;
  payTime: string;
  payAmount: string;
  taxRate: string;
  remark: string;
}
const FORM_FIELDS = new Set<string>([
  'paymentPlanId',
  'childPayId',
  'typeCode',
  'planMonth',
  'reason',
  'payTime',
  'payAmount',
  'taxRate',
  'remark',
]);
const REQUIRED = new Set<string>(FUND_PAY_REQUIRED_FIELDS);

/** The sub-contracts of the payable pay items, once each, in the order listed. */
const subContractsOf = (items: readonly PayItemRecord[]) => {
  const seen = new Map<number, { id: number; label: string }>();
  for (const i of items)
    if (!seen.has(i.contractChildId))
      seen.set(i.contractChildId, {
        id: i.contractChildId,
        label: `${i.contractChildNo === '' ? '（无编号）' : i.contractChildNo} ${i.contractName} → ${i.receiveCompanyName}`,
      });
  return [...seen.values()];
};

/** A pay item by what a person knows of it: its date or note, amount, and what is left. */
const payItemLabel = (i: PayItemRecord): string =>
  `${[i.payDate ?? '', i.remark].filter((x) => x !== '').join(' ') || '付款项'} ${i.payAmount}万元（已付${i.committedAmount}，可付${i.canPayAmount}）`;

/** What the form sends: its source, and only the fields typed. */
const bodyOf = (v: PayFormValues): FundPayBody => ({
  ...(v.source === 'plan'
    ? { ...(v.paymentPlanId === '' ? {} : { paymentPlanId: Number(v.paymentPlanId) }) }
    : {
        ...(v.childPayId === '' ? {} : { childPayId: Number(v.childPayId) }),
        typeCode: v.typeCode,
      }),
  reason: v.reason.trim(),
  payAmount: v.payAmount.trim(),
  taxRate: v.taxRate.trim(),
  ...(v.planMonth === '' ? {} : { planMonth: v.planMonth }),
  ...(v.payTime === '' ? {} : { payTime: v.payTime }),
  ...(v.remark.trim() === '' ? {} : { remark: v.remark.trim() }),
});

/**
 * 新增付款 / 修改付款: a payment against a payment plan line (monthly in-plan payment, 20_1) or a
 * sub-contract pay item (payment contract, 16_1/16_2). The net pay (实付金额 = 付款金额 −
 * 付款金额 × (0.06 − 税率)) is computed as it is typed by core's rule, the one the server applies.
 * The form checks with the @dpms/wire body its call sends (react-hook-form's zodResolver over
 * core's rules): core's required fields are marked, every problem shows beside its field at once,
 * a server refusal of a field lands there too, and each button's Idempotency-Key is kept across a
 * lost answer's retry. 保存并送审 sends it into approval in the same call.
 */
export function FundPayFormDialog({
  gateway,
  pay,
  typeCode,
  onClose,
  onSaved,
}: {
  gateway: FundPayFormGateway;
  /** The payment being changed; without it a new one is entered. */
  pay?: FundPayRecord;
  /**
   * A new payment's approval as chosen before (发起审批): 20_1 pays a payment plan line, 16_1 or
   * 16_2 a sub-contract pay item.
   */
  typeCode?: string;
  onClose: () => void;
  onSaved: (pay: FundPayRecord) => void;
}) {
  const keys = useActionKeys();
  const form = useForm<PayFormValues>({
    defaultValues: {
      source: (pay ? Boolean(pay.childPayId) : typeCode?.startsWith('16_') === true)
        ? 'item'
        : 'plan',
      paymentPlanId: pay?.paymentPlanId ? String(pay.paymentPlanId) : '',
      contractChildId: pay?.contractChildId ? String(pay.contractChildId) : '',
      childPayId: pay?.childPayId ? String(pay.childPayId) : '',
      typeCode: (pay?.typeCode ?? typeCode) === '16_2' ? '16_2' : '16_1',
      planMonth: pay?.planMonth ?? '',
      reason: pay?.reason ?? '',
      payTime: pay?.payTime ?? '',
      payAmount: pay?.payAmount ?? '',
      taxRate: pay?.taxRate ?? '0.06',
      remark: pay?.remark ?? '',
    },
    resolver: wireResolver<PayFormValues>(() => (pay ? fundPayEditBody : fundPayBody), {
      bodyOf: (values) =>
        pay ? { ...bodyOf(values), payId: pay.payId, version: pay.version } : bodyOf(values),
    }),
  });
  const { control, register, formState, setError, handleSubmit, setValue } = form;
  const errors = formState.errors;
  const v = useWatch({ control }) as PayFormValues;
  const [plans, setPlans] = useState<PaymentPlanRecord[]>([]);
  const [items, setItems] = useState<PayItemRecord[]>([]);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    gateway
      .planList({ pageNum: 1, pageSize: 1000, canPay: '1' })
      .then((p) => live && setPlans(p.rows))
      .catch(() => live && setPlans([]));
    // The payable pay items (approved or history sub-contracts in the caller's scope): the picker
    // offers them by sub-contract, so nobody types an internal id.
    gateway
      .payItems()
      .then((i) => live && setItems(i))
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, [gateway]);

  const plan = plans.find((p) => String(p.paymentPlanId) === v.paymentPlanId);
  const children = subContractsOf(items);
  const childItems = items.filter((i) => String(i.contractChildId) === v.contractChildId);
  const item = items.find((i) => String(i.childPayId) === v.childPayId);
  // The same rule as the server's: the live figure and the message of what is wrong.
  const preview =
    v.payAmount.trim() === '' ? null : previewNetPay(v.payAmount.trim(), v.taxRate.trim());
  const previewError = preview && !preview.ok ? preview.error : null;
  const errorOf = (field: keyof PayFormValues) =>
    errors[field]?.message ?? (previewError?.field === field ? previewError.message : undefined);
  // Core names the missing source 付款计划 (paymentPlanId); it shows on the source chosen.
  const sourceError = errors.paymentPlanId?.message ?? errors.childPayId?.message;

  const send = async (submit: boolean, values: PayFormValues) => {
    setFailure('');
    if (previewError) return;
    const body = bodyOf(values);
    setBusy(true);
    const outcome = await keys.run(submit ? 'submit' : 'save', (key) =>
      pay
        ? gateway.editPay(
            { payId: pay.payId, version: pay.version, ...body },
            { idempotencyKey: key },
          )
        : gateway.addPay({ ...body, submit }, { idempotencyKey: key }),
    );
    setBusy(false);
    if (outcome.ok) return onSaved(outcome.value);
    if (!landRefusal(outcome.error, (f) => FORM_FIELDS.has(f), setError))
      setFailure(outcome.message);
  };
  const press = (submit: boolean) => void handleSubmit((values) => send(submit, values))();
  const L = FUND_PAY_TEXT_LIMITS;

  return (
    <Dialog
      open
      onClose={onClose}
      title={pay ? '修改付款' : '新增付款'}
      width={720}
      closeOnClickOutside={false}
      testId="fund-pay-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button loading={busy} data-testid="fund-pay-save" onClick={() => press(false)}>
            保存
          </Button>
          {!pay && (
            <Button
              variant="primary"
              loading={busy}
              data-testid="fund-pay-save-submit"
              onClick={() => press(true)}
            >
              保存并送审
            </Button>
          )}
        </>
      }
    >
      <form className="grid gap-3" noValidate onSubmit={(e) => e.preventDefault()}>
        {!pay && (
          <Field label="付款依据" required>
            <select className="input" aria-label="付款依据" {...register('source')}>
              <option value="plan">付款计划（月度计划内付款 20_1）</option>
              <option value="item">分包付款项（付款合同 16_1/16_2）</option>
            </select>
          </Field>
        )}
        {v.source === 'plan' ? (
          <Field label="付款计划" required={REQUIRED.has('paymentPlanId')} error={sourceError}>
            <select
              className="input"
              aria-label="付款计划"
              disabled={!!pay}
              {...register('paymentPlanId')}
            >
              <option value="">请选择</option>
              {pay?.paymentPlanId && !plan && (
                <option value={String(pay.paymentPlanId)}>
                  {pay.planMonth} {pay.contractName} → {pay.receiveCompanyName}
                </option>
              )}
              {plans.map((p) => (
                <option key={p.paymentPlanId} value={String(p.paymentPlanId)}>
                  {p.planMonth} {p.contractName} → {p.receiveCompanyName}（可付{p.canPayAmount}
                  万元）
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <>
            <Field label="分包合同" required={REQUIRED.has('paymentPlanId')}>
              <select
                className="input"
                aria-label="分包合同"
                disabled={!!pay}
                {...register('contractChildId', { onChange: () => setValue('childPayId', '') })}
              >
                <option value="">请选择</option>
                {pay?.contractChildId && !children.some((c) => c.id === pay.contractChildId) && (
                  <option value={String(pay.contractChildId)}>{pay.contractName}</option>
                )}
                {children.map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.label}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="分包付款项" required={REQUIRED.has('paymentPlanId')} error={sourceError}>
              <select
                className="input"
                aria-label="分包付款项"
                disabled={!!pay}
                {...register('childPayId')}
              >
                <option value="">{v.contractChildId === '' ? '请先选择分包合同' : '请选择'}</option>
                {pay?.childPayId && !item && (
                  <option value={String(pay.childPayId)}>
                    {pay.receiveCompanyName} {pay.payAmount}万元
                  </option>
                )}
                {childItems.map((i) => (
                  <option key={i.childPayId} value={String(i.childPayId)}>
                    {payItemLabel(i)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="审批类型" error={errors.typeCode?.message}>
              <select className="input" aria-label="审批类型" {...register('typeCode')}>
                {(['16_1', '16_2'] as const).map((code) => (
                  <option key={code} value={code}>
                    {approvalTypeLabel(code)}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
        {plan && (
          <div
            className="rounded border border-line bg-canvas px-3 py-2"
            data-testid="fund-pay-plan"
          >
            <Figure label="合同名称" value={plan.contractName} />
            <Figure label="收款单位" value={plan.receiveCompanyName} />
            <Figure label="计划付款金额（万元）" value={plan.planPayAmount} />
            <Figure label="累计已付金额（万元）" value={plan.paidAmount} />
            <Figure label="可付金额（万元）" value={plan.canPayAmount} testId="fund-pay-can-pay" />
          </div>
        )}
        {v.source === 'item' && item && (
          <div
            className="rounded border border-line bg-canvas px-3 py-2"
            data-testid="fund-pay-item"
          >
            <Figure label="合同名称" value={item.contractName} />
            <Figure label="收款单位" value={item.receiveCompanyName} />
            <Figure label="付款项金额（万元）" value={item.payAmount} />
            <Figure label="已付及审批中（万元）" value={item.committedAmount} />
            <Figure
              label="可付金额（万元）"
              value={item.canPayAmount}
              testId="fund-pay-item-can-pay"
            />
          </div>
        )}
        <TextAreaField
          label="付款事由"
          required={REQUIRED.has('reason')}
          error={errors.reason?.message}
          maxLength={L.reason}
          {...register('reason')}
        />
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="计划月份"
            error={errors.planMonth?.message}
            hint={v.source === 'item' ? '不填为付款日期所在月份' : '不填为付款计划的月份'}
          >
            <MonthInput className="input" aria-label="计划月份" {...register('planMonth')} />
          </Field>
          <Field label="付款日期" error={errors.payTime?.message}>
            <DateInput
              className="input"
              aria-label="付款日期"
              value={v.payTime}
              onChange={(e) => setValue('payTime', e.target.value, { shouldDirty: true })}
            />
          </Field>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="本次付款金额（万元）"
            required={REQUIRED.has('payAmount')}
            error={errorOf('payAmount')}
          >
            <MoneyInput
              aria-label="本次付款金额（万元）"
              data-testid="fund-pay-amount"
              value={v.payAmount}
              onChange={(x) =>
                setValue('payAmount', x, {
                  shouldDirty: true,
                  shouldValidate: formState.isSubmitted,
                })
              }
            />
          </Field>
          <Field label="税率" error={errorOf('taxRate')}>
            <input
              className="input tabular-nums"
              aria-label="税率"
              list="fund-pay-tax-rates"
              inputMode="decimal"
              value={v.taxRate}
              onChange={(e) => setValue('taxRate', e.target.value.replace(/[^\d.]/g, ''))}
            />
            <datalist id="fund-pay-tax-rates">
              {TAX_RATE_CHOICES.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </datalist>
          </Field>
        </div>
        <div className="rounded border border-line bg-canvas px-3 py-2">
          <Figure
            label="实付金额（万元）"
            value={preview?.ok ? preview.value : '—'}
            testId="fund-pay-net"
          />
          <p className="text-xs text-ink-soft">实付金额 = 付款金额 − 付款金额 ×（0.06 − 税率）</p>
        </div>
        <RemarkAndFailure
          remark={register('remark')}
          error={errors.remark?.message}
          failure={failure}
        />
      </form>
    </Dialog>
  );
}
