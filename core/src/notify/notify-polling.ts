import { NOTIFY_POLL_INTERVAL_MS } from './notify-response.js';

/**
 * The polling policy as a pure state machine (000 §4): poll at start, then a fixed interval
 * after each poll *finishes*; never two polls at once; a trigger (the bus event) polls now unless
 * a poll is running; dispose is final. The effects say what the driver must do.
 */
export type PollingPhase = 'new' | 'idle' | 'polling' | 'disposed';

export interface PollingState {
  readonly phase: PollingPhase;
  /** Whether the next-poll timer is armed (only ever while idle). */
  readonly timerArmed: boolean;
}

export type PollingEvent =
  | { readonly type: 'start' }
  | { readonly type: 'trigger' }
  | { readonly type: 'timerFired' }
  | { readonly type: 'pollFinished' }
  | { readonly type: 'dispose' };

export type PollingEffect =
  | { readonly type: 'startPoll' }
  | { readonly type: 'armTimer'; readonly ms: number }
  | { readonly type: 'cancelTimer' };

export interface PollingStep {
  readonly state: PollingState;
  readonly effects: readonly PollingEffect[];
}

export const POLLING_INITIAL: PollingState = { phase: 'new', timerArmed: false };

const POLLING: PollingState = { phase: 'polling', timerArmed: false };

export function pollingStep(
  state: PollingState,
  event: PollingEvent,
  intervalMs: number = NOTIFY_POLL_INTERVAL_MS,
): PollingStep {
  const stay: PollingStep = { state, effects: [] };
  switch (event.type) {
    case 'start':
      return state.phase === 'new' ? { state: POLLING, effects: [{ type: 'startPoll' }] } : stay;
    case 'trigger':
      // Why the timer is cancelled: the poll about to run restarts the interval when it ends;
      // leaving the old timer armed would start a second chain of polls.
      if (state.phase !== 'idle') return stay;
      return {
        state: POLLING,
        effects: state.timerArmed
          ? [{ type: 'cancelTimer' }, { type: 'startPoll' }]
          : [{ type: 'startPoll' }],
      };
    case 'timerFired':
      // A timer that fires while polling or after dispose is stale: ignore it.
      if (state.phase !== 'idle' || !state.timerArmed) return stay;
      return { state: POLLING, effects: [{ type: 'startPoll' }] };
    case 'pollFinished':
      if (state.phase !== 'polling') return stay;
      return {
        state: { phase: 'idle', timerArmed: true },
        effects: [{ type: 'armTimer', ms: intervalMs }],
      };
    case 'dispose':
      if (state.phase === 'disposed') return stay;
      return {
        state: { phase: 'disposed', timerArmed: false },
        effects: state.timerArmed ? [{ type: 'cancelTimer' }] : [],
      };
  }
}
