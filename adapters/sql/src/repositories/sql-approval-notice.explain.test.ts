import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import {
  assertNoSeqScan,
  explainPlan,
  openTestDatabase,
  testDatabaseKinds,
} from '../testing/index.js';
import { SqlApprovalNoticeRepository } from './sql-approval-notice.repository.js';

const GENERATED = 100_000;

/**
 * DESIGN.md §4: the bell's unread notices (polled by every signed-in user) and their count, on
 * 100,000 generated notices of 100,000 approvals, reach them through indexes; opening an approval
 * marks its notices read.
 */
describe.each(testDatabaseKinds())(
  `approval notice plans on %s with ${GENERATED} generated notices`,
  (kind) => {
    let handle: DatabaseHandle;
    let notices: SqlApprovalNoticeRepository;
    const users = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];
    beforeAll(async () => {
      handle = await openTestDatabase(kind);
      notices = new SqlApprovalNoticeRepository(handle.db);
      const list = sql.raw(`array[${users.join(',')}]`);
      await sql`
      insert into approval (type_code, kind, title, content, files, status, version, drafter_id,
        dept_id, nodes, current_node_index, signed_at_current, round, create_time, update_time)
      select '22_1', 'Common', '生成审批' || g, '{}', '[]', 0, 1, (${list})[1 + g % ${users.length}],
        110, '[]', 0, '[]', 1, now(), now()
      from generate_series(1, ${GENERATED}::int) g`.execute(handle.db);
      // Nine in ten read already, as an institute's bell is after a while.
      await sql`
      insert into approval_notice (recipient_id, approval_id, kind, sender_id, create_time, read_time)
      select (${list})[1 + (approval_id / 3) % ${users.length}], approval_id,
        case when approval_id % 2 = 0 then 'copy' else 'urge' end,
        (${list})[1 + approval_id % ${users.length}], now(),
        case when approval_id % 10 = 0 then null else now() end
      from approval where title like '生成审批%'`.execute(handle.db);
      await sql`vacuum analyze approval, approval_notice`.execute(handle.db);
    }, 300_000);
    afterAll(() => handle.close());

    it('lists and counts a user’s unread notices through indexes', async () => {
      const q = notices.queries('8', 20);
      await assertNoSeqScan(handle.db, await explainPlan(handle.db, q.list));
      await assertNoSeqScan(handle.db, await explainPlan(handle.db, q.count));
      const listed = await notices.listUnread('8', 20);
      expect(listed).toHaveLength(20);
      expect(listed.every((n) => n.senderName !== '')).toBe(true);
      const before = await notices.countUnread('8');
      expect(before).toBeGreaterThan(20);
      // Opening one approval reads its notices to that user only.
      const first = listed[0]!;
      expect(await notices.markRead(first.approvalId, '8', new Date())).toBe(1);
      expect(await notices.countUnread('8')).toBe(before - 1);
      expect(await notices.markRead(first.approvalId, '8', new Date())).toBe(0);
    });
  },
);
