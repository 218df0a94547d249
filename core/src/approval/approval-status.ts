/**
 * The approval statuses of the spec (000 §4, 001 §4) and the transitions we allow between them.
 * The spec lists the values but not the transitions; the table below is our design (DESIGN §5b).
 */
export const APPROVAL_STATUS = {
  TO_SUBMIT: -1,
  IN_APPROVAL: 0,
  APPROVED: 1,
  REJECTED: 2,
  WITHDRAWN: 3,
} as const;

export type ApprovalStatus = (typeof APPROVAL_STATUS)[keyof typeof APPROVAL_STATUS];

export const APPROVAL_STATUSES: readonly ApprovalStatus[] = [-1, 0, 1, 2, 3];

export const APPROVAL_STATUS_LABELS: Readonly<Record<ApprovalStatus, string>> = {
  [-1]: '待提交',
  0: '审批中',
  1: '已通过',
  2: '已驳回',
  3: '已撤回',
};

export const isApprovalStatus = (value: unknown): value is ApprovalStatus =>
  typeof value === 'number' && (APPROVAL_STATUSES as readonly number[]).includes(value);

/** Everything a person can do to one approval. */
export const APPROVAL_ACTION_TYPES = [
  'submit',
  'approve',
  'reject',
  'withdraw',
  'resubmit',
  'return',
  'transfer',
  'cc',
  'urge',
] as const;

export type ApprovalActionType = (typeof APPROVAL_ACTION_TYPES)[number];

export const APPROVAL_ACTION_LABELS: Readonly<Record<ApprovalActionType, string>> = {
  submit: '提交',
  approve: '同意',
  reject: '驳回',
  withdraw: '撤回',
  resubmit: '重新提交',
  return: '退回',
  transfer: '转办',
  cc: '抄送',
  urge: '催办',
};

/** One row of the transition table: in which statuses an action is accepted and where it leads. */
export interface ApprovalTransitionRule {
  readonly from: readonly ApprovalStatus[];
  /** The statuses the action may lead to; approve stays in 0 until the last node, then 1. */
  readonly to: readonly ApprovalStatus[];
}

/**
 * The transition table. Anything not listed is refused with APPROVAL.INVALID_TRANSITION.
 * - withdraw is allowed at any point of status 0, not only before the first node acts: a drafter
 *   who finds a mistake must be able to pull the form back, signatures already given stay in the
 *   action log, and a resubmission restarts at the first node so every node signs the corrected
 *   content.
 * - cc is allowed while in approval and after approval (a reader may be told of the result);
 *   urge only while in approval (there is nobody to urge otherwise).
 * - 1 (approved) is final: a correction is a new approval, since the linked record has moved.
 */
export const APPROVAL_TRANSITIONS: Readonly<Record<ApprovalActionType, ApprovalTransitionRule>> = {
  submit: { from: [-1], to: [0] },
  approve: { from: [0], to: [0, 1] },
  reject: { from: [0], to: [2] },
  withdraw: { from: [0], to: [3] },
  resubmit: { from: [2, 3], to: [0] },
  return: { from: [0], to: [0] },
  transfer: { from: [0], to: [0] },
  cc: { from: [0, 1], to: [0, 1] },
  urge: { from: [0], to: [0] },
};

/** True when the table accepts `action` in status `from`. */
export const isActionAllowedIn = (action: ApprovalActionType, from: ApprovalStatus): boolean =>
  APPROVAL_TRANSITIONS[action].from.includes(from);

/** True when the table allows going from `from` to `to` by `action`. */
export function isTransitionAllowed(
  action: ApprovalActionType,
  from: ApprovalStatus,
  to: ApprovalStatus,
): boolean {
  const rule = APPROVAL_TRANSITIONS[action];
  if (!rule.from.includes(from) || !rule.to.includes(to)) return false;
  // Actions that do not move the status must leave it where it was (cc in 1 stays 1).
  if (action === 'cc') return from === to;
  return true;
}

/** The actions a status accepts, for showing buttons. Who may press them is `applyAction`'s job. */
export const actionsAllowedIn = (status: ApprovalStatus): readonly ApprovalActionType[] =>
  APPROVAL_ACTION_TYPES.filter((a) => isActionAllowedIn(a, status));
