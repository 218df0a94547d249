import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyDecimal } from '../money/money-decimal.js';
import { backMoneyFiguresOf, contractFiguresOf, FIGURE_LABELS } from './contract-figures.js';

const d = (v: string) => new MoneyDecimal(v);
const fen = fc
  .integer({ min: 0, max: 10_000_000_000 })
  .map((n) => new MoneyDecimal(n).div(1_000_000).toFixed());
const sum = (xs: readonly string[]) => xs.reduce((a, x) => a.plus(d(x)), d('0'));

describe('one set of figures per contract', () => {
  it('back money is what was allotted, what payments drew (net) and what is left, for a record and for its contract', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fen, fen, fen), { minLength: 1, maxLength: 6 }),
        fen,
        (records, total) => {
          const rows = records.map(([back, allotted, real]) =>
            backMoneyFiguresOf({
              backAmount: back,
              allottedAmount: allotted,
              realPaidAmount: real,
            }),
          );
          for (const r of rows)
            expect(
              d(r.unallottedAmount).plus(r.allottedAmount).plus(r.realPaidAmount).eq(r.backAmount),
            ).toBe(true);
          const c = contractFiguresOf(total, {
            backAmount: sum(rows.map((r) => r.backAmount)).toFixed(),
            allottedAmount: sum(rows.map((r) => r.allottedAmount)).toFixed(),
            paidAmount: '0',
            realPaidAmount: sum(rows.map((r) => r.realPaidAmount)).toFixed(),
            invoicedAmount: '0',
            invoicingAmount: '0',
            loanOutstandingAmount: '0',
          });
          // The contract's 未分配 is the sum of its records' 未分配: the two screens agree.
          expect(d(c.unallottedAmount).eq(sum(rows.map((r) => r.unallottedAmount)))).toBe(true);
          expect(d(c.unreceivedAmount).plus(c.backAmount).eq(total)).toBe(true);
        },
      ),
    );
  });

  it('labels gross and net pay apart', () => {
    expect(FIGURE_LABELS.paidAmount).toBe('已付款');
    expect(FIGURE_LABELS.realPaidAmount).toBe('实付金额');
    expect(new Set(Object.values(FIGURE_LABELS)).size).toBe(Object.keys(FIGURE_LABELS).length);
  });
});
