import { sql } from 'kysely';
import { openTestDatabase } from '@dpms/sql/testing';
import {
  close,
  exportLine,
  listenApi,
  signIn,
  streamExport,
  writeReport,
} from './bench-harness.js';

const LOANS = 100_000;

/**
 * The largest export of the fund lists: `GET /contract/loan/export` (11 columns, against 9 for
 * back money and 6 for repayments) over 100,000 generated loans with their balances, as admin on
 * the embedded PostgreSQL server: its time and the process's peak memory while it streams.
 * Writes bench-results/http-api-fund-export.{json,md}.
 */
export async function main(): Promise<void> {
  const database = await openTestDatabase('embedded');
  const dept = await database.db
    .selectFrom('sys_dept')
    .select('dept_id')
    .where('dept_name', '=', '建筑一所')
    .executeTakeFirstOrThrow();
  // Approved loans, a third of them partly repaid; the export reads each one's owed balance.
  await sql`insert into fund_loan (loan_dept_id, loan_amount, repaid_amount, refund_date, reason,
      total_should_receive_amt, total_receive_amt, total_allot_confirm_amt, status, user_id,
      create_by, approved_time)
    select ${dept.dept_id}, (1000 + g % 9000) / 100.0, case when g % 3 = 0 then 1 else 0 end,
      date '2026-12-31', '生成借款 ' || g, 5000, 1200, 800, 2, 1, 'gen', now()
    from generate_series(1, ${LOANS}) g`.execute(database.db);
  await sql`insert into fund_balance (account_kind, account_id, balance)
    select 'loan', loan_id, loan_amount - repaid_amount from fund_loan where create_by = 'gen'
    on conflict do nothing`.execute(database.db);
  await sql`vacuum analyze fund_loan`.execute(database.db);
  await sql`vacuum analyze fund_balance`.execute(database.db);

  const api = await listenApi(database);
  const auth = await signIn(api, 'admin');

  const rows = Number(
    (
      await database.db
        .selectFrom('fund_loan')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('del_flag', '=', '0')
        .executeTakeFirstOrThrow()
    ).n,
  );

  // The export: streamed to a client that counts bytes; memory sampled while it runs.
  const run = await streamExport(`${api.base}/prod-api/contract/loan/export`, auth);

  const report = {
    when: new Date().toISOString(),
    loans: LOANS,
    export: {
      path: '/contract/loan/export',
      columns: 11,
      rows,
      ...run,
    },
  };
  const md = [
    `# GET /contract/loan/export (${rows} loans, 11 columns, streamed .xlsx, embedded PostgreSQL)`,
    '',
    exportLine(run),
    '',
  ].join('\n');
  writeReport('http-api-fund-export', report, md);
  await close(api);
  await database.close();
}
