import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canGoToNextPdfPage,
  canGoToPreviousPdfPage,
  clampPdfPage,
  nextPdfPage,
  previousPdfPage,
  rotatePdf,
} from './pdf-viewer.js';

describe('rotatePdf', () => {
  it('turns in 90-degree steps and wraps to 0 at ±360', () => {
    expect(rotatePdf(0, 'clockwise')).toBe(90);
    expect(rotatePdf(270, 'clockwise')).toBe(0);
    expect(rotatePdf(0, 'counterclockwise')).toBe(-90);
    expect(rotatePdf(-270, 'counterclockwise')).toBe(0);
    expect(rotatePdf(90, 'counterclockwise')).toBe(0);
  });
  it('stays a multiple of 90 strictly inside ±360, and four steps one way come back', () => {
    const dir = fc.constantFrom('clockwise' as const, 'counterclockwise' as const);
    fc.assert(
      fc.property(fc.array(dir, { maxLength: 50 }), dir, (steps, d) => {
        let r = 0;
        for (const s of steps) {
          r = rotatePdf(r, s);
          expect(Math.abs(r) % 90).toBe(0);
          expect(Object.is(r, -0)).toBe(false);
          expect(Math.abs(r)).toBeLessThan(360);
        }
        const start = r;
        for (let i = 0; i < 4; i++) r = rotatePdf(r, d);
        // Same visual angle after a full turn.
        expect((((r - start) % 360) + 360) % 360).toBe(0);
      }),
    );
  });
});

describe('pdf paging', () => {
  it('clamps to the document', () => {
    expect(nextPdfPage(3, 3)).toBe(3);
    expect(previousPdfPage(1, 3)).toBe(1);
    expect(nextPdfPage(1, 3)).toBe(2);
    expect(clampPdfPage(5, 0)).toBe(1);
    expect(canGoToPreviousPdfPage(1, 3)).toBe(false);
    expect(canGoToNextPdfPage(2, 3)).toBe(true);
    expect(canGoToNextPdfPage(3, 3)).toBe(false);
  });
  it('never leaves 1..pageCount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 500 }), fc.nat(300), (p, n) => {
        const page = clampPdfPage(p, n);
        expect(page).toBeGreaterThanOrEqual(1);
        expect(page).toBeLessThanOrEqual(Math.max(1, n));
      }),
    );
  });
});
