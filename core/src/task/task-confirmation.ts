import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { TASK_CONFIRM_STEPS, type TaskConfirmStep } from './task.js';
import { taskErrors } from './task-messages.js';

/**
 * The confirmation order of a task sheet (001 §4): the design host (confirmByDesignZhuChi), then
 * the project manager (confirmByProManager), then the department (confirmTask). `confirmed` counts
 * the steps done (0..3). Only the person whose turn it is confirms, and never twice.
 */
export interface TaskConfirmState {
  readonly confirmed: number;
}

/** Who may confirm each step of one task (the sign flow's dealUserId of each step). */
export type TaskConfirmers = Readonly<Record<TaskConfirmStep, readonly number[]>>;

export const stepIndex = (step: TaskConfirmStep): number => TASK_CONFIRM_STEPS.indexOf(step);

/** The step waiting now; undefined once the task is confirmed. */
export const currentConfirmStep = (state: TaskConfirmState): TaskConfirmStep | undefined =>
  TASK_CONFIRM_STEPS[state.confirmed];

export const isTaskConfirmed = (state: TaskConfirmState): boolean =>
  state.confirmed >= TASK_CONFIRM_STEPS.length;

/**
 * `userId` confirms `step`. Refusals, in this order: not the step's person (403 — a designer
 * cannot confirm for a manager, whatever the state); already confirmed; an earlier step still
 * open. The person is checked first so a refusal never tells a stranger where the task stands.
 */
export function applyConfirmation(
  state: TaskConfirmState,
  step: TaskConfirmStep,
  userId: number,
  confirmers: TaskConfirmers,
): Result<TaskConfirmState, DomainError> {
  if (!confirmers[step].includes(userId)) return err(taskErrors.notYourStep(step));
  const i = stepIndex(step);
  if (i < state.confirmed) return err(taskErrors.alreadyConfirmed(step));
  if (i > state.confirmed) {
    const current = currentConfirmStep(state) ?? step;
    return err(taskErrors.outOfTurn(step, current));
  }
  return ok({ confirmed: state.confirmed + 1 });
}

/** A task is edited or deleted only while no one has confirmed it. */
export function checkTaskEditable(state: TaskConfirmState): Result<void> {
  return state.confirmed === 0 ? ok(undefined) : err(taskErrors.confirmedLocked());
}

/** A history task starts with the design host's step done (recorded, not signed). */
export const initialConfirmState = (history: boolean): TaskConfirmState => ({
  confirmed: history ? 1 : 0,
});
