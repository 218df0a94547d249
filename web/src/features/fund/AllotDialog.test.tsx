import type { AllotLineBody, BackMoneyRecord, BackMoneyTask } from '@dpms/http-client';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AllotDialog } from './AllotDialog';

const BACK: BackMoneyRecord = {
  backMoneyId: 7,
  contractId: 3,
  contractName: '科创园设计合同',
  projectName: '滨江科创园',
  contractNo: 'HT-1',
  deptId: 110,
  userId: 3,
  backAmount: '120',
  allottedAmount: '70',
  unallottedAmount: '50',
  backDate: '2026-03-15',
  remark: '',
  createBy: 'caiwu',
  createTime: null,
  version: 0,
};
const TASKS: BackMoneyTask[] = [
  {
    taskId: 31,
    contractId: 3,
    deptId: 110,
    deptName: '建筑一所',
    taskNo: 'RW-1',
    taskName: '方案设计',
    taskAmount: '80',
    confirmFinishAmount: '0',
    allottedAmount: '20',
  },
];
const DEPTS = [
  { value: '110', label: '建筑一所' },
  { value: '112', label: '结构所' },
];

class RecordingGateway {
  readonly sent: { backMoneyId: number; list: AllotLineBody[] }[] = [];
  taskList = () => Promise.resolve(TASKS);
  allotDesignV2 = (backMoneyId: number, list: AllotLineBody[]) => {
    this.sent.push({ backMoneyId, list });
    return Promise.resolve([]);
  };
}

function renderDialog(gateway = new RecordingGateway()) {
  let done = 0;
  render(
    <AllotDialog
      backMoney={BACK}
      gateway={gateway as never}
      depts={DEPTS}
      onClose={() => undefined}
      onDone={() => (done += 1)}
    />,
  );
  return { gateway, done: () => done };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the allotment form', () => {
  it('previews what stays unallotted as lines are typed, exactly', async () => {
    renderDialog();
    expect(screen.getByTestId('allot-remaining').textContent).toBe('50');
    fill('第1行设计部门', '110');
    fill('第1行分配金额', '20.1');
    fireEvent.click(screen.getByRole('button', { name: '添加一行' }));
    fill('第2行设计部门', '112');
    fill('第2行分配金额', '0.2');
    expect(screen.getByTestId('allot-total').textContent).toBe('20.3');
    expect(screen.getByTestId('allot-remaining').textContent).toBe('29.7');
    await waitFor(() =>
      expect(screen.getByLabelText('第1行设计任务').querySelectorAll('option')).toHaveLength(2),
    );
  });

  it('refuses over-allotting before sending, with the server message', () => {
    const { gateway } = renderDialog();
    fill('第1行设计部门', '110');
    fill('第1行分配金额', '50.000001');
    expect(screen.getByTestId('allot-message').textContent).toBe(
      '分配金额超过回款未分配余额（可分配50万元）',
    );
    expect(screen.getByTestId('allot-remaining').textContent).toBe('-0.000001');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(gateway.sent).toHaveLength(0);
  });

  it('asks for the team of a line with an amount', () => {
    const { gateway } = renderDialog();
    fill('第1行分配金额', '5');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(screen.getByRole('alert').textContent).toBe('第1行请选择设计部门');
    expect(gateway.sent).toHaveLength(0);
  });

  it('sends the lines with an amount as V2, amounts as typed strings', async () => {
    const { gateway, done } = renderDialog();
    fill('第1行设计部门', '110');
    await waitFor(() =>
      expect(screen.getByLabelText('第1行设计任务').querySelectorAll('option')).toHaveLength(2),
    );
    fill('第1行设计任务', '31');
    fill('第1行分配金额', '30');
    fireEvent.click(screen.getByRole('button', { name: '添加一行' }));
    fill('第2行设计部门', '112');
    fill('第2行分配金额', '20');
    fireEvent.click(screen.getByRole('button', { name: '添加一行' }));
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(done()).toBe(1));
    expect(gateway.sent).toEqual([
      {
        backMoneyId: 7,
        list: [
          { deptId: 110, taskId: 31, allotAmount: '30' },
          { deptId: 112, allotAmount: '20' },
        ],
      },
    ]);
  });
});
