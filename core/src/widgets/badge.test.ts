import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { BADGE_CAP, formatBadge } from './badge.js';

describe('formatBadge', () => {
  it('hides the badge at 0 and shows the count up to 99', () => {
    expect(formatBadge(0)).toBeUndefined();
    expect(formatBadge(1)).toBe('1');
    expect(formatBadge(99)).toBe('99');
  });
  it("shows '99+' above 99", () => {
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(12345)).toBe('99+');
  });
  it('shows no badge for values that are not a positive count', () => {
    expect(formatBadge(-3)).toBeUndefined();
    expect(formatBadge(Number.NaN)).toBeUndefined();
    expect(formatBadge(Number.POSITIVE_INFINITY)).toBeUndefined();
  });
  it('never shows more than two digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (n) => {
        const text = formatBadge(n) ?? '';
        expect(text).toBe(n > BADGE_CAP ? '99+' : String(n));
        expect(text.replace('+', '').length).toBeLessThanOrEqual(2);
      }),
    );
  });
});
