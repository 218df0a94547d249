import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONTRACT_DOC_TYPES, type ContractDocType } from '../documents/contract-doc-type.js';
import { MoneyDecimal } from './money-decimal.js';
import {
  amountInputDecimals,
  normalizeAmountInput,
  type AmountInputField,
} from './amount-input.js';

const docType = fc.constantFrom<ContractDocType>(...CONTRACT_DOC_TYPES);
const field = fc.constantFrom<AmountInputField>('totalAmount', 'withinAmount');
const typedText = fc.string({
  unit: fc.constantFrom(...'0123456789....０１９．-+e, a元万'.split('')),
  maxLength: 20,
});

describe('normalizeAmountInput: the rules of 001 §5', () => {
  it('removes every non-digit, non-dot character and keeps only the first dot', () => {
    expect(normalizeAmountInput('¥1,234.5万', 1, 'totalAmount')).toBe('1234.5');
    expect(normalizeAmountInput('12.3.4', 1, 'totalAmount')).toBe('12.34');
    expect(normalizeAmountInput('-5e3', 1, 'totalAmount')).toBe('53');
    expect(normalizeAmountInput('abc', 1, 'totalAmount')).toBe('');
  });

  it('keeps up to 4 decimals for types 1 and 3, truncating rather than rounding', () => {
    expect(normalizeAmountInput('12.345678', 1, 'totalAmount')).toBe('12.3456');
    expect(normalizeAmountInput('12.99999', 3, 'totalAmount')).toBe('12.9999');
    expect(normalizeAmountInput('12.0000', 1, 'totalAmount')).toBe('12.0000');
  });

  it("drops a trailing '0000' for type 3", () => {
    expect(normalizeAmountInput('12.0000', 3, 'totalAmount')).toBe('12');
    expect(normalizeAmountInput('12.00001', 3, 'totalAmount')).toBe('12');
    expect(normalizeAmountInput('12.5000', 3, 'totalAmount')).toBe('12.5000');
  });

  it("keeps up to 4 decimals for types 6 and 7 and drops a trailing '00'", () => {
    expect(normalizeAmountInput('12.34567', 6, 'totalAmount')).toBe('12.3456');
    expect(normalizeAmountInput('12.3400', 6, 'totalAmount')).toBe('12.34');
    expect(normalizeAmountInput('12.3400', 7, 'totalAmount')).toBe('12.34');
    expect(normalizeAmountInput('12.0000', 7, 'totalAmount')).toBe('12.00');
    expect(normalizeAmountInput('12.3450', 6, 'totalAmount')).toBe('12.3450');
  });

  it('keeps 2 decimals for the type 8 totalAmount and 4 for its withinAmount', () => {
    expect(normalizeAmountInput('12.3456', 8, 'totalAmount')).toBe('12.34');
    expect(normalizeAmountInput('12.345678', 8, 'withinAmount')).toBe('12.3456');
  });

  it('treats type 2 like type 1', () => {
    expect(amountInputDecimals(2, 'totalAmount')).toBe(amountInputDecimals(1, 'totalAmount'));
    expect(normalizeAmountInput('012.34567', 2, 'totalAmount')).toBe('12.3456');
  });

  it('normalises whole numbers', () => {
    expect(normalizeAmountInput('007', 1, 'totalAmount')).toBe('7');
    expect(normalizeAmountInput('000', 1, 'totalAmount')).toBe('0');
    expect(normalizeAmountInput('0.5', 1, 'totalAmount')).toBe('0.5');
    expect(normalizeAmountInput('00.5', 1, 'totalAmount')).toBe('0.5');
    expect(normalizeAmountInput('100', 3, 'totalAmount')).toBe('100');
  });

  it('keeps the dot a person has just typed', () => {
    expect(normalizeAmountInput('12.', 1, 'totalAmount')).toBe('12.');
    expect(normalizeAmountInput('12.', 8, 'totalAmount')).toBe('12.');
    expect(normalizeAmountInput('.', 1, 'totalAmount')).toBe('0.');
    expect(normalizeAmountInput('.5', 6, 'totalAmount')).toBe('0.5');
  });

  it('reads full-width digits and dot as a Chinese IME types them', () => {
    expect(normalizeAmountInput('１２．５', 1, 'totalAmount')).toBe('12.5');
  });
});

describe('normalizeAmountInput: properties', () => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(typedText, docType, field, (raw, t, f) => {
        const once = normalizeAmountInput(raw, t, f);
        expect(normalizeAmountInput(once, t, f)).toBe(once);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives only digits and at most one dot, within the decimal limit, without leading zeros', () => {
    fc.assert(
      fc.property(typedText, docType, field, (raw, t, f) => {
        const out = normalizeAmountInput(raw, t, f);
        expect(out).toMatch(/^(?:(?:0|[1-9]\d*)(?:\.\d*)?)?$/);
        const decimals = out.includes('.') ? out.length - out.indexOf('.') - 1 : 0;
        expect(decimals).toBeLessThanOrEqual(amountInputDecimals(t, f));
        if (t === 3) expect(out).not.toMatch(/\.0000$/);
        if (t === 6 || t === 7) expect(out).not.toMatch(/\.\d\d00$/);
      }),
      { numRuns: 2000 },
    );
  });

  it('never blocks a keystroke: typing a valid amount one key at a time ends on its normal form', () => {
    const validAmount = fc
      .tuple(
        fc.oneof(fc.constant('0'), fc.stringMatching(/^[1-9]\d{0,10}$/)),
        fc.option(fc.stringMatching(/^\d{0,4}$/), { nil: undefined }),
        docType,
        field,
      )
      .map(([whole, decimals, t, f]) => {
        const limited = decimals?.slice(0, amountInputDecimals(t, f));
        return { text: limited === undefined ? whole : `${whole}.${limited}`, t, f };
      });
    fc.assert(
      fc.property(validAmount, ({ text, t, f }) => {
        let field = '';
        for (const key of text) field = normalizeAmountInput(field + key, t, f);
        expect(field).toBe(normalizeAmountInput(text, t, f));
      }),
      { numRuns: 1000 },
    );
  });

  it('only truncates: what is kept is below what was typed by less than one last decimal', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,8}\.\d{0,8}$/), docType, field, (raw, t, f) => {
        const out = normalizeAmountInput(raw, t, f);
        const typed = new MoneyDecimal(raw);
        const kept = new MoneyDecimal(out.endsWith('.') ? `${out}0` : out);
        const step = new MoneyDecimal(10).pow(-amountInputDecimals(t, f));
        expect(kept.lte(typed)).toBe(true);
        expect(typed.minus(kept).lt(step)).toBe(true);
      }),
    );
  });
});
