import {
  personNameOf,
  type ContractChange,
  type ContractChangeRepository,
  type ApprovalStatus,
} from '@dpms/core';
import { sql } from 'kysely';
import { nickNameOf, type Db } from './sql-helpers.js';
import { json, parsed } from './sql-contract-rows.js';

/** Contract changes (28_1): the proposal, what it replaced, and its approval's status. */
export class SqlContractChangeRepository implements ContractChangeRepository {
  constructor(private readonly db: Db) {}

  async insert(
    c: Parameters<ContractChangeRepository['insert']>[0],
    now: Date,
  ): Promise<ContractChange> {
    const row = await this.db
      .insertInto('contract_change')
      .values({
        contract_id: c.contractId,
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
    if (found === null) throw new Error('inserted contract change not found');
    return found;
  }

  private select() {
    return this.db
      .selectFrom('contract_change as cc')
      .leftJoin('approval as a', 'a.approval_id', 'cc.approval_id')
      .selectAll('cc')
      .select(nickNameOf('cc.create_by').as('create_by_name'))
      .select(
        sql<number>`case when cc.status = 0 and a.status in (2, 3) then a.status else cc.status end`.as(
          'live_status',
        ),
      );
  }

  async findById(changeId: number): Promise<ContractChange | null> {
    const row = await this.select().where('cc.change_id', '=', changeId).executeTakeFirst();
    return row === undefined ? null : toChange(row);
  }

  async setApproval(changeId: number, approvalId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('contract_change')
      .set({ approval_id: Number(approvalId), update_time: now })
      .where('change_id', '=', changeId)
      .execute();
  }

  async setStatus(changeId: number, status: ApprovalStatus, now: Date): Promise<void> {
    await this.db
      .updateTable('contract_change')
      .set({ status, update_time: now })
      .where('change_id', '=', changeId)
      .execute();
  }

  async listByContract(contractId: number): Promise<readonly ContractChange[]> {
    const rows = await this.select()
      .where('cc.contract_id', '=', contractId)
      .orderBy('cc.change_id')
      .execute();
    return rows.map(toChange);
  }
}

function toChange(r: {
  change_id: number;
  contract_id: number;
  proposed: unknown;
  previous: unknown;
  reason: string;
  live_status: number;
  approval_id: number | null;
  user_id: number;
  create_by: string;
  create_by_name?: string | null;
  create_time: Date;
}): ContractChange {
  return {
    changeId: r.change_id,
    contractId: r.contract_id,
    proposed: parsed(r.proposed, {} as ContractChange['proposed']),
    previous: parsed(r.previous, {} as ContractChange['previous']),
    reason: r.reason,
    status: Number(r.live_status) as ApprovalStatus,
    approvalId: r.approval_id === null ? null : String(r.approval_id),
    userId: r.user_id,
    createBy: r.create_by,
    createByName: personNameOf(r.create_by, r.create_by_name),
    createTime: r.create_time,
  };
}
