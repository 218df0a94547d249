import type { TimerHandle, TimerScheduler } from './timer-scheduler.port.js';

interface Pending {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
}

/**
 * A scheduler driven by hand: time moves only when `advance` is called. For tests of anything
 * built on the `TimerScheduler` port, here and in the web, so no test waits for a real timer.
 */
export class ManualTimerScheduler implements TimerScheduler {
  private current = 0;
  private nextId = 1;
  private pending: Pending[] = [];

  get now(): number {
    return this.current;
  }

  /** How many callbacks are waiting. */
  get pendingCount(): number {
    return this.pending.length;
  }

  setTimeout(callback: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.pending.push({ id, at: this.current + Math.max(0, ms), callback });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.pending = this.pending.filter((p) => p.id !== handle);
  }

  /** Moves time forward by `ms`, running due callbacks in time order (ties in arming order). */
  advance(ms: number): void {
    const target = this.current + Math.max(0, ms);
    for (;;) {
      const due = this.pending
        .filter((p) => p.at <= target)
        .sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (due === undefined) break;
      this.pending = this.pending.filter((p) => p.id !== due.id);
      this.current = due.at;
      due.callback();
    }
    this.current = target;
  }

  /** Time of the next pending callback, or undefined. */
  nextDueAt(): number | undefined {
    return this.pending.reduce<number | undefined>(
      (min, p) => (min === undefined || p.at < min ? p.at : min),
      undefined,
    );
  }
}
