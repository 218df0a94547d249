import { ApiError } from '@dpms/http-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { DeptsPage } from './DeptsPage';

const OK = { code: 200, msg: '操作成功' };

/** A department as the API answers it (@dpms/wire's deptRecord). */
const dept = (
  deptId: number,
  parentId: number,
  ancestors: string,
  deptName: string,
  leaderUserId: number | null = null,
  leader = '',
  routedLeader = leader,
  routedLeaderDept = '',
) => ({
  deptId,
  parentId,
  ancestors,
  deptName,
  orderNum: deptId,
  leaderUserId,
  leader,
  routedLeader,
  routedLeaderDept,
  phone: '',
  email: '',
  status: '0',
  deptType: '0',
  createTime: '2026-11-25T16:30:00.000Z',
});

const DEPTS = [
  dept(100, 0, '0', '示范院', 11, '总经理'),
  dept(108, 100, '0,100', '设计院', null, '', '总经理', '示范院'),
  dept(110, 108, '0,100,108', '建筑一所', 5, '部门负责人'),
  dept(103, 100, '0,100', '财务部', 8, '财务'),
];
const member = (userId: number, nickName: string, deptId: number, status = '0') => ({
  userId,
  nickName,
  deptId,
  status,
});
const STAFF = [
  member(3, '项目经理', 110),
  member(5, '部门负责人', 110),
  member(8, '财务', 103),
  member(11, '总经理', 101),
];

function api(onSave: (body: Record<string, unknown>) => unknown) {
  return new FakeApi({
    '/system/dept/list': () => ({ ...OK, data: DEPTS }),
    '/system/user/optionselect': () => ({ ...OK, data: STAFF }),
    '/system/dept': (body) => ({ ...OK, data: onSave(body) }),
  });
}

async function openEdit(deptName: string) {
  const cell = await screen.findByText(deptName);
  const row = cell.closest('tr')!;
  fireEvent.click(within(row).getByRole('button', { name: '修改' }));
  return screen.getByTestId('form-dialog');
}

const optionsOf = (select: HTMLElement) =>
  Array.from(select.querySelectorAll('option'))
    .filter((o) => o.value !== '')
    .map((o) => o.textContent);

describe('部门管理 picks the leader from the department’s users', () => {
  it('shows the leader by name and offers only the users of the department and below', async () => {
    const fake = api((b) => b);
    renderWithApi(<DeptsPage />, fake);
    const row = (await screen.findByText('建筑一所')).closest('tr')!;
    expect(within(row).getByText('部门负责人')).toBeTruthy();
    const form = await openEdit('设计院');
    const leader = within(form).getByLabelText('负责人');
    // 设计院's users are those of 建筑一所 below it; 财务部's and 院领导's are not offered.
    await waitFor(() => expect(optionsOf(leader)).toEqual(['项目经理', '部门负责人']));
  });

  it('sends the chosen user as leaderUserId', async () => {
    const saved: Record<string, unknown>[] = [];
    const fake = api((b) => (saved.push(b), { ...DEPTS[2], ...b }));
    renderWithApi(<DeptsPage />, fake);
    const form = await openEdit('建筑一所');
    const leader = within(form).getByLabelText<HTMLSelectElement>('负责人');
    await waitFor(() => expect(optionsOf(leader)).toContain('项目经理'));
    expect(leader.value).toBe('5');
    fireEvent.change(leader, { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ deptId: 110, leaderUserId: 3 });
    expect(saved[0]).not.toHaveProperty('leader');
  });

  it("puts the server's refusal of the leader beside the field", async () => {
    const fake = api(() => {
      throw new ApiError(
        'VALIDATION.DEPT_LEADER',
        '负责人必须是本部门或其下级部门的在职用户',
        400,
        false,
        'leaderUserId',
        [{ field: 'leaderUserId', message: '负责人必须是本部门或其下级部门的在职用户' }],
      );
    });
    renderWithApi(<DeptsPage />, fake);
    const form = await openEdit('建筑一所');
    fireEvent.click(within(form).getByRole('button', { name: '确定' }));
    const message = '负责人必须是本部门或其下级部门的在职用户';
    // Beside its field (the input's own box), and not again under the form.
    const field = within(form).getByLabelText('负责人').parentElement!;
    await waitFor(() => expect(within(field).getByRole('alert').textContent).toBe(message));
    expect(within(form).getAllByRole('alert')).toHaveLength(1);
  });
});

describe('部门管理 shows who each department’s approvals go to', () => {
  it('shows the leader above, marked 上级, for a department without one of its own', async () => {
    renderWithApi(
      <DeptsPage />,
      api((b) => b),
    );
    const row = within((await screen.findByText('设计院')).closest('tr')!);
    expect(row.getByText('总经理')).toBeTruthy();
    expect(row.getByText('（上级）')).toBeTruthy();
    expect(row.getByTitle('由示范院负责人审批')).toBeTruthy();
  });
});
