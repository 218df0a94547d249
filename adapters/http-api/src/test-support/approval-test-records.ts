import { sql, type Kysely } from 'kysely';
import { domainError, err, ok } from '@dpms/core';
import { createLinkedRecordRegistry, type Database } from '@dpms/sql';

/**
 * The linked record kind of the approval tests: a row in approval_test_record that hears every
 * send, end and move of its approval, in the approval's transaction. Kept free of vitest so the
 * API server processes of the multi-process tests can load it.
 */
export const TEST_RECORD_KIND = 'testRecord';

let standIns = 0;
/**
 * A fresh test record for a linked form sent from the approval centre (a contract review, a task
 * sheet): it stands in for the form's record, so the suites run the form's seeded flow.
 */
export const standInRecord = (prefix = 'record') => ({
  recordKind: TEST_RECORD_KIND,
  recordId: `${prefix}-${(standIns += 1)}-${process.pid}-${Date.now()}`,
});

export async function createTestRecordTable(db: Kysely<Database>): Promise<void> {
  await sql`create table if not exists approval_test_record (
    record_id varchar(64) primary key,
    approval_id integer not null,
    locked boolean not null default false,
    sent_count integer not null default 0,
    moved_count integer not null default 0,
    unlocked_count integer not null default 0)`.execute(db);
}

/**
 * The test handler of the LinkedRecordPort: a send locks the record, approval moves it (once),
 * rejection or withdrawal unlocks it; each is counted. A record named `refuse-…` refuses to move
 * when approved, which must roll the approving action back.
 */
export function testLinkedRecords() {
  return createLinkedRecordRegistry().register(
    TEST_RECORD_KIND,
    (trx) => ({
      async approvalSent(event) {
        await sql`insert into approval_test_record (record_id, approval_id, locked, sent_count)
        values (${event.recordId}, ${Number(event.approvalId)}, true, 1)
        on conflict (record_id) do update set locked = true,
          sent_count = approval_test_record.sent_count + 1`.execute(trx);
        return ok(undefined);
      },
      async approvalEnded(event) {
        if (event.status === 1 && event.recordId.startsWith('refuse-')) {
          return err(domainError('TEST.RECORD_LOCKED', '关联业务已锁定，不能完成审批'));
        }
        const moved = event.status === 1 ? 1 : 0;
        await sql`insert into approval_test_record
          (record_id, approval_id, locked, moved_count, unlocked_count)
        values (${event.recordId}, ${Number(event.approvalId)}, false, ${moved}, ${1 - moved})
        on conflict (record_id) do update set locked = false,
          moved_count = approval_test_record.moved_count + ${moved},
          unlocked_count = approval_test_record.unlocked_count + ${1 - moved}`.execute(trx);
        return ok(undefined);
      },
    }),
    // It stands in for any form's record, so the engine suites run the seeded flows of linked
    // forms (24_1's amount rule) from the approval centre.
    { linkableFromCentre: true, standsInForAnyRecord: true },
  );
}
