/** Cancels what was scheduled; calling it twice is harmless. */
export type Cancel = () => void;

/**
 * Time for the web's policies (the notify poll, the side panel's lock, the table's loading
 * messages) on the browser's timers.
 */
export class TimerScheduler {
  private readonly pending = new Set<ReturnType<typeof setTimeout>>();

  /** Runs `fn` once after `ms` milliseconds. */
  after(ms: number, fn: () => void): Cancel {
    const handle = setTimeout(() => {
      this.pending.delete(handle);
      fn();
    }, ms);
    this.pending.add(handle);
    return () => {
      clearTimeout(handle);
      this.pending.delete(handle);
    };
  }

  /** The current time in milliseconds. */
  now(): number {
    return Date.now();
  }

  /** Cancels everything still pending (on sign-out). */
  cancelAll(): void {
    for (const handle of this.pending) clearTimeout(handle);
    this.pending.clear();
  }
}
