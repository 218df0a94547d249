import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closingFees } from '../fees/closing-fees.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import type { ClosingContract } from './closing.js';
import { checkClosing, closingEditable, closingWithinBack } from './closing-rules.js';

const contract = (over: Partial<ClosingContract> = {}): ClosingContract => ({
  contractId: 1,
  stage: 'formal',
  contractNo: 'HT-1',
  contractName: '合同',
  projectName: '项目',
  deptId: 110,
  userId: 3,
  backAmount: '80',
  fees: {
    directFee: '10',
    technicalFee: '5',
    expertFee: '2.5',
    operateFee: '1.333333',
    designFee: '2.5',
  },
  ...over,
});

describe('checkClosing', () => {
  it('scales each fee by closedCaseAmount / backAmount through the fee rule', () => {
    const r = checkClosing({ contractId: 1, closedCaseAmount: '40' }, contract());
    expect(r.ok && r.value.fees).toEqual({
      directFee: '5',
      technicalFee: '2.5',
      expertFee: '1.25',
      operateFee: '0.666667',
      designFee: '1.25',
    });
    expect(r.ok && r.value.settleAmount).toBe('40');
  });

  it('accepts fees sent that equal the rule and names the first that does not', () => {
    const good = checkClosing(
      { contractId: 1, closedCaseAmount: '40', fees: { directFee: '5.000000', designFee: '1.25' } },
      contract(),
    );
    expect(good.ok).toBe(true);
    const bad = checkClosing(
      { contractId: 1, closedCaseAmount: '40', fees: { directFee: '5', technicalFee: '2.51' } },
      contract(),
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) {
      expect(bad.error.field).toBe('technicalFee');
      expect(bad.error.code).toMatch(/^VALIDATION\./);
      expect(bad.error.message).toContain('2.5');
    }
  });

  it('refuses a backAmount that is not what came back, and a contract with nothing back', () => {
    const r = checkClosing({ contractId: 1, closedCaseAmount: '40', backAmount: '81' }, contract());
    expect(!r.ok && r.error.field).toBe('backAmount');
    const zero = checkClosing(
      { contractId: 1, closedCaseAmount: '1' },
      contract({ backAmount: '0' }),
    );
    expect(!zero.ok && zero.error.field).toBe('backAmount');
  });

  it.each([[-1], ['-1'], ['abc'], ['1.1234567'], [null], [1.5]])(
    'refuses closedCaseAmount %s naming the field',
    (v) => {
      const r = checkClosing({ contractId: 1, closedCaseAmount: v }, contract());
      expect(!r.ok && r.error.field).toBe('closedCaseAmount');
    },
  );

  it('closing fees equal the rule exactly and add up to the scaled total within one 分 each', () => {
    const amount = fc
      .bigInt({ min: 0n, max: 10_000_000_000n })
      .map((fen) => new MoneyDecimal(fen.toString()).div(1_000_000).toFixed());
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        fc.array(amount, { minLength: 5, maxLength: 5 }),
        (perMillion, backFen, fees) => {
          // closedCaseAmount from 0 to backAmount (the closing ceiling), in whole 分.
          const closedFen = (backFen * perMillion) / 1_000_000n;
          const closed = new MoneyDecimal(closedFen.toString()).div(1_000_000).toFixed();
          const back = new MoneyDecimal(backFen.toString()).div(1_000_000).toFixed();
          const [directFee, technicalFee, expertFee, operateFee, designFee] = fees as [
            string,
            string,
            string,
            string,
            string,
          ];
          const original = { directFee, technicalFee, expertFee, operateFee, designFee };
          const r = checkClosing(
            { contractId: 1, closedCaseAmount: closed },
            contract({ backAmount: back, fees: original }),
          );
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          const expected = closingFees(closed, back, original);
          expect(expected.ok && expected.value).toEqual(r.value.fees);
          // Sending the rule's own fees back is accepted; one 分 off on any fee is refused by name.
          expect(
            checkClosing(
              { contractId: 1, closedCaseAmount: closed, fees: r.value.fees },
              contract({ backAmount: back, fees: original }),
            ).ok,
          ).toBe(true);
          const off = {
            ...r.value.fees,
            expertFee: new MoneyDecimal(r.value.fees.expertFee).plus('0.000001').toFixed(),
          };
          const refused = checkClosing(
            { contractId: 1, closedCaseAmount: closed, fees: off },
            contract({ backAmount: back, fees: original }),
          );
          expect(!refused.ok && refused.error.field).toBe('expertFee');
          const ratio = new MoneyDecimal(closed).div(back);
          for (const [k, v] of Object.entries(r.value.fees)) {
            const exact = ratio.times(original[k as keyof typeof original]);
            expect(new MoneyDecimal(v).minus(exact).abs().lt('0.000001')).toBe(true);
            // Within the ceiling no fee grows past the original.
            expect(
              new MoneyDecimal(v).lte(new MoneyDecimal(original[k as keyof typeof original])),
            ).toBe(true);
          }
        },
      ),
    );
  });

  it('the closing ceiling: a closing of 200 on 60 back is refused naming the field and the figure', () => {
    const r = checkClosing(
      { contractId: 1, closedCaseAmount: '200' },
      contract({ backAmount: '60' }),
    );
    expect(!r.ok && r.error.field).toBe('closedCaseAmount');
    expect(!r.ok && r.error.message).toBe('结案金额不能超过合同已回款金额 60 万元');
    const settle = checkClosing(
      { contractId: 1, closedCaseAmount: '50', settleAmount: '60.000001' },
      contract({ backAmount: '60' }),
    );
    expect(!settle.ok && settle.error.field).toBe('settleAmount');
    expect(
      checkClosing({ contractId: 1, closedCaseAmount: '60' }, contract({ backAmount: '60' })).ok,
    ).toBe(true);
  });

  it('the closing ceiling holds for every amount above what came back', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        fc.bigInt({ min: 1n, max: 10_000_000_000n }),
        (backFen, overFen) => {
          const back = new MoneyDecimal(backFen.toString()).div(1_000_000);
          const closed = back.plus(new MoneyDecimal(overFen.toString()).div(1_000_000));
          const amounts = { closedCaseAmount: closed.toFixed(), settleAmount: back.toFixed() };
          const r = closingWithinBack(amounts, back.toFixed());
          expect(!r.ok && r.error.field).toBe('closedCaseAmount');
          expect(!r.ok && r.error.message).toContain(`${back.toFixed()} 万元`);
          expect(
            closingWithinBack({ ...amounts, closedCaseAmount: back.toFixed() }, back.toFixed()).ok,
          ).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('only a draft or a turned-down record may change', () => {
    expect([0, 1, 2, 3].map((s) => closingEditable(s as 0 | 1 | 2 | 3))).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });
});
