import type { ApprovalUserId } from '@dpms/core';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.js';

/** The record tables whose `user_id` is the person who created the record. */
const AUTHOR_TABLES = {
  contract: 'contract_id',
  lixiang: 'lx_id',
  contract_child: 'contract_child_id',
  result_seal: 'result_seal_id',
  design_task: 'task_id',
  project_archive_borrow: 'borrow_id',
  contract_closed_case: 'closed_id',
  contract_document: 'document_id',
  fund_loan: 'loan_id',
  finance_invoice: 'invoice_id',
  fund_plan: 'id',
  fund_perform: 'id',
  fund_pay: 'pay_id',
} as const;

/**
 * Who created the record (its `user_id`), for separation of duties: a colleague who sends it into
 * approval is its drafter, and its author is kept off the approval too. Null when it is gone.
 */
export async function recordAuthor(
  db: Kysely<Database>,
  table: keyof typeof AUTHOR_TABLES,
  recordId: string,
): Promise<ApprovalUserId | null> {
  const id = Number(recordId);
  if (!Number.isSafeInteger(id)) return null;
  const row = await db
    .selectFrom(table as 'contract')
    .select('user_id')
    .where(AUTHOR_TABLES[table] as 'contract_id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : String(row.user_id);
}
