import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { columnSums, distinctRows, parseDecimalCell, summaryRow } from './column-sums.js';

describe('columnSums', () => {
  it('adds exactly, with six decimals by default', () => {
    const rows = [
      { id: 1, amount: '0.1' },
      { id: 2, amount: 0.2 },
      { id: 3, amount: '12.345678' },
    ];
    expect(columnSums(rows, ['amount'])).toEqual({ amount: '12.645678' });
  });
  it('counts a record repeated on several rows once', () => {
    const rows = [
      { id: 7, amount: '100', fee: '1' },
      { id: 7, amount: '100', fee: '2' },
      { id: '7', amount: '100', fee: '3' },
      { id: 8, amount: '50', fee: '4' },
    ];
    expect(columnSums(rows, ['amount', 'fee'], { decimals: 2 })).toEqual({
      amount: '150.00',
      fee: '5.00',
    });
  });
  it('counts every row that has no key, and honours another row key', () => {
    const rows = [
      { amount: '1' },
      { amount: '1' },
      { contractId: 'a', amount: '2' },
      { contractId: 'a', amount: '2' },
    ];
    expect(columnSums(rows, ['amount'], { rowKey: 'contractId', decimals: 0 })).toEqual({
      amount: '4',
    });
  });
  it('skips cells without a number, and gives an empty sum for a column of none', () => {
    const rows = [
      { id: 1, amount: '', note: 'x' },
      { id: 2, amount: '-', note: null },
      { id: 3, amount: '1,000.5', note: undefined },
    ];
    expect(columnSums(rows, ['amount', 'note'], { decimals: 1 })).toEqual({
      amount: '1000.5',
      note: '',
    });
  });
  it('builds the footer row with 合计 first', () => {
    const rows = [{ id: 1, name: 'a', amount: '1.5' }];
    expect(summaryRow(rows, ['name', 'amount', 'memo'], ['amount'], { decimals: 2 })).toEqual([
      '合计',
      '1.50',
      '',
    ]);
  });
  it('equals the exact sum of the distinct records (property)', () => {
    const cents = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 });
    const row = fc.record({ id: fc.integer({ min: 1, max: 8 }), micro: cents });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 40 }), (raw) => {
        const rows = raw.map((r) => ({
          id: r.id,
          amount: new Decimal(r.micro).div(1_000_000).toFixed(6),
        }));
        const firstById = new Map<number, bigint>();
        for (const r of raw) if (!firstById.has(r.id)) firstById.set(r.id, BigInt(r.micro));
        let expected = 0n;
        for (const v of firstById.values()) expected += v;
        const got = columnSums(rows, ['amount']).amount ?? '';
        if (rows.length === 0) expect(got).toBe('');
        else expect(new Decimal(got).times(1_000_000).toFixed(0)).toBe(expected.toString());
        expect(distinctRows(rows)).toHaveLength(firstById.size);
      }),
    );
  });
  it('reads numbers without float noise', () => {
    expect(
      parseDecimalCell(0.1)
        ?.plus(parseDecimalCell(0.2) ?? 0)
        .toString(),
    ).toBe('0.3');
    expect(parseDecimalCell('abc')).toBeUndefined();
    expect(parseDecimalCell(Number.NaN)).toBeUndefined();
  });
});
