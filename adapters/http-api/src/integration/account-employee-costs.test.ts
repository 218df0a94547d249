/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { describe, expect, it } from 'vitest';
import { useAccountApi } from '../test-support/account-suite.js';
import { testDatabaseKinds } from '../test-support/test-database.js';

describe.each(testDatabaseKinds())('accounts API (employee costs) on %s', (kind) => {
  const suite = useAccountApi(kind);
  const { okData, refused, count } = suite;
  const { post, get, xlsxRows } = suite.client;

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
});
