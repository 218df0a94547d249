import type { TimerHandle, TimerScheduler } from './timer-scheduler.port.js';

/**
 * Trailing-edge debounce over the scheduler port: the action runs once, `waitMs` after the last
 * call, with the arguments of that last call. Used by the autocomplete (300 ms) and the chart's
 * resize handler (100 ms).
 */
export class Debouncer<A extends readonly unknown[]> {
  private handle: TimerHandle;
  private pending = false;

  constructor(
    private readonly scheduler: TimerScheduler,
    private readonly waitMs: number,
    private readonly action: (...args: A) => void,
  ) {}

  /** Re-arms the timer; earlier pending calls are dropped. */
  call(...args: A): void {
    this.cancel();
    this.pending = true;
    this.handle = this.scheduler.setTimeout(() => {
      this.pending = false;
      this.handle = undefined;
      this.action(...args);
    }, this.waitMs);
  }

  /** Drops the pending call, if any. */
  cancel(): void {
    if (this.pending) this.scheduler.clearTimeout(this.handle);
    this.pending = false;
    this.handle = undefined;
  }

  get isPending(): boolean {
    return this.pending;
  }
}
