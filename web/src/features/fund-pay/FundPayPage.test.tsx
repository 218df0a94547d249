import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { FundPayPage } from './FundPayPage';

const pay = {
  payId: 3,
  paymentPlanId: 1,
  childPayId: null,
  contractId: 2,
  contractName: '西溪湿地游客中心景观设计合同',
  contractNo: 'HT-2',
  contractChildId: null,
  deptId: 110,
  deptName: '建筑一所',
  planMonth: '2026-11',
  subjectName: '分包付款',
  reason: '',
  payTime: '2026-11-20',
  payCompanyName: '本院',
  receiveCompanyName: '青山景观工程有限公司',
  payAmount: '1234.5',
  taxRate: '0.06',
  realPayAmount: '1234.5',
  typeCode: '20_1',
  typeName: '月度计划内付款',
  status: 0,
  statusName: '审批中',
  approvalId: null,
  paidTime: null,
  remark: '',
  userId: 8,
  createBy: 'caiwu',
  createByName: '周会计',
  createTime: null,
  version: 0,
};

const api = () =>
  new FakeApi({
    '/v4/fundPay/list': () => ({ code: 200, msg: '查询成功', total: 1, rows: [pay] }),
    '/v4/fundPay/monthStat': () => ({ code: 200, msg: '查询成功', data: [] }),
  });

describe('资金支付 reads as people speak', () => {
  it('names the approval type, gives the tax rate as a percentage and groups the amounts', async () => {
    renderWithApi(<FundPayPage />, api());
    const row = within((await screen.findByText('青山景观工程有限公司')).closest('tr')!);
    expect(row.getByText('月度计划内付款')).toBeTruthy();
    expect(row.queryByText('20_1')).toBeNull();
    expect(row.getByText('6%')).toBeTruthy();
    expect(row.getAllByText('1,234.5')).toHaveLength(2);
    expect(screen.getAllByRole('columnheader', { name: '操作' })).toHaveLength(1);
  });
});
