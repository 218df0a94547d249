import { previewLoan } from '@dpms/core';
import {
  errorMessage,
  type FundGateway,
  type LoanRecord,
  type TeamPositionRecord,
} from '@dpms/http-client';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { Figure, MoneyInput, type Option } from './fund-shared';
import { DateInput } from '../../components/ui/DateInput';
import { useInstituteClock } from '../../components/time/institute-clock';

export type LoanFormGateway = Pick<
  FundGateway,
  'teamPosition' | 'addLoan' | 'addTaskLoan' | 'editLoan'
>;

/**
 * 申请借款 / 修改借款, and the task loan (addTaskLoan) when a task is given: the team's limit is
 * shown as the server computes it (应收合计, 已收合计, 分配确认合计, 未还借款, 审批中借款, 可借额度)
 * and the amount is checked against it with core's rule as it is typed. 保存并送审 sends the loan
 * agreement (10_1) in the same call.
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
  const [deptId, setDeptId] = useState(loan ? String(loan.loanDeptId) : '');
  const [amount, setAmount] = useState(loan?.loanAmount ?? '');
  const [refundDate, setRefundDate] = useState(loan?.refundDate ?? clock.today());
  const [reason, setReason] = useState(loan?.reason ?? '');
  const [position, setPosition] = useState<TeamPositionRecord | null>(null);
  const [failure, setFailure] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

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
  const preview = limit ? previewLoan(limit, amount) : null;

  const save = async (submit: boolean) => {
    const next: Record<string, string> = {};
    if (!loan && taskId === undefined && deptId === '') next['deptId'] = '请选择借款部门';
    if (amount.trim() === '') next['loanAmount'] = '请输入借款金额';
    if (refundDate.trim() === '') next['refundDate'] = '请输入还款日期';
    setErrors(next);
    if (Object.keys(next).length > 0 || preview?.message) return;
    setBusy(true);
    setFailure('');
    try {
      const body = {
        loanAmount: amount.trim(),
        refundDate: refundDate.trim(),
        reason: reason.trim(),
      };
      const saved = loan
        ? await gateway.editLoan({ loanId: loan.loanId, ...body, version: loan.version })
        : taskId !== undefined
          ? await gateway.addTaskLoan({ taskId, ...body, submit })
          : await gateway.addLoan({ loanDeptId: Number(deptId), ...body, submit });
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
      title={loan ? '修改借款' : taskId !== undefined ? '任务借款' : '申请借款'}
      width={720}
      closeOnClickOutside={false}
      testId="loan-form"
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button loading={busy} onClick={() => void save(false)}>
            保存
          </Button>
          {!loan && (
            <Button variant="primary" loading={busy} onClick={() => void save(true)}>
              保存并送审
            </Button>
          )}
        </>
      }
    >
      <div className="grid gap-3">
        {!loan && taskId === undefined && (
          <Field label="借款部门" required error={errors['deptId']}>
            <select
              className="input"
              aria-label="借款部门"
              value={deptId}
              onChange={(e) => setDeptId(e.target.value)}
            >
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
        <Field
          label="借款金额（万元）"
          required
          error={errors['loanAmount'] ?? preview?.message ?? undefined}
        >
          <MoneyInput aria-label="借款金额（万元）" value={amount} onChange={setAmount} />
        </Field>
        <Field label="还款日期" required error={errors['refundDate']}>
          <DateInput
            className="input"
            aria-label="还款日期"
            value={refundDate}
            onChange={(e) => setRefundDate(e.target.value)}
          />
        </Field>
        <Field label="借款事由">
          <textarea
            className="input"
            aria-label="借款事由"
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
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
