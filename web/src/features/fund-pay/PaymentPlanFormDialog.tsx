import { parsePayAmount } from '@dpms/core';
import { errorMessage, type FundPayGateway, type PaymentPlanRecord } from '@dpms/http-client';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Figure, MoneyInput, thisMonth, type Option } from './fund-pay-shared';

export type PaymentPlanFormGateway = Pick<FundPayGateway, 'addPlan' | 'editPlan'>;

/**
 * 新增付款计划 / 修改付款计划: what a contract (or one of its sub-contracts) is to pay whom in a month.
 * A sub-contract's payee is the default payee; the amount is checked as it is typed by core's rule.
 */
export function PaymentPlanFormDialog({
  gateway,
  contracts,
  plan,
  onClose,
  onSaved,
}: {
  gateway: PaymentPlanFormGateway;
  contracts: Option[];
  plan?: PaymentPlanRecord;
  onClose: () => void;
  onSaved: (plan: PaymentPlanRecord) => void;
}) {
  const [contractId, setContractId] = useState(plan ? String(plan.contractId) : '');
  const [childId, setChildId] = useState(plan?.contractChildId ? String(plan.contractChildId) : '');
  const [planMonth, setPlanMonth] = useState(plan?.planMonth ?? thisMonth());
  const [subjectName, setSubjectName] = useState(plan?.subjectName ?? '');
  const [payee, setPayee] = useState(plan?.receiveCompanyName ?? '');
  const [amount, setAmount] = useState(plan?.planPayAmount ?? '');
  const [remark, setRemark] = useState(plan?.remark ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const checked = amount.trim() === '' ? null : parsePayAmount(amount.trim(), 'planPayAmount');
  const amountError = checked && !checked.ok ? checked.error.message : undefined;

  const save = async () => {
    const next: Record<string, string> = {};
    if (contractId === '' && childId === '') next['contractId'] = '请选择合同';
    if (planMonth === '') next['planMonth'] = '请选择计划月份';
    if (amount.trim() === '') next['planPayAmount'] = '请输入计划付款金额';
    if (payee.trim() === '' && childId === '') next['receiveCompanyName'] = '请输入收款单位';
    setErrors(next);
    if (Object.keys(next).length > 0 || amountError) return;
    setBusy(true);
    setFailure('');
    try {
      const body = {
        ...(contractId === '' ? {} : { contractId: Number(contractId) }),
        contractChildId: childId === '' ? null : Number(childId),
        planMonth,
        subjectName: subjectName.trim(),
        receiveCompanyName: payee.trim(),
        planPayAmount: amount.trim(),
        remark: remark.trim(),
      };
      onSaved(
        plan
          ? await gateway.editPlan({
              paymentPlanId: plan.paymentPlanId,
              version: plan.version,
              ...body,
            })
          : await gateway.addPlan(body),
      );
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
      title={plan ? '修改付款计划' : '新增付款计划'}
      width={680}
      closeOnClickOutside={false}
      testId="payment-plan-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" loading={busy} onClick={() => void save()}>
            确定
          </Button>
        </>
      }
    >
      <div className="grid gap-3">
        <Field label="合同" required error={errors['contractId']}>
          <select
            className="input"
            aria-label="合同"
            value={contractId}
            onChange={(e) => setContractId(e.target.value)}
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
        <Field label="分包合同编号（可选）">
          <input
            className="input"
            aria-label="分包合同编号"
            inputMode="numeric"
            placeholder="分包合同ID，收款单位默认取分包合同的收款单位"
            value={childId}
            onChange={(e) => setChildId(e.target.value.replace(/\D/g, ''))}
          />
        </Field>
        <div className="grid grid-cols-2 gap-3">
          <Field label="计划月份" required error={errors['planMonth']}>
            <input
              type="month"
              className="input"
              aria-label="计划月份"
              value={planMonth}
              onChange={(e) => setPlanMonth(e.target.value)}
            />
          </Field>
          <Field label="科目名称">
            <input
              className="input"
              aria-label="科目名称"
              maxLength={200}
              value={subjectName}
              onChange={(e) => setSubjectName(e.target.value)}
            />
          </Field>
        </div>
        <Field label="收款单位" required={childId === ''} error={errors['receiveCompanyName']}>
          <input
            className="input"
            aria-label="收款单位"
            maxLength={200}
            value={payee}
            onChange={(e) => setPayee(e.target.value)}
          />
        </Field>
        <Field label="计划付款金额（万元）" required error={errors['planPayAmount'] ?? amountError}>
          <MoneyInput aria-label="计划付款金额（万元）" value={amount} onChange={setAmount} />
        </Field>
        {plan && (
          <div className="rounded border border-line bg-canvas px-3 py-2">
            <Figure label="已付（万元）" value={plan.paidAmount} />
            <Figure label="待付（万元）" value={plan.pendingAmount} />
          </div>
        )}
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
