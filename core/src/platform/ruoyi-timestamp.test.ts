import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatInstant, ruoyiTimestamp } from './institute-clock.js';

describe('ruoyiTimestamp (RuoYi dialect: yyyy-MM-dd HH:mm:ss on the institute clock)', () => {
  it('writes an instant on the institute clock, whatever offset it came with', () => {
    expect(ruoyiTimestamp('2026-11-27T04:22:45.162Z')).toBe('2026-11-27 12:22:45');
    expect(ruoyiTimestamp('2026-11-27T20:00:00+08:00')).toBe('2026-11-27 20:00:00');
    expect(ruoyiTimestamp('2026-12-31T16:00:00Z')).toBe('2027-01-01 00:00:00');
    expect(ruoyiTimestamp('2026-11-27T04:22:45Z', 'Europe/Berlin')).toBe('2026-11-27 05:22:45');
  });

  it('leaves text that names no instant alone', () => {
    for (const v of ['2026-11-27', '2026-11-27 12:00:00', 'admin', '', '2026-13-45T99:99:99Z'])
      expect(ruoyiTimestamp(v)).toBeNull();
  });

  it('agrees with the minute our own screens show, for any instant', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1971-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
        (at) => {
          expect(ruoyiTimestamp(at.toISOString())?.slice(0, 16)).toBe(formatInstant(at));
        },
      ),
    );
  });
});
