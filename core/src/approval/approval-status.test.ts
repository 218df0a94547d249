import { describe, expect, it } from 'vitest';
import {
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUSES,
  actionsAllowedIn,
  isApprovalStatus,
  isTransitionAllowed,
} from './approval-status.js';

describe('approval status table', () => {
  it('names every status in Chinese', () => {
    expect(APPROVAL_STATUSES.map((s) => APPROVAL_STATUS_LABELS[s])).toEqual([
      '待提交',
      '审批中',
      '已通过',
      '已驳回',
      '已撤回',
    ]);
    expect(isApprovalStatus(3)).toBe(true);
    expect(isApprovalStatus(4)).toBe(false);
    expect(isApprovalStatus('0')).toBe(false);
  });

  it('allows exactly the transitions of the design', () => {
    expect(isTransitionAllowed('submit', -1, 0)).toBe(true);
    expect(isTransitionAllowed('approve', 0, 0)).toBe(true);
    expect(isTransitionAllowed('approve', 0, 1)).toBe(true);
    expect(isTransitionAllowed('reject', 0, 2)).toBe(true);
    expect(isTransitionAllowed('withdraw', 0, 3)).toBe(true);
    expect(isTransitionAllowed('resubmit', 2, 0)).toBe(true);
    expect(isTransitionAllowed('resubmit', 3, 0)).toBe(true);
    expect(isTransitionAllowed('cc', 1, 1)).toBe(true);
    expect(isTransitionAllowed('cc', 1, 0)).toBe(false);
    expect(isTransitionAllowed('submit', 2, 0)).toBe(false);
    expect(isTransitionAllowed('approve', -1, 1)).toBe(false);
    expect(isTransitionAllowed('withdraw', 1, 3)).toBe(false);
    expect(isTransitionAllowed('reject', 0, 3)).toBe(false);
  });

  it('lists the actions each status accepts', () => {
    expect(actionsAllowedIn(-1)).toEqual(['submit']);
    expect(actionsAllowedIn(1)).toEqual(['cc']);
    expect(actionsAllowedIn(2)).toEqual(['resubmit']);
    expect(actionsAllowedIn(3)).toEqual(['resubmit']);
    expect(actionsAllowedIn(0)).toEqual([
      'approve',
      'reject',
      'withdraw',
      'return',
      'transfer',
      'cc',
      'urge',
    ]);
  });
});
