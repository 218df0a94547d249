import {
  ApiError,
  type AllotLineBody,
  type BackMoneyRecord,
  type BackMoneyTask,
} from '@dpms/http-client';
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
  realPaidAmount: '0',
  unallottedAmount: '50',
  backDate: '2026-03-15',
  remark: '',
  createBy: 'caiwu',
  createByName: '周会计',
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
  readonly keys: (string | undefined)[] = [];
  /** Refusals thrown by the next calls, in order (each call is recorded first). */
  readonly refusals: Error[] = [];
  taskList = () => Promise.resolve(TASKS);
  allotDesignV2 = (
    backMoneyId: number,
    list: AllotLineBody[],
    options?: { idempotencyKey?: string },
  ) => {
    this.keys.push(options?.idempotencyKey);
    const refusal = this.refusals.shift();
    if (refusal) return Promise.reject(refusal);
    this.sent.push({ backMoneyId, list });
    return Promise.resolve([]);
  };
}

function renderDialog(gateway = new RecordingGateway(), backMoney: BackMoneyRecord = BACK) {
  let done = 0;
  render(
    <AllotDialog
      backMoney={backMoney}
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
/** The problem shown under the cell labelled `label`. */
const besideOf = (label: string) =>
  screen.getByLabelText(label).closest('td')?.querySelector('[role="alert"]')?.textContent;

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

  it('shows 未分配 exactly, as the typed lines are checked against it', () => {
    renderDialog(new RecordingGateway(), { ...BACK, unallottedAmount: '1015.000050' });
    expect(screen.getByTestId('allot-unallotted').textContent).toBe('1,015.00005');
  });

  it('marks the columns core requires of a line', () => {
    renderDialog();
    const marked = [...document.querySelectorAll('th')]
      .map((th) => th.textContent ?? '')
      .filter((t) => t.startsWith('*'));
    expect(marked).toEqual(['*设计部门', '*分配金额（万元）']);
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

  it('names each line’s problems beside its cells at once, in core’s words', async () => {
    const { gateway } = renderDialog();
    fill('第1行分配金额', '5');
    fireEvent.click(screen.getByRole('button', { name: '添加一行' }));
    fill('第2行设计部门', '112');
    fill('第2行分配金额', '0');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(besideOf('第1行设计部门')).toBe('设计部门不能为空'));
    expect(besideOf('第2行分配金额')).toBe('分配金额必须大于0');
    expect(besideOf('第1行分配金额')).toBeUndefined();
    expect(gateway.sent).toHaveLength(0);
  });

  it('asks for at least one line when none has an amount', async () => {
    const { gateway } = renderDialog();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(screen.getByTestId('allot-message').textContent).toBe('请至少分配给一个设计部门'),
    );
    expect(gateway.sent).toHaveLength(0);
  });

  it('puts a server refusal of a line’s field on the form line it came from', async () => {
    const gateway = new RecordingGateway();
    gateway.refusals.push(
      new ApiError(
        'FUND.TASK_NOT_OF_TEAM',
        '设计任务不属于该设计部门或该合同',
        400,
        false,
        undefined,
        [{ field: 'list[1].deptId', message: '部门不存在' }],
      ),
    );
    renderDialog(gateway);
    fill('第1行设计部门', '110');
    fill('第1行分配金额', '1');
    fireEvent.click(screen.getByRole('button', { name: '添加一行' }));
    fireEvent.click(screen.getByRole('button', { name: '添加一行' }));
    // The blank second line is not sent: the server's line 1 is the form's third.
    fill('第3行设计部门', '112');
    fill('第3行分配金额', '2');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(besideOf('第3行设计部门')).toBe('部门不存在'));
    expect(besideOf('第1行设计部门')).toBeUndefined();
  });

  it('retries a lost allotment under the same key, so the server applies it once', async () => {
    const gateway = new RecordingGateway();
    gateway.refusals.push(new ApiError('HTTP.TRANSPORT', '网络异常', 0, true));
    const { done } = renderDialog(gateway);
    fill('第1行设计部门', '110');
    fill('第1行分配金额', '3');
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(await screen.findByText('网络异常')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(done()).toBe(1));
    const [first, second] = gateway.keys;
    expect(first).toBeTruthy();
    expect(second).toBe(first);
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
