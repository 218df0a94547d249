import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MoneyDecimal } from '../money/money-decimal.js';
import {
  accountKey,
  applyPostings,
  balancesOf,
  parseMovementAmount,
  sortAccounts,
  type Posting,
} from './fund-ledger.js';
import {
  adjustBackMoney,
  allotPostings,
  approveLoanPostings,
  backMoneyByMonth,
  borrowable,
  checkLoanLimit,
  deleteBackMoney,
  recordBackMoneyPostings,
  previewAllotment,
  previewLoan,
  previewRepayment,
  repaymentPostings,
} from './fund-rules.js';

const d = (v: string) => new MoneyDecimal(v);

describe('movement amounts', () => {
  it.each(['100', '0.000001', '12.5', ' 3 '])('accepts %s', (raw) => {
    expect(parseMovementAmount(raw, 'backAmount').ok).toBe(true);
  });
  it.each([
    ['0.1000001', 'VALIDATION.FUND_AMOUNT'], // finer than one 分: float noise
    ['0.30000000000000004', 'VALIDATION.FUND_AMOUNT'],
    ['1e3', 'VALIDATION.FUND_AMOUNT'],
    ['abc', 'VALIDATION.FUND_AMOUNT'],
    ['-5', 'VALIDATION.FUND_AMOUNT_NOT_POSITIVE'],
    ['0', 'VALIDATION.FUND_AMOUNT_NOT_POSITIVE'],
  ])('refuses %s naming the field', (raw, code) => {
    const r = parseMovementAmount(raw, 'allotAmount');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.field).toBe('allotAmount');
      expect(r.error.message).toContain('分配金额');
    }
  });
  it.each([undefined, null, '', '  '])("names a blank amount (%s) as core's 不能为空", (raw) => {
    const r = parseMovementAmount(raw, 'loanAmount');
    expect(r.ok ? null : [r.error.code, r.error.message]).toEqual([
      'VALIDATION.FUND_REQUIRED',
      '借款金额不能为空',
    ]);
  });
  it('refuses a JSON number: amounts travel as strings', () => {
    const r = parseMovementAmount(0.1, 'loanAmount');
    expect(r.ok).toBe(false);
  });
});

describe('back money rules', () => {
  it('refuses over-allotting and says what is left', () => {
    const r = allotPostings(1, '10', [
      { deptId: 110, taskId: null, allotAmount: '6' },
      { deptId: 112, taskId: null, allotAmount: '4.000001' },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('FUND.OVER_ALLOT');
      expect(r.error.message).toContain('10');
    }
  });
  it('allots exactly what is left', () => {
    const r = allotPostings(1, '10', [
      { deptId: 110, taskId: null, allotAmount: '6' },
      { deptId: 112, taskId: 3, allotAmount: '4' },
    ]);
    expect(r.ok).toBe(true);
    const next = applyPostings(new Map([['backMoney:1', '10']]), r.ok ? r.value : []);
    expect(next.ok && next.value.get('backMoney:1')).toBe('0');
    expect(next.ok && next.value.get('teamReceived:112')).toBe('4');
  });
  it('refuses the same team twice in one call', () => {
    const r = allotPostings(1, '10', [
      { deptId: 110, taskId: null, allotAmount: '1' },
      { deptId: 110, taskId: null, allotAmount: '1' },
    ]);
    expect(!r.ok && r.error.code).toBe('VALIDATION.FUND_DUPLICATE_TEAM');
  });
  it('does not lower back money below what is allotted, nor delete it once allotted', () => {
    const low = adjustBackMoney(1, '10', '3', '6'); // 4 allotted
    expect(!low.ok && low.error.field).toBe('backAmount');
    expect(adjustBackMoney(1, '10', '4', '6').ok).toBe(true);
    expect(deleteBackMoney(1, '10', '6').ok).toBe(false);
    const del = deleteBackMoney(1, '10', '10');
    expect(del.ok && del.value).toEqual([{ account: { kind: 'backMoney', id: 1 }, amount: '-10' }]);
  });
});

describe('loan rules', () => {
  const limit = {
    totalShouldReceAmt: '100',
    totalReceiveAmt: '30',
    outstandingLoanAmt: '20',
    pendingLoanAmt: '10',
  };
  it('a team borrows at most what it is owed and has not received, owed or asked for', () => {
    expect(borrowable(limit)).toBe('40');
    expect(checkLoanLimit('40', limit).ok).toBe(true);
    const over = checkLoanLimit('40.000001', limit);
    expect(!over.ok && over.error.code).toBe('FUND.LOAN_LIMIT');
    expect(!over.ok && over.error.field).toBe('loanAmount');
    expect(borrowable({ ...limit, totalReceiveAmt: '200' })).toBe('0');
  });
  it('refuses repaying more than is owed', () => {
    const r = repaymentPostings(1, 110, '5', '5.01');
    expect(!r.ok && r.error.code).toBe('FUND.OVER_REPAY');
    expect(repaymentPostings(1, 110, '5', '5').ok).toBe(true);
  });
  it('applyPostings refuses any balance below zero', () => {
    const r = applyPostings(new Map(), [{ account: { kind: 'loan', id: 1 }, amount: '-0.000001' }]);
    expect(!r.ok && r.error.code).toBe('FUND.BALANCE_NEGATIVE');
  });
  it('locks accounts in one order whatever the input order', () => {
    const a = sortAccounts([
      { kind: 'teamReceived', id: 2 },
      { kind: 'backMoney', id: 9 },
      { kind: 'teamLoan', id: 2 },
      { kind: 'loan', id: 3 },
      { kind: 'backMoney', id: 9 },
    ]);
    expect(a.map(accountKey)).toEqual(['backMoney:9', 'loan:3', 'teamLoan:2', 'teamReceived:2']);
  });
});

/** A random movement the ledger may be asked to make. */
const amountArb = fc
  .integer({ min: 1, max: 5_000_000 })
  .map((fen) => d(String(fen)).div(1_000_000).toFixed());
const movementArb = fc.oneof(
  fc.record({ t: fc.constant('back' as const), amount: amountArb }),
  fc.record({
    t: fc.constant('adjust' as const),
    backIx: fc.nat(5),
    amount: amountArb,
  }),
  fc.record({ t: fc.constant('delete' as const), backIx: fc.nat(5) }),
  fc.record({
    t: fc.constant('allot' as const),
    backIx: fc.nat(5),
    lines: fc.array(fc.record({ dept: fc.constantFrom(110, 112), amount: amountArb }), {
      minLength: 1,
      maxLength: 2,
    }),
  }),
  fc.record({
    t: fc.constant('loan' as const),
    dept: fc.constantFrom(110, 112),
    amount: amountArb,
  }),
  fc.record({ t: fc.constant('repay' as const), loanIx: fc.nat(5), amount: amountArb }),
);

describe('property: any sequence of movements', () => {
  it('keeps every balance at or above zero and equal to the sum of its ledger', () => {
    fc.assert(
      fc.property(fc.array(movementArb, { maxLength: 40 }), (moves) => {
        const balances = new Map<string, string>();
        const ledger: Posting[] = [];
        const backs: { id: number; amount: string }[] = [];
        const loans: { id: number; dept: number }[] = [];
        const should = '10';
        let next = 1;
        const post = (postings: readonly Posting[]) => {
          const r = applyPostings(balances, postings);
          if (!r.ok) return false;
          for (const [k, v] of r.value) balances.set(k, v);
          ledger.push(...postings);
          return true;
        };
        const bal = (k: string) => balances.get(k) ?? '0';
        for (const m of moves) {
          if (m.t === 'back') {
            const id = next++;
            backs.push({ id, amount: m.amount });
            post(recordBackMoneyPostings(id, m.amount));
          } else if (m.t === 'adjust' || m.t === 'delete' || m.t === 'allot') {
            const b = backs[m.backIx % Math.max(backs.length, 1)];
            if (b === undefined) continue;
            const left = bal(`backMoney:${String(b.id)}`);
            const r =
              m.t === 'adjust'
                ? adjustBackMoney(b.id, b.amount, m.amount, left)
                : m.t === 'delete'
                  ? deleteBackMoney(b.id, b.amount, left)
                  : allotPostings(
                      b.id,
                      left,
                      m.lines.map((l) => ({ deptId: l.dept, taskId: null, allotAmount: l.amount })),
                    );
            if (r.ok && post(r.value) && m.t === 'adjust') b.amount = m.amount;
            if (r.ok && m.t === 'delete') backs.splice(backs.indexOf(b), 1);
          } else if (m.t === 'loan') {
            const lim = {
              totalShouldReceAmt: should,
              totalReceiveAmt: bal(`teamReceived:${String(m.dept)}`),
              outstandingLoanAmt: bal(`teamLoan:${String(m.dept)}`),
              pendingLoanAmt: '0',
            };
            if (!checkLoanLimit(m.amount, lim).ok) continue;
            const id = next++;
            if (post(approveLoanPostings(id, m.dept, m.amount))) loans.push({ id, dept: m.dept });
          } else {
            const l = loans[m.loanIx % Math.max(loans.length, 1)];
            if (l === undefined) continue;
            const r = repaymentPostings(l.id, l.dept, bal(`loan:${String(l.id)}`), m.amount);
            if (r.ok) expect(post(r.value)).toBe(true);
          }
        }
        for (const v of balances.values()) expect(d(v).isNeg()).toBe(false);
        const sums = balancesOf(ledger);
        for (const [k, v] of balances) expect(sums.get(k) ?? '0').toBe(v);
        // The rules alone keep the team's loans within what it is owed and not received.
        for (const dept of [110, 112]) {
          const owe = d(bal(`teamLoan:${String(dept)}`));
          const total = loans
            .filter((l) => l.dept === dept)
            .reduce((s, l) => s.plus(d(bal(`loan:${String(l.id)}`))), d('0'));
          expect(owe.eq(total)).toBe(true);
        }
      }),
    );
  });
});

describe('form previews', () => {
  it('previews the allotment: remaining, over-allotting and bad lines', () => {
    expect(previewAllotment('50', ['20', '', '10.5'])).toMatchObject({
      total: '30.5',
      remaining: '19.5',
      overAllotted: false,
      message: null,
    });
    const over = previewAllotment('50', ['30', '20.000001']);
    expect(over.overAllotted).toBe(true);
    expect(over.remaining).toBe('-0.000001');
    expect(over.message).toBe('分配金额超过回款未分配余额（可分配50万元）');
    expect(previewAllotment('50', ['1', 'abc']).invalidLine).toBe(1);
    expect(previewAllotment('50', ['', ' ']).message).not.toBeNull();
  });

  it('the allotment preview refuses exactly what allotPostings refuses', () => {
    const amount = fc
      .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 6 }))
      .map(([n, s]) => d(String(n)).div(d('10').pow(s)).toFixed());
    fc.assert(
      fc.property(amount, fc.array(amount, { minLength: 1, maxLength: 6 }), (left, lines) => {
        const preview = previewAllotment(left, lines);
        const server = allotPostings(
          1,
          left,
          lines.map((allotAmount, i) => ({ deptId: i + 1, taskId: null, allotAmount })),
        );
        expect(preview.message === null).toBe(server.ok);
        expect(d(preview.remaining).plus(d(preview.total)).eq(d(left))).toBe(true);
      }),
    );
  });

  it('previews a repayment and a loan against their limits', () => {
    expect(previewRepayment('15', '5')).toEqual({ remaining: '10', message: null });
    expect(previewRepayment('15', '15.01').message).toBe('还款金额超过借款未还余额（未还15万元）');
    const limit = {
      totalShouldReceAmt: '100',
      totalReceiveAmt: '30',
      outstandingLoanAmt: '15',
      pendingLoanAmt: '8',
    };
    expect(previewLoan(limit, '')).toEqual({ borrowable: '47', message: null });
    expect(previewLoan(limit, '47').message).toBeNull();
    expect(previewLoan(limit, '47.000001').message).toBe('借款金额超过可借额度（可借47万元）');
  });
});

describe('back money by month', () => {
  it('sums each month of the year exactly and leaves other years out', () => {
    const months = backMoneyByMonth(
      [
        { backDate: '2026-03-15', backAmount: '0.1' },
        { backDate: '2026-03-20', backAmount: '0.2' },
        { backDate: '2026-12-01', backAmount: '5' },
        { backDate: '2025-03-01', backAmount: '99' },
        { backDate: '', backAmount: '1' },
      ],
      '2026',
    );
    expect(months).toHaveLength(12);
    expect(months[2]).toBe('0.3');
    expect(months[11]).toBe('5');
    expect(months[0]).toBe('0');
  });
});
