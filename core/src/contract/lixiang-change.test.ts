import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_DATA } from '../platform/data-scope.js';
import type { ApprovalStatus } from '../approval/approval-status.js';
import { lixiangChangeSheet } from '../approval/sheets/contract-sheets.js';
import { sheetFigure } from '../approval/sheets/approval-sheet.js';
import {
  LixiangChangeService,
  applyLixiangChangeOnApproval,
  type LixiangChange,
  type LixiangChangeRepositories,
} from './lixiang-change.js';
import { inMemoryRecordApprovals } from '../test-support/record-approvals.js';
import { lixiangFees, validateLixiang, type Lixiang } from './lixiang.js';

const RATES = {
  technicalFee_rate: '0.1',
  operateFee_rate: '0.2',
  expertFee_rate: '0.05',
  designFee_rate: '0.5',
};

function filingOf(status: ApprovalStatus, history: boolean): Lixiang {
  const f = validateLixiang({
    projectName: '备案项目',
    lxNo: 'LX-1',
    bizSource: '1',
    totalAmount: '100',
    cleanAmount: '90',
    directFee: '10',
  });
  if (!f.ok) throw new Error(f.error.message);
  const fees = lixiangFees(f.value, { market: RATES });
  if (!fees.ok) throw new Error(fees.error.message);
  return {
    ...f.value,
    ...fees.value.fees,
    lxId: 1,
    feeRates: fees.value.rates,
    history,
    status,
    approvalId: null,
    version: 0,
    deptId: 103,
    userId: 5,
    createBy: 'zhjy',
    createByName: 'zhjy',
    createTime: new Date(0),
    updateTime: new Date(0),
  };
}

/** One filing and its changes in memory, behind the ports the change uses. */
function world(initial: Lixiang) {
  let filing = initial;
  const changes: LixiangChange[] = [];
  const history: { action: string; changes: object }[] = [];
  const repos = {
    lixiang: {
      findById: (id: number) => Promise.resolve(id === filing.lxId ? filing : null),
      save: (_id: number, version: number, c: Record<string, unknown>) => {
        if (version !== filing.version) return Promise.resolve(null);
        const fields = c['fields'] ?? {};
        const fees = c['fees'] ?? {};
        filing = { ...filing, ...fields, ...fees, version: filing.version + 1 };
        return Promise.resolve(filing);
      },
    },
    lixiangChanges: {
      insert: (c: Omit<LixiangChange, 'changeId' | 'status' | 'approvalId' | 'createTime'>) => {
        const made: LixiangChange = {
          ...c,
          changeId: changes.length + 1,
          status: 0,
          approvalId: null,
          createTime: new Date(0),
        };
        changes.push(made);
        return Promise.resolve(made);
      },
      findById: (id: number) => Promise.resolve(changes.find((c) => c.changeId === id) ?? null),
      setApproval: (id: number, approvalId: string) => {
        const i = changes.findIndex((c) => c.changeId === id);
        changes[i] = { ...changes[i]!, approvalId };
        return Promise.resolve();
      },
      setStatus: (id: number, status: ApprovalStatus) => {
        const i = changes.findIndex((c) => c.changeId === id);
        changes[i] = { ...changes[i]!, status };
        return Promise.resolve();
      },
      listByFiling: () => Promise.resolve([...changes]),
    },
    approvals: inMemoryRecordApprovals(() => ({
      ok: true,
      value: { approvalId: '77', status: 0 },
    })),
    rates: { current: () => Promise.resolve({ market: { designFee_rate: '0.9' } }) },
    history: {
      append: (h: { action: string; changes: object }) => {
        history.push(h);
        return Promise.resolve();
      },
    },
  } as unknown as LixiangChangeRepositories;
  const service = new LixiangChangeService(
    { transaction: (fn) => fn(repos) },
    { now: () => new Date(0) },
  );
  return { service, repos, filing: () => filing, changes, history };
}

const actor = { userId: 5, userName: 'zhjy', deptId: 103, scope: ALL_DATA };
const amount = fc
  .integer({ min: 1001, max: 1_000_000 })
  .map((n) => (n / 100).toFixed(2).replace(/\.?0+$/, ''));

describe('a filing change (备案变更 12_x)', () => {
  it('goes only on a formal filing: approved or recorded after the fact', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<ApprovalStatus>(-1, 0, 1, 2, 3),
        fc.boolean(),
        async (status, history) => {
          const w = world(filingOf(status, history));
          const r = await w.service.request(
            1,
            { fields: { totalAmount: '120' }, reason: '增项' },
            actor,
          );
          expect(r.ok).toBe(status === 1 || history);
          if (!r.ok) {
            expect(r.error.field).toBe('lxId');
            expect(w.changes).toEqual([]);
          }
        },
      ),
    );
  });

  it('approved applies exactly the proposal with the filing’s own rates; refused leaves it', async () => {
    await fc.assert(
      fc.asyncProperty(amount, fc.constantFrom<ApprovalStatus>(1, 2, 3), async (total, end) => {
        const w = world(filingOf(1, false));
        const r = await w.service.request(
          1,
          { fields: { totalAmount: total, cleanAmount: total }, reason: '金额调整' },
          actor,
        );
        if (total === '100') {
          expect(r).toMatchObject({ ok: false, error: { field: 'fields' } });
          return;
        }
        if (!r.ok) throw new Error(r.error.message);
        const before = w.filing();
        const applied = await applyLixiangChangeOnApproval(w.repos, {
          approvalId: '77',
          recordId: String(r.value.change.changeId),
          status: end,
          at: new Date(1),
        });
        expect(applied.ok).toBe(true);
        expect(w.changes[0]!.status).toBe(end);
        if (end !== 1) {
          expect(w.filing()).toEqual(before);
          return;
        }
        // The split of the proposal with the rates the filing was computed with (not today's).
        const expected = lixiangFees(w.changes[0]!.proposed, { market: before.feeRates });
        if (!expected.ok) throw new Error(expected.error.message);
        expect(w.filing()).toMatchObject({
          totalAmount: total,
          cleanAmount: total,
          designFee: expected.value.fees.designFee,
        });
        expect(w.history.at(-1)).toMatchObject({
          action: 'lixiangChange',
          changes: { totalAmount: ['100', total] },
        });
      }),
    );
  });

  it('holds the filing: no second change while one runs', async () => {
    const w = world(filingOf(1, false));
    expect((await w.service.request(1, { fields: { remark: 'a' }, reason: 'x' }, actor)).ok).toBe(
      true,
    );
    expect(
      await w.service.request(1, { fields: { remark: 'b' }, reason: 'y' }, actor),
    ).toMatchObject({ ok: false, error: { code: 'CONTRACT.CHANGE_LOCKED', field: 'lxId' } });
  });

  it('its sheet lists each changed field before → after by label, amounts in 万元', async () => {
    const w = world(filingOf(1, false));
    const r = await w.service.request(
      1,
      { fields: { projectName: '新名', totalAmount: '150' }, reason: '补充协议' },
      actor,
    );
    if (!r.ok) throw new Error(r.error.message);
    const sheet = lixiangChangeSheet(w.changes[0]!);
    expect(sheet.title).toBe('备案变更');
    const changed = { ...sheet, sections: [sheet.sections[1]!] };
    expect(sheetFigure(changed, 'totalAmount')).toMatchObject({
      label: '合同金额',
      unit: '万元',
      before: '100',
      value: '150',
    });
    expect(sheetFigure(changed, 'projectName')).toMatchObject({
      label: '项目名称',
      before: '备案项目',
      value: '新名',
    });
    expect(sheetFigure(sheet, 'reason')?.value).toBe('补充协议');
    expect(sheetFigure(sheet, 'lxNo')?.value).toBe('LX-1');
    // Only what changes: the net amount (90) stays as it was, so it is not listed.
    expect(sheet.sections[1]!.figures.map((f) => f.key).sort()).toEqual([
      'projectName',
      'totalAmount',
    ]);
  });
});
