import { previewRepayment } from '@dpms/core';
import { errorMessage, type FundGateway, type LoanRecord } from '@dpms/http-client';
import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Figure, MoneyInput } from './fund-shared';
import { DateInput } from '../../components/ui/DateInput';
import { useInstituteClock } from '../../components/time/institute-clock';

/**
 * 登记还款 against an approved loan: the loan's outstanding amount is shown and what would still
 * be owed is previewed with core's rule; repaying more than is owed is refused before sending.
 */
export function RepaymentFormDialog({
  gateway,
  loans,
  loanId: initialLoanId,
  onClose,
  onSaved,
}: {
  gateway: Pick<FundGateway, 'repay'>;
  /** Approved loans the caller may repay. */
  loans: LoanRecord[];
  loanId?: number;
  onClose: () => void;
  onSaved: () => void;
}) {
  const clock = useInstituteClock();
  const [loanId, setLoanId] = useState(initialLoanId === undefined ? '' : String(initialLoanId));
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(clock.today());
  const [remark, setRemark] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const loan = loans.find((l) => String(l.loanId) === loanId);
  const preview = loan ? previewRepayment(loan.outstandingAmount, amount) : null;

  const save = async () => {
    const next: Record<string, string> = {};
    if (!loan) next['loanId'] = '请选择借款';
    if (amount.trim() === '') next['repaymentAmount'] = '请输入还款金额';
    if (date.trim() === '') next['repaymentDate'] = '请输入还款日期';
    setErrors(next);
    if (Object.keys(next).length > 0 || preview?.message || !loan) return;
    setBusy(true);
    setFailure('');
    try {
      await gateway.repay({
        loanId: loan.loanId,
        repaymentAmount: amount.trim(),
        repaymentDate: date.trim(),
        remark: remark.trim(),
      });
      onSaved();
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
      title="登记还款"
      width={640}
      closeOnClickOutside={false}
      testId="repayment-form"
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
        <Field label="借款" required error={errors['loanId']}>
          <select
            className="input"
            aria-label="借款"
            value={loanId}
            onChange={(e) => setLoanId(e.target.value)}
          >
            <option value="">请选择</option>
            {loans.map((l) => (
              <option key={l.loanId} value={String(l.loanId)}>
                {`${l.loanDeptName} 借款${l.loanAmount}万元（编号${String(l.loanId)}）`}
              </option>
            ))}
          </select>
        </Field>
        {loan && preview && (
          <div className="rounded border border-line bg-canvas px-3 py-2">
            <Figure label="借款金额（万元）" value={loan.loanAmount} />
            <Figure label="已还（万元）" value={loan.repaidAmount} />
            <Figure
              label="未还（万元）"
              value={loan.outstandingAmount}
              testId="repayment-outstanding"
            />
            <Figure
              label="还款后未还（万元）"
              value={preview.remaining}
              testId="repayment-remaining"
            />
          </div>
        )}
        <Field
          label="还款金额（万元）"
          required
          error={errors['repaymentAmount'] ?? preview?.message ?? undefined}
        >
          <MoneyInput aria-label="还款金额（万元）" value={amount} onChange={setAmount} />
        </Field>
        <Field label="还款日期" required error={errors['repaymentDate']}>
          <DateInput
            className="input"
            aria-label="还款日期"
            value={date}
            onChange={(e) => setDate(e.target.value)}
          />
        </Field>
        <Field label="备注">
          <input
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
