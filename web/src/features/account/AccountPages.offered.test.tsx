import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ContractAccountsPanel } from './ContractAccountsPanel';
import { EmployePage } from './EmployePage';
import { FinancePage } from './FinancePage';

// jsdom has no canvas for the chart.
vi.mock('../../components/chart/BarChart', () => ({ BarChart: () => null }));

const COST = {
  costId: 5,
  employeeId: 3,
  employeeName: '王五',
  deptId: 110,
  deptName: '建筑一所',
  costMonth: '2026-05',
  salary: '1',
  socialInsurance: '0.2',
  housingFund: '0.1',
  otherCost: '0',
  totalCost: '1.3',
  remark: '',
  createBy: 'caiwu',
  createByName: '周会计',
  createTime: '2026-05-06T10:00:00.000+08:00',
  version: 1,
};
const ACCOUNT = {
  accountId: 2,
  contractId: 7,
  contractNo: 'HT-7',
  contractName: '滨江合同',
  party: '1',
  partyName: '甲方（付款方）',
  accountName: '杭州滨江城建',
  bankName: '工商银行',
  accountNo: '6222020200112233',
  taxNo: '',
  remark: '',
  deptId: 110,
  userId: 8,
  createBy: 'caiwu',
  createByName: '周会计',
  createTime: '2026-05-06T10:00:00.000+08:00',
  version: 1,
};
const page = (rows: unknown[]) => ({ code: 200, msg: '查询成功', total: rows.length, rows });

function costApi() {
  return new FakeApi({
    '/v4/contract/employe/list': () => page([COST]),
    '/v4/contract/employe/totals': () => ({ code: 200, msg: '操作成功', data: [] }),
    '/system/dept/treeselect': () => ({ code: 200, msg: '操作成功', data: [] }),
    '/system/user/optionselect': () => ({ code: 200, msg: '操作成功', data: [] }),
  });
}

describe('员工成本 offers what core’s rule (the routes’ rule) allows the role', () => {
  it('a role that may only read never sees 新增, 修改, 删除 or 导出', async () => {
    renderWithApi(<EmployePage />, costApi(), { permissions: ['contract:employe:list'] });
    expect(await screen.findByText('王五')).toBeTruthy();
    for (const name of ['新增', '修改', '删除', '导出'])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });

  it('a role holding each permission sees each button', async () => {
    renderWithApi(<EmployePage />, costApi(), {
      permissions: [
        'contract:employe:list',
        'contract:employe:add',
        'contract:employe:edit',
        'contract:employe:remove',
        'contract:employe:export',
      ],
    });
    expect(await screen.findByText('王五')).toBeTruthy();
    for (const name of ['新增', '修改', '删除', '导出'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  });
});

describe('合同账户 in 项目账户', () => {
  const accountApi = () =>
    new FakeApi({
      '/contract/account/list': () => page([ACCOUNT]),
      '/contract/account/add': () => ({ code: 200, msg: '操作成功', data: ACCOUNT }),
    });

  it('offers 添加账户 and 删除 only to a role the routes would let through', async () => {
    renderWithApi(<ContractAccountsPanel contractId={7} />, accountApi(), {
      permissions: ['contract:account:list'],
    });
    expect(await screen.findByText('杭州滨江城建')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加账户' })).toBeNull();
  });

  it('checks every field at once with core’s rule before sending, then sends under a key', async () => {
    const api = accountApi();
    renderWithApi(<ContractAccountsPanel contractId={7} />, api, {
      permissions: ['contract:account:list', 'contract:account:add', 'contract:account:remove'],
    });
    expect(await screen.findByRole('button', { name: '删除' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '添加账户' }));
    expect(await screen.findByText('账户名称不能为空')).toBeTruthy();
    expect(screen.getByText('开户银行不能为空')).toBeTruthy();
    expect(screen.getByText('银行账号不能为空')).toBeTruthy();
    expect(api.sent('/contract/account/add')).toHaveLength(0);
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill('账户名称', '杭州滨江城建');
    fill('开户银行', '工商银行');
    fill('银行账号', '6222 0202 0011 2233');
    fireEvent.click(screen.getByRole('button', { name: '添加账户' }));
    await waitFor(() => expect(api.sent('/contract/account/add')).toHaveLength(1));
    expect(api.sent('/contract/account/add')[0]).toMatchObject({
      contractId: 7,
      party: '1',
      accountName: '杭州滨江城建',
    });
    const call = api.calls.find((c) => c.url === '/contract/account/add');
    expect(call?.headers?.['Idempotency-Key']).toBeTruthy();
  });
});

describe('财务台账 offers 开票申请 and 导出 by core’s rule (the routes’ rule)', () => {
  const financeApi = () =>
    new FakeApi({
      '/v4/finance/list': () => page([]),
      '/system/dept/treeselect': () => ({ code: 200, msg: '操作成功', data: [] }),
    });

  it('a role that may only read sees neither', async () => {
    renderWithApi(<FinancePage />, financeApi(), { permissions: ['contract:finance:list'] });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '开票申请' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
  });

  it('a role holding each permission sees each', async () => {
    renderWithApi(<FinancePage />, financeApi(), {
      permissions: ['contract:finance:list', 'contract:finance:add', 'contract:finance:export'],
    });
    expect(await screen.findByRole('button', { name: '开票申请' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '导出' })).toBeTruthy();
  });
});
