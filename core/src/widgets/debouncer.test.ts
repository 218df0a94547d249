import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Debouncer } from './debouncer.js';
import { ManualTimerScheduler } from './manual-timer-scheduler.js';
import { AUTOCOMPLETE_DEBOUNCE_MS } from './autocomplete.js';

describe('Debouncer', () => {
  it('runs once, 300 ms after the last call, with the last arguments', () => {
    const scheduler = new ManualTimerScheduler();
    const calls: string[] = [];
    const d = new Debouncer(scheduler, AUTOCOMPLETE_DEBOUNCE_MS, (q: string) => calls.push(q));
    d.call('a');
    scheduler.advance(200);
    d.call('ab');
    scheduler.advance(299);
    expect(calls).toEqual([]);
    scheduler.advance(1);
    expect(calls).toEqual(['ab']);
    expect(d.isPending).toBe(false);
  });
  it('cancel drops the pending call', () => {
    const scheduler = new ManualTimerScheduler();
    let runs = 0;
    const d = new Debouncer(scheduler, 100, () => runs++);
    d.call();
    d.cancel();
    scheduler.advance(1000);
    expect(runs).toBe(0);
    expect(scheduler.pendingCount).toBe(0);
  });
  it('runs exactly once per quiet period of at least the wait', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 600 }), { maxLength: 30 }), (gaps) => {
        const scheduler = new ManualTimerScheduler();
        let runs = 0;
        const d = new Debouncer(scheduler, 300, () => runs++);
        let expected = 0;
        gaps.forEach((gap, i) => {
          d.call();
          scheduler.advance(gap);
          // The run happens when the next call is at least 300 ms later (or after the last call).
          if (gap >= 300) expected++;
          if (i === gaps.length - 1 && gap < 300) {
            scheduler.advance(300);
            expected++;
          }
        });
        expect(runs).toBe(expected);
        expect(scheduler.pendingCount).toBe(0);
      }),
    );
  });
});
