import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyDecimal } from '../money/money-decimal.js';
import {
  checkPerformLines,
  fundPlanMonthsUpTo,
  parseFundPerformDate,
  parseFundPlanMonth,
  parsePaybackRate,
  parsePlanAmount,
  performTypeCode,
  planTotals,
  planTypeCode,
  previewPlan,
  type PlanLineRoom,
} from './fund-plan-rules.js';
import { FUND_PLAN_LINE_KINDS } from './fund-plan.js';
import { checkPlanLines } from './fund-plan-input.js';

const d = (v: string) => new MoneyDecimal(v);
const fen = fc.bigInt({ min: 1n, max: 10n ** 14n }).map((n) => {
  const s = n.toString().padStart(7, '0');
  return new MoneyDecimal(`${s.slice(0, -6)}.${s.slice(-6)}`).toFixed();
});
const kind = fc.constantFrom(...FUND_PLAN_LINE_KINDS);

describe('fund plan rules', () => {
  it('takes a plan month as YYYY-MM only', () => {
    expect(parseFundPlanMonth('2026-03')).toEqual({ ok: true, value: '2026-03' });
    for (const bad of ['2026-13', '2026-3', '202603', '', 202603, '2026-00'])
      expect(parseFundPlanMonth(bad).ok).toBe(false);
  });

  it('takes a calendar date only', () => {
    expect(parseFundPerformDate('2026-02-28').ok).toBe(true);
    expect(parseFundPerformDate('2026-02-30').ok).toBe(false);
  });

  it('refuses floats, signs, zero and more than 6 decimals, naming the line', () => {
    expect(parsePlanAmount(1.5, 'amount').ok).toBe(false);
    for (const bad of ['-1', '0', '1.0000001', 'abc', '1e3']) {
      const r = parsePlanAmount(bad, 'lines[2].amount');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.field).toBe('lines[2].amount');
    }
    const r = checkPlanLines([{ lineKind: 'rigid', subjectName: '工资', amount: '0' }]);
    expect(r.ok ? '' : r.error.message).toBe('第1行金额必须大于0');
  });

  it('asks for a contract on income lines and a rate between 0 and 1', () => {
    const noContract = checkPlanLines([{ lineKind: 'income', subjectName: '回款', amount: '1' }]);
    expect(noContract.ok ? '' : noContract.error.field).toBe('lines[0].contractId');
    expect(parsePaybackRate('1.5', 'r').ok).toBe(false);
    expect(parsePaybackRate('0.35', 'r')).toEqual({ ok: true, value: '0.35' });
  });

  it('computes totals, reserve (2 × rigid) and allocation confirmation exactly', () => {
    const lines = checkPlanLines([
      {
        lineKind: 'income',
        subjectName: '合同回款',
        contractId: 1,
        amount: '30',
        paybackRate: '0.5',
        allotAmount: '12.345679',
      },
      { lineKind: 'rigid', subjectName: '工资', amount: '10.1' },
      { lineKind: 'rigid', subjectName: '房租', amount: '2.2' },
      { lineKind: 'loan', subjectName: '借款', amount: '5' },
      { lineKind: 'payment', subjectName: '分包付款', amount: '20.000001' },
    ]);
    if (!lines.ok) throw new Error(lines.error.message);
    const t = planTotals(lines.value);
    expect(t).toEqual({
      incomeAmount: '30',
      rigidAmount: '12.3',
      loanAmount: '5',
      paymentAmount: '20.000001',
      totalAmount: '37.300001',
      reserveAmount: '24.6',
      confirmAmount: '6.17284',
      balanceAmount: '-7.3',
    });
    expect(planTypeCode(t)).toBe('8_2');
    expect(planTypeCode({ incomeAmount: '40', totalAmount: '37.3' })).toBe('8_1');
  });

  it('totals add up to the cent for any lines (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(kind, fen), { minLength: 1, maxLength: 30 }), (rows) => {
        const t = planTotals(
          rows.map(([k, a]) => ({ lineKind: k, amount: a, confirmAmount: '0' })),
        );
        const sum = (k: string) =>
          rows.filter(([x]) => x === k).reduce((s, [, a]) => s.plus(d(a)), d('0'));
        expect(d(t.totalAmount).eq(sum('rigid').plus(sum('loan')).plus(sum('payment')))).toBe(true);
        expect(d(t.incomeAmount).eq(sum('income'))).toBe(true);
        expect(d(t.reserveAmount).eq(d(t.rigidAmount).times(2))).toBe(true);
      }),
    );
  });

  it('the preview counts a line still being typed as 0', () => {
    const p = previewPlan([
      { lineKind: 'rigid', subjectName: 'a', amount: '1.' },
      { lineKind: 'rigid', subjectName: 'b', amount: 'x' },
      { lineKind: 'income', amount: '3', paybackRate: '0.5', allotAmount: '4' },
    ]);
    expect(p.totals.rigidAmount).toBe('1');
    expect(p.totals.reserveAmount).toBe('2');
    expect(p.confirmAmounts).toEqual(['0', '0', '2']);
  });

  const rooms: PlanLineRoom[] = [
    { lineId: 1, lineKind: 'rigid', amount: '10', executedAmount: '4', pendingAmount: '1' },
    { lineId: 2, lineKind: 'rigid', amount: '3', executedAmount: '0', pendingAmount: '0' },
    { lineId: 3, lineKind: 'income', amount: '9', executedAmount: '0', pendingAmount: '0' },
  ];

  it('refuses executing beyond the plan unless over-plan approval is asked for', () => {
    const over = checkPerformLines('rigid', [{ planLineId: 1, amount: '5.000001' }], rooms, false);
    expect(over.ok ? '' : over.error.code).toBe('FUND_PLAN.OVER_PLAN');
    expect(over.ok ? '' : over.error.field).toBe('lines[0].amount');
    const asked = checkPerformLines('rigid', [{ planLineId: 1, amount: '5.000001' }], rooms, true);
    expect(asked.ok && asked.value.exceeds).toBe(true);
    const within = checkPerformLines(
      'rigid',
      [
        { planLineId: 1, amount: '5' },
        { planLineId: 2, amount: '3' },
      ],
      rooms,
      false,
    );
    expect(within.ok && within.value).toMatchObject({ totalAmount: '8', exceeds: false });
    expect(performTypeCode('rigid', false)).toBe('26_1');
    expect(performTypeCode('income', false)).toBe('9_1');
    expect(performTypeCode('payment', true)).toBe('9_2');
  });

  it('refuses a line of another plan, another kind or twice', () => {
    const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error?.code);
    expect(code(checkPerformLines('rigid', [{ planLineId: 9, amount: '1' }], rooms, false))).toBe(
      'VALIDATION.FUND_PLAN_LINE_NOT_OF_PLAN',
    );
    expect(code(checkPerformLines('rigid', [{ planLineId: 3, amount: '1' }], rooms, false))).toBe(
      'VALIDATION.FUND_PLAN_LINE_KIND_MISMATCH',
    );
    expect(
      code(
        checkPerformLines(
          'rigid',
          [
            { planLineId: 2, amount: '1' },
            { planLineId: 2, amount: '1' },
          ],
          rooms,
          false,
        ),
      ),
    ).toBe('VALIDATION.FUND_PLAN_DUPLICATE_LINE');
  });

  it('an in-plan sheet never takes a line beyond its plan (property)', () => {
    fc.assert(
      fc.property(fen, fen, fen, (plan, done, ask) => {
        const room: PlanLineRoom = {
          lineId: 1,
          lineKind: 'payment',
          amount: plan,
          executedAmount: done,
          pendingAmount: '0',
        };
        const r = checkPerformLines('payment', [{ planLineId: 1, amount: ask }], [room], false);
        expect(r.ok).toBe(d(ask).lte(d(plan).minus(d(done))));
      }),
    );
  });

  it('lists the twelve months up to a month, across years', () => {
    const m = fundPlanMonthsUpTo('2026-02');
    expect(m).toHaveLength(12);
    expect(m[0]).toBe('2025-03');
    expect(m[11]).toBe('2026-02');
  });
});
