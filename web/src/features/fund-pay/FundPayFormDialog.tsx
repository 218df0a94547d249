import { previewNetPay } from '@dpms/core';
import {
  errorMessage,
  type FundPayGateway,
  type FundPayRecord,
  type PaymentPlanRecord,
} from '@dpms/http-client';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Figure, MoneyInput, TAX_RATE_CHOICES } from './fund-pay-shared';
import { DateInput } from '../../components/ui/DateInput';

export type FundPayFormGateway = Pick<FundPayGateway, 'planList' | 'addPay' | 'editPay'>;

type Source = 'plan' | 'item';

/**
 * 新增付款 / 修改付款: a payment against a payment plan line (monthly in-plan payment, 20_1) or a
 * sub-contract pay item (payment contract, 16_1/16_2). The net pay (实付金额 = 付款金额 −
 * 付款金额 × (0.06 − 税率)) is computed as it is typed by core's rule, the one the server applies;
 * 保存并送审 sends it into approval in the same call.
 */
export function FundPayFormDialog({
  gateway,
  pay,
  onClose,
  onSaved,
}: {
  gateway: FundPayFormGateway;
  /** The payment being changed; without it a new one is entered. */
  pay?: FundPayRecord;
  onClose: () => void;
  onSaved: (pay: FundPayRecord) => void;
}) {
  const [source, setSource] = useState<Source>(pay?.childPayId ? 'item' : 'plan');
  const [planId, setPlanId] = useState(pay?.paymentPlanId ? String(pay.paymentPlanId) : '');
  const [itemId, setItemId] = useState(pay?.childPayId ? String(pay.childPayId) : '');
  const [typeCode, setTypeCode] = useState<'16_1' | '16_2'>(
    pay?.typeCode === '16_2' ? '16_2' : '16_1',
  );
  const [plans, setPlans] = useState<PaymentPlanRecord[]>([]);
  const [planMonth, setPlanMonth] = useState(pay?.planMonth ?? '');
  const [reason, setReason] = useState(pay?.reason ?? '');
  const [payTime, setPayTime] = useState(pay?.payTime ?? '');
  const [amount, setAmount] = useState(pay?.payAmount ?? '');
  const [taxRate, setTaxRate] = useState(pay?.taxRate ?? '0.06');
  const [remark, setRemark] = useState(pay?.remark ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    gateway
      .planList({ pageNum: 1, pageSize: 1000, canPay: '1' })
      .then((p) => live && setPlans(p.rows))
      .catch(() => live && setPlans([]));
    return () => {
      live = false;
    };
  }, [gateway]);

  const plan = plans.find((p) => String(p.paymentPlanId) === planId);
  // The same rule as the server's: the live figure and the message of what is wrong.
  const preview = amount.trim() === '' ? null : previewNetPay(amount.trim(), taxRate.trim());
  const previewError = preview && !preview.ok ? preview.error : null;

  const save = async (submit: boolean) => {
    const next: Record<string, string> = {};
    if (source === 'plan' && planId === '') next['paymentPlanId'] = '请选择付款计划';
    if (source === 'item' && itemId === '') next['childPayId'] = '请输入分包付款项编号';
    if (reason.trim() === '') next['reason'] = '请输入付款事由';
    if (amount.trim() === '') next['payAmount'] = '请输入本次付款金额';
    if (source === 'item' && planMonth === '' && payTime === '')
      next['planMonth'] = '请选择计划月份';
    setErrors(next);
    if (Object.keys(next).length > 0 || previewError) return;
    setBusy(true);
    setFailure('');
    try {
      const body = {
        ...(source === 'plan'
          ? { paymentPlanId: Number(planId) }
          : { childPayId: Number(itemId), typeCode }),
        reason: reason.trim(),
        payAmount: amount.trim(),
        taxRate: taxRate.trim(),
        ...(planMonth === '' ? {} : { planMonth }),
        ...(payTime === '' ? {} : { payTime }),
        ...(remark.trim() === '' ? {} : { remark: remark.trim() }),
      };
      const saved = pay
        ? await gateway.editPay({ payId: pay.payId, version: pay.version, ...body })
        : await gateway.addPay({ ...body, submit });
      onSaved(saved);
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

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
          <Button loading={busy} data-testid="fund-pay-save" onClick={() => void save(false)}>
            保存
          </Button>
          {!pay && (
            <Button
              variant="primary"
              loading={busy}
              data-testid="fund-pay-save-submit"
              onClick={() => void save(true)}
            >
              保存并送审
            </Button>
          )}
        </>
      }
    >
      <div className="grid gap-3">
        {!pay && (
          <Field label="付款依据" required>
            <select
              className="input"
              aria-label="付款依据"
              value={source}
              onChange={(e) => setSource(e.target.value as Source)}
            >
              <option value="plan">付款计划（月度计划内付款 20_1）</option>
              <option value="item">分包付款项（付款合同 16_1/16_2）</option>
            </select>
          </Field>
        )}
        {source === 'plan' ? (
          <Field label="付款计划" required error={errors['paymentPlanId']}>
            <select
              className="input"
              aria-label="付款计划"
              value={planId}
              disabled={!!pay}
              onChange={(e) => setPlanId(e.target.value)}
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
            <Field label="分包付款项编号" required error={errors['childPayId']}>
              <input
                className="input"
                aria-label="分包付款项编号"
                inputMode="numeric"
                value={itemId}
                disabled={!!pay}
                onChange={(e) => setItemId(e.target.value.replace(/\D/g, ''))}
              />
            </Field>
            <Field label="审批类型">
              <select
                className="input"
                aria-label="审批类型"
                value={typeCode}
                onChange={(e) => setTypeCode(e.target.value as '16_1' | '16_2')}
              >
                <option value="16_1">付款合同（16_1）</option>
                <option value="16_2">付款合同（16_2）</option>
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
        <Field label="付款事由" required error={errors['reason']}>
          <textarea
            className="input"
            aria-label="付款事由"
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="计划月份" error={errors['planMonth']}>
            <input
              type="month"
              className="input"
              aria-label="计划月份"
              value={planMonth}
              onChange={(e) => setPlanMonth(e.target.value)}
            />
          </Field>
          <Field label="付款日期">
            <DateInput
              className="input"
              aria-label="付款日期"
              value={payTime}
              onChange={(e) => setPayTime(e.target.value)}
            />
          </Field>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Field
            label="本次付款金额（万元）"
            required
            error={
              errors['payAmount'] ??
              (previewError?.field === 'payAmount' ? previewError.message : undefined)
            }
          >
            <MoneyInput
              aria-label="本次付款金额（万元）"
              data-testid="fund-pay-amount"
              value={amount}
              onChange={setAmount}
            />
          </Field>
          <Field
            label="税率"
            error={previewError?.field === 'taxRate' ? previewError.message : undefined}
          >
            <input
              className="input tabular-nums"
              aria-label="税率"
              list="fund-pay-tax-rates"
              inputMode="decimal"
              value={taxRate}
              onChange={(e) => setTaxRate(e.target.value.replace(/[^\d.]/g, ''))}
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
        <Field label="备注">
          <textarea
            className="input"
            aria-label="备注"
            maxLength={500}
            value={remark}
            onChange={(e) => setRemark(e.target.value)}
          />
        </Field>
        {failure && (
          <p role="alert" className="text-sm text-danger-600">
            {failure}
          </p>
        )}
      </div>
    </Dialog>
  );
}
