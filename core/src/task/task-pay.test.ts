import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MoneyDecimal } from '../money/money-decimal.js';
import {
  checkFinishAmount,
  checkPay,
  qualityDeposit,
  readyPayLimit,
  remainingPay,
  type TaskValue,
} from './task-pay.js';

const amount = fc
  .bigInt({ min: 0n, max: 10n ** 14n })
  .map((n) => new MoneyDecimal(n.toString()).div(1_000_000).toFixed());

const base: TaskValue = {
  taskAmount: '100',
  confirmFinishAmount: '40',
  qualityType: '1',
  qualityPaid: '0',
  readyPaid: '0',
};

describe('task output value and pay items', () => {
  it('withholds a 15% quality deposit only with a quality requirement', () => {
    expect(qualityDeposit(base)).toBe('15');
    expect(qualityDeposit({ ...base, qualityType: '0' })).toBe('0');
    expect(qualityDeposit({ ...base, taskAmount: '12.3457' })).toBe('1.851855');
    expect(readyPayLimit(base)).toBe('34');
  });

  it('refuses pay above what remains, and quality pay without a deposit', () => {
    expect(checkPay(base, 'ready', '34').ok).toBe(true);
    const over = checkPay(base, 'ready', '34.000001');
    expect(over.ok || over.error.code).toBe('TASK.AMOUNT_EXCEEDS');
    expect(checkPay({ ...base, qualityPaid: '10' }, 'quality', '5').ok).toBe(true);
    expect(checkPay({ ...base, qualityPaid: '10' }, 'quality', '5.01').ok).toBe(false);
    const none = checkPay({ ...base, qualityType: '0' }, 'quality', '1');
    expect(none.ok || none.error.code).toBe('TASK.NO_QUALITY_DEPOSIT');
  });

  it('keeps the finish amount between the ready pay made and the task amount', () => {
    expect(checkFinishAmount(base, '100').ok).toBe(true);
    expect(checkFinishAmount(base, '100.000001').ok).toBe(false);
    expect(checkFinishAmount({ ...base, readyPaid: '34' }, '40').ok).toBe(true);
    expect(checkFinishAmount({ ...base, readyPaid: '34' }, '39.99').ok).toBe(false);
  });

  it('property: paying what remains in any order never pays more than the limits, exactly', () => {
    fc.assert(
      fc.property(
        amount,
        fc.boolean(),
        fc.array(fc.tuple(fc.constantFrom('quality' as const, 'ready' as const), amount), {
          maxLength: 12,
        }),
        (taskAmount, quality, pays) => {
          let v: TaskValue = {
            taskAmount,
            confirmFinishAmount: taskAmount,
            qualityType: quality ? '1' : '0',
            qualityPaid: '0',
            readyPaid: '0',
          };
          for (const [kind, a] of pays) {
            if (new MoneyDecimal(a).isZero()) continue;
            if (checkPay(v, kind, a).ok) {
              const key = kind === 'quality' ? 'qualityPaid' : 'readyPaid';
              v = { ...v, [key]: new MoneyDecimal(v[key]).plus(a).toFixed() };
            }
          }
          const paid = new MoneyDecimal(v.qualityPaid).plus(v.readyPaid);
          expect(paid.lte(new MoneyDecimal(taskAmount).plus('0.000001'))).toBe(true);
          expect(new MoneyDecimal(v.qualityPaid).lte(qualityDeposit(v))).toBe(true);
          expect(new MoneyDecimal(v.readyPaid).lte(readyPayLimit(v))).toBe(true);
          expect(new MoneyDecimal(remainingPay(v, 'ready')).gte(0)).toBe(true);
          // Deposit and ready limit add up to the task amount within one 分 of rounding.
          const gap = new MoneyDecimal(qualityDeposit(v))
            .plus(readyPayLimit(v))
            .minus(taskAmount)
            .abs();
          expect(gap.lte('0.000001')).toBe(true);
        },
      ),
    );
  });
});
