/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { beforeAll, describe, expect, it } from 'vitest';
import { useAccountApi } from '../test-support/account-suite.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

describe.each(testDatabaseKinds())('accounts API (project and contract accounts) on %s', (kind) => {
  const suite = useAccountApi(kind);
  const { okData, refused, count } = suite;
  const { post, get, xlsxRows } = suite.client;
  let contractId: number;
  let otherId: number;
  beforeAll(() => {
    contractId = suite.contractId();
    otherId = suite.otherId();
  });

  it('checks permission and data scope on every family', async () => {
    for (const path of [
      '/v4/pro-account/list',
      '/contract/account/list',
      '/v4/finance/list',
      '/v4/contract/employe/list',
    ])
      await refused(get('yuangong', path), 403);
    await refused(get('bmfzr', '/v4/finance/list'), 403);
    await refused(post('zjl', '/v4/finance/add', { contractId }), 403);
    await refused(post('zjl', '/contract/account/add', { contractId }), 403);
    await refused(get('yuangong', '/v4/finance/export'), 403);
    await refused(get('yuangong', '/v4/pro-account/export'), 403);
  });

  it('project accounts sum the contract records, filter and export', async () => {
    const page = await okData(get('caiwu', '/v4/pro-account/list', { contractNo: 'ZHCS-000' }));
    const rows = (await get('caiwu', '/v4/pro-account/list', { contractNo: 'ZHCS-000' })).body.rows;
    expect(page.total).toBe(2);
    const mine = rows.find((r: { contractId: number }) => r.contractId === contractId);
    expect(mine).toMatchObject({
      totalAmount: '100',
      backAmount: '30',
      paidAmount: '5',
      invoicedAmount: '0',
      balanceAmount: '25',
      unreceivedAmount: '70',
      deptName: '建筑一所',
    });
    const byDept = await get('caiwu', '/v4/pro-account/list', {
      contractNo: 'ZHCS-000',
      deptId: 112,
    });
    expect(byDept.body.rows.map((r: { contractId: number }) => r.contractId)).toEqual([otherId]);
    const byYear = await get('caiwu', '/v4/pro-account/list', {
      contractNo: 'ZHCS-000',
      year: 2025,
    });
    expect(byYear.body.rows.map((r: { contractId: number }) => r.contractId)).toEqual([otherId]);
    await refused(get('caiwu', '/v4/pro-account/list', { year: 'abc' }), 400, 'year');
    const detail = await okData(get('caiwu', '/v4/pro-account/detail', { contractId }));
    expect(detail.year).toBe(2026);
    expect(detail.months[3]).toEqual({ month: '2026-04', invoicedAmount: '0', backAmount: '30' });
    await refused(
      get('caiwu', '/v4/pro-account/detail', { contractId: 999999 }),
      404,
      'contractId',
    );
    const out = await xlsxRows('zjl', '/v4/pro-account/export', { contractNo: 'ZHCS-0001' });
    // The project account list's columns: 合同名称, 合同编号, 部门, 合同金额, 已回款 ...
    expect(out[0]?.[0]).toBe('合同名称');
    expect(out).toHaveLength(2);
    expect(out[0]?.[4]).toBe('已回款（万元）');
    expect(out[1]?.[4]).toBe('30');
  });

  it('contract accounts: add, list, detail, update, delete, with format checks', async () => {
    const before = await count('contract_account');
    await refused(
      post('caiwu', '/contract/account/add', {
        contractId,
        party: '1',
        accountName: '杭州某建设公司',
        bankName: '工商银行',
        accountNo: '6222-abc',
      }),
      400,
      'accountNo',
    );
    await refused(
      post('caiwu', '/contract/account/add', {
        contractId,
        party: '1',
        accountName: '杭州某建设公司',
        bankName: '工商银行',
        accountNo: '6222 0212 0300 1234 567',
        taxNo: '91330106MA2B0CXY1X',
      }),
      400,
      'taxNo',
    );
    await refused(
      post('caiwu', '/contract/account/add', { contractId, accountNo: '62220212030012345' }),
      400,
      'accountName',
    );
    expect(await count('contract_account')).toBe(before);
    const added = await okData(
      post('caiwu', '/contract/account/add', {
        contractId,
        party: '1',
        accountName: '杭州某建设公司',
        bankName: '工商银行杭州分行',
        accountNo: '6222 0212 0300 1234 567',
        taxNo: '330106123456789',
      }),
    );
    expect(added).toMatchObject({ accountNo: '6222021203001234567', partyName: '甲方（付款方）' });
    const list = await get('caiwu', '/contract/account/list', { contractId });
    expect(list.body.total).toBe(1);
    const updated = await okData(
      post('caiwu', '/contract/account/update', {
        accountId: added.accountId,
        version: added.version,
        bankName: '建设银行',
      }),
    );
    expect(updated).toMatchObject({ bankName: '建设银行', accountName: '杭州某建设公司' });
    await refused(
      post('caiwu', '/contract/account/update', {
        accountId: added.accountId,
        version: added.version,
        bankName: '农业银行',
      }),
      409,
    );
    await refused(
      post('caiwu', '/contract/account/add', {
        contractId: 999999,
        accountName: 'x',
        bankName: 'y',
        accountNo: '12345678',
      }),
      404,
      'contractId',
    );
    await okData(post('caiwu', '/contract/account/delete', { accountId: added.accountId }));
    await refused(get('caiwu', '/contract/account/detail', { accountId: added.accountId }), 404);
  });
});
