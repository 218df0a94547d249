import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { figure, formatInstant } from '@dpms/core';
import { AMOUNT_FORMAT, DATE_TIME_FORMAT, figureCell, timeCell } from './export-sheet.js';

describe('the approval export cells', () => {
  it('an amount in 万元 is the number it says, with the number format', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (fen) => {
        const text = (fen / 10_000).toString();
        const cell = figureCell(figure.amount('x', '金额', text), text);
        expect(cell.value).toBe(Number(text));
        expect(cell.numFmt).toBe(AMOUNT_FORMAT);
      }),
    );
  });

  it('an instant is the Excel date of its wall clock in the institute zone', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }),
        (at) => {
          const shown = formatInstant(at, 'Asia/Shanghai');
          const cell = timeCell(shown);
          expect(cell.numFmt).toBe(DATE_TIME_FORMAT);
          // Read back in UTC, the cell shows exactly the minute the screen shows.
          expect((cell.value as Date).toISOString().slice(0, 16).replace('T', ' ')).toBe(shown);
        },
      ),
    );
  });

  it('text that is neither an amount nor a day stays text; a blank is empty', () => {
    expect(figureCell(figure.text('n', '名称', '某合同'), '某合同')).toEqual({ value: '某合同' });
    expect(figureCell(figure.amount('a', '金额', ''), '')).toEqual({ value: null });
    expect(figureCell(figure.amount('a', '金额', '-'), '-')).toEqual({ value: '-' });
  });
});
