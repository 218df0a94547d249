import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyDecimal } from '../money/money-decimal.js';
import { toAmountString } from '../money/amount.js';
import type { FinishTask } from './finish.js';
import { FINISH_ERROR_CODES } from './finish-messages.js';
import {
  checkConfirmation,
  checkUnconfirmation,
  confirmableAmount,
  finishBlockers,
  parseFinishAmount,
  performUncollected,
} from './finish-rules.js';

const d = (v: string) => new MoneyDecimal(v);
const task = (over: Partial<FinishTask> = {}): FinishTask => ({
  taskId: 1,
  contractId: 9,
  taskNo: 'RW-1',
  taskName: '施工图',
  designStageName: '施工图设计',
  deptId: 110,
  deptName: '建筑一所',
  qualityType: '0',
  confirmed: 3,
  taskAmount: '50',
  confirmFinishAmount: '0',
  readyPaid: '0',
  backAllotted: '0',
  version: 0,
  ...over,
});
const formal = { stage: 'formal', finished: false };
/** Amounts in 万元 to the 分 (6 decimals), as strings. */
const amount = (max = 1_000_000_000) =>
  fc.integer({ min: 0, max }).map((n) => toAmountString(d(String(n)).div(1_000_000)));
const positive = (max = 1_000_000_000) =>
  fc.integer({ min: 1, max }).map((n) => toAmountString(d(String(n)).div(1_000_000)));

describe('parseFinishAmount', () => {
  it('takes an amount above zero with at most 6 decimals and refuses the rest', () => {
    expect(parseFinishAmount('12.5')).toEqual({ ok: true, value: '12.5' });
    for (const bad of ['0', '-1', '1.1234567', 'abc', '', 12, null, undefined, {}]) {
      const r = parseFinishAmount(bad);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error.field).toBe('confirmFinishAmount');
    }
  });
});

describe('checkConfirmation', () => {
  it('never lets a task be confirmed beyond its task amount, and adds exactly what is sent', () => {
    fc.assert(
      fc.property(amount(), amount(), positive(), (taskAmount, done, sent) => {
        fc.pre(d(done).lte(d(taskAmount)));
        const t = task({ taskAmount, confirmFinishAmount: done });
        const r = checkConfirmation(formal, t, sent);
        const fits = d(done).plus(d(sent)).lte(d(taskAmount));
        expect(r.ok).toBe(fits);
        if (r.ok) {
          expect(d(r.value).eq(d(done).plus(d(sent)))).toBe(true);
          expect(d(r.value).lte(d(taskAmount))).toBe(true);
        } else {
          expect(r.error.code).toBe(FINISH_ERROR_CODES.exceeds);
          expect(r.error.message).toContain(confirmableAmount(t));
        }
      }),
    );
  });

  it('refuses a finished contract, an unsigned one and a task its department has not confirmed', () => {
    const t = task();
    expect(checkConfirmation({ stage: 'formal', finished: true }, t, '1')).toMatchObject({
      ok: false,
      error: { code: FINISH_ERROR_CODES.finished },
    });
    expect(checkConfirmation({ stage: 'contract', finished: false }, t, '1')).toMatchObject({
      ok: false,
      error: { code: FINISH_ERROR_CODES.notFormal },
    });
    expect(checkConfirmation(formal, task({ confirmed: 2 }), '1')).toMatchObject({
      ok: false,
      error: { code: FINISH_ERROR_CODES.taskNotConfirmed },
    });
  });
});

describe('checkUnconfirmation', () => {
  it('a confirmation and its deletion leave the task where it was', () => {
    fc.assert(
      fc.property(amount(), amount(), positive(), (taskAmount, done, sent) => {
        fc.pre(d(done).plus(d(sent)).lte(d(taskAmount)));
        const t = task({ taskAmount, confirmFinishAmount: done });
        const up = checkConfirmation(formal, t, sent);
        expect(up.ok).toBe(true);
        if (!up.ok) return;
        const down = checkUnconfirmation(formal, { ...t, confirmFinishAmount: up.value }, sent);
        expect(down).toEqual({ ok: true, value: toAmountString(d(done)) });
      }),
    );
  });

  it('refuses a deletion that would leave less than the ready pay paid out, or below zero', () => {
    fc.assert(
      fc.property(
        amount(),
        positive(),
        amount(),
        fc.constantFrom('0' as const, '1' as const),
        (done, sent, paid, qualityType) => {
          const t = task({ confirmFinishAmount: done, readyPaid: paid, qualityType });
          const r = checkUnconfirmation(formal, t, sent);
          const after = d(done).minus(d(sent));
          const keep = qualityType === '1' ? d('0.85') : d('1');
          if (after.isNeg()) expect(r.ok).toBe(false);
          else expect(r.ok).toBe(d(toAmountString(after.times(keep))).gte(d(paid)));
        },
      ),
    );
    expect(
      checkUnconfirmation({ finished: true }, task({ confirmFinishAmount: '5' }), '1'),
    ).toMatchObject({
      ok: false,
      error: { code: FINISH_ERROR_CODES.finished },
    });
  });
});

describe('performUncollected', () => {
  it('is confirmed less collected, per task and for the contract, never below zero', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(amount(), amount()), { maxLength: 8 }),
        amount(),
        (pairs, back) => {
          const tasks = pairs.map(([confirmed, allotted], i) =>
            task({ taskId: i + 1, confirmFinishAmount: confirmed, backAllotted: allotted }),
          );
          const s = performUncollected(tasks, back);
          const performed = pairs.reduce((a, [c]) => a.plus(d(c)), d('0'));
          expect(d(s.performedAmount).eq(performed)).toBe(true);
          expect(d(s.uncollectedAmount).eq(MoneyDecimal.max(performed.minus(d(back)), 0))).toBe(
            true,
          );
          s.rows.forEach((row, i) => {
            const [c, a] = pairs[i] ?? ['0', '0'];
            expect(d(row.uncollectedAmount).eq(MoneyDecimal.max(d(c).minus(d(a)), 0))).toBe(true);
            expect(d(row.uncollectedAmount).isNeg()).toBe(false);
          });
        },
      ),
    );
  });
});

describe('finishBlockers', () => {
  it('allows the finish only with a file and every task confirmed to its amount', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(amount(), amount(), fc.integer({ min: 0, max: 3 })), { maxLength: 5 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (specs, files, finished) => {
          const tasks = specs.map(([taskAmount, confirmFinishAmount, confirmed], i) =>
            task({ taskId: i, taskNo: `RW-${i}`, taskAmount, confirmFinishAmount, confirmed }),
          );
          const blockers = finishBlockers({ stage: 'formal', finished }, tasks, files);
          const may =
            !finished &&
            files > 0 &&
            tasks.length > 0 &&
            tasks.every((t) => t.confirmed === 3 && d(t.confirmFinishAmount).gte(d(t.taskAmount)));
          expect(blockers.length === 0).toBe(may);
        },
      ),
    );
    expect(finishBlockers({ stage: 'formal', finished: false }, [task()], 0)).toEqual([
      '请先上传完工文件',
      '任务单 RW-1 的完成产值尚未确认到任务产值',
    ]);
  });
});
