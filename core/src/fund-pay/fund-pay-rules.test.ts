import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { netPay } from '../fees/net-pay.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import {
  checkPayItemPayable,
  applyPayPostings,
  checkPlanAmount,
  checkWithinPlan,
  isFundPlanSwitchOn,
  parsePayAmount,
  parsePayDate,
  parsePayMonth,
  parseTaxRate,
  payPostings,
  previewNetPay,
  sortPayAccounts,
} from './fund-pay-rules.js';

const d = (v: string) => new MoneyDecimal(v);
/** Whole 分 as 万元 with up to 6 decimals, never through a float. */
const amountArb = fc
  .integer({ min: 1, max: 2_000_000_000 })
  .map((fen) => new MoneyDecimal(fen).div(1_000_000).toFixed());
const rateArb = fc
  .integer({ min: 0, max: 600 })
  .map((bp) => new MoneyDecimal(bp).div(10_000).toFixed());

describe('fund payment rules', () => {
  it('previews the net pay with the fees rule and names the wrong field', () => {
    expect(previewNetPay('100', '0.03')).toEqual({ ok: true, value: '97' });
    expect(previewNetPay('100', '')).toEqual({ ok: true, value: '100' });
    expect(previewNetPay('1.2345', '0.01')).toEqual({ ok: true, value: '1.172775' });
    expect(previewNetPay('abc', '0.03')).toMatchObject({
      ok: false,
      error: { field: 'payAmount' },
    });
    expect(previewNetPay('0', '0.03')).toMatchObject({
      ok: false,
      error: { field: 'payAmount', message: '本次付款金额必须大于0' },
    });
    expect(previewNetPay(12, '0.03')).toMatchObject({ ok: false, error: { field: 'payAmount' } });
    expect(previewNetPay('10', '0.09')).toMatchObject({ ok: false, error: { field: 'taxRate' } });
    expect(previewNetPay('10', '-0.01')).toMatchObject({ ok: false, error: { field: 'taxRate' } });
    expect(previewNetPay('10', '0.0000001')).toMatchObject({
      ok: false,
      error: { field: 'taxRate' },
    });
  });

  it('net pay lies between 94% and 100% of the amount for every rate from 0 to 6%', () => {
    fc.assert(
      fc.property(amountArb, rateArb, (pay, rate) => {
        const r = previewNetPay(pay, rate);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(r.value).toBe(netPay(pay, rate));
        expect(d(r.value).lte(d(pay))).toBe(true);
        expect(d(r.value).gte(d(pay).times('0.94').toDecimalPlaces(6))).toBe(true);
      }),
    );
  });

  it('reads amounts, months, dates and the switch', () => {
    expect(parsePayAmount('0.30000000000000004')).toMatchObject({ ok: false });
    expect(parsePayAmount(undefined)).toMatchObject({
      ok: false,
      error: { message: '本次付款金额不能为空' },
    });
    expect(parsePayAmount(' 12.5 ')).toEqual({ ok: true, value: '12.5' });
    expect(parseTaxRate('0.030')).toEqual({ ok: true, value: '0.03' });
    expect(parsePayMonth('2026-13')).toMatchObject({ ok: false, error: { field: 'planMonth' } });
    expect(parsePayMonth('2026-07')).toEqual({ ok: true, value: '2026-07' });
    expect(parsePayDate('2026-02-30')).toMatchObject({ ok: false, error: { field: 'payTime' } });
    expect(parsePayDate('')).toEqual({ ok: true, value: '' });
    for (const on of ['1', 'true', 'TRUE', '开', ' on ']) expect(isFundPlanSwitchOn(on)).toBe(true);
    for (const off of ['0', 'false', '关', '', null, undefined])
      expect(isFundPlanSwitchOn(off)).toBe(false);
  });

  it('keeps payments within their plan line and a plan above what its payments took', () => {
    expect(checkWithinPlan('10', '4', '6')).toEqual({ ok: true, value: undefined });
    expect(checkWithinPlan('10', '4', '6.000001')).toMatchObject({
      ok: false,
      error: {
        code: 'FUND_PAY.OVER_PLAN',
        field: 'payAmount',
        message: expect.stringContaining('可付6万元') as unknown,
      },
    });
    expect(checkPlanAmount('3', '4')).toMatchObject({
      ok: false,
      error: { field: 'planPayAmount' },
    });
  });

  it('draws the net pay from the oldest back money first and never below zero', () => {
    fc.assert(
      fc.property(
        fc.array(amountArb, { minLength: 0, maxLength: 5 }),
        amountArb,
        (balances, pay) => {
          const sources = balances.map((b, i) => ({ backMoneyId: i + 1, balance: b }));
          const before = new Map(
            sources.map((s) => [`backMoney:${String(s.backMoneyId)}`, s.balance]),
          );
          const total = balances.reduce((s, b) => s.plus(d(b)), d('0'));
          const planned = payPostings(9, pay, sources);
          if (d(pay).gt(total)) {
            expect(planned).toMatchObject({
              ok: false,
              error: { code: 'FUND_PAY.BALANCE_NEGATIVE' },
            });
            return;
          }
          expect(planned.ok).toBe(true);
          if (!planned.ok) return;
          // The movement balances: what leaves back money arrives on the payment.
          const sum = planned.value.reduce((s, p) => s.plus(d(p.amount)), d('0'));
          expect(sum.isZero()).toBe(true);
          const next = applyPayPostings(before, planned.value);
          expect(next.ok).toBe(true);
          if (!next.ok) return;
          for (const v of next.value.values()) expect(d(v).isNeg()).toBe(false);
          expect(next.value.get('fundPay:9')).toBe(d(pay).toFixed());
          // Oldest first: a later record is touched only once every earlier one is empty.
          const drawn = planned.value.filter((p) => p.accountKind === 'backMoney');
          for (const p of drawn.slice(0, -1))
            expect(next.value.get(`backMoney:${String(p.accountId)}`)).toBe('0');
        },
      ),
    );
  });

  it('sorts accounts in the fund ledger order', () => {
    expect(
      sortPayAccounts([
        { kind: 'fundPay', id: 1 },
        { kind: 'backMoney', id: 7 },
        { kind: 'backMoney', id: 2 },
        { kind: 'fundPay', id: 1 },
      ]),
    ).toEqual([
      { kind: 'backMoney', id: 2 },
      { kind: 'backMoney', id: 7 },
      { kind: 'fundPay', id: 1 },
    ]);
  });
});

describe('checkPayItemPayable', () => {
  it('payments only on approved sub-contracts: approved or history pass, 待提交/审批中/驳回 refused on childPayId', () => {
    expect(checkPayItemPayable({ childStatus: 1, childHistory: false }).ok).toBe(true);
    expect(checkPayItemPayable({ childStatus: -1, childHistory: true }).ok).toBe(true);
    for (const childStatus of [-1, 0, 2, 3]) {
      const r = checkPayItemPayable({ childStatus, childHistory: false });
      expect(!r.ok && r.error.field).toBe('childPayId');
      expect(!r.ok && r.error.message).toContain('分包合同尚未审批通过');
    }
  });
});
