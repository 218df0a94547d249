/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { apiClient } from '../test-support/api-client.js';

// Demo institute: caiwu (财务, every account, invoice and employee-cost call, all data),
// jingying (经营部, approves invoice requests first), bmfzr (head of 建筑一所 110: employee costs of
// 110 and below), bmfzr2 (head of 结构所 112), zjl (reads and exports), yuangong (none of these).

describe.each(testDatabaseKinds())('accounts, invoices and employee costs API on %s', (kind) => {
  let api: ApprovalTestApi;
  let contractId: number;
  let otherId: number;
  const { as, post, get, bodyOf, xlsxRows, signIn } = apiClient(() => api);
  const okData = async (r: request.Test | Promise<request.Response>) => {
    const body = await bodyOf(r, 200);
    return body.data ?? body;
  };
  const refused = async (
    r: request.Test | Promise<request.Response>,
    status: number,
    field?: string,
  ) => {
    const body = await bodyOf(r, status);
    expect(body.code).toBe(status);
    if (field !== undefined) expect(JSON.stringify(body)).toContain(field);
    return body;
  };
  const count = async (table: 'finance_invoice' | 'employee_cost' | 'contract_account') => {
    const r = await api.database.handle.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('del_flag', '=', '0')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  };
  /** Moves the approval one step per round, whoever of the demo approvers holds it. */
  const act = async (approvalId: string, action: 'approve' | 'reject') => {
    for (let round = 0; round < 6; round++) {
      let moved = false;
      for (const user of ['jingying', 'caiwu', 'zjl']) {
        const d = await get(user, '/project/approval/getCommonApprovalDetail', {
          serviceId: approvalId,
        });
        if (d.status !== 200) continue;
        const r = await post(user, '/project/approval/process', {
          approvalId,
          version: d.body.data.approval.version,
          action,
          opinion: action === 'reject' ? '金额有误' : '同意',
        });
        if (r.status === 200) {
          moved = true;
          if (action === 'reject') return;
        }
      }
      if (!moved) return;
    }
  };

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    const db = api.database.handle.db;
    const values = {
      status: 1,
      project_name: '账户接口测试项目',
      biz_source: '1',
      total_amount: '100',
      sign_date: '2026-03-01',
      stage: 'formal' as const,
    };
    contractId = (
      await db
        .insertInto('contract')
        .values({
          ...values,
          contract_name: '账户接口测试合同',
          contract_no: 'ZHCS-0001',
          dept_id: 110,
          user_id: 3,
        })
        .returning('contract_id')
        .executeTakeFirstOrThrow()
    ).contract_id;
    otherId = (
      await db
        .insertInto('contract')
        .values({
          ...values,
          contract_name: '账户接口测试合同（结构所）',
          contract_no: 'ZHCS-0002',
          sign_date: '2025-06-01',
          dept_id: 112,
          user_id: 16,
        })
        .returning('contract_id')
        .executeTakeFirstOrThrow()
    ).contract_id;
    await db
      .insertInto('back_money')
      .values({ contract_id: contractId, back_amount: '30', back_date: '2026-04-10', user_id: 8 })
      .execute();
    const child = await db
      .insertInto('contract_child')
      .values({
        contract_id: contractId,
        contract_child_no: 'ZHCS-FB-1',
        child_type: 2,
        total_amount: '10',
        status: 1,
        dept_id: 110,
        user_id: 3,
      })
      .returning('contract_child_id')
      .executeTakeFirstOrThrow();
    const item = await db
      .insertInto('contract_child_pay')
      .values({
        contract_child_id: child.contract_child_id,
        pay_amount: '5',
        real_pay_amount: '5',
        user_id: 3,
      })
      .returning('pay_id')
      .executeTakeFirstOrThrow();
    // Paid out is what paid fund payments paid (a pay item alone is what the sub-contract is due).
    await db
      .insertInto('fund_pay')
      .values({
        child_pay_id: item.pay_id,
        contract_id: contractId,
        contract_child_id: child.contract_child_id,
        plan_month: '2026-04',
        pay_amount: '5',
        tax_rate: '0.06',
        real_pay_amount: '5',
        type_code: '16_1',
        status: 2,
        user_id: 3,
      })
      .execute();
    await signIn('caiwu', 'jingying', 'bmfzr', 'bmfzr2', 'zjl', 'yuangong');
  });
  afterAll(() => api.close());

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
    expect(out[0]?.[1]).toBe('合同名称');
    expect(out).toHaveLength(2);
    expect(out[1]?.[6]).toBe('30');
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

  it('invoices: bad amounts, over-invoicing, locked in approval, approved shows on the account', async () => {
    const base = {
      contractId,
      invoiceType: '1',
      invoicePurpose: '1',
      invoiceTitle: '杭州某建设公司',
      invoiceDate: '2026-05-06',
    };
    const before = await count('finance_invoice');
    for (const bad of ['abc', 1.5, '-1', '0', '1.1234567', '0.30000000000000004', null])
      await refused(
        post('caiwu', '/v4/finance/add', { ...base, invoiceAmount: bad }),
        400,
        'invoiceAmount',
      );
    await refused(
      post('caiwu', '/v4/finance/add', { ...base, invoiceType: '2', invoiceAmount: '1' }),
      400,
      'taxNo',
    );
    await refused(
      post('caiwu', '/v4/finance/add', { ...base, invoiceDate: '2026-02-30', invoiceAmount: '1' }),
      400,
      'invoiceDate',
    );
    expect(await count('finance_invoice')).toBe(before);

    const first = await okData(post('caiwu', '/v4/finance/add', { ...base, invoiceAmount: '60' }));
    expect(first).toMatchObject({ status: 0, statusName: '草稿', totalAmount: '100' });
    const sent = await okData(
      post('caiwu', '/v4/finance/updateToApproval', { invoiceId: first.invoiceId }),
    );
    expect(sent).toMatchObject({ status: 1, statusName: '审批中' });
    const approval = await api.database.handle.db
      .selectFrom('approval')
      .select(['type_code', 'kind'])
      .where('approval_id', '=', Number(sent.approvalId))
      .executeTakeFirstOrThrow();
    expect(approval).toEqual({ type_code: '23_1', kind: 'Invoice' });
    // 60 in approval: 40 is left.
    const over = await refused(
      post('caiwu', '/v4/finance/add', { ...base, invoiceAmount: '40.000001' }),
      400,
      'invoiceAmount',
    );
    expect(over.msg).toContain('开票金额超过合同可开票余额');
    expect(over.msg).toContain('40');
    const second = await okData(post('caiwu', '/v4/finance/add', { ...base, invoiceAmount: '40' }));
    await refused(
      post('caiwu', '/v4/finance/edit', { invoiceId: second.invoiceId, invoiceAmount: '41' }),
      400,
      'invoiceAmount',
    );
    const info = await okData(get('caiwu', '/v4/finance/contractInfo', { contractId }));
    expect(info).toMatchObject({ invoicedAmount: '0', invoicingAmount: '60', roomAmount: '40' });
    // In approval: no edit, no delete, no second send.
    await refused(
      post('caiwu', '/v4/finance/edit', { invoiceId: first.invoiceId, invoiceAmount: '10' }),
      422,
    );
    await refused(post('caiwu', '/v4/finance/delete', { invoiceId: first.invoiceId }), 422);
    await refused(
      post('caiwu', '/v4/finance/updateToApproval', { invoiceId: first.invoiceId }),
      422,
    );
    // A third request finds no room left once the first two are in approval and drafted.
    await okData(post('caiwu', '/v4/finance/updateToApproval', { invoiceId: second.invoiceId }));
    await refused(
      post('caiwu', '/v4/finance/add', { ...base, invoiceAmount: '0.000001' }),
      400,
      'invoiceAmount',
    );

    await act(sent.approvalId, 'approve');
    const done = await okData(get('caiwu', '/v4/finance/detail', { invoiceId: first.invoiceId }));
    expect(done).toMatchObject({ status: 2, statusName: '已开票' });
    const secondNow = await okData(
      get('caiwu', '/v4/finance/detail', { invoiceId: second.invoiceId }),
    );
    await act(secondNow.approvalId, 'reject');
    const turned = await okData(
      get('caiwu', '/v4/finance/detail', { invoiceId: second.invoiceId }),
    );
    expect(turned.status).toBe(3);
    // Turned down: editable again, within the room left (40).
    const edited = await okData(
      post('caiwu', '/v4/finance/edit', { invoiceId: second.invoiceId, invoiceAmount: '15' }),
    );
    expect(edited).toMatchObject({ invoiceAmount: '15', status: 3 });

    const account = await okData(get('caiwu', '/v4/pro-account/detail', { contractId }));
    expect(account.account).toMatchObject({
      invoicedAmount: '60',
      invoicingAmount: '0',
      uninvoicedAmount: '40',
      invoicedUnpaidAmount: '30',
    });
    expect(account.months[4]).toEqual({ month: '2026-05', invoicedAmount: '60', backAmount: '0' });
    const monthly = await okData(
      get('caiwu', '/v4/pro-account/monthly', { year: 2026, contractNo: 'ZHCS-0001' }),
    );
    expect(monthly[4]).toEqual({ month: '2026-05', invoicedAmount: '60', backAmount: '0' });

    const list = await get('caiwu', '/v4/finance/list', { contractId, status: '2' });
    expect(list.body.rows.map((r: { invoiceId: number }) => r.invoiceId)).toEqual([
      first.invoiceId,
    ]);
    const out = await xlsxRows('zjl', '/v4/finance/export', { contractId });
    expect(out[0]?.[3]).toBe('开票金额（万元）');
    expect(out.slice(1).map((r) => r[3])).toEqual(['15', '60']);
    await okData(post('caiwu', '/v4/finance/delete', { invoiceId: second.invoiceId }));
    await refused(get('caiwu', '/v4/finance/detail', { invoiceId: second.invoiceId }), 404);
  });

  it('employee costs: one per employee and month, department scope, totals, import, rigid costs', async () => {
    const before = await count('employee_cost');
    // bmfzr (建筑一所) for sjzc (user 4, 建筑一所): allowed; for sjzc2 (user 14, 结构所): refused.
    await refused(
      post('bmfzr', '/v4/contract/employe/add', { employeeId: 14, costMonth: '2024-01' }),
      403,
      'deptId',
    );
    for (const [body, field] of [
      [{ employeeId: 4, costMonth: '2024-13' }, 'costMonth'],
      [{ employeeId: 4, costMonth: '2024-01', salary: 1.2 }, 'salary'],
      [{ employeeId: 4, costMonth: '2024-01', housingFund: '-0.1' }, 'housingFund'],
      [{ employeeId: 999999, costMonth: '2024-01' }, 'employeeId'],
    ] as const)
      await refused(
        post('bmfzr', '/v4/contract/employe/add', body),
        field === 'employeeId' ? 404 : 400,
        field,
      );
    expect(await count('employee_cost')).toBe(before);
    const jan = await okData(
      post('bmfzr', '/v4/contract/employe/add', {
        employeeId: 4,
        costMonth: '2024-01',
        salary: '1.2',
        socialInsurance: '0.3',
        housingFund: '0.12',
        otherCost: '0.000001',
      }),
    );
    expect(jan).toMatchObject({ totalCost: '1.620001', deptId: 110, deptName: '建筑一所' });
    await refused(
      post('bmfzr', '/v4/contract/employe/add', { employeeId: 4, costMonth: '2024-01' }),
      409,
      'costMonth',
    );
    await okData(
      post('bmfzr', '/v4/contract/employe/add', {
        employeeId: 3,
        costMonth: '2024-01',
        salary: '2',
      }),
    );
    const other = await okData(
      post('caiwu', '/v4/contract/employe/add', {
        employeeId: 14,
        costMonth: '2024-01',
        salary: '1',
      }),
    );
    // Another department's record is out of bmfzr's scope.
    await refused(get('bmfzr', '/v4/contract/employe/detail', { costId: other.costId }), 404);
    await refused(
      post('bmfzr', '/v4/contract/employe/update', { costId: other.costId, salary: '9' }),
      404,
    );
    await refused(get('bmfzr2', '/v4/contract/employe/detail', { costId: jan.costId }), 404);
    const updated = await okData(
      post('bmfzr', '/v4/contract/employe/update', { costId: jan.costId, salary: '1.5' }),
    );
    expect(updated.totalCost).toBe('1.920001');
    await refused(
      post('bmfzr', '/v4/contract/employe/update', {
        costId: jan.costId,
        employeeId: 3,
      }),
      409,
      'costMonth',
    );

    const totals = await okData(get('caiwu', '/v4/contract/employe/totals', { year: 2024 }));
    expect(totals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          costMonth: '2024-01',
          deptId: 110,
          headcount: 2,
          salary: '3.5',
          totalCost: '3.920001',
        }),
        expect.objectContaining({ costMonth: '2024-01', deptId: 112, totalCost: '1' }),
      ]),
    );
    const mineOnly = await okData(get('bmfzr', '/v4/contract/employe/totals', { year: 2024 }));
    expect(mineOnly.map((t: { deptId: number }) => t.deptId)).toEqual([110]);

    const check = await okData(
      post('bmfzr', '/contract/employe/importCheck', {
        rows: [
          { employeeId: 4, costMonth: '2024-01' },
          { employeeId: 4, costMonth: '2024-02' },
          { employeeId: 4, costMonth: '2024-02' },
        ],
      }),
    );
    expect(check.duplicates).toEqual([
      { index: 0, employeeId: 4, costMonth: '2024-01', reason: 'existing' },
      { index: 2, employeeId: 4, costMonth: '2024-02', reason: 'batch' },
    ]);
    const n = await count('employee_cost');
    await refused(
      post('bmfzr', '/contract/employe/import', {
        rows: [
          { employeeId: 4, costMonth: '2024-02', salary: '1' },
          { employeeId: 4, costMonth: '2024-02', salary: '1' },
        ],
      }),
      400,
      'rows',
    );
    await refused(
      post('bmfzr', '/contract/employe/import', {
        rows: [
          { employeeId: 4, costMonth: '2024-02', salary: '1' },
          { employeeId: 3, costMonth: '2024-02', salary: 'x' },
        ],
      }),
      400,
      'rows[1].salary',
    );
    expect(await count('employee_cost')).toBe(n);
    const imported = await okData(
      post('bmfzr', '/contract/employe/import', {
        rows: [
          { employeeId: 4, costMonth: '2024-02', salary: '1' },
          { employeeId: 3, costMonth: '2024-02', salary: '2', otherCost: '0.5' },
        ],
      }),
    );
    expect(imported).toEqual({ imported: 2 });

    const rigid = await okData(
      get('caiwu', '/contract/employe/rigidCosts', { deptId: 110, month: '2024-02' }),
    );
    expect(rigid).toEqual({ rigidCosts: '3.5', reserveFunds: '7' });
    const all = await okData(get('caiwu', '/contract/employe/rigidCosts', { month: '2024-01' }));
    expect(all.rigidCosts).toBe('4.920001');
    await refused(get('caiwu', '/contract/employe/rigidCosts', { month: '2024-1' }), 400, 'month');

    const list = await get('bmfzr', '/v4/contract/employe/list', { costMonth: '2024-02' });
    expect(list.body.total).toBe(2);
    const out = await xlsxRows('caiwu', '/v4/contract/employe/export', { year: 2024, deptId: 110 });
    expect(out[0]?.[7]).toBe('合计（万元）');
    expect(out).toHaveLength(5);
    await okData(post('bmfzr', '/v4/contract/employe/delete', { costId: jan.costId }));
    await refused(get('bmfzr', '/v4/contract/employe/detail', { costId: jan.costId }), 404);
    // Deleted: the month is free again.
    await okData(
      post('bmfzr', '/v4/contract/employe/add', { employeeId: 4, costMonth: '2024-01' }),
    );
  });

  it('two requests sent at once on two servers cannot share the room; two adds of one month, one wins', async () => {
    const second = kind === 'postgres' ? await api.secondInstance() : null;
    try {
      const apps = [api.app, second?.app ?? api.app] as const;
      const db = api.database.handle.db;
      const c = await db
        .insertInto('contract')
        .values({
          status: 1,
          project_name: '并发开票项目',
          contract_name: '并发开票合同',
          contract_no: 'ZHCS-0003',
          biz_source: '1',
          total_amount: '10',
          stage: 'formal',
          dept_id: 110,
          user_id: 3,
        })
        .returning('contract_id')
        .executeTakeFirstOrThrow();
      const body = {
        contractId: c.contract_id,
        invoiceType: '1',
        invoiceTitle: '并发单位',
        invoiceDate: '2026-06-01',
        invoiceAmount: '6',
      };
      const a = await okData(post('caiwu', '/v4/finance/add', body));
      const b = await okData(post('caiwu', '/v4/finance/add', body));
      const sent = await Promise.all(
        [a, b].map((inv: { invoiceId: number }, i) =>
          request(i === 0 ? apps[0] : apps[1])
            .post('/prod-api/v4/finance/updateToApproval')
            .set(as('caiwu'))
            .send({ invoiceId: inv.invoiceId }),
        ),
      );
      expect(sent.map((r) => r.status).sort()).toEqual([200, 400]);
      const refusedOne = sent.find((r) => r.status === 400);
      expect(JSON.stringify(refusedOne?.body)).toContain('invoiceAmount');
      const info = await okData(
        get('caiwu', '/v4/finance/contractInfo', { contractId: c.contract_id }),
      );
      expect(info).toMatchObject({ invoicingAmount: '6', roomAmount: '4' });

      const adds = await Promise.all(
        apps.map((app) =>
          request(app)
            .post('/prod-api/v4/contract/employe/add')
            .set(as('caiwu'))
            .send({ employeeId: 13, costMonth: '2023-05', salary: '1' }),
        ),
      );
      expect(adds.map((r) => r.status).sort()).toEqual([200, 409]);
    } finally {
      await second?.close();
    }
  });
});
