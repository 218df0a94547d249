import { printMessages } from '../messages.js';
import { PrintError } from '../print-errors.js';

interface Waiter {
  resolve(): void;
  reject(e: Error): void;
}

/**
 * The permits in front of the tabs: as many jobs run as there are tabs, the rest wait in arrival
 * order until a permit is released or their deadline passes.
 */
export class JobQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly permits: number) {}

  get runningCount(): number {
    return this.running;
  }

  get queuedCount(): number {
    return this.waiting.length;
  }

  /** Every tab busy and `maxQueue` jobs already waiting. */
  isFull(maxQueue: number): boolean {
    return this.running >= this.permits && this.waiting.length >= maxQueue;
  }

  acquire(deadline: number): Promise<void> {
    if (this.running < this.permits) {
      this.running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      };
      const timer = setTimeout(
        () => {
          const i = this.waiting.indexOf(waiter);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(new PrintError('PRINT.TIMEOUT', printMessages.timedOut));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.waiting.push(waiter);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    // The permit passes straight to the next job, so `running` stays the same.
    if (next) return next.resolve();
    this.running -= 1;
    if (this.running === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  /** Refuses every job still waiting. */
  rejectWaiting(error: () => Error): void {
    for (const w of this.waiting.splice(0)) w.reject(error());
  }

  /** Resolves once no job runs, or after `graceMs`, whichever comes first. */
  async idle(graceMs: number): Promise<void> {
    if (this.running === 0) return;
    await Promise.race([
      new Promise<void>((resolve) => this.idleWaiters.push(resolve)),
      new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref()),
    ]);
  }
}
