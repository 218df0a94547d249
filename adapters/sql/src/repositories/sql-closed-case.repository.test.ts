import {
  ALL_DATA,
  clockAt,
  ClosingService,
  registerClosedCaseRecords,
  type ApprovalTypeCode,
  type ClosingActor,
} from '@dpms/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { createLinkedRecordRegistry } from './sql-approval.repository.js';
import { KyselyUnitOfWork } from './platform-repositories.js';
import { createClosedCaseRepositories } from './sql-closed-case.repository.js';
import { value, failure } from '../testing/results.js';

const manager: ClosingActor = { userId: 3, userName: 'xmjl', deptId: 110, scope: ALL_DATA };
const stranger: ClosingActor = {
  userId: 16,
  userName: 'bmfzr2',
  deptId: 112,
  scope: { kind: 'deptAndBelow', deptId: 112 },
};

describe.each(testDatabaseKinds())('closed case repositories on %s', (kind) => {
  let handle: DatabaseHandle;
  let service: ClosingService;
  let contractId: number;
  const linked = createLinkedRecordRegistry();
  const clock = { now: () => new Date() };
  registerClosedCaseRecords(linked, (trx, at) =>
    createClosedCaseRepositories(trx, linked, clockAt(at, clock)),
  );

  const end = (
    closedId: number,
    approvalId: string,
    typeCode: ApprovalTypeCode,
    status: 1 | 2 | 3,
  ) =>
    handle.db.transaction().execute((trx) =>
      linked.bind(trx).approvalEnded({
        approvalId,
        typeCode,
        recordKind: 'contract.closing',
        recordId: String(closedId),
        status,
        content: {},
        drafterId: '3',
        at: new Date(),
      }),
    );

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    service = new ClosingService(
      new KyselyUnitOfWork(handle.db, (trx) => createClosedCaseRepositories(trx, linked, clock)),
      clock,
    );
    const c = await handle.db
      .insertInto('contract')
      .values({
        stage: 'formal',
        status: 1,
        project_name: '结案测试项目',
        contract_name: '结案测试合同',
        biz_source: '1',
        total_amount: '100',
        direct_fee: '10',
        technical_fee: '5',
        expert_fee: '2.5',
        operate_fee: '1.333333',
        design_fee: '2.5',
        dept_id: 110,
        user_id: 3,
      })
      .returning('contract_id')
      .executeTakeFirstOrThrow();
    contractId = c.contract_id;
    await handle.db
      .insertInto('back_money')
      .values({ contract_id: contractId, back_amount: '80', back_date: '2026-03-01', user_id: 8 })
      .execute();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('reads the contract with what came back, under the data scope', async () => {
    const info = value(await service.contractInfo('closed', contractId, manager));
    expect(info.contract.backAmount).toBe('80');
    expect(info.record).toBeNull();
    expect(failure(await service.contractInfo('closed', contractId, stranger))).toBe(
      'CLOSING.CONTRACT_NOT_FOUND|contractId',
    );
  });

  it('refuses fees that do not add up, naming the field, and stores nothing', async () => {
    const r = await service.save(
      'closed',
      { contractId, closedCaseAmount: '40', fees: { designFee: '1.26' } },
      manager,
    );
    expect(failure(r)).toBe('VALIDATION.CLOSING_FEE_MISMATCH|designFee');
    expect(value(await service.contractInfo('closed', contractId, manager)).record).toBeNull();
  });

  it('draws a closed case, locks it in approval (11_2) and moves it and the contract when approved', async () => {
    const c = value(
      await service.save(
        'closed',
        { contractId, closedCaseAmount: '40', backAmount: '80' },
        manager,
      ),
    );
    expect(c).toMatchObject({
      status: 0,
      backAmount: '80',
      fees: { directFee: '5', technicalFee: '2.5', operateFee: '0.666667', designFee: '1.25' },
    });
    const sent = value(await service.submit('closed', c.closedId, manager));
    expect(sent.status).toBe(1);
    expect(sent.approvalId).not.toBeNull();
    expect(failure(await service.remove('closed', c.closedId, manager))).toBe(
      'CLOSING.APPROVED_NOT_DELETABLE|',
    );
    expect(
      failure(await service.save('closed', { contractId, closedCaseAmount: '30' }, manager)),
    ).toBe('CLOSING.LOCKED|');
    expect((await end(c.closedId, sent.approvalId ?? '', '11_2', 1)).ok).toBe(true);
    expect(value(await service.detail('closed', c.closedId, manager)).status).toBe(2);
    const contract = await handle.db
      .selectFrom('contract')
      .select(['closed_case_amount', 'settle_amount'])
      .where('contract_id', '=', contractId)
      .executeTakeFirstOrThrow();
    expect(Number(contract.closed_case_amount)).toBe(40);
    expect(failure(await service.remove('closed', c.closedId, manager))).toBe(
      'CLOSING.APPROVED_NOT_DELETABLE|',
    );
  });

  it('a rejected settlement (11_1) unlocks, may be redrawn and deleted', async () => {
    const s = value(
      await service.save('settle', { contractId, closedCaseAmount: '80' }, manager, true),
    );
    expect(s.status).toBe(1);
    expect((await end(s.closedId, s.approvalId ?? '', '11_1', 2)).ok).toBe(true);
    expect(value(await service.detail('settle', s.closedId, manager)).status).toBe(3);
    const redrawn = value(
      await service.save('settle', { contractId, closedCaseAmount: '60', remark: '重报' }, manager),
    );
    expect(redrawn).toMatchObject({ closedId: s.closedId, closedCaseAmount: '60', status: 3 });
    expect(failure(await service.detail('settle', s.closedId, stranger))).toBe(
      'CLOSING.NOT_FOUND|',
    );
    value(await service.remove('settle', s.closedId, manager));
    expect(failure(await service.detail('settle', s.closedId, manager))).toBe('CLOSING.NOT_FOUND|');
    const rows = [];
    for await (const r of service.exportRows({ kind: 'closed' }, manager)) rows.push(r);
    expect(rows.map((r) => r.contractId)).toContain(contractId);
  });
});

describe.each(testDatabaseKinds())('closing demo seed on %s', (kind) => {
  it('draws the demo closed cases through the closing rule', async () => {
    const handle = await openTestDatabase(kind);
    try {
      const rows = await handle.db
        .selectFrom('contract_closed_case')
        .select(['kind', 'closed_case_amount', 'back_amount', 'direct_fee', 'orig_direct_fee'])
        .orderBy('closed_id')
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      const first = rows[0];
      expect(first?.kind).toBe('closed');
      // Closed at what came back: the fees are the original ones.
      expect(Number(first?.closed_case_amount)).toBe(Number(first?.back_amount));
      expect(Number(first?.direct_fee)).toBe(Number(first?.orig_direct_fee));
    } finally {
      await handle.close();
    }
  });
});
