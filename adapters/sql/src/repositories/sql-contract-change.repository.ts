import {
  type ContractChange,
  type ContractChangeRepository,
  type ApprovalStatus,
} from '@dpms/core';
import { nickNameOf, type Db } from './sql-helpers.js';
import {
  changeFields,
  liveChangeStatus,
  newChangeValues,
  setChangeApproval,
  setChangeStatus,
  type ChangeRow,
} from './sql-change-rows.js';

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
        ...newChangeValues(c, now),
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
      .select(liveChangeStatus('cc'));
  }

  async findById(changeId: number): Promise<ContractChange | null> {
    const row = await this.select().where('cc.change_id', '=', changeId).executeTakeFirst();
    return row === undefined ? null : toChange(row);
  }

  async setApproval(changeId: number, approvalId: string, now: Date): Promise<void> {
    await setChangeApproval(this.db, 'contract_change', changeId, approvalId, now);
  }

  async setStatus(changeId: number, status: ApprovalStatus, now: Date): Promise<void> {
    await setChangeStatus(this.db, 'contract_change', changeId, status, now);
  }

  async listByContract(contractId: number): Promise<readonly ContractChange[]> {
    const rows = await this.select()
      .where('cc.contract_id', '=', contractId)
      .orderBy('cc.change_id')
      .execute();
    return rows.map(toChange);
  }
}

function toChange(r: ChangeRow & { contract_id: number }): ContractChange {
  return {
    ...changeFields<ContractChange['proposed'], ContractChange['previous']>(r),
    contractId: r.contract_id,
  };
}
