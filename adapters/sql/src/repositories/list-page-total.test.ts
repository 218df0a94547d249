import {
  ALL_DATA,
  APPROVAL_STATUSES,
  type ContractListFilter,
  type ContractStage,
  type DataScope,
  type UserFilter,
} from '@dpms/core';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import {
  insertGeneratedContracts,
  insertGeneratedUsers,
  openTestDatabase,
} from '../testing/index.js';
import { SqlContractRepository } from './sql-contract.repository.js';
import { SqlUserRepository } from './sql-user.repository.js';

/**
 * A list's total is exact whatever page is asked for: the page and the count run as two
 * statements (pageWithCount), and the count may read fewer tables than the page, so the total
 * must still be the number of rows the same filters and data scope list without paging.
 */
describe('a paged list counts exactly what its filters and data scope list', () => {
  let handle: DatabaseHandle;
  let users: SqlUserRepository;
  let contracts: SqlContractRepository;
  beforeAll(async () => {
    handle = await openTestDatabase('embedded');
    users = new SqlUserRepository(handle.db);
    contracts = new SqlContractRepository(handle.db);
    await insertGeneratedUsers(handle.db, 120);
    await insertGeneratedContracts(handle.db, 240);
    // Some contracts waiting on an approval that was then rejected: the status filter reads it.
    await sql`with picked as (select contract_id, dept_id from contract
        where create_by = 'gen' and contract_id % 7 = 0),
      made as (insert into approval (type_code, kind, record_kind, record_id, title, content,
          status, drafter_id, dept_id)
        select 'HT', 'contract', 'contract', contract_id::text, '生成审批', '{}', 2, 1, dept_id
        from picked returning approval_id, record_id)
      update contract set status = 0, approval_id = made.approval_id
      from made where contract.contract_id = made.record_id::int`.execute(handle.db);
  }, 120_000);
  afterAll(() => handle.close());

  const scopes: DataScope[] = [
    ALL_DATA,
    { kind: 'dept', deptIds: [112, 113] },
    { kind: 'deptAndBelow', deptId: 108 },
    { kind: 'own', userId: 7 },
  ];

  it('an empty page beyond the end still carries the total', async () => {
    const all = await users.list({ filter: {} }, ALL_DATA);
    const beyond = await users.list({ filter: {}, page: { pageNum: 500, pageSize: 20 } }, ALL_DATA);
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(all.rows.length);

    const formal = await contracts.list({ filter: { stages: ['formal'] } }, ALL_DATA);
    const past = await contracts.list(
      { filter: { stages: ['formal'] }, page: { pageNum: 99, pageSize: 10 } },
      ALL_DATA,
    );
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(formal.rows.length);
    expect(past.total).toBeGreaterThan(0);
  });

  it('a filtered page under a data scope counts the scoped, filtered rows only', async () => {
    const scope: DataScope = { kind: 'deptAndBelow', deptId: 108 };
    const filter: UserFilter = { status: '0' };
    const every = await users.list({ filter: {} }, ALL_DATA);
    const listed = await users.list({ filter }, scope);
    const page = await users.list({ filter, page: { pageNum: 2, pageSize: 7 } }, scope);
    expect(page.total).toBe(listed.rows.length);
    expect(page.total).toBeLessThan(every.rows.length);
    expect(page.rows).toEqual(listed.rows.slice(7, 14));

    const rejected = await contracts.list(
      { filter: { status: 2 } },
      { kind: 'dept', deptIds: [112] },
    );
    const firstPage = await contracts.list(
      { filter: { status: 2 }, page: { pageNum: 1, pageSize: 3 } },
      { kind: 'dept', deptIds: [112] },
    );
    expect(rejected.rows.length).toBeGreaterThan(3);
    expect(firstPage.total).toBe(rejected.rows.length);
    expect(firstPage.rows.every((c) => c.deptId === 112)).toBe(true);
  });

  const paging = fc.record({
    pageNum: fc.integer({ min: 1, max: 40 }),
    pageSize: fc.integer({ min: 1, max: 30 }),
  });

  it('users: any filter, scope and page: the total is the unpaged count and the rows its slice', async () => {
    const filter = fc.record(
      {
        status: fc.constantFrom('0', '1'),
        deptId: fc.constantFrom(100, 108, 112, 102),
        roleId: fc.constantFrom(2, 7, 13),
        nickName: fc.constantFrom('生成1', '主持', '生成'),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(filter, fc.constantFrom(...scopes), paging, async (f, scope, page) => {
        const all = await users.list({ filter: f }, scope);
        const one = await users.list({ filter: f, page }, scope);
        expect(one.total).toBe(all.rows.length);
        const from = (page.pageNum - 1) * page.pageSize;
        expect(one.rows.map((u) => u.userId)).toEqual(
          all.rows.slice(from, from + page.pageSize).map((u) => u.userId),
        );
      }),
      { numRuns: 40 },
    );
  });

  it('contracts: any filter, scope and page: the total is the unpaged count and the rows its slice', async () => {
    const stages: ContractStage[] = ['stay', 'declare', 'contract', 'formal'];
    const filter: fc.Arbitrary<ContractListFilter> = fc.record(
      {
        stages: fc.subarray(stages, { minLength: 1 }),
        status: fc.constantFrom(...APPROVAL_STATUSES),
        effective: fc.boolean(),
        bizSource: fc.constantFrom('1', '2', '3'),
        projectName: fc.constantFrom('项目1', '生成项目2'),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(filter, fc.constantFrom(...scopes), paging, async (f, scope, page) => {
        const all = await contracts.list({ filter: f }, scope);
        const one = await contracts.list({ filter: f, page }, scope);
        expect(one.total).toBe(all.rows.length);
        const from = (page.pageNum - 1) * page.pageSize;
        expect(one.rows.map((c) => c.contractId)).toEqual(
          all.rows.slice(from, from + page.pageSize).map((c) => c.contractId),
        );
      }),
      { numRuns: 40 },
    );
  });
});
