import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ApprovalActionPicker } from './ApprovalActionPicker';

describe('ApprovalActionPicker', () => {
  it('offers 转办 only to the node’s transfer candidates, by name and department', async () => {
    const api = new FakeApi({
      '/project/approval/transferCandidates': () => ({
        code: 200,
        msg: '操作成功',
        data: [
          { userId: '10', nickName: '郑综经', deptName: '综合经营部' },
          { userId: '12', nickName: '冯主任', deptName: null },
        ],
      }),
    });
    const onConfirm = vi.fn();
    renderWithApi(
      <ApprovalActionPicker
        action="transfer"
        approvalId="7"
        earlier={[]}
        me="2"
        busy={false}
        disabled={false}
        onCancel={() => undefined}
        onConfirm={onConfirm}
      />,
      api,
    );
    const select = screen.getByRole('combobox', { name: '选择用户' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['请选择', '郑综经（综合经营部）', '冯主任']);
    expect(api.sent('/project/approval/transferCandidates')).toEqual([{ approvalId: '7' }]);
    fireEvent.change(select, { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    expect(onConfirm).toHaveBeenCalledWith('10');
  });

  it('says so when the node has nobody else to transfer to', async () => {
    const api = new FakeApi({
      '/project/approval/transferCandidates': () => ({ code: 200, msg: '', data: [] }),
    });
    renderWithApi(
      <ApprovalActionPicker
        action="transfer"
        approvalId="7"
        earlier={[]}
        me="5"
        busy={false}
        disabled={false}
        onCancel={() => undefined}
        onConfirm={() => undefined}
      />,
      api,
    );
    expect((await screen.findByTestId('no-transfer-candidates')).textContent).toBe(
      '当前节点没有其他可转办的人员',
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '确定' }).disabled).toBe(true);
  });
});
