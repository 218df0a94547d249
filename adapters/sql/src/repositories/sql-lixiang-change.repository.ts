import type { ApprovalStatus, LixiangChange, LixiangChangeRepository } from '@dpms/core';
import {
  changeFields,
  liveChangeStatus,
  newChangeValues,
  setChangeApproval,
  setChangeStatus,
  type ChangeRow,
} from './sql-change-rows.js';
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
        ...newChangeValues(c, now),
      })
      .returning('change_id')
      .executeTakeFirstOrThrow();
    const found = await this.findById(row.change_id);
    if (found === null) throw new Error('inserted filing change not found');
    return found;
  }

  private select() {
    return this.db
      .selectFrom('lixiang_change as lc')
      .leftJoin('approval as a', 'a.approval_id', 'lc.approval_id')
      .selectAll('lc')
      .select(nickNameOf('lc.create_by').as('create_by_name'))
      .select(liveChangeStatus('lc'));
  }

  async findById(changeId: number): Promise<LixiangChange | null> {
    const row = await this.select().where('lc.change_id', '=', changeId).executeTakeFirst();
    return row === undefined ? null : toChange(row);
  }

  async listByFiling(lxId: number): Promise<readonly LixiangChange[]> {
    const rows = await this.select().where('lc.lx_id', '=', lxId).orderBy('lc.change_id').execute();
    return rows.map(toChange);
  }

  async setApproval(changeId: number, approvalId: string, now: Date): Promise<void> {
    await setChangeApproval(this.db, 'lixiang_change', changeId, approvalId, now);
  }

  async setStatus(changeId: number, status: ApprovalStatus, now: Date): Promise<void> {
    await setChangeStatus(this.db, 'lixiang_change', changeId, status, now);
  }
}

function toChange(r: ChangeRow & { lx_id: number }): LixiangChange {
  return {
    ...changeFields<LixiangChange['proposed'], LixiangChange['previous']>(r),
    lxId: r.lx_id,
  };
}
