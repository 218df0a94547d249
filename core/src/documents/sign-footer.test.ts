import { describe, expect, it } from 'vitest';
import { parseSignType, showSignFooter } from './sign-footer.js';

describe('showSignFooter', () => {
  it('shows the footer for signtype 1, 2 and 3, not for 0', () => {
    expect([0, 1, 2, 3].map(showSignFooter)).toEqual([false, true, true, true]);
    expect(showSignFooter('2')).toBe(true);
    expect(showSignFooter('0')).toBe(false);
  });
  it('shows no footer for a missing or unknown signtype', () => {
    for (const value of [undefined, null, '', 'x', 4, -1, 1.5])
      expect(showSignFooter(value)).toBe(false);
    expect(parseSignType(' 3 ')).toBe(3);
  });
});
