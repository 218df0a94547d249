import { FUND_TEXT_MAX, previewLoan } from '@dpms/core';
import {
  errorMessage,
  type FundGateway,
  type LoanRecord,
  type TeamPositionRecord,
} from '@dpms/http-client';
import { loanBody, loanEditBody, requiredFundFields, taskLoanBody } from '@dpms/wire';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import {
  AmountField,
  DateField,
  FormFailure,
  TextAreaField,
} from '../../components/form/form-fields';
import { Figure, type Option } from './fund-shared';
import { useInstituteClock } from '../../components/time/institute-clock';
import { landRefusal, useWireForm } from '../../components/form/wire-form';

export type LoanFormGateway = Pick<
  FundGateway,
  'teamPosition' | 'addLoan' | 'addTaskLoan' | 'editLoan'
>;

interface LoanFormValues {
  loanDeptId: string;
  loanAmount: string;
  refundDate: string;
  reason: string;
}

/** The form's fields, by wire name: a server refusal of one of them lands beside it. */
const FORM_FIELDS: readonly (keyof LoanFormValues)[] = [
  'loanDeptId',
  'loanAmount',
  'refundDate',
  'reason',
];
/** What core requires of a loan (the schema refuses these blank): marked with `*`. */
const REQUIRED = new Set<string>(requiredFundFields.loan);

/**
 * 申请借款 / 修改借款, and the task loan (addTaskLoan) when a task is given: the team's limit is
 * shown as the server computes it (应收合计, 已收合计, 分配确认合计, 未还借款, 审批中借款, 可借额度)
 * and the amount is checked against it with core's rule as it is typed. The form checks with the
 * @dpms/wire body its call sends (react-hook-form's zodResolver): the fields core requires are
 * marked, every field's problem shows beside it at once, and a server refusal of a field lands on
 * that field. Each button's save carries the dialog's Idempotency-Key, kept while its answer is
 * outstanding, so a retry after a lost answer applies once. 保存并送审 sends the loan agreement
 * (10_1) in the same call.
 */
export function LoanFormDialog({
  gateway,
  depts,
  loan,
  taskId,
  onClose,
  onSaved,
}: {
  gateway: LoanFormGateway;
  depts: Option[];
  /** The loan being changed; without it a new one is applied for. */
  loan?: LoanRecord;
  /** A task loan: the team is the task's department. */
  taskId?: number;
  onClose: () => void;
  onSaved: (loan: LoanRecord) => void;
}) {
  const clock = useInstituteClock();
  const submitting = useRef(false);
  const { form, keys } = useWireForm<LoanFormValues>(
    () => (loan ? loanEditBody : taskId !== undefined ? taskLoanBody : loanBody),
    {
      loanDeptId: loan ? String(loan.loanDeptId) : '',
      loanAmount: loan?.loanAmount ?? '',
      refundDate: loan?.refundDate ?? clock.today(),
      reason: loan?.reason ?? '',
    },
    {
      extra: () =>
        loan
          ? { loanId: loan.loanId, version: loan.version }
          : taskId !== undefined
            ? { taskId, submit: submitting.current }
            : { submit: submitting.current },
    },
  );
  const { control, register, formState, setError, handleSubmit } = form;
  const errors = formState.errors;
  const v = useWatch({ control }) as LoanFormValues;
  const [position, setPosition] = useState<TeamPositionRecord | null>(null);
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const deptId = v.loanDeptId;

  useEffect(() => {
    let live = true;
    setPosition(null);
    const q = taskId !== undefined ? { taskId } : deptId !== '' ? { deptId: Number(deptId) } : null;
    if (q === null) return;
    gateway
      .teamPosition(q)
      .then((p) => live && setPosition(p))
      .catch((e: unknown) => live && setFailure(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [gateway, deptId, taskId]);

  // Only loans in approval are pending: a draft or turned-down loan being changed is not counted
  // against itself.
  const limit = position && {
    totalShouldReceAmt: position.totalShouldReceAmt,
    totalReceiveAmt: position.totalReceiveAmt,
    outstandingLoanAmt: position.outstandingLoanAmt,
    pendingLoanAmt: position.pendingLoanAmt,
  };
  const preview = limit ? previewLoan(limit, v.loanAmount) : null;
  const mark = (field: keyof LoanFormValues) => ({
    required: REQUIRED.has(field),
    error: errors[field]?.message,
  });

  const send = async (submit: boolean, values: LoanFormValues) => {
    if (preview?.message) {
      setError('loanAmount', { message: preview.message });
      return;
    }
    const body = {
      loanAmount: values.loanAmount.trim(),
      refundDate: values.refundDate.trim(),
      reason: values.reason.trim(),
    };
    setBusy(true);
    setFailure('');
    const saved = await keys.run(submit ? 'saveAndSubmit' : 'save', (idempotencyKey) =>
      loan
        ? gateway.editLoan(
            { loanId: loan.loanId, ...body, version: loan.version },
            { idempotencyKey },
          )
        : taskId !== undefined
          ? gateway.addTaskLoan({ taskId, ...body, submit }, { idempotencyKey })
          : gateway.addLoan(
              { loanDeptId: Number(values.loanDeptId), ...body, submit },
              { idempotencyKey },
            ),
    );
    setBusy(false);
    if (saved.ok) onSaved(saved.value);
    else if (!landRefusal(saved.error, FORM_FIELDS, setError)) setFailure(saved.message);
  };

  const press = (submit: boolean) => {
    submitting.current = submit;
    void handleSubmit((values) => send(submit, values))();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={loan ? '修改借款' : taskId !== undefined ? '任务借款' : '申请借款'}
      width={720}
      closeOnClickOutside={false}
      testId="loan-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button loading={busy} onClick={() => press(false)}>
            保存
          </Button>
          {!loan && (
            <Button variant="primary" loading={busy} onClick={() => press(true)}>
              保存并送审
            </Button>
          )}
        </>
      }
    >
      <form className="grid gap-3" noValidate onSubmit={(e) => e.preventDefault()}>
        {!loan && taskId === undefined && (
          <Field label="借款部门" {...mark('loanDeptId')}>
            <select className="input" aria-label="借款部门" {...register('loanDeptId')}>
              <option value="">请选择</option>
              {depts.map((d) => (
                <option key={d.value} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        {loan && <Figure label="借款部门" value={loan.loanDeptName} />}
        {position && (
          <div className="rounded border border-line bg-canvas px-3 py-2" data-testid="loan-limit">
            <Figure label="应收合计（万元）" value={position.totalShouldReceAmt} />
            <Figure label="已收合计（万元）" value={position.totalReceiveAmt} />
            <Figure label="分配确认合计（万元）" value={position.totalAllotConfirmAmt} />
            <Figure label="未还借款（万元）" value={position.outstandingLoanAmt} />
            <Figure label="审批中借款（万元）" value={position.pendingLoanAmt} />
            <Figure
              label="可借额度（万元）"
              value={preview?.borrowable ?? position.borrowableAmt}
              testId="loan-borrowable"
            />
          </div>
        )}
        <AmountField
          control={control}
          name="loanAmount"
          label="借款金额（万元）"
          required={REQUIRED.has('loanAmount')}
          error={errors.loanAmount?.message ?? preview?.message ?? undefined}
        />
        <DateField control={control} name="refundDate" label="还款日期" {...mark('refundDate')} />
        <TextAreaField
          label="借款事由"
          {...mark('reason')}
          maxLength={FUND_TEXT_MAX}
          {...register('reason')}
        />
        <FormFailure failure={failure} />
      </form>
    </Dialog>
  );
}
