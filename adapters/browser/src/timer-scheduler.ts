/** Cancels what was scheduled; calling it twice is harmless. */
export type Cancel = () => void;

/**
 * Core's `TimerScheduler` port on the browser's timers: the notify poll, the side panel's lock,
 * the table's loading messages and the debouncers run on it.
 */
export class BrowserTimerScheduler {
  private readonly pending = new Set<ReturnType<typeof globalThis.setTimeout>>();

  setTimeout(callback: () => void, ms: number): unknown {
    const handle = globalThis.setTimeout(() => {
      this.pending.delete(handle);
      callback();
    }, ms);
    this.pending.add(handle);
    return handle;
  }

  clearTimeout(handle: unknown): void {
    globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>);
    this.pending.delete(handle as ReturnType<typeof globalThis.setTimeout>);
  }

  /** Runs `fn` once after `ms`; returns its cancel. */
  after(ms: number, fn: () => void): Cancel {
    const handle = this.setTimeout(fn, ms);
    return () => this.clearTimeout(handle);
  }

  /** The current time in milliseconds. */
  now(): number {
    return Date.now();
  }

  /** Cancels everything still pending (on sign-out). */
  cancelAll(): void {
    for (const handle of this.pending) globalThis.clearTimeout(handle);
    this.pending.clear();
  }
}
