import {
  ALL_DATA,
  type DataScope,
  type ListQuery,
  type UserFilter,
  type UserSortColumn,
} from '@dpms/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import {
  assertNoSeqScan,
  explainPlan,
  insertGeneratedUsers,
  openTestDatabase,
  testDatabaseKinds,
  type PlanNode,
} from '../testing/index.js';
import { SqlUserRepository } from './sql-user.repository.js';

const GENERATED = 100_000;

/**
 * DESIGN.md §4: every list query, on 100,000 generated rows, must reach them through an index.
 * A sequential scan of a large table fails the test (small lookup tables may be scanned).
 */
describe.each(testDatabaseKinds())('user list plans on %s with %i generated users', (kind) => {
  let handle: DatabaseHandle;
  let users: SqlUserRepository;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    users = new SqlUserRepository(handle.db);
    await insertGeneratedUsers(handle.db, GENERATED);
  }, 300_000);
  afterAll(() => handle.close());

  const page = { pageNum: 3, pageSize: 20 };
  const cases: Array<[string, ListQuery<UserFilter, UserSortColumn>, DataScope]> = [
    ['the default page', { filter: {}, page }, ALL_DATA],
    [
      'newest first',
      { filter: {}, page, sort: { column: 'createTime', direction: 'desc' } },
      ALL_DATA,
    ],
    [
      'by nick name',
      { filter: {}, page, sort: { column: 'nickName', direction: 'asc' } },
      ALL_DATA,
    ],
    [
      'by user name',
      { filter: {}, page, sort: { column: 'userName', direction: 'asc' } },
      ALL_DATA,
    ],
    ['disabled users', { filter: { status: '1' }, page }, ALL_DATA],
    ['a department and below', { filter: { deptId: 108 }, page }, ALL_DATA],
    ['a department scope', { filter: {}, page }, { kind: 'dept', deptIds: [112] }],
    [
      'a department-and-below scope',
      { filter: {}, page, sort: { column: 'createTime', direction: 'desc' } },
      { kind: 'deptAndBelow', deptId: 108 },
    ],
    ['own records', { filter: {}, page }, { kind: 'own', userId: 42 }],
    ['holders of a role', { filter: { roleId: 7 }, page }, ALL_DATA],
    ['an exact phone number', { filter: { phonenumber: '13900012345' }, page }, ALL_DATA],
    [
      'a creation-time window',
      {
        filter: { createTime: { from: new Date('2025-02-01'), to: new Date('2025-02-02') } },
        page,
      },
      ALL_DATA,
    ],
  ];

  it.each(cases)('%s: the page query uses indexes', async (_name, query, scope) => {
    const plan = await explainPlan(handle.db, users.listQueries(query, scope).page);
    await assertNoSeqScan(handle.db, plan);
  });

  it.each(cases)('%s: the count query uses indexes', async (_name, query, scope) => {
    const plan = await explainPlan(handle.db, users.listQueries(query, scope).count);
    await assertNoSeqScan(handle.db, plan);
  });

  it('the checker itself catches a sequential scan', async () => {
    const plan: PlanNode = await explainPlan(
      handle.db,
      handle.db.selectFrom('sys_user').select('user_id').where('remark', '=', 'x'),
    );
    await expect(assertNoSeqScan(handle.db, plan)).rejects.toThrow(/sequential scan of sys_user/);
  });

  it('answers the list over the generated rows', async () => {
    const result = await users.list(
      { filter: { deptId: 112, status: '0' }, page: { pageNum: 1, pageSize: 20 } },
      ALL_DATA,
    );
    expect(result.rows).toHaveLength(20);
    expect(result.total).toBeGreaterThan(10_000);
  });
});
