import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { SqlEmployeeCostRepository } from './sql-employe.repository.js';

const line = (employeeId: number, deptId: number, costMonth: string, totalCost: string) => ({
  employeeId,
  employeeName: `员工${String(employeeId)}`,
  deptId,
  costMonth,
  salary: totalCost,
  socialInsurance: '0',
  housingFund: '0',
  otherCost: '0',
  totalCost,
  remark: '',
});
const actor = { userId: 8, userName: 'caiwu' };

describe.each(testDatabaseKinds())('employee cost repository on %s', (kind) => {
  let handle: DatabaseHandle;
  let repo: SqlEmployeeCostRepository;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    repo = new SqlEmployeeCostRepository(handle.db);
    const at = new Date();
    await repo.insert(line(3, 110, '2022-01', '1.000001'), actor, at);
    await repo.insert(line(4, 110, '2022-01', '2'), actor, at);
    await repo.insert(line(14, 112, '2022-01', '3.5'), actor, at);
    await repo.insert(line(3, 110, '2022-02', '9'), actor, at);
    const gone = await repo.insert(line(5, 110, '2022-01', '100'), actor, at);
    await repo.remove(gone, at);
  });
  afterAll(() => handle.close());

  it('rigidCostsByMonth sums the live lines of a department, or of every department', async () => {
    expect(await repo.rigidCostsByMonth(110, '2022-01')).toBe('3.000001');
    expect(await repo.rigidCostsByMonth(112, '2022-01')).toBe('3.5');
    expect(await repo.rigidCostsByMonth(null, '2022-01')).toBe('6.500001');
    expect(await repo.rigidCostsByMonth(110, '2022-03')).toBe('0');
  });

  it('knows which employee months are taken, and the unique index refuses a second', async () => {
    const keys = await repo.existingKeys([
      { employeeId: 3, costMonth: '2022-01' },
      { employeeId: 3, costMonth: '2022-03' },
      { employeeId: 5, costMonth: '2022-01' },
    ]);
    expect([...keys]).toEqual(['3|2022-01']);
    expect(await repo.findMonth(3, '2022-02')).not.toBeNull();
    await expect(
      repo.insert(line(3, 110, '2022-01', '1'), actor, new Date()),
    ).rejects.toMatchObject({
      error: { code: 'ACCOUNT.DUPLICATE', field: 'costMonth' },
    });
    // A deleted line frees its month.
    expect(await repo.findMonth(5, '2022-01')).toBeNull();
  });
});
