import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noticeRecipients } from './approval-notice.js';
import {
  newApprovalState,
  pendingApprovers,
  type ApprovalState,
} from './approval-state-machine.js';

const id = fc.integer({ min: 1, max: 6 }).map(String);

/** An approval in approval at its first node, some of whose holders have signed. */
const running = fc
  .record({
    drafter: id,
    assignees: fc.uniqueArray(id, { maxLength: 4 }),
    signed: fc.array(id, { maxLength: 2 }),
  })
  .map(({ drafter, assignees, signed }): ApprovalState => ({
    ...newApprovalState(drafter, [{ nodeId: '1', nodeName: '节点', mode: 'all', assignees }]),
    status: 0,
    signedAtCurrent: signed,
  }));

describe('who 抄送 and 催办 notify', () => {
  it('a copy tells the copied user; an urge tells those the approval waits for', () => {
    const state: ApprovalState = {
      ...newApprovalState('1', [{ nodeId: '1', nodeName: '经营部', mode: 'or', assignees: ['2'] }]),
      status: 0,
    };
    expect(noticeRecipients({ action: 'cc', target: '3' }, state, '1')).toEqual([
      { recipientId: '3', kind: 'copy' },
    ]);
    expect(noticeRecipients({ action: 'urge' }, state, '1')).toEqual([
      { recipientId: '2', kind: 'urge' },
    ]);
    expect(noticeRecipients({ action: 'approve' }, state, '2')).toEqual([]);
  });

  it('never tells the sender, never twice, and only the unsigned holders of an urge', () => {
    fc.assert(
      fc.property(running, id, id, (state, sender, target) => {
        const urged = noticeRecipients({ action: 'urge' }, state, sender);
        const ids = urged.map((r) => r.recipientId);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).not.toContain(sender);
        expect(ids).toEqual(pendingApprovers(state).filter((u) => u !== sender));
        expect(urged.every((r) => r.kind === 'urge')).toBe(true);
        const copied = noticeRecipients({ action: 'cc', target }, state, sender);
        expect(copied).toEqual(target === sender ? [] : [{ recipientId: target, kind: 'copy' }]);
      }),
    );
  });
});
