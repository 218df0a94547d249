/**
 * Time reaches core as a port: core never calls the global timers itself (lint forbids it), so
 * the browser adapter binds this to `window.setTimeout` and tests bind a fake clock.
 */

/** Whatever the scheduler hands back for a pending callback; core only passes it back. */
export type TimerHandle = unknown;

export interface TimerScheduler {
  /** Runs `callback` once, `ms` milliseconds from now. */
  setTimeout(callback: () => void, ms: number): TimerHandle;
  /** Cancels a pending callback; a handle already run or cancelled is ignored. */
  clearTimeout(handle: TimerHandle): void;
}
