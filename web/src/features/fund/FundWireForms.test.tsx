import { ApiError, type LoanRecord, type TeamPositionRecord } from '@dpms/http-client';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoanFormDialog } from './LoanFormDialog';
import { RepaymentFormDialog } from './RepaymentFormDialog';
import { KeyedGateway } from '../../test/keyed-gateway';
import { marked, press, type } from '../../test/form-queries';

const POSITION: TeamPositionRecord = {
  deptId: 112,
  totalShouldReceAmt: '100',
  totalReceiveAmt: '30',
  totalAllotConfirmAmt: '12',
  outstandingLoanAmt: '15',
  pendingLoanAmt: '8',
  borrowableAmt: '47',
};
const DEPTS = [{ value: '112', label: '结构所' }];

/** A fund gateway that records each write with its Idempotency-Key and throws queued refusals. */
class FundWrites extends KeyedGateway {
  teamPosition = () => Promise.resolve(POSITION);
  addLoan = (body: unknown, o?: { idempotencyKey?: string }) =>
    this.answer('addLoan', body, o?.idempotencyKey, { status: 0 } as LoanRecord);
  addTaskLoan = (body: unknown, o?: { idempotencyKey?: string }) =>
    this.answer('addTaskLoan', body, o?.idempotencyKey, { status: 0 } as LoanRecord);
  editLoan = (body: unknown, o?: { idempotencyKey?: string }) =>
    this.answer('editLoan', body, o?.idempotencyKey, { status: 0 } as LoanRecord);
  repay = (body: unknown, o?: { idempotencyKey?: string }) =>
    this.answer('repay', body, o?.idempotencyKey, {} as never);
}

const LOAN = {
  loanId: 9,
  loanDeptName: '结构所',
  loanAmount: '20',
  repaidAmount: '5',
  outstandingAmount: '15',
} as LoanRecord;

function renderLoan(gateway = new FundWrites(), props: { taskId?: number } = {}) {
  let saved = 0;
  render(
    <LoanFormDialog
      gateway={gateway}
      depts={DEPTS}
      {...props}
      onClose={() => undefined}
      onSaved={() => (saved += 1)}
    />,
  );
  return { gateway, saved: () => saved };
}

function renderRepayment(gateway = new FundWrites()) {
  let saved = 0;
  render(
    <RepaymentFormDialog
      gateway={gateway}
      loans={[LOAN]}
      onClose={() => undefined}
      onSaved={() => (saved += 1)}
    />,
  );
  return { gateway, saved: () => saved };
}

/** The message shown beside the field labelled `label` (under it, in its form row). */
const problemOf = (label: string) =>
  [...document.querySelectorAll('label')]
    .find((l) => l.textContent?.replace(/^\*/, '') === label)
    ?.nextElementSibling?.querySelector('[role="alert"]')?.textContent;
const refusal = (errors: { field: string; message: string }[]) =>
  new ApiError('VALIDATION.FAILED', errors[0]?.message ?? '', 400, false, errors[0]?.field, errors);
const lost = () => new ApiError('HTTP.TRANSPORT', '网络异常', 0, true);

describe('the fund forms mark what core requires before anything is sent', () => {
  it('marks a loan’s department, amount and repayment day', () => {
    renderLoan();
    expect(marked()).toEqual(['*借款部门', '*借款金额（万元）', '*还款日期']);
  });

  it('marks a task loan’s amount and day only: the task’s team borrows', () => {
    renderLoan(new FundWrites(), { taskId: 31 });
    expect(marked()).toEqual(['*借款金额（万元）', '*还款日期']);
  });

  it('marks a repayment’s loan, amount and day', () => {
    renderRepayment();
    expect(marked()).toEqual(['*借款', '*还款金额（万元）', '*还款日期']);
  });
});

describe('the fund forms show every field’s problem at once, in core’s words', () => {
  it('names the blank department, amount and day of a loan together, sending nothing', async () => {
    const { gateway } = renderLoan();
    type('还款日期', '');
    type('借款事由', 'x'.repeat(501));
    press('保存并送审');
    await waitFor(() => expect(problemOf('借款部门')).toBe('借款部门不能为空'));
    expect(problemOf('借款金额（万元）')).toBe('借款金额不能为空');
    expect(problemOf('还款日期')).toBe('还款日期不能为空');
    expect(problemOf('借款事由')).toBe('借款事由不能超过500个字');
    expect(gateway.calls).toEqual([]);
  });

  it('names the blank loan, amount and day of a repayment together, sending nothing', async () => {
    const { gateway } = renderRepayment();
    type('还款日期', '');
    press('确定');
    await waitFor(() => expect(problemOf('借款')).toBe('借款不能为空'));
    expect(problemOf('还款金额（万元）')).toBe('还款金额不能为空');
    expect(problemOf('还款日期')).toBe('还款日期不能为空');
    expect(gateway.calls).toEqual([]);
  });
});

describe('a server refusal of a fund field lands beside it and keeps what was typed', () => {
  it('puts a loan’s refused fields beside them', async () => {
    const gateway = new FundWrites();
    gateway.refuse(
      'addLoan',
      refusal([
        { field: 'loanDeptId', message: '没有该部门数据的权限' },
        { field: 'refundDate', message: '还款日期格式应为yyyy-MM-dd' },
      ]),
    );
    renderLoan(gateway);
    type('借款部门', '112');
    type('借款金额（万元）', '5');
    press('保存');
    await waitFor(() => expect(problemOf('借款部门')).toBe('没有该部门数据的权限'));
    expect(problemOf('还款日期')).toBe('还款日期格式应为yyyy-MM-dd');
    expect(screen.getByLabelText<HTMLInputElement>('借款金额（万元）').value).toBe('5');
  });

  it('puts a repayment’s refused amount beside it', async () => {
    const gateway = new FundWrites();
    gateway.refuse(
      'repay',
      refusal([{ field: 'repaymentAmount', message: '还款金额超过借款未还余额（未还3万元）' }]),
    );
    const { saved } = renderRepayment(gateway);
    type('借款', '9');
    type('还款金额（万元）', '4');
    press('确定');
    await waitFor(() =>
      expect(problemOf('还款金额（万元）')).toBe('还款金额超过借款未还余额（未还3万元）'),
    );
    expect(saved()).toBe(0);
  });
});

describe('every fund save carries the dialog’s Idempotency-Key', () => {
  it('retries a loan’s lost save-and-submit under the same key, so it is applied once', async () => {
    const gateway = new FundWrites();
    gateway.refuse('addLoan', lost());
    const { saved } = renderLoan(gateway);
    type('借款部门', '112');
    type('借款金额（万元）', '5');
    press('保存并送审');
    expect(await screen.findByText('网络异常')).toBeTruthy();
    press('保存并送审');
    await waitFor(() => expect(saved()).toBe(1));
    const [first, second] = gateway.calls;
    expect(first?.key).toBeTruthy();
    expect(second?.key).toBe(first?.key);
    expect(second?.body).toMatchObject({ loanDeptId: 112, loanAmount: '5', submit: true });
  });

  it('retries a repayment’s lost save under the same key, and a new one gets a new key', async () => {
    const gateway = new FundWrites();
    gateway.refuse('repay', lost());
    const { saved } = renderRepayment(gateway);
    type('借款', '9');
    type('还款金额（万元）', '4.5');
    press('确定');
    expect(await screen.findByText('网络异常')).toBeTruthy();
    press('确定');
    await waitFor(() => expect(saved()).toBe(1));
    press('确定');
    await waitFor(() => expect(saved()).toBe(2));
    const [first, second, third] = gateway.calls.map((c) => c.key);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });
});
