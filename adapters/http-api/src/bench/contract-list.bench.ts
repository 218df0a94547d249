import { sql, type Kysely } from 'kysely';
import type { Database } from '@dpms/sql';
import { insertGeneratedContracts } from '@dpms/sql/testing';
import { measureEndpoints } from './endpoints.js';
import { exportAgainstCeiling } from './export-ceiling.js';

const CONTRACTS = 100_000;

/** 100,000 generated contracts, every one in the two stages the list and its export read. */
async function seedContracts(db: Kysely<Database>): Promise<void> {
  await insertGeneratedContracts(db, CONTRACTS);
  await sql`update contract set stage = case when contract_id % 2 = 0 then 'contract' else 'formal' end,
    status = case when contract_id % 2 = 0 then -1 else 1 end
    where create_by = 'gen'`.execute(db);
  await sql`vacuum analyze contract`.execute(db);
}

/**
 * `GET /v4/contract/list` (20 rows of 100,000 generated contracts, filtered by source and sorted
 * by amount, as admin) against its SQL ceiling and on the external server; then the
 * 100,000-row `GET /v4/contract/export` against exceljs writing the same rows from memory.
 * Writes bench-results/http-api-contract-list.{json,md}.
 */
export async function main(): Promise<void> {
  await measureEndpoints({
    name: 'http-api-contract-list',
    title: 'GET /v4/contract/list against its SQL ceiling, and the contract export',
    data: `${CONTRACTS.toLocaleString('en-US')} contracts`,
    seed: seedContracts,
    endpoints: [
      {
        figure: '/v4/contract/list',
        path:
          '/v4/contract/list?pageNum=3&pageSize=20&stage=formal&bizSource=2' +
          '&orderByColumn=totalAmount&isAsc=desc',
        user: 'admin',
        order: 1.3,
        check: (body) => {
          const rows = (body as { rows?: unknown[] }).rows ?? [];
          if (rows.length !== 20) throw new Error(`expected 20 rows, got ${rows.length}`);
        },
      },
    ],
    extra: async ({ base, auth }) =>
      exportAgainstCeiling(`${base}/v4/contract/export`, await auth('admin'), 'contracts', 5),
  });
}
