import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DesignTaskSignDetail, DesignTaskSignFlow } from './approval-detail.js';
import {
  checkSignStep,
  currentSignFlowName,
  fillableSignSteps,
  isSignStepSigned,
  sortSignFlow,
} from './sign-flow.js';

const step = (flowId: string, flowName: string, orderNo: number, dealUserId: string) => ({
  flowId,
  flowName,
  orderNo,
  dealUserId,
  taskId: 't1',
});
const signed = (flowId: string): DesignTaskSignDetail => ({
  flowId,
  dealContent: '同意',
  createTime: '2024-05-01T09:00:00+08:00',
  dealUserSignUrl: '/s.png',
});

const FLOWS: DesignTaskSignFlow[] = [
  step('f3', '审核', 3, 'u3'),
  step('f1', '设计', 1, 'u1'),
  step('f2', '设计', 1, 'u2'),
  step('f4', '审定', 4, 'u1'),
];

describe('design-team sign flow', () => {
  it('orders steps and finds the current flow name', () => {
    expect(sortSignFlow(FLOWS).map((s) => s.flowId)).toEqual(['f1', 'f2', 'f3', 'f4']);
    expect(currentSignFlowName(FLOWS, [])).toBe('设计');
    expect(currentSignFlowName(FLOWS, [signed('f1')])).toBe('设计');
    expect(currentSignFlowName(FLOWS, [signed('f1'), signed('f2')])).toBe('审核');
    expect(currentSignFlowName(FLOWS, ['f1', 'f2', 'f3', 'f4'].map(signed))).toBeUndefined();
  });

  it('lets a user fill only their own unsigned step of the current flow name', () => {
    const ctx = { flows: FLOWS, details: [signed('f1')] };
    expect(checkSignStep(ctx, 'f2', 'u2').ok).toBe(true);
    const other = checkSignStep(ctx, 'f2', 'u1');
    expect(!other.ok && other.error.code).toBe('SIGN_FLOW.NOT_YOUR_STEP');
    const again = checkSignStep(ctx, 'f1', 'u1');
    expect(!again.ok && again.error.code).toBe('SIGN_FLOW.ALREADY_SIGNED');
    const later = checkSignStep(ctx, 'f4', 'u1');
    expect(!later.ok && later.error.code).toBe('SIGN_FLOW.NOT_CURRENT_STEP');
    expect(!later.ok && later.error.message).toContain('设计');
    const unknown = checkSignStep(ctx, 'nope', 'u1');
    expect(!unknown.ok && unknown.error.code).toBe('SIGN_FLOW.UNKNOWN_STEP');
    expect(fillableSignSteps(ctx, 'u2').map((s) => s.flowId)).toEqual(['f2']);
    expect(fillableSignSteps(ctx, 'u1')).toEqual([]);
  });

  it('follows the current flow name the server gives', () => {
    const details = ['f1', 'f2', 'f3'].map(signed);
    expect(fillableSignSteps({ flows: FLOWS, details, currentFlowName: '审定' }, 'u1')).toEqual([
      FLOWS[3],
    ]);
    // A server name that would skip unsigned stages is not followed.
    const early = { flows: FLOWS, details: [], currentFlowName: '审定' };
    expect(fillableSignSteps(early, 'u1')).toEqual([]);
  });

  const USERS = ['u1', 'u2', 'u3'];
  const flowsArb = fc
    .array(
      fc.record({
        flowName: fc.constantFrom('设计', '校对', '审核', '审定'),
        orderNo: fc.integer({ min: 1, max: 5 }),
        dealUserId: fc.constantFrom(...USERS),
      }),
      { minLength: 1, maxLength: 7 },
    )
    .map((xs) => xs.map((x, i) => ({ ...x, flowId: `f${i}`, taskId: 't' })));
  const ctxArb = flowsArb.chain((flows) =>
    fc.subarray(flows.map((f) => f.flowId)).map((ids) => ({ flows, details: ids.map(signed) })),
  );

  it('property: a fillable step is the user’s own, unsigned and of the current name', () => {
    fc.assert(
      fc.property(ctxArb, fc.constantFrom(...USERS), (ctx, user) => {
        const current = currentSignFlowName(ctx.flows, ctx.details);
        const fillable = fillableSignSteps(ctx, user);
        for (const s of fillable) {
          expect(s.dealUserId).toBe(user);
          expect(isSignStepSigned(s, ctx.details)).toBe(false);
          expect(s.flowName).toBe(current);
        }
        // The first unsigned step in order is always fillable by its own user.
        const first = sortSignFlow(ctx.flows).find((s) => !isSignStepSigned(s, ctx.details));
        if (first !== undefined) {
          expect(fillableSignSteps(ctx, first.dealUserId)).toContain(first);
        }
      }),
    );
  });

  it('property: signing a fillable step makes it unfillable for everyone, and never skips ahead', () => {
    fc.assert(
      fc.property(ctxArb, fc.constantFrom(...USERS), (ctx, user) => {
        for (const s of fillableSignSteps(ctx, user)) {
          // Every step ordered before it is signed, or shares its (the current) name.
          for (const earlier of ctx.flows.filter((f) => f.orderNo < s.orderNo)) {
            expect(isSignStepSigned(earlier, ctx.details) || earlier.flowName === s.flowName).toBe(
              true,
            );
          }
          const after = { flows: ctx.flows, details: [...ctx.details, signed(s.flowId)] };
          for (const u of USERS) expect(checkSignStep(after, s.flowId, u).ok).toBe(false);
        }
      }),
    );
  });
});
