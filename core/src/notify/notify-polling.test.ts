import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  POLLING_INITIAL,
  pollingStep,
  type PollingEvent,
  type PollingState,
} from './notify-polling.js';

describe('pollingStep', () => {
  it('follows start → poll → finish → timer → poll', () => {
    let s: PollingState = POLLING_INITIAL;
    let step = pollingStep(s, { type: 'start' });
    expect(step.effects).toEqual([{ type: 'startPoll' }]);
    s = step.state;
    step = pollingStep(s, { type: 'pollFinished' });
    expect(step.effects).toEqual([{ type: 'armTimer', ms: 60_000 }]);
    s = step.state;
    step = pollingStep(s, { type: 'trigger' });
    expect(step.effects).toEqual([{ type: 'cancelTimer' }, { type: 'startPoll' }]);
    expect(pollingStep(step.state, { type: 'trigger' }).effects).toEqual([]);
  });

  it('keeps at most one poll and one timer, never both (property)', () => {
    const event = fc.constantFrom<PollingEvent>(
      { type: 'start' },
      { type: 'trigger' },
      { type: 'timerFired' },
      { type: 'pollFinished' },
      { type: 'dispose' },
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 80 }), (events) => {
        let s = POLLING_INITIAL;
        let polls = 0;
        let timers = 0;
        for (const e of events) {
          // The driver only reports a finish for a poll it started, and a fire for an armed timer.
          if (e.type === 'pollFinished' && polls === 0) continue;
          if (e.type === 'timerFired' && timers === 0) continue;
          if (e.type === 'pollFinished') polls--;
          if (e.type === 'timerFired') timers--;
          const step = pollingStep(s, e);
          for (const effect of step.effects) {
            if (effect.type === 'startPoll') polls++;
            if (effect.type === 'armTimer') timers++;
            if (effect.type === 'cancelTimer') timers--;
          }
          s = step.state;
          expect(polls).toBeLessThanOrEqual(1);
          expect(timers).toBeLessThanOrEqual(1);
          expect(timers).toBeGreaterThanOrEqual(0);
          expect(polls + timers).toBeLessThanOrEqual(1);
          expect(s.timerArmed).toBe(timers === 1);
          if (s.phase === 'disposed') expect(timers).toBe(0);
        }
      }),
    );
  });
});
