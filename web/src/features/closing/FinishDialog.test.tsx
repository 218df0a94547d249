import { ApiError, type WriteOptions } from '@dpms/http-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  FinishConfirmationRow,
  FinishFileRow,
  FinishOverview,
  UncollectedSummary,
} from './closing.gateway';
import { FinishDialog, type FinishGateway } from './FinishDialog';
import { renderClosing } from './closing.test-render';

class FakeFinish implements FinishGateway {
  calls: string[] = [];
  /** The Idempotency-Key of each write, by call. */
  keys: Record<string, (string | undefined)[]> = {};
  /** Calls whose first answer is lost (a timeout): applied or not, the browser never hears. */
  losing = new Set<string>();
  private write<T>(call: string, options: WriteOptions | undefined, value: () => T): Promise<T> {
    (this.keys[call] ??= []).push(options?.idempotencyKey);
    if (this.losing.delete(call))
      return Promise.reject(new ApiError('HTTP.TIMEOUT', '请求超时，请稍后重试', 0, true));
    return Promise.resolve(value());
  }
  confirmed: unknown[] = [];
  deleted: number[] = [];
  canFinish = false;
  finished = false;
  confirmationsList: FinishConfirmationRow[] = [
    {
      id: 11,
      contractId: 5,
      taskId: 1,
      taskNo: 'RW-1',
      taskName: '施工图',
      confirmFinishAmount: '1234.500000',
      beforeAmount: '0',
      afterAmount: '10',
      remark: '',
      userId: 9,
      userName: 'xmjl',
      nickName: '刘项目',
      createTime: null,
    },
  ];
  finishOverview(): Promise<FinishOverview> {
    return Promise.resolve({
      contract: {
        contractId: 5,
        stage: 'formal',
        contractName: '完工合同',
        contractNo: 'HT-5',
        projectName: '完工项目',
        deptId: 110,
        deptName: '建筑一所',
        userId: 9,
        finishStatus: this.finished ? '1' : '0',
        totalAmount: '100',
        backAmount: '25',
        finished: this.finished,
        finishStatusName: this.finished ? '已完成' : '未完成',
        finishTime: null,
        finishBy: '',
      },
      tasks: [
        {
          taskId: 1,
          contractId: 5,
          taskNo: 'RW-1',
          taskName: '施工图',
          designStageName: '施工图设计',
          deptId: 110,
          deptName: '建筑一所',
          qualityType: '0',
          version: 1,
          value: '1',
          text: 'RW-1 施工图',
          confirmed: 3,
          taskAmount: '30',
          confirmFinishAmount: '10',
          confirmableAmount: '20',
          readyPaid: '0',
          backAllotted: '4',
        },
      ],
      files: [],
      blockers: this.canFinish ? [] : ['请先上传完工文件'],
      canFinish: this.canFinish,
    });
  }
  uncollected(): Promise<UncollectedSummary> {
    return Promise.resolve({
      rows: [
        {
          taskId: 1,
          taskNo: 'RW-1',
          taskName: '施工图',
          taskAmount: '30',
          performedAmount: '10',
          collectedAmount: '4',
          uncollectedAmount: '6',
        },
      ],
      performedAmount: '10',
      backAmount: '25',
      uncollectedAmount: '0',
    });
  }
  confirmations(): Promise<FinishConfirmationRow[]> {
    return Promise.resolve(this.confirmationsList);
  }
  confirmAmount(body: unknown, options?: WriteOptions): Promise<FinishConfirmationRow> {
    return this.write('confirmAmount', options, () => {
      this.confirmed.push(body);
      return this.confirmationsList[0] as FinishConfirmationRow;
    });
  }
  deleteConfirmation(id: number, options?: WriteOptions): Promise<void> {
    return this.write('deleteConfirmation', options, () => {
      this.deleted.push(id);
    });
  }
  uploadFinishFiles(
    _contractId: number,
    _fileIds: string[],
    options?: WriteOptions,
  ): Promise<FinishFileRow[]> {
    return this.write('uploadFinishFiles', options, () => []);
  }
  async confirmFinish(_contractId: number, options?: WriteOptions) {
    await this.write('confirmFinish', options, () => undefined);
    this.calls.push('finish');
    this.finished = true;
    return (await this.finishOverview()).contract;
  }
}

describe('FinishDialog', () => {
  it('shows what keeps the contract from finishing and confirms a task amount', async () => {
    const gateway = new FakeFinish();
    renderClosing(<FinishDialog gateway={gateway} contractId={5} onClose={() => undefined} />);
    expect((await screen.findByTestId('finish-blockers')).textContent).toContain(
      '请先上传完工文件',
    );
    expect(screen.getByTestId('finish-uncollected').textContent).toContain('已履约未收款 0 万元');
    expect(screen.getByTestId('finish-tasks').textContent).toContain('6');
    // Who confirmed, by name.
    const confirmations = screen.getByTestId('finish-confirmations').textContent;
    expect(confirmations).toContain('刘项目');
    expect(confirmations).not.toContain('xmjl');
    // Amounts as a person reads them: grouped, without the stored six decimals.
    expect(confirmations).toContain('1,234.5 万元');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '确认完成' }).disabled).toBe(true);

    // The wire body's check: the task and the amount named together, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: '确认产值' }));
    expect(await screen.findByText('任务单不能为空')).toBeTruthy();
    expect(screen.getByText('确认完成产值不能为空')).toBeTruthy();
    expect(gateway.confirmed).toEqual([]);
    fireEvent.change(screen.getByLabelText('任务单'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('确认完成产值'), { target: { value: ' 12.5 ' } });
    fireEvent.click(screen.getByRole('button', { name: '确认产值' }));
    await waitFor(() =>
      expect(gateway.confirmed).toEqual([
        { contractId: 5, taskId: 1, confirmFinishAmount: '12.5', remark: '' },
      ]),
    );
  });

  it('confirms the finish once it may, then locks confirmations and files', async () => {
    const gateway = new FakeFinish();
    gateway.canFinish = true;
    renderClosing(<FinishDialog gateway={gateway} contractId={5} onClose={() => undefined} />);
    const finish = await screen.findByRole('button', { name: '确认完成' });
    await waitFor(() => expect((finish as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(finish);
    await waitFor(() =>
      expect(screen.getByTestId('finish-status').textContent).toContain('已完成'),
    );
    expect(gateway.calls).toEqual(['finish']);
    expect(screen.queryByRole('button', { name: '确认产值' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByRole('button', { name: '上传完工文件' })).toBeNull();
  });

  it('hides the writes from a person without their permissions', async () => {
    renderClosing(
      <FinishDialog gateway={new FakeFinish()} contractId={5} onClose={() => undefined} />,
      ['project:contract:query'],
    );
    await screen.findByTestId('finish-tasks');
    expect(screen.queryByRole('button', { name: '确认完成' })).toBeNull();
    expect(screen.queryByRole('button', { name: '确认产值' })).toBeNull();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
  });

  it('re-sends the same Idempotency-Key when 确认产值 or 删除 is retried after a lost answer', async () => {
    const gateway = new FakeFinish();
    gateway.losing = new Set(['confirmAmount', 'deleteConfirmation']);
    renderClosing(<FinishDialog gateway={gateway} contractId={5} onClose={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('任务单'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('确认完成产值'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: '确认产值' }));
    await waitFor(() => expect(gateway.keys.confirmAmount).toHaveLength(1));
    expect(await screen.findByText('请求超时，请稍后重试')).toBeTruthy();
    // What was typed stays for the retry.
    expect(screen.getByLabelText<HTMLInputElement>('确认完成产值').value).toBe('5');
    fireEvent.click(screen.getByRole('button', { name: '确认产值' }));
    await waitFor(() => expect(gateway.confirmed).toHaveLength(1));
    const [first, retry] = gateway.keys.confirmAmount ?? [];
    expect(first).toMatch(/\S{8,}/);
    expect(retry).toBe(first);

    const remove = async () => {
      fireEvent.click(screen.getByRole('button', { name: '删除' }));
      const dialog = await screen.findByTestId('confirm-dialog');
      fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    };
    await remove();
    await waitFor(() => expect(gateway.keys.deleteConfirmation).toHaveLength(1));
    await remove();
    await waitFor(() => expect(gateway.deleted).toEqual([11]));
    const [lostKey, again] = gateway.keys.deleteConfirmation ?? [];
    expect(lostKey).toMatch(/\S{8,}/);
    expect(again).toBe(lostKey);
  });
});
