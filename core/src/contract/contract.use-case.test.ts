import { describe, expect, it } from 'vitest';
import { ALL_DATA } from '../platform/data-scope.js';
import { domainError, err, ok } from '../shared/result.js';
import type { Contract, ContractHistoryEntry } from './contract.js';
import type { ContractRepositories, ContractRepository } from './contract.repository.port.js';
import { CONTRACT_RECORD_KIND, ContractService, type ContractActor } from './contract.use-case.js';
import { inMemoryRecordApprovals } from '../test-support/record-approvals.js';

/** An in-memory store with copy-on-transaction, so a refused write leaves nothing behind. */
function memory(approvalOk = true) {
  let rows = new Map<number, Contract>();
  let history: ContractHistoryEntry[] = [];
  let nextId = 1;
  const approvals = inMemoryRecordApprovals((_, n) =>
    approvalOk
      ? ok({ approvalId: String(100 + n), status: 0 })
      : err(domainError('APPROVAL.NO_FLOW', '没有流程')),
  );
  const contracts = (): ContractRepository => ({
    list: () => Promise.resolve({ total: rows.size, rows: [...rows.values()] }),
    listBatch: () => Promise.resolve([...rows.values()]),
    findById: (id) => Promise.resolve(rows.get(id) ?? null),
    lockById: (id) => Promise.resolve(rows.get(id) ?? null),
    authorOf: (id) => Promise.resolve(rows.get(Number(id))?.userId.toString() ?? null),
    personOf: () => Promise.resolve(null),
    insert: (r, now) => {
      const c: Contract = {
        ...r.fields,
        ...r.fees,
        ...r.state,
        contractId: nextId++,
        feeRates: r.feeRates,
        version: 0,
        deptId: r.deptId,
        userId: r.userId,
        createBy: r.createBy,
        createByName: r.createBy,
        createTime: now,
        updateTime: now,
      };
      rows.set(c.contractId, c);
      return Promise.resolve(ok(c));
    },
    save: (id, v, ch, now) => {
      const c = rows.get(id);
      if (!c || c.version !== v) return Promise.resolve(ok(null));
      if (ch.state?.deleted) {
        rows.delete(id);
        return Promise.resolve(ok(c));
      }
      const n: Contract = {
        ...c,
        ...(ch.fields ?? {}),
        ...(ch.fees ?? {}),
        ...(ch.state ?? {}),
        ...(ch.contractName ? { contractName: ch.contractName } : {}),
        version: v + 1,
        updateTime: now,
      };
      rows.set(id, n);
      return Promise.resolve(ok(n));
    },
    appendHistory: (e) => {
      history.push(e);
      return Promise.resolve();
    },
    listHistory: (id) => Promise.resolve(history.filter((h) => h.contractId === id)),
    summary: () => Promise.reject(new Error('not used')),
    chart: () => Promise.resolve([]),
  });
  const repos = (): ContractRepositories => ({
    contracts: contracts(),
    rates: {
      current: () =>
        Promise.resolve({
          market: {
            technicalFee_rate: '0.05',
            operateFee_rate: '0.03',
            expertFee_rate: '0.02',
            designFee_rate: '0.025',
          },
        }),
    },
    approvals,
    changes: {
      insert: () => Promise.reject(new Error('not used')),
      findById: () => Promise.resolve(null),
      setApproval: () => Promise.resolve(),
      setStatus: () => Promise.resolve(),
      listByContract: () => Promise.resolve([]),
    },
  });
  const service = new ContractService(
    {
      async transaction(fn) {
        const saved = { rows: new Map(rows), history: [...history], nextId };
        try {
          return await fn(repos());
        } catch (e) {
          rows = saved.rows;
          history = saved.history;
          nextId = saved.nextId;
          throw e;
        }
      },
    },
    { now: () => new Date('2026-01-02T03:04:05Z') },
  );
  return { service, history: () => history, repos, approvals };
}

const actor: ContractActor = { userId: 5, userName: 'zhjy', deptId: 3, scope: ALL_DATA };
const input = {
  projectName: '项目',
  contractName: '合同',
  bizSource: '1',
  totalAmount: '200',
  cleanAmount: '100',
  directFee: '10',
  signByMain: '甲',
  signBySub: '乙',
  signDate: '2023-05-01',
};

const value = <T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('ContractService', () => {
  it('computes the fee split on the server and logs who added it', async () => {
    const m = memory();
    const c = value(await m.service.add('contract', input, actor));
    expect(c).toMatchObject({
      realAmount: '90',
      technicalFee: '4.5',
      stage: 'contract',
      status: -1,
      userId: 5,
      deptId: 3,
    });
    expect(m.history()).toMatchObject([{ action: 'add', userName: 'zhjy' }]);
  });

  it('refuses a browser sum that differs from the server', async () => {
    const m = memory();
    const r = await m.service.add('contract', { ...input, realAmount: '95' }, actor);
    expect(r).toMatchObject({
      ok: false,
      error: { code: 'CONTRACT.FEE_MISMATCH', field: 'realAmount' },
    });
  });

  it('submits through the approval port, locks, and becomes formal when approved', async () => {
    const m = memory();
    const c = value(await m.service.add('contract', input, actor));
    const pending = value(await m.service.submit(c.contractId, undefined, actor));
    expect(pending).toMatchObject({ status: 0, approvalId: '101' });
    expect(m.approvals.submitted).toEqual([
      expect.objectContaining({
        kind: 'Contract',
        typeCode: '1_1',
        recordKind: CONTRACT_RECORD_KIND,
        recordId: String(c.contractId),
        drafterId: 5,
        drafterDeptId: 3,
        idempotencyScope: 'contract.submit',
      }),
    ]);
    expect(await m.service.delete(c.contractId, ['contract'], actor)).toMatchObject({
      ok: false,
      error: { code: 'CONTRACT.LOCKED' },
    });
    value(
      await m.service.approvalEnded(m.repos(), {
        approvalId: '101',
        recordId: String(c.contractId),
        status: 1,
        at: new Date(),
      }),
    );
    const formal = value(await m.service.detail(c.contractId, actor)).contract;
    expect(formal).toMatchObject({ stage: 'formal', status: 1 });
    expect(await m.service.delete(c.contractId, ['contract', 'formal'], actor)).toMatchObject({
      ok: false,
      error: { code: 'CONTRACT.APPROVED' },
    });
  });

  it('leaves the contract unlocked and unchanged when the engine refuses', async () => {
    const m = memory(false);
    const c = value(await m.service.add('contract', input, actor));
    expect(await m.service.submit(c.contractId, undefined, actor)).toMatchObject({
      ok: false,
      error: { code: 'APPROVAL.NO_FLOW' },
    });
    expect(value(await m.service.detail(c.contractId, actor)).contract.status).toBe(-1);
    expect(m.history().map((h) => h.action)).toEqual(['add']);
  });

  it('refuses a review type of another group and a contract without its parties', async () => {
    const m = memory();
    const c = value(await m.service.add('contract', input, actor));
    expect(await m.service.submit(c.contractId, '2_1', actor)).toMatchObject({
      ok: false,
      error: { field: 'typeCode' },
    });
    const bare = value(await m.service.add('contract', { ...input, signByMain: '' }, actor));
    expect(await m.service.submit(bare.contractId, undefined, actor)).toMatchObject({
      ok: false,
      error: { field: 'signByMain' },
    });
  });

  it('converts an unsigned contract once and keeps the change in the history', async () => {
    const m = memory();
    const c = value(await m.service.add('stay', input, actor));
    value(await m.service.convert(c.contractId, 'convertByStaySign', actor));
    expect(await m.service.convert(c.contractId, 'convertByStaySign', actor)).toMatchObject({
      ok: false,
      error: { code: 'CONTRACT.WRONG_STAGE' },
    });
    const h = m.history().find((e) => e.action === 'convertByStaySign');
    expect(h?.changes.stage).toEqual(['stay', 'contract']);
  });

  it('saves and submits in one go: a refused submit leaves no record behind', async () => {
    const m = memory();
    const refusedMain = await m.service.saveAndSubmit(
      { stage: 'contract', input: { ...input, signByMain: '', signBySub: '' } },
      actor,
    );
    expect(refusedMain).toMatchObject({ ok: false, error: { field: 'signByMain' } });
    const engineRefuses = memory(false);
    expect(
      await engineRefuses.service.saveAndSubmit({ stage: 'contract', input }, actor),
    ).toMatchObject({ ok: false, error: { code: 'APPROVAL.NO_FLOW' } });
    expect((await engineRefuses.service.list({} as never, actor)).total).toBe(0);
    expect(engineRefuses.history()).toEqual([]);
    expect((await m.service.list({} as never, actor)).total).toBe(0);
    const sent = value(await m.service.saveAndSubmit({ stage: 'contract', input }, actor));
    expect(sent).toMatchObject({ stage: 'contract', status: 0, approvalId: '101' });
    expect((await m.service.list({} as never, actor)).total).toBe(1);
    expect(m.history().map((h) => h.action)).toEqual(['add', 'updateToApproval']);
  });

  it('saves and submits an edited draft atomically with the version it was read at', async () => {
    const m = memory(false);
    const c = value(await m.service.add('contract', { ...input, signBySub: '' }, actor));
    const r = await m.service.saveAndSubmit(
      { stage: 'contract', contractId: c.contractId, version: c.version, input },
      actor,
    );
    expect(r).toMatchObject({ ok: false, error: { code: 'APPROVAL.NO_FLOW' } });
    // The edit rolled back with the refused submit.
    expect(value(await m.service.detail(c.contractId, actor)).contract.signBySub).toBe('');
  });

  it('converts only with both parties and the sign date, filling what the record lacks', async () => {
    const m = memory();
    const bare = value(
      await m.service.add('stay', { ...input, signByMain: '', signBySub: '', signDate: '' }, actor),
    );
    expect(await m.service.convert(bare.contractId, 'convertByStaySign', actor)).toMatchObject({
      ok: false,
      error: { field: 'signByMain', message: '甲方不能为空' },
    });
    expect(value(await m.service.detail(bare.contractId, actor)).contract.stage).toBe('stay');
    const converted = value(
      await m.service.convert(bare.contractId, 'convertByStaySign', actor, undefined, {
        signByMain: '甲方单位',
        signBySub: '乙方单位',
        signDate: '2024-06-01',
      }),
    );
    expect(converted).toMatchObject({
      stage: 'contract',
      signByMain: '甲方单位',
      signBySub: '乙方单位',
      signDate: '2024-06-01',
    });
    // What conversion makes can be submitted as it is.
    expect(value(await m.service.submit(bare.contractId, undefined, actor)).status).toBe(0);
  });
});
