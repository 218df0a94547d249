import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { figure, formatInstant } from '@dpms/core';
import { figureCell } from './export-sheet.js';

const ZONE = 'Asia/Shanghai';

describe('the approval export cells', () => {
  it('an amount in 万元 is the number it says, with the money format', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (fen) => {
        const text = (fen / 10_000).toString();
        const cell = figureCell(figure.amount('x', '金额', text), text, ZONE);
        expect(cell.value).toBe(Number(text));
        expect(cell.numFmt).toBe('#,##0.0000');
      }),
    );
  });

  it('a rate the sheet shows in percent is the fraction, with a percent format', () => {
    const cell = figureCell(figure.rate('taxRate', '税率', '3'), '3', ZONE);
    expect(cell.value).toBeCloseTo(0.03, 12);
    expect(cell.numFmt).toBe('0.00%');
  });

  it('a time the sheet shows is the Excel date of that wall clock in the institute zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (at) => {
          const shown = formatInstant(at, ZONE);
          const cell = figureCell(figure.text('createTime', '申请时间', shown), shown, ZONE);
          expect(cell.numFmt).toBe('yyyy-mm-dd hh:mm');
          // Read back in UTC, the cell shows exactly the minute the screen shows.
          expect((cell.value as Date).toISOString().slice(0, 16).replace('T', ' ')).toBe(shown);
        },
      ),
    );
  });

  it('a day is a date; text that is neither stays text; a blank is empty', () => {
    const day = figureCell(figure.text('d', '签订日期', '2026-06-01'), '2026-06-01', ZONE);
    expect(day).toEqual({ value: new Date(Date.UTC(2026, 5, 1)), numFmt: 'yyyy-mm-dd' });
    expect(figureCell(figure.text('n', '名称', '某合同'), '某合同', ZONE)).toEqual({
      value: '某合同',
    });
    expect(figureCell(figure.amount('a', '金额', ''), '', ZONE)).toEqual({ value: null });
    expect(figureCell(figure.amount('a', '金额', '-'), '-', ZONE)).toEqual({ value: '-' });
  });
});
