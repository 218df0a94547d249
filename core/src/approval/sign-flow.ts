import { err, ok, type Result } from '../shared/result.js';
import type { DesignTaskSignDetail, DesignTaskSignFlow } from './approval-detail.js';
import { signFlowMessages } from './approval-messages.js';
import type { ApprovalUserId } from './approval-state-machine.js';

/**
 * The design-team sign flow (000 §4, 001 §4): a user may fill only their own unsigned step, and
 * only when it matches the current flow name. Steps are ordered by orderNo; a step is current
 * when it carries the current flow name and no unsigned step of another name comes before it.
 */

/** The steps in signing order: by orderNo, then flowId so equal orders stay stable. */
export const sortSignFlow = (flows: readonly DesignTaskSignFlow[]): readonly DesignTaskSignFlow[] =>
  [...flows].sort(
    (a, b) => a.orderNo - b.orderNo || (a.flowId < b.flowId ? -1 : a.flowId > b.flowId ? 1 : 0),
  );

export const isSignStepSigned = (
  step: DesignTaskSignFlow,
  details: readonly DesignTaskSignDetail[],
): boolean => details.some((d) => d.flowId === step.flowId);

/**
 * The current flow name: the name of the first unsigned step in order, undefined once all are
 * signed. Several steps may share it (several designers sign the same stage), and each of their
 * users may then sign.
 */
export const currentSignFlowName = (
  flows: readonly DesignTaskSignFlow[],
  details: readonly DesignTaskSignDetail[],
): string | undefined => sortSignFlow(flows).find((s) => !isSignStepSigned(s, details))?.flowName;

export interface SignFlowContext {
  readonly flows: readonly DesignTaskSignFlow[];
  readonly details: readonly DesignTaskSignDetail[];
  /**
   * The current flow name as the server gave it (e.g. the detail's currentNodeName); computed
   * from the steps when absent.
   */
  readonly currentFlowName?: string;
}

/** Why `userId` may not fill `flowId`, or ok with the step when they may. */
export function checkSignStep(
  ctx: SignFlowContext,
  flowId: string,
  userId: ApprovalUserId,
): Result<DesignTaskSignFlow> {
  const step = ctx.flows.find((f) => f.flowId === flowId);
  if (step === undefined) return err(signFlowMessages.unknownStep());
  if (step.dealUserId !== userId) return err(signFlowMessages.notYourStep(step.flowName));
  if (isSignStepSigned(step, ctx.details))
    return err(signFlowMessages.alreadySigned(step.flowName));
  const current = ctx.currentFlowName ?? currentSignFlowName(ctx.flows, ctx.details);
  if (step.flowName !== current)
    return err(signFlowMessages.notCurrentStep(step.flowName, current));
  // A name can come back at a later stage (设计 → 校对 → 设计); that later step is not current
  // while an earlier step of another name is unsigned, so the flow never skips a stage.
  const ordered = sortSignFlow(ctx.flows);
  const blocked = ordered
    .slice(0, ordered.indexOf(step))
    .some((s) => s.flowName !== step.flowName && !isSignStepSigned(s, ctx.details));
  if (blocked) return err(signFlowMessages.notCurrentStep(step.flowName, current));
  return ok(step);
}

export const canFillSignStep = (
  ctx: SignFlowContext,
  flowId: string,
  userId: ApprovalUserId,
): boolean => checkSignStep(ctx, flowId, userId).ok;

/** The steps `userId` may fill now, in signing order (the ones the web leaves editable). */
export const fillableSignSteps = (
  ctx: SignFlowContext,
  userId: ApprovalUserId,
): readonly DesignTaskSignFlow[] =>
  sortSignFlow(ctx.flows).filter((s) => canFillSignStep(ctx, s.flowId, userId));
