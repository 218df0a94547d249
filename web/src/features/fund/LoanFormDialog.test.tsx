import type { LoanBody, LoanRecord, TeamPositionRecord } from '@dpms/http-client';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoanFormDialog } from './LoanFormDialog';
import { RepaymentFormDialog } from './RepaymentFormDialog';

const POSITION: TeamPositionRecord = {
  deptId: 112,
  totalShouldReceAmt: '100',
  totalReceiveAmt: '30',
  totalAllotConfirmAmt: '12',
  outstandingLoanAmt: '15',
  pendingLoanAmt: '8',
  borrowableAmt: '47',
};

class LoanGateway {
  readonly asked: unknown[] = [];
  readonly added: LoanBody[] = [];
  readonly taskLoans: LoanBody[] = [];
  teamPosition = (q: unknown) => {
    this.asked.push(q);
    return Promise.resolve(POSITION);
  };
  addLoan = (b: LoanBody) => {
    this.added.push(b);
    return Promise.resolve({ status: b.submit ? 1 : 0 } as LoanRecord);
  };
  addTaskLoan = (b: LoanBody) => {
    this.taskLoans.push(b);
    return Promise.resolve({ status: 0 } as LoanRecord);
  };
  editLoan = () => Promise.resolve({} as LoanRecord);
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the loan form', () => {
  it("shows the team's limit and refuses a larger amount before sending", async () => {
    const gateway = new LoanGateway();
    render(
      <LoanFormDialog
        gateway={gateway as never}
        depts={[{ value: '112', label: '结构所' }]}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    fill('借款部门', '112');
    await waitFor(() => expect(screen.getByTestId('loan-borrowable').textContent).toBe('47'));
    expect(gateway.asked).toEqual([{ deptId: 112 }]);
    expect(screen.getByTestId('loan-limit').textContent).toContain('分配确认合计（万元）12');
    fill('借款金额（万元）', '47.000001');
    expect(screen.getByText('借款金额超过可借额度（可借47万元）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存并送审' }));
    expect(gateway.added).toHaveLength(0);
    fill('借款金额（万元）', '47');
    fireEvent.click(screen.getByRole('button', { name: '保存并送审' }));
    await waitFor(() => expect(gateway.added).toHaveLength(1));
    expect(gateway.added[0]).toMatchObject({ loanDeptId: 112, loanAmount: '47', submit: true });
  });

  it('a task loan asks the task for its team and sends addTaskLoan', async () => {
    const gateway = new LoanGateway();
    render(
      <LoanFormDialog
        gateway={gateway as never}
        depts={[]}
        taskId={31}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    await waitFor(() => expect(screen.getByTestId('loan-borrowable').textContent).toBe('47'));
    expect(gateway.asked).toEqual([{ taskId: 31 }]);
    fill('借款金额（万元）', '5');
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(gateway.taskLoans).toHaveLength(1));
    expect(gateway.taskLoans[0]).toMatchObject({ taskId: 31, loanAmount: '5', submit: false });
  });
});

describe('the repayment form', () => {
  const LOAN = {
    loanId: 9,
    loanDeptName: '结构所',
    // As the server sends them: six decimals.
    loanAmount: '1020.000000',
    repaidAmount: '1005.000000',
    outstandingAmount: '15.000000',
  } as LoanRecord;

  it('shows what is owed, previews what stays owed and refuses repaying more', async () => {
    const sent: unknown[] = [];
    let saved = 0;
    render(
      <RepaymentFormDialog
        gateway={{ repay: (b) => (sent.push(b), Promise.resolve({} as never)) }}
        loans={[LOAN]}
        onClose={() => undefined}
        onSaved={() => (saved += 1)}
      />,
    );
    fill('借款', '9');
    expect(screen.getByTestId('repayment-outstanding').textContent).toBe('15');
    expect(screen.getByText('1,020')).toBeTruthy();
    fill('还款金额（万元）', '15.01');
    expect(screen.getByTestId('repayment-remaining').textContent).toBe('-0.01');
    expect(screen.getByText('还款金额超过借款未还余额（未还15万元）')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(sent).toHaveLength(0);
    fill('还款金额（万元）', '4.5');
    expect(screen.getByTestId('repayment-remaining').textContent).toBe('10.5');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(saved).toBe(1));
    expect(sent[0]).toMatchObject({ loanId: 9, repaymentAmount: '4.5' });
  });

  it('shows 未还 exactly, as the typed amount is checked against it', () => {
    render(
      <RepaymentFormDialog
        gateway={{ repay: () => Promise.resolve({} as never) }}
        loans={[{ ...LOAN, outstandingAmount: '15.000050' }]}
        onClose={() => undefined}
        onSaved={() => undefined}
      />,
    );
    fill('借款', '9');
    // Rounded to four decimals it would read 15.0001, more than may be repaid.
    expect(screen.getByTestId('repayment-outstanding').textContent).toBe('15.00005');
  });
});
