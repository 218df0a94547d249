/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAccountApi } from '../test-support/account-suite.js';
import type { ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { insertFormalContract } from '../test-support/formal-contract.js';

describe.each(testDatabaseKinds())('accounts API (invoices) on %s', (kind) => {
  const suite = useAccountApi(kind);
  const { okData, refused, count, act } = suite;
  const { as, post, get, xlsxRows } = suite.client;
  let api: ApprovalTestApi;
  let contractId: number;
  beforeAll(() => {
    api = suite.api();
    contractId = suite.contractId();
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
    // The invoice list's columns (合同名称, 合同编号, 开票金额 ...); amounts are number cells.
    expect(out[0]?.[2]).toBe('开票金额（万元）');
    expect(out.slice(1).map((r) => r[2])).toEqual(['15', '60']);
    await okData(post('caiwu', '/v4/finance/delete', { invoiceId: second.invoiceId }));
    await refused(get('caiwu', '/v4/finance/detail', { invoiceId: second.invoiceId }), 404);
  });

  it('two requests sent at once on two servers cannot share the room; two adds of one month, one wins', async () => {
    const second = kind === 'postgres' ? await api.secondInstance() : null;
    try {
      const apps = [api.app, second?.app ?? api.app] as const;
      const db = api.database.handle.db;
      const contractId = await insertFormalContract(db, {
        project_name: '并发开票项目',
        contract_name: '并发开票合同',
        contract_no: 'ZHCS-0003',
        total_amount: '10',
      });
      const body = {
        contractId,
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
      const info = await okData(get('caiwu', '/v4/finance/contractInfo', { contractId }));
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
