/** The contract use cases' other ports over SQL: the fee rate sets, history. */
import {
  type RecordHistoryRepository,
  FEE_CATEGORIES,
  FEE_RATE_DICT_TYPES,
  rateSetFromDict,
  type ContractRepositories,
  type EngineClock,
  type FeeRateSets,
  type FeeRateSource,
  type LinkedRecordRegistry,
} from '@dpms/core';
import { type Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { EngineRecordApprovalPort } from './sql-approval-submit.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import { type Db } from './sql-helpers.js';
import { json } from './sql-contract-rows.js';
import { SqlContractRepository } from './sql-contract-table.js';
import { SqlContractChangeRepository } from './sql-contract-change.repository.js';

/** The fee rate sets as stored now: one dictionary per category (FEE_RATE_DICT_TYPES). */
export class SqlFeeRateSource implements FeeRateSource {
  constructor(private readonly db: Db) {}

  async current(): Promise<FeeRateSets> {
    const rows = await this.db
      .selectFrom('sys_dict_data')
      .select(['dict_type', 'dict_label', 'dict_value'])
      .where('dict_type', 'in', Object.values(FEE_RATE_DICT_TYPES))
      .where('status', '=', '0')
      .execute();
    const sets: Record<string, ReturnType<typeof rateSetFromDict>> = {};
    for (const category of FEE_CATEGORIES) {
      const type = FEE_RATE_DICT_TYPES[category];
      sets[category] = rateSetFromDict(
        rows
          .filter((r) => r.dict_type === type)
          .map((r) => ({ dictLabel: r.dict_label, dictValue: r.dict_value })),
      );
    }
    return sets;
  }
}

/** The contract ports bound to one connection or transaction. */
export function createContractRepositories(
  db: Kysely<Database>,
  linked: LinkedRecordRegistry<Kysely<Database>>,
  clock: EngineClock,
): ContractRepositories {
  return {
    contracts: new SqlContractRepository(db),
    rates: new SqlFeeRateSource(db),
    approvals: new EngineRecordApprovalPort(db, linked, clock),
    changes: new SqlContractChangeRepository(db),
    idempotency: new SqlIdempotencyRepository(db),
  };
}

/** History lines of filings, sub-contracts and extensions (contract_history by record_kind). */
export class SqlRecordHistoryRepository implements RecordHistoryRepository {
  constructor(private readonly db: Db) {}

  async append(e: Parameters<RecordHistoryRepository['append']>[0]): Promise<void> {
    await this.db
      .insertInto('contract_history')
      .values({
        record_kind: e.recordKind,
        record_id: e.recordId,
        action: e.action,
        changes: json(e.changes),
        user_id: e.userId,
        user_name: e.userName,
        at: e.at,
      })
      .execute();
  }
}
