import { ALL_DATA, type ApprovalListQuery } from '@dpms/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import {
  assertNoSeqScan,
  explainPlan,
  openTestDatabase,
  testDatabaseKinds,
} from '../testing/index.js';
import { SqlApprovalRepository, type ApprovalListSource } from './sql-approval.repository.js';

const GENERATED = 100_000;

/**
 * DESIGN.md §4: the approval lists (waiting for me, started by me, all by scope) on 100,000
 * generated approvals, each with a waiting user and a log row, reach them through indexes.
 */
describe.each(testDatabaseKinds())(
  `approval list plans on %s with ${GENERATED} generated approvals`,
  (kind) => {
    let handle: DatabaseHandle;
    let approvals: SqlApprovalRepository;
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      approvals = new SqlApprovalRepository(handle.db);
      const users = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
      const depts = [102, 103, 104, 110, 111, 112, 106];
      await sql`
      insert into approval (type_code, kind, title, content, files, status, version, drafter_id,
        dept_id, nodes, current_node_index, signed_at_current, round, create_time, update_time)
      select (array['24_1','22_1','25_1','23_1'])[1 + g % 4], 'Common', '生成审批' || g, '{}', '[]',
        (array[-1, 0, 0, 1, 2, 3])[1 + g % 6], 1,
        (${sql.raw(`array[${users.join(',')}]`)})[1 + g % ${users.length}],
        (${sql.raw(`array[${depts.join(',')}]`)})[1 + g % ${depts.length}],
        '[]', 0, '[]', 1,
        timestamptz '2025-01-01' + make_interval(mins => g), timestamptz '2025-01-01' + make_interval(mins => g)
      from generate_series(1, ${GENERATED}::int) g`.execute(handle.db);
      await sql`
      insert into approval_pending (approval_id, user_id)
      select approval_id, (${sql.raw(`array[${users.join(',')}]`)})[1 + (approval_id / 6) % ${users.length}]
      from approval where status = 0 and title like '生成审批%'`.execute(handle.db);
      await sql`
      insert into approval_action_log (approval_id, round, version, action, actor_id, from_status, to_status, created_at)
      select approval_id, 1, 1, 'approve', (${sql.raw(`array[${users.join(',')}]`)})[1 + (approval_id * 3) % ${users.length}], 0, 0, now()
      from approval where title like '生成审批%'`.execute(handle.db);
      await sql`vacuum analyze approval, approval_pending, approval_action_log, approval_reader`.execute(
        handle.db,
      );
    }, 300_000);
    afterAll(() => handle.close());

    const page = { pageNum: 3, pageSize: 20 };
    const cases: Array<[string, ApprovalListSource, ApprovalListQuery]> = [
      ['waiting for me', { kind: 'waiting', userId: '8' }, { filter: {}, page }],
      ['started by me', { kind: 'mine', userId: '15' }, { filter: {}, page }],
      ['done by me', { kind: 'done', userId: '8' }, { filter: {}, page }],
      [
        'started by me, approved, oldest first',
        { kind: 'mine', userId: '15' },
        { filter: { status: 1 }, page, sort: { column: 'createTime', direction: 'asc' } },
      ],
      ['all, scope all', { kind: 'all', userId: '1', scope: ALL_DATA }, { filter: {}, page }],
      [
        'all, one type',
        { kind: 'all', userId: '1', scope: ALL_DATA },
        { filter: { typeCode: '25_1' }, page },
      ],
      [
        'all, a department and below',
        { kind: 'all', userId: '5', scope: { kind: 'deptAndBelow', deptId: 108 } },
        { filter: {}, page },
      ],
      [
        'all, own records',
        { kind: 'all', userId: '15', scope: { kind: 'own', userId: 15 } },
        { filter: {}, page },
      ],
    ];

    it.each(cases)('%s: the page query uses indexes', async (_name, source, query) => {
      const plan = await explainPlan(handle.db, approvals.listQueries(source, query).page);
      await assertNoSeqScan(handle.db, plan);
    });

    it.each(cases)('%s: the count query uses indexes', async (_name, source, query) => {
      const plan = await explainPlan(handle.db, approvals.listQueries(source, query).count);
      await assertNoSeqScan(handle.db, plan);
    });

    it('answers the lists over the generated rows', async () => {
      const waiting = await approvals.listWaiting('8', {
        filter: {},
        page: { pageNum: 1, pageSize: 20 },
      });
      expect(waiting.rows).toHaveLength(20);
      expect(waiting.total).toBeGreaterThan(1000);
      const own = await approvals.listAll({ kind: 'own', userId: 15 }, '15', { filter: {}, page });
      expect(own.rows.every((r) => r.drafterId === '15' || r.status !== -1)).toBe(true);
    });
  },
);
