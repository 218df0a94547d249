import { personNameOf } from '@dpms/core';
import type { ApprovalStatus, LixiangChange, LixiangChangeRepository } from '@dpms/core';
import { sql } from 'kysely';
import { json, parsed } from './sql-contract-rows.js';
import { nickNameOf, type Db } from './sql-helpers.js';

/** Filing changes (12_x): the proposal, what it replaced, and its approval's live status. */
export class SqlLixiangChangeRepository implements LixiangChangeRepository {
  constructor(private readonly db: Db) {}

  async insert(
    c: Parameters<LixiangChangeRepository['insert']>[0],
    now: Date,
  ): Promise<LixiangChange> {
    const row = await this.db
      .insertInto('lixiang_change')
      .values({
        lx_id: c.lxId,
        proposed: json(c.proposed),
        previous: json(c.previous),
        reason: c.reason,
        status: 0,
        user_id: c.userId,
        create_by: c.createBy,
        create_time: now,
        update_time: now,
      })
      .returning('change_id')
      .executeTakeFirstOrThrow();
    const found = await this.findById(row.change_id);
    if (found === null) throw new Error('inserted filing change not found');
    return found;
  }

  /** A change still at 0 whose approval was rejected or withdrawn reads as its approval does. */
  private select() {
    return this.db
      .selectFrom('lixiang_change as lc')
      .leftJoin('approval as a', 'a.approval_id', 'lc.approval_id')
      .selectAll('lc')
      .select(nickNameOf('lc.create_by').as('create_by_name'))
      .select(
        sql<number>`case when lc.status = 0 and a.status in (2, 3) then a.status else lc.status end`.as(
          'live_status',
        ),
      );
  }

  async findById(changeId: number): Promise<LixiangChange | null> {
    const row = await this.select().where('lc.change_id', '=', changeId).executeTakeFirst();
    return row === undefined ? null : toChange(row);
  }

  async setApproval(changeId: number, approvalId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('lixiang_change')
      .set({ approval_id: Number(approvalId), update_time: now })
      .where('change_id', '=', changeId)
      .execute();
  }

  async setStatus(changeId: number, status: ApprovalStatus, now: Date): Promise<void> {
    await this.db
      .updateTable('lixiang_change')
      .set({ status, update_time: now })
      .where('change_id', '=', changeId)
      .execute();
  }

  async listByFiling(lxId: number): Promise<readonly LixiangChange[]> {
    const rows = await this.select().where('lc.lx_id', '=', lxId).orderBy('lc.change_id').execute();
    return rows.map(toChange);
  }
}

function toChange(r: {
  change_id: number;
  lx_id: number;
  proposed: unknown;
  previous: unknown;
  reason: string;
  live_status: number;
  approval_id: number | null;
  user_id: number;
  create_by: string;
  create_by_name?: string | null;
  create_time: Date;
}): LixiangChange {
  return {
    changeId: r.change_id,
    lxId: r.lx_id,
    proposed: parsed(r.proposed, {} as LixiangChange['proposed']),
    previous: parsed(r.previous, {} as LixiangChange['previous']),
    reason: r.reason,
    status: Number(r.live_status) as ApprovalStatus,
    approvalId: r.approval_id === null ? null : String(r.approval_id),
    userId: r.user_id,
    createBy: r.create_by,
    createByName: personNameOf(r.create_by, r.create_by_name),
    createTime: r.create_time,
  };
}
