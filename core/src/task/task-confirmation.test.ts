import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TASK_CONFIRM_STEPS, type TaskConfirmStep } from './task.js';
import {
  applyConfirmation,
  checkTaskEditable,
  currentConfirmStep,
  initialConfirmState,
  isTaskConfirmed,
  type TaskConfirmers,
  type TaskConfirmState,
} from './task-confirmation.js';

// Design host 1, project manager 2, department head 3; 4 is a stranger.
const confirmers: TaskConfirmers = { designHost: [1], projectManager: [2], department: [3] };
const personOf: Record<TaskConfirmStep, number> = {
  designHost: 1,
  projectManager: 2,
  department: 3,
};

describe('task confirmation order', () => {
  it('runs design host → project manager → department, then is confirmed', () => {
    let s: TaskConfirmState = initialConfirmState(false);
    for (const step of TASK_CONFIRM_STEPS) {
      expect(currentConfirmStep(s)).toBe(step);
      const r = applyConfirmation(s, step, personOf[step], confirmers);
      if (!r.ok) throw new Error(r.error.message);
      s = r.value;
    }
    expect(isTaskConfirmed(s)).toBe(true);
    expect(currentConfirmStep(s)).toBeUndefined();
  });

  it('refuses out of turn, twice, and a designer confirming for the manager', () => {
    const s0 = initialConfirmState(false);
    const early = applyConfirmation(s0, 'projectManager', 2, confirmers);
    expect(early.ok || early.error.code).toBe('TASK.OUT_OF_TURN');
    const s1 = { confirmed: 1 };
    const twice = applyConfirmation(s1, 'designHost', 1, confirmers);
    expect(twice.ok || twice.error.code).toBe('TASK.ALREADY_CONFIRMED');
    const forManager = applyConfirmation(s1, 'projectManager', 1, confirmers);
    expect(forManager.ok || forManager.error.code).toBe('TASK.FORBIDDEN');
  });

  it('starts a history task with the design host step done', () => {
    expect(initialConfirmState(true)).toEqual({ confirmed: 1 });
    expect(checkTaskEditable({ confirmed: 1 }).ok).toBe(false);
    expect(checkTaskEditable({ confirmed: 0 }).ok).toBe(true);
  });

  it('property: any sequence of attempts only ever advances by the right person at the right step', () => {
    const attempt = fc.record({
      step: fc.constantFrom(...TASK_CONFIRM_STEPS),
      user: fc.integer({ min: 1, max: 4 }),
    });
    fc.assert(
      fc.property(fc.array(attempt, { maxLength: 30 }), (attempts) => {
        let s: TaskConfirmState = { confirmed: 0 };
        const accepted: TaskConfirmStep[] = [];
        for (const a of attempts) {
          const r = applyConfirmation(s, a.step, a.user, confirmers);
          const rightTurn = TASK_CONFIRM_STEPS[s.confirmed] === a.step;
          const rightPerson = personOf[a.step] === a.user;
          expect(r.ok).toBe(rightTurn && rightPerson);
          if (r.ok) {
            expect(r.value.confirmed).toBe(s.confirmed + 1);
            accepted.push(a.step);
            s = r.value;
          } else if (!rightPerson) {
            expect(r.error.code).toBe('TASK.FORBIDDEN');
          }
          expect(s.confirmed).toBeLessThanOrEqual(3);
        }
        // Each step at most once, in order.
        expect(accepted).toEqual(TASK_CONFIRM_STEPS.slice(0, accepted.length));
      }),
    );
  });
});
