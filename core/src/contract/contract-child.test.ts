import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { netPay } from '../fees/net-pay.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { extensionBelowPaid } from './extend-sub-contract.js';
import {
  childCanPay,
  childOverpaid,
  isChildChangeable,
  validateChildPay,
  validateContractChild,
  withinChildTotal,
} from './contract-child.js';

const PAYEE = '某咨询公司';

describe('sub-contract rules', () => {
  it('checks a sub-contract and names the field', () => {
    expect(
      validateContractChild({
        contractId: 1,
        childType: '2',
        receiveCompanyName: PAYEE,
        totalAmount: '10.5',
      }),
    ).toMatchObject({
      ok: true,
      value: { childType: 2, totalAmount: '10.5' },
    });
    expect(
      validateContractChild({
        contractId: 1,
        childType: 8,
        receiveCompanyName: PAYEE,
        totalAmount: '1',
      }),
    ).toMatchObject({
      ok: false,
      error: { field: 'childType', message: '分包类型的取值不正确' },
    });
    expect(
      validateContractChild({
        contractId: 1,
        childType: 1,
        receiveCompanyName: PAYEE,
        totalAmount: '-2',
      }),
    ).toMatchObject({
      ok: false,
      error: { field: 'totalAmount' },
    });
    expect(
      validateContractChild({
        contractId: 1,
        childType: 1,
        receiveCompanyName: PAYEE,
        totalAmount: '1',
        contractChildNo: 'x'.repeat(65),
      }),
    ).toMatchObject({
      ok: false,
      error: { field: 'contractChildNo', message: '分包合同编号不能超过64个字符' },
    });
    // A sub-contract pays its payee: 收款单位 is required.
    expect(validateContractChild({ contractId: 1, childType: 1, totalAmount: '1' })).toMatchObject({
      ok: false,
      error: { field: 'receiveCompanyName', message: '收款单位不能为空' },
    });
  });

  it('computes the net pay of a pay item and bounds the tax rate', () => {
    expect(validateChildPay({ payAmount: '10', taxRate: '0.03' })).toMatchObject({
      ok: true,
      value: { realPayAmount: '9.7' },
    });
    expect(validateChildPay({ payAmount: '10' })).toMatchObject({
      ok: true,
      value: { taxRate: '0.06', realPayAmount: '10' },
    });
    expect(validateChildPay({ payAmount: '10', taxRate: '0.13' })).toMatchObject({
      ok: false,
      error: { field: 'taxRate' },
    });
    expect(validateChildPay({ payAmount: '' })).toMatchObject({
      ok: false,
      error: { field: 'payAmount', message: '付款金额不能为空' },
    });
  });

  it('freezes history, pending and approved sub-contracts', () => {
    expect(isChildChangeable({ status: -1, history: false })).toBe(true);
    expect(isChildChangeable({ status: 2, history: false })).toBe(true);
    expect(isChildChangeable({ status: 0, history: false })).toBe(false);
    expect(isChildChangeable({ status: 1, history: false })).toBe(false);
    expect(isChildChangeable({ status: -1, history: true })).toBe(false);
  });

  it('never lets the pay items exceed the sub-contract amount', () => {
    const amount = fc.integer({ min: 0, max: 10_000_000 }).map((n) => (n / 100).toString());
    fc.assert(
      fc.property(amount, fc.array(amount, { maxLength: 20 }), (total, pays) => {
        let paid = '0';
        for (const p of pays) {
          if (withinChildTotal(total, paid, p)) paid = (Number(paid) + Number(p)).toFixed(2);
        }
        expect(Number(paid)).toBeLessThanOrEqual(Number(total) + 1e-9);
        expect(netPay(total, '0.06')).toBe(
          validateChildPay({ payAmount: total }).ok ? netPay(total, '0.06') : '',
        );
      }),
    );
  });

  it('what is left to pay is the amount plus extensions less what is paid, floored at 0', () => {
    expect(childCanPay('10', '2.5', '4')).toBe('8.5');
    expect(childCanPay('10', '0', '12')).toBe('0');
    const amount = fc.bigInt({ min: 0n, max: 10n ** 12n }).map((n) => {
      const s = n.toString().padStart(5, '0');
      return `${s.slice(0, -4)}.${s.slice(-4)}`;
    });
    fc.assert(
      fc.property(amount, amount, amount, (total, extended, paid) => {
        const left = new MoneyDecimal(childCanPay(total, extended, paid));
        const cap = new MoneyDecimal(total).plus(new MoneyDecimal(extended));
        expect(left.isNegative()).toBe(false);
        if (new MoneyDecimal(paid).gt(cap)) expect(left.isZero()).toBe(true);
        else {
          // Paying exactly what is left reaches the cap and stays within it.
          expect(left.plus(new MoneyDecimal(paid)).eq(cap)).toBe(true);
          expect(withinChildTotal(cap.toString(), paid, left.toString())).toBe(true);
        }
      }),
    );
  });

  it('refuses a payment or an extension change that leaves more paid than the amount plus extensions', () => {
    expect(childOverpaid('10', '2', '11', '1')).toBeNull();
    expect(childOverpaid('10', '2', '11', '1.0001')).toMatchObject({
      code: 'CONTRACT.CHILD_OVERPAID',
      field: 'payAmount',
      message: '累计付款金额不能超过分包合同金额（12万元）',
    });
    expect(extensionBelowPaid('10', '2', '12')).toBeNull();
    expect(extensionBelowPaid('10', '1.9999', '12')).toMatchObject({
      code: 'CONTRACT.EXTEND_BELOW_PAID',
      field: 'extendAmount',
    });
    const amount = fc.bigInt({ min: 0n, max: 10n ** 12n }).map((n) => {
      const s = n.toString().padStart(5, '0');
      return `${s.slice(0, -4)}.${s.slice(-4)}`;
    });
    fc.assert(
      fc.property(amount, amount, amount, amount, (total, extended, paid, adding) => {
        const cap = new MoneyDecimal(total).plus(new MoneyDecimal(extended));
        const after = new MoneyDecimal(paid).plus(new MoneyDecimal(adding));
        expect(childOverpaid(total, extended, paid, adding) === null).toBe(!after.gt(cap));
        expect(extensionBelowPaid(total, extended, paid) === null).toBe(
          !new MoneyDecimal(paid).gt(cap),
        );
      }),
    );
  });
});
