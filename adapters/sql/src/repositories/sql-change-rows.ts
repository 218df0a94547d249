import { personNameOf, type ApprovalStatus } from '@dpms/core';
import { sql, type AliasedRawBuilder } from 'kysely';
import { json, parsed } from './sql-contract-rows.js';
import type { Db } from './sql-helpers.js';

/**
 * What a contract change (28_1) and a filing change (12_x) share: a proposal, what it replaced, a
 * reason and the status of the approval that decides it.
 */

type ChangeTable = 'contract_change' | 'lixiang_change';

/** A new change's columns beside its owner's id: a draft (status 0) made now. */
export function newChangeValues(
  c: {
    readonly proposed: unknown;
    readonly previous: unknown;
    readonly reason: string;
    readonly userId: number;
    readonly createBy: string;
  },
  now: Date,
) {
  return {
    proposed: json(c.proposed),
    previous: json(c.previous),
    reason: c.reason,
    status: 0,
    user_id: c.userId,
    create_by: c.createBy,
    create_time: now,
    update_time: now,
  };
}

/**
 * A change still at 0 whose approval (joined as `a`) was rejected or withdrawn reads as its
 * approval does.
 */
export function liveChangeStatus(alias: 'cc' | 'lc'): AliasedRawBuilder<number, 'live_status'> {
  const status = sql.ref(`${alias}.status`);
  return sql<number>`case when ${status} = 0 and a.status in (2, 3) then a.status else ${status} end`.as(
    'live_status',
  );
}

/** Records the approval a change was sent into. */
export function setChangeApproval(
  db: Db,
  table: ChangeTable,
  changeId: number,
  approvalId: string,
  now: Date,
): Promise<void> {
  return updateChange(db, table, changeId, { approval_id: Number(approvalId) }, now);
}

/** Records the status a change's approval ended at. */
export function setChangeStatus(
  db: Db,
  table: ChangeTable,
  changeId: number,
  status: ApprovalStatus,
  now: Date,
): Promise<void> {
  return updateChange(db, table, changeId, { status }, now);
}

async function updateChange(
  db: Db,
  table: ChangeTable,
  changeId: number,
  set: { readonly approval_id: number } | { readonly status: ApprovalStatus },
  now: Date,
): Promise<void> {
  await db
    .updateTable(table)
    .set({ ...set, update_time: now })
    .where('change_id', '=', changeId)
    .execute();
}

export interface ChangeRow {
  change_id: number;
  proposed: unknown;
  previous: unknown;
  reason: string;
  live_status: number;
  approval_id: number | null;
  user_id: number;
  create_by: string;
  create_by_name?: string | null;
  create_time: Date;
}

/** The fields every change has, read from its row. */
export function changeFields<P, Q>(r: ChangeRow) {
  return {
    changeId: r.change_id,
    proposed: parsed(r.proposed, {} as P),
    previous: parsed(r.previous, {} as Q),
    reason: r.reason,
    status: Number(r.live_status) as ApprovalStatus,
    approvalId: r.approval_id === null ? null : String(r.approval_id),
    userId: r.user_id,
    createBy: r.create_by,
    createByName: personNameOf(r.create_by, r.create_by_name),
    createTime: r.create_time,
  };
}
