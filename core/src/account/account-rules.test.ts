import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyDecimal } from '../money/money-decimal.js';
import {
  checkAccountNo,
  checkInvoiceRoom,
  checkMonth,
  checkTaxNo,
  creditCodeCheckChar,
  employeeCostTotal,
  employeeCostTotals,
  findCostDuplicates,
  invoiceRoom,
  monthlyComparison,
  parseAccountAmount,
  projectAccountOf,
} from './account-rules.js';
import { checkInvoiceFields } from './account-input.js';

const fen = fc
  .bigInt({ min: 0n, max: 10_000_000_000n })
  .map((f) => new MoneyDecimal(f.toString()).div(1_000_000).toFixed());
const d = (v: string) => new MoneyDecimal(v);

describe('amounts', () => {
  it.each([[1.5], ['-1'], ['abc'], ['1.1234567'], [null], ['0.30000000000000004'], ['']])(
    'refuses %s naming the field',
    (v) => {
      const r = parseAccountAmount(v, 'invoiceAmount', true);
      expect(!r.ok && r.error.field).toBe('invoiceAmount');
      expect(!r.ok && r.error.code).toMatch(/^VALIDATION\./);
    },
  );
  it('accepts 0 unless positive is asked', () => {
    expect(parseAccountAmount('0', 'salary').ok).toBe(true);
    const r = parseAccountAmount('0', 'invoiceAmount', true);
    expect(!r.ok && r.error.message).toContain('开票金额');
  });
});

describe('bank account numbers and taxpayer numbers', () => {
  it('takes 8-30 digits, with spaces and hyphens removed', () => {
    expect(checkAccountNo('6222 0212 0300 1234 567')).toEqual({
      ok: true,
      value: '6222021203001234567',
    });
    for (const bad of ['1234567', '12345678901234567890123456789012', '6222abc12345', 12345678])
      expect(!checkAccountNo(bad).ok && 'refused').toBe('refused');
  });
  it('checks the unified social credit code check character', () => {
    // A valid code: its check character is what the rule computes.
    const body = '91330106MA2B0CXY1';
    const code = `${body}${creditCodeCheckChar(body) ?? ''}`;
    expect(checkTaxNo(code)).toEqual({ ok: true, value: code });
    expect(checkTaxNo(code.toLowerCase())).toEqual({ ok: true, value: code });
    const wrong = `${body}${creditCodeCheckChar(body) === '0' ? '1' : '0'}`;
    expect(!checkTaxNo(wrong).ok && 'refused').toBe('refused');
    expect(checkTaxNo('')).toEqual({ ok: true, value: '' });
    expect(!checkTaxNo('', true).ok && 'required').toBe('required');
    expect(checkTaxNo('330106123456789').ok).toBe(true);
    expect(!checkTaxNo('33010612345').ok && 'refused').toBe('refused');
  });
  it('every 17-character body has exactly one check character that passes', () => {
    const chars = '0123456789ABCDEFGHJKLMNPQRTUWXY'.split('');
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { minLength: 17, maxLength: 17 }), (b) => {
        const body = b.join('');
        const passing = chars.filter((c) => checkTaxNo(`${body}${c}`).ok);
        expect(passing).toEqual([creditCodeCheckChar(body)]);
      }),
    );
  });
});

describe('project accounts', () => {
  it('derives what is left from the sums, exactly', () => {
    fc.assert(
      fc.property(
        fen,
        fen,
        fen,
        fen,
        fen,
        fen,
        fen,
        (total, back, allotted, loans, paid, real, invoiced) => {
          const a = projectAccountOf({
            contractId: 1,
            contractNo: '',
            contractName: '',
            projectName: '',
            deptId: null,
            deptName: '',
            userId: 1,
            signDate: null,
            totalAmount: total,
            backAmount: back,
            allottedAmount: allotted,
            loanOutstandingAmount: loans,
            paidAmount: paid,
            realPaidAmount: real,
            invoicedAmount: invoiced,
            invoicingAmount: '0',
          });
          // The balance counts what left the institute: the net pay, not the gross amount.
          expect(d(a.balanceAmount).plus(real).plus(loans).eq(d(back))).toBe(true);
          expect(d(a.uninvoicedAmount).plus(invoiced).eq(d(total))).toBe(true);
          expect(d(a.unallottedAmount).plus(allotted).plus(real).eq(d(back))).toBe(true);
          expect(a.paidAmount).toBe(paid);
          expect(d(a.invoicedUnpaidAmount).gte(0)).toBe(true);
          expect(d(a.invoicedUnpaidAmount).eq(MoneyDecimal.max(d(invoiced).minus(back), 0))).toBe(
            true,
          );
        },
      ),
    );
  });
  it('sums months of the year and leaves others out', () => {
    const m = monthlyComparison(
      2026,
      [
        { date: '2026-03-02', amount: '10' },
        { date: '2026-03-30', amount: '0.000001' },
        { date: '2025-03-01', amount: '99' },
      ],
      [{ date: '2026-12-31', amount: '5.5' }],
    );
    expect(m).toHaveLength(12);
    expect(m[2]).toEqual({ month: '2026-03', invoicedAmount: '10.000001', backAmount: '0' });
    expect(m[11]).toEqual({ month: '2026-12', invoicedAmount: '0', backAmount: '5.5' });
  });
});

describe('invoice room', () => {
  it('never lets invoiced plus in approval exceed the contract amount', () => {
    fc.assert(
      fc.property(fen, fc.array(fen, { maxLength: 8 }), (total, requests) => {
        let taken = d('0');
        for (const amount of requests) {
          if (d(amount).isZero()) continue;
          const r = checkInvoiceRoom(amount, total, taken.toFixed(), '0');
          const fits = taken.plus(amount).lte(d(total));
          expect(r.ok).toBe(fits);
          if (!r.ok) expect(r.error.field).toBe('invoiceAmount');
          if (r.ok) taken = taken.plus(amount);
          expect(taken.lte(d(total))).toBe(true);
        }
        expect(
          d(invoiceRoom(total, taken.toFixed(), '0'))
            .plus(taken)
            .eq(d(total)),
        ).toBe(true);
      }),
    );
  });
  it('a special VAT invoice needs the taxpayer number', () => {
    const base = {
      invoiceAmount: '1',
      invoiceTitle: '杭州某公司',
      invoiceDate: '2026-11-01',
    };
    expect(checkInvoiceFields({ ...base, invoiceType: '1' }).ok).toBe(true);
    const r = checkInvoiceFields({ ...base, invoiceType: '2' });
    expect(!r.ok && r.error.field).toBe('taxNo');
    const t = checkInvoiceFields({ ...base, invoiceType: '3' });
    expect(!t.ok && t.error.field).toBe('invoiceType');
  });
});

describe('employee costs', () => {
  it('the line total and the group totals add up exactly', () => {
    const line = fc.record({
      costMonth: fc.constantFrom('2026-01', '2026-02', '2026-03'),
      deptId: fc.constantFrom(110, 112),
      deptName: fc.constant('部门'),
      salary: fen,
      socialInsurance: fen,
      housingFund: fen,
      otherCost: fen,
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const totals = employeeCostTotals(lines);
        const all = lines.reduce((t, l) => t.plus(employeeCostTotal(l)), d('0'));
        const grouped = totals.reduce((t, g) => t.plus(g.totalCost), d('0'));
        expect(grouped.eq(all)).toBe(true);
        expect(totals.reduce((n, g) => n + g.headcount, 0)).toBe(lines.length);
        const keys = totals.map((g) => `${g.costMonth}|${String(g.deptId)}`);
        expect([...keys].sort()).toEqual(keys);
      }),
    );
  });
  it('finds repeats in the batch and months already recorded', () => {
    const dups = findCostDuplicates(
      [
        { employeeId: 1, costMonth: '2026-01' },
        { employeeId: 2, costMonth: '2026-01' },
        { employeeId: 1, costMonth: '2026-01' },
        { employeeId: 3, costMonth: '2026-02' },
      ],
      new Set(['3|2026-02']),
    );
    expect(dups).toEqual([
      { index: 2, employeeId: 1, costMonth: '2026-01', reason: 'batch' },
      { index: 3, employeeId: 3, costMonth: '2026-02', reason: 'existing' },
    ]);
  });
  it('no row is reported unless its key was seen before or exists', () => {
    const row = fc.record({
      employeeId: fc.integer({ min: 1, max: 4 }),
      costMonth: fc.constantFrom('2026-01', '2026-02'),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 20 }), (rows) => {
        const dups = findCostDuplicates(rows, new Set());
        const unique = new Set(rows.map((r) => `${String(r.employeeId)}|${r.costMonth}`));
        expect(rows.length - dups.length).toBe(unique.size);
      }),
    );
  });
  it('checks months', () => {
    expect(checkMonth('2026-13').ok).toBe(false);
    expect(checkMonth('2026-1').ok).toBe(false);
    expect(checkMonth('2026-01')).toEqual({ ok: true, value: '2026-01' });
  });
});
