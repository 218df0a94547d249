import {
  ALL_DATA,
  computeContractFees,
  feeCategoryOf,
  feeSourceOf,
  lixiangFees,
  MoneyDecimal,
  splitFees,
  type Contract,
} from '@dpms/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import {
  SqlContractRepository,
  SqlFeeRateSource,
} from '../repositories/sql-contract.repository.js';
import { SqlLixiangRepository } from '../repositories/sql-lixiang.repository.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { DEMO_CONTRACT_COUNTS } from './demo-contracts.js';

/** Every contract the demo seed made through the use cases (other seeds write theirs as 'seed'). */
async function seededContracts(handle: DatabaseHandle): Promise<Contract[]> {
  const repo = new SqlContractRepository(handle.db);
  const out: Contract[] = [];
  let after = 0;
  for (;;) {
    const rows = await repo.listBatch({}, ALL_DATA, after, 500);
    out.push(...rows.filter((c) => c.createBy !== 'seed'));
    const last = rows[rows.length - 1];
    if (rows.length < 500 || last === undefined) return out;
    after = last.contractId;
  }
}

describe.each(testDatabaseKinds())('the demo contracts on %s', (kind) => {
  let handle: DatabaseHandle;
  let contracts: Contract[];
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    contracts = await seededContracts(handle);
  });
  afterAll(() => handle.close());

  it('spread over every stage, source and approval status', () => {
    expect(contracts.length).toBeGreaterThanOrEqual(250);
    const stages = new Set(contracts.map((c) => c.stage));
    expect([...stages].sort()).toEqual(['contract', 'declare', 'formal', 'stay']);
    expect(new Set(contracts.map((c) => c.bizSource))).toEqual(new Set(['1', '2', '3']));
    const contractStatuses = new Set(
      contracts.filter((c) => c.stage === 'contract').map((c) => c.status),
    );
    for (const s of [-1, 0, 2] as const) expect(contractStatuses.has(s)).toBe(true);
    // Reviews approved through the engine made their contracts formal.
    const approvedReviews = contracts.filter((c) => c.stage === 'formal' && c.approvalId !== null);
    expect(approvedReviews).toHaveLength(DEMO_CONTRACT_COUNTS.reviewsApproved);
    expect(contracts.filter((c) => c.stage === 'stay' && c.effective).length).toBeGreaterThan(0);
    expect(contracts.filter((c) => c.stage === 'stay' && !c.effective).length).toBeGreaterThan(0);
    // One change still in approval holds its contract.
    expect(contracts.filter((c) => c.changeId !== null)).toHaveLength(1);
  });

  it('stores, for every seeded contract, exactly the fee split core computes from its stored inputs', () => {
    for (const c of contracts) {
      const source = feeSourceOf(c.stage, c);
      const split = splitFees({
        bizSource: source,
        signDate: c.signDate,
        totalAmount: c.totalAmount,
        cleanAmount: c.cleanAmount,
        directFee: c.directFee,
        realAmountRate: c.realAmountRate,
        rateSets: { [feeCategoryOf(source)]: c.feeRates },
      });
      expect(split.ok, `contract ${String(c.contractId)}`).toBe(true);
      if (!split.ok) continue;
      const s = split.value;
      expect(
        {
          realAmount: c.realAmount,
          directFee: c.directFee,
          technicalFee: c.technicalFee,
          operateFee: c.operateFee,
          expertFee: c.expertFee,
          designFee: c.designFee,
        },
        `contract ${String(c.contractId)}`,
      ).toEqual({
        realAmount: s.realAmount,
        directFee: s.directFee,
        technicalFee: s.technicalFee,
        operateFee: s.operateFee,
        expertFee: s.expertFee,
        designFee: s.designFee,
      });
    }
  });

  it('stores non-zero fees equal to the core split for every seeded contract with an amount, whichever seed wrote it', async () => {
    const repo = new SqlContractRepository(handle.db);
    const all: Contract[] = [];
    for (let after = 0; ;) {
      const rows = await repo.listBatch({}, ALL_DATA, after, 500);
      all.push(...rows);
      const last = rows[rows.length - 1];
      if (rows.length < 500 || last === undefined) break;
      after = last.contractId;
    }
    // The design-task demo's formal contracts (RW-DEMO-HT-*) are written by another seed.
    const demoTaskContracts = all.filter((c) => c.contractNo.startsWith('RW-DEMO-HT-'));
    expect(demoTaskContracts.map((c) => c.contractNo).sort()).toEqual([
      'RW-DEMO-HT-001',
      'RW-DEMO-HT-002',
      'RW-DEMO-HT-003',
    ]);
    const rates = await new SqlFeeRateSource(handle.db).current();
    const withAmount = all.filter((c) => new MoneyDecimal(c.totalAmount).gt(0));
    expect(withAmount.length).toBeGreaterThan(contracts.length - 1);
    for (const c of withAmount) {
      const label = `contract ${c.contractNo || String(c.contractId)}`;
      const computed = computeContractFees(c, c.stage, rates, c);
      expect(computed.ok, label).toBe(true);
      if (!computed.ok) continue;
      const f = computed.value.fees;
      const stored = {
        realAmount: c.realAmount,
        directFee: c.directFee,
        technicalFee: c.technicalFee,
        operateFee: c.operateFee,
        expertFee: c.expertFee,
        designFee: c.designFee,
      };
      expect(stored, label).toEqual({
        realAmount: f.realAmount,
        directFee: f.directFee,
        technicalFee: f.technicalFee,
        operateFee: f.operateFee,
        expertFee: f.expertFee,
        designFee: f.designFee,
      });
      const feeTotal = [c.technicalFee, c.operateFee, c.expertFee, c.designFee].reduce(
        (sum, v) => sum.plus(new MoneyDecimal(v)),
        new MoneyDecimal(0),
      );
      expect(feeTotal.gt(0), `${label}: fees are zero`).toBe(true);
      expect(c.feeRates, label).toEqual(computed.value.rates);
    }
  });

  it('files, sub-contracts with pay items, extensions and approvals around them', async () => {
    const db = handle.db;
    const filings = await new SqlLixiangRepository(db).list({ filter: {} }, ALL_DATA);
    expect(filings.total).toBeGreaterThanOrEqual(DEMO_CONTRACT_COUNTS.filings);
    expect(new Set(filings.rows.map((l) => l.status)).size).toBeGreaterThanOrEqual(3);
    for (const l of filings.rows) {
      const fees = lixiangFees(l, {
        [l.bizSource === '1' ? 'market' : l.bizSource === '2' ? 'inner' : 'union']: l.feeRates,
      });
      expect(fees.ok && fees.value.fees.realAmount, `filing ${String(l.lxId)}`).toBe(l.realAmount);
    }
    const count = async (
      table: 'contract_child' | 'contract_child_pay' | 'extend_sub_contract' | 'contract_change',
    ) =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('contract_child')).toBeGreaterThanOrEqual(DEMO_CONTRACT_COUNTS.subContracts);
    expect(await count('contract_child_pay')).toBeGreaterThan(0);
    expect(await count('extend_sub_contract')).toBe(DEMO_CONTRACT_COUNTS.extensions);
    expect(await count('contract_change')).toBe(DEMO_CONTRACT_COUNTS.changes + 1);
    const kinds = await db
      .selectFrom('approval')
      .select(['record_kind'])
      .where('record_kind', 'in', ['contract', 'lixiang', 'contractChild', 'contractChange'])
      .groupBy('record_kind')
      .execute();
    expect(kinds.map((k) => k.record_kind).sort()).toEqual([
      'contract',
      'contractChange',
      'contractChild',
      'lixiang',
    ]);
  });
});
