import type { TimerHandle, TimerScheduler } from '../widgets/timer-scheduler.port.js';
import {
  NOTIFY_BUS_EVENT,
  NOTIFY_POLL_INTERVAL_MS,
  type NotifyResponse,
} from './notify-response.js';
import {
  POLLING_INITIAL,
  pollingStep,
  type PollingEvent,
  type PollingState,
} from './notify-polling.js';

/**
 * Fetches the notify answer for the current user. Resolves to null when the server answered a
 * code other than 200 (the spec ignores those silently).
 */
export interface NotifyGateway {
  fetchNotify(): Promise<NotifyResponse | null>;
}

/** The shell's event bus, as far as the poller needs it. */
export interface NotifyEventBus {
  /** Subscribes; returns the unsubscribe function. */
  on(event: string, handler: () => void): () => void;
}

export interface NotifyPollerDeps {
  readonly gateway: NotifyGateway;
  readonly scheduler: TimerScheduler;
  /** Receives every successful answer. */
  readonly onNotify: (response: NotifyResponse) => void;
  /** Receives a failed poll's error; polling goes on regardless. */
  readonly onError?: (error: unknown) => void;
  /** When given, the bus event `getNotify` triggers a poll. */
  readonly bus?: NotifyEventBus;
  readonly intervalMs?: number;
}

/**
 * Drives the polling state machine with the scheduler port and the gateway. Why a failed poll
 * still re-arms the timer: a network blip must not stop notifications for the session.
 */
export class NotifyPoller {
  private state: PollingState = POLLING_INITIAL;
  private timer: TimerHandle;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly deps: NotifyPollerDeps) {}

  /** Polls now and keeps polling; subscribes to the bus. Calling it twice does nothing. */
  start(): void {
    if (this.state.phase !== 'new') return;
    this.unsubscribe = this.deps.bus?.on(NOTIFY_BUS_EVENT, () => this.trigger());
    this.dispatch({ type: 'start' });
  }

  /** Polls now, unless a poll is running (then the request is dropped). */
  trigger(): void {
    this.dispatch({ type: 'trigger' });
  }

  /** Stops for good: cancels the timer, leaves the bus; a running poll's answer is dropped. */
  dispose(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.dispatch({ type: 'dispose' });
  }

  get isPolling(): boolean {
    return this.state.phase === 'polling';
  }

  get phase(): PollingState['phase'] {
    return this.state.phase;
  }

  private dispatch(event: PollingEvent): void {
    const step = pollingStep(this.state, event, this.deps.intervalMs ?? NOTIFY_POLL_INTERVAL_MS);
    this.state = step.state;
    for (const effect of step.effects) {
      switch (effect.type) {
        case 'startPoll':
          this.poll();
          break;
        case 'armTimer':
          this.timer = this.deps.scheduler.setTimeout(
            () => this.dispatch({ type: 'timerFired' }),
            effect.ms,
          );
          break;
        case 'cancelTimer':
          this.deps.scheduler.clearTimeout(this.timer);
          break;
      }
    }
  }

  private poll(): void {
    let pending: Promise<NotifyResponse | null>;
    try {
      pending = this.deps.gateway.fetchNotify();
    } catch (error) {
      pending = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    void pending
      .then(
        (response) => {
          if (response !== null && this.state.phase === 'polling') this.deps.onNotify(response);
        },
        (error: unknown) => {
          if (this.state.phase === 'polling') this.deps.onError?.(error);
        },
      )
      .catch((error: unknown) => this.deps.onError?.(error))
      .finally(() => this.dispatch({ type: 'pollFinished' }));
  }
}
