import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cpuUseBetween,
  diskUse,
  fileSizeText,
  percentOf,
  runTimeText,
  type CpuTicks,
} from './server-figures.js';

const ticks = (user: number, sys: number, idle: number): CpuTicks => ({
  user,
  nice: 0,
  sys,
  idle,
  irq: 0,
});

describe('服务监控 figures', () => {
  it('reads CPU use from the time passed between two readings, on every core', () => {
    const use = cpuUseBetween(
      [ticks(100, 50, 1000), ticks(100, 50, 1000)],
      [ticks(130, 60, 1060), ticks(120, 70, 1060)],
    );
    // 50 user, 30 sys, 120 idle of 200.
    expect(use).toEqual({ cpuNum: 2, used: 25, sys: 15, wait: 0, free: 60 });
    expect(cpuUseBetween([ticks(1, 1, 1)], [ticks(1, 1, 1)]).free).toBe(100);
  });

  it('CPU percentages never leave 0..100 and add up to 100 within rounding', () => {
    const reading = fc.array(
      fc.record({
        user: fc.nat(1e9),
        nice: fc.nat(1e6),
        sys: fc.nat(1e9),
        idle: fc.nat(1e9),
        irq: fc.nat(1e6),
      }),
      { minLength: 1, maxLength: 8 },
    );
    fc.assert(
      fc.property(reading, reading, (a, b) => {
        const u = cpuUseBetween(a, b);
        for (const p of [u.used, u.sys, u.free]) {
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(100);
        }
        expect(Math.abs(u.used + u.sys + u.free - 100)).toBeLessThanOrEqual(0.02);
      }),
    );
  });

  it('writes sizes and run times as RuoYi does', () => {
    expect(fileSizeText(0)).toBe('0 B');
    expect(fileSizeText(3 * 1024)).toBe('3.0 KB');
    expect(fileSizeText(512 * 1024 * 1024)).toBe('512 MB');
    expect(fileSizeText(80.5 * 1024 * 1024)).toBe('80.5 MB');
    expect(fileSizeText(12.5 * 1024 ** 3)).toBe('12.5 GB');
    expect(runTimeText(((2 * 24 + 3) * 60 + 4) * 60_000 + 59_000)).toBe('2天3小时4分钟');
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(1, 0)).toBe(0);
  });

  it('a disk is used where it is not free to write', () => {
    const d = diskUse(4096, 1000, 250);
    expect(d).toMatchObject({ totalBytes: 4096000, freeBytes: 1024000, usage: 75 });
    expect(d.total).toBe('3.9 MB');
  });
});
