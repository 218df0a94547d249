import { FUND_TEXT_MAX, previewRepayment, displayAmount, displayExactAmount } from '@dpms/core';
import type { FundGateway, LoanRecord } from '@dpms/http-client';
import { repaymentBody, requiredFundFields } from '@dpms/wire';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { AmountField, DateField, FormFailure } from '../../components/form/form-fields';
import { Figure } from './fund-shared';
import { useInstituteClock } from '../../components/time/institute-clock';
import { landRefusal, useWireForm } from '../../components/form/wire-form';

interface RepaymentFormValues {
  loanId: string;
  repaymentAmount: string;
  repaymentDate: string;
  remark: string;
}

/** The form's fields, by wire name: a server refusal of one of them lands beside it. */
const FORM_FIELDS: readonly (keyof RepaymentFormValues)[] = [
  'loanId',
  'repaymentAmount',
  'repaymentDate',
  'remark',
];
/** What core requires of a repayment (the schema refuses these blank): marked with `*`. */
const REQUIRED = new Set<string>(requiredFundFields.repayment);

/**
 * 登记还款 against an approved loan: the loan's outstanding amount is shown and what would still
 * be owed is previewed with core's rule; repaying more than is owed is refused before sending.
 * The form checks with the @dpms/wire body it sends (every field's problem at once, beside the
 * field, in core's words; a server refusal of a field lands on it), and the save carries the
 * dialog's Idempotency-Key, kept while its answer is outstanding.
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
  const { form, keys } = useWireForm<RepaymentFormValues>(() => repaymentBody, {
    loanId: initialLoanId === undefined ? '' : String(initialLoanId),
    repaymentAmount: '',
    repaymentDate: clock.today(),
    remark: '',
  });
  const { control, register, formState, setError, handleSubmit } = form;
  const errors = formState.errors;
  const v = useWatch({ control }) as RepaymentFormValues;
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const loan = loans.find((l) => String(l.loanId) === v.loanId);
  const preview = loan ? previewRepayment(loan.outstandingAmount, v.repaymentAmount) : null;
  const mark = (field: keyof RepaymentFormValues) => ({
    required: REQUIRED.has(field),
    error: errors[field]?.message,
  });

  const send = async (values: RepaymentFormValues) => {
    if (preview?.message) {
      setError('repaymentAmount', { message: preview.message });
      return;
    }
    setBusy(true);
    setFailure('');
    const saved = await keys.run('save', (idempotencyKey) =>
      gateway.repay(
        {
          loanId: Number(values.loanId),
          repaymentAmount: values.repaymentAmount.trim(),
          repaymentDate: values.repaymentDate.trim(),
          remark: values.remark.trim(),
        },
        { idempotencyKey },
      ),
    );
    setBusy(false);
    if (saved.ok) onSaved();
    else if (!landRefusal(saved.error, FORM_FIELDS, setError)) setFailure(saved.message);
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
          <Button variant="primary" loading={busy} onClick={() => void handleSubmit(send)()}>
            确定
          </Button>
        </>
      }
    >
      <form className="grid gap-3" noValidate onSubmit={(e) => e.preventDefault()}>
        <Field label="借款" {...mark('loanId')}>
          <select className="input" aria-label="借款" {...register('loanId')}>
            <option value="">请选择</option>
            {loans.map((l) => (
              <option key={l.loanId} value={String(l.loanId)}>
                {`${l.loanDeptName} 借款${displayAmount(l.loanAmount)}万元（编号${String(l.loanId)}）`}
              </option>
            ))}
          </select>
        </Field>
        {loan && preview && (
          <div className="rounded border border-line bg-canvas px-3 py-2">
            <Figure label="借款金额（万元）" value={displayAmount(loan.loanAmount)} />
            <Figure label="已还（万元）" value={displayAmount(loan.repaidAmount)} />
            <Figure
              label="未还（万元）"
              value={displayExactAmount(loan.outstandingAmount)}
              testId="repayment-outstanding"
            />
            <Figure
              label="还款后未还（万元）"
              value={displayExactAmount(preview.remaining)}
              testId="repayment-remaining"
            />
          </div>
        )}
        <AmountField
          control={control}
          name="repaymentAmount"
          label="还款金额（万元）"
          required={REQUIRED.has('repaymentAmount')}
          error={errors.repaymentAmount?.message ?? preview?.message ?? undefined}
        />
        <DateField
          control={control}
          name="repaymentDate"
          label="还款日期"
          {...mark('repaymentDate')}
        />
        <Field label="备注" {...mark('remark')}>
          <input
            className="input"
            aria-label="备注"
            maxLength={FUND_TEXT_MAX}
            {...register('remark')}
          />
        </Field>
        <FormFailure failure={failure} />
      </form>
    </Dialog>
  );
}
