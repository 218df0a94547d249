import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ManualTimerScheduler } from '../widgets/manual-timer-scheduler.js';
import { NotifyPoller, type NotifyEventBus, type NotifyGateway } from './notify-poller.js';
import type { NotifyResponse } from './notify-response.js';

const ANSWER: NotifyResponse = {
  unDealCount: 3,
  unLookSeal: true,
  warnTaskList: [{ taskNo: 'RW-001', planFinishDate: '2025-01-31' }],
};

/** A gateway whose polls the test settles by hand. */
class HandGateway implements NotifyGateway {
  calls = 0;
  private pending: { resolve: (r: NotifyResponse | null) => void; reject: (e: unknown) => void }[] =
    [];
  constructor(private readonly onCall: () => void = () => {}) {}
  fetchNotify(): Promise<NotifyResponse | null> {
    this.calls++;
    this.onCall();
    return new Promise((resolve, reject) => this.pending.push({ resolve, reject }));
  }
  get inFlight(): number {
    return this.pending.length;
  }
  async settle(outcome: NotifyResponse | null | Error): Promise<void> {
    const next = this.pending.shift();
    if (!next) throw new Error('no poll in flight');
    if (outcome instanceof Error) next.reject(outcome);
    else next.resolve(outcome);
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

class HandBus implements NotifyEventBus {
  handlers = new Map<string, Set<() => void>>();
  on(event: string, handler: () => void): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return () => set.delete(handler);
  }
  emit(event: string): void {
    for (const h of this.handlers.get(event) ?? []) h();
  }
}

function setup() {
  const scheduler = new ManualTimerScheduler();
  const gateway = new HandGateway();
  const bus = new HandBus();
  const answers: NotifyResponse[] = [];
  const errors: unknown[] = [];
  const poller = new NotifyPoller({
    gateway,
    scheduler,
    bus,
    onNotify: (r) => answers.push(r),
    onError: (e) => errors.push(e),
  });
  return { scheduler, gateway, bus, answers, errors, poller };
}

describe('NotifyPoller', () => {
  it('polls at start, then 60 s after each poll finishes', async () => {
    const { scheduler, gateway, answers, poller } = setup();
    poller.start();
    expect(gateway.calls).toBe(1);
    scheduler.advance(5_000); // the poll takes 5 s
    await gateway.settle(ANSWER);
    expect(answers).toEqual([ANSWER]);
    scheduler.advance(59_999);
    expect(gateway.calls).toBe(1);
    scheduler.advance(1);
    expect(gateway.calls).toBe(2);
    expect(scheduler.now).toBe(65_000);
  });
  it('skips a trigger while a poll is running', async () => {
    const { gateway, bus, poller } = setup();
    poller.start();
    poller.trigger();
    bus.emit('getNotify');
    expect(gateway.calls).toBe(1);
    await gateway.settle(ANSWER);
    expect(poller.isPolling).toBe(false);
  });
  it('polls at once on the getNotify bus event and restarts the interval', async () => {
    const { scheduler, gateway, bus, poller } = setup();
    poller.start();
    await gateway.settle(ANSWER);
    scheduler.advance(30_000);
    bus.emit('getNotify');
    expect(gateway.calls).toBe(2);
    expect(scheduler.pendingCount).toBe(0);
    await gateway.settle(ANSWER);
    scheduler.advance(59_999);
    expect(gateway.calls).toBe(2);
    scheduler.advance(1);
    expect(gateway.calls).toBe(3);
  });
  it('keeps polling after a failure and ignores a non-200 answer', async () => {
    const { scheduler, gateway, answers, errors, poller } = setup();
    poller.start();
    await gateway.settle(new Error('Network Error'));
    expect(errors).toHaveLength(1);
    scheduler.advance(60_000);
    expect(gateway.calls).toBe(2);
    await gateway.settle(null);
    expect(answers).toEqual([]);
    scheduler.advance(60_000);
    expect(gateway.calls).toBe(3);
  });
  it('stops for good on dispose, dropping the running poll', async () => {
    const { scheduler, gateway, bus, answers, poller } = setup();
    poller.start();
    poller.dispose();
    await gateway.settle(ANSWER);
    expect(answers).toEqual([]);
    bus.emit('getNotify');
    poller.trigger();
    poller.start();
    scheduler.advance(600_000);
    expect(gateway.calls).toBe(1);
    expect(scheduler.pendingCount).toBe(0);
    expect(poller.phase).toBe('disposed');
  });
  it('disposes while idle without a pending timer', async () => {
    const { scheduler, gateway, poller } = setup();
    poller.start();
    await gateway.settle(ANSWER);
    expect(scheduler.pendingCount).toBe(1);
    poller.dispose();
    expect(scheduler.pendingCount).toBe(0);
  });

  it('never runs two polls at once and spaces timed polls 60 s after the last finish (property)', async () => {
    const command = fc.oneof(
      fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 90_000 }) }),
      fc.record({ kind: fc.constant('trigger' as const), ms: fc.constant(0) }),
      fc.record({ kind: fc.constant('finish' as const), ms: fc.constant(0) }),
      fc.record({ kind: fc.constant('fail' as const), ms: fc.constant(0) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 60 }), async (commands) => {
        const scheduler = new ManualTimerScheduler();
        let triggering = false;
        let lastFinish: number | undefined;
        // Collected, not thrown: the poller turns a throwing gateway into a failed poll.
        const violations: string[] = [];
        const gateway: HandGateway = new HandGateway(() => {
          // A poll starts: none may be running, and a poll not asked for is the timer's.
          if (gateway.inFlight !== 0) violations.push(`overlap at ${scheduler.now}`);
          if (!triggering && lastFinish !== undefined && scheduler.now !== lastFinish + 60_000) {
            violations.push(`timed poll at ${scheduler.now}, last finish ${lastFinish}`);
          }
        });
        const poller = new NotifyPoller({
          gateway,
          scheduler,
          onNotify: () => {},
          onError: () => {},
        });
        triggering = true;
        poller.start();
        triggering = false;
        for (const c of commands) {
          if (c.kind === 'advance') scheduler.advance(c.ms);
          else if (c.kind === 'trigger') {
            triggering = true;
            poller.trigger();
            triggering = false;
          } else if (gateway.inFlight > 0) {
            await gateway.settle(c.kind === 'finish' ? ANSWER : new Error('x'));
            lastFinish = scheduler.now;
          }
          expect(violations).toEqual([]);
          expect(gateway.inFlight).toBeLessThanOrEqual(1);
          // Liveness: while idle, the next poll is never overdue.
          if (gateway.inFlight === 0 && lastFinish !== undefined) {
            expect(scheduler.now).toBeLessThan(lastFinish + 60_000);
            expect(scheduler.nextDueAt()).toBe(lastFinish + 60_000);
          }
        }
        poller.dispose();
        expect(scheduler.pendingCount).toBe(0);
      }),
    );
  });
});
