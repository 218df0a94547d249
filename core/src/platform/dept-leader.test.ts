import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { leaderChoiceStands, routedLeaderOf, worksIn, type LeaderCandidate } from './dept.js';

/** A chain of department ids from the root down: `[100, 108, 110]`. */
const chain = fc.uniqueArray(fc.integer({ min: 100, max: 999 }), { minLength: 1, maxLength: 5 });

const candidateIn = (path: readonly number[], userId: number, status: '0' | '1' = '0') =>
  ({
    userId,
    status,
    deptId: path[path.length - 1]!,
    deptAncestors: ['0', ...path.slice(0, -1)].join(','),
  }) satisfies LeaderCandidate;

describe('a department leader is chosen from the department’s users', () => {
  it('a user works in their department and in every department above it, and in no other', () => {
    fc.assert(
      fc.property(chain, fc.integer({ min: 1000, max: 2000 }), (path, other) => {
        const c = candidateIn(path, 7);
        for (const d of path) expect(worksIn(d, c)).toBe(true);
        expect(worksIn(other, c)).toBe(false);
      }),
    );
  });

  it('a new leader stands only when they are an active user of the department or below', () => {
    fc.assert(
      fc.property(
        chain,
        fc.integer({ min: 1, max: 50 }),
        fc.constantFrom<'0' | '1'>('0', '1'),
        fc.integer({ min: 100, max: 999 }),
        (path, userId, status, deptId) => {
          const c = candidateIn(path, userId, status);
          const stands = leaderChoiceStands(deptId, userId, null, c);
          expect(stands).toBe(status === '0' && path.includes(deptId));
        },
      ),
    );
  });

  it('keeps the leader a department has, and clearing the leader always stands', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 100, max: 999 }), (u, d) => {
        expect(leaderChoiceStands(d, u, u, null)).toBe(true);
        expect(leaderChoiceStands(d, null, u, null)).toBe(true);
        expect(leaderChoiceStands(d, undefined, u, null)).toBe(true);
      }),
    );
  });

  it('refuses a leader for a department being created (it has no users yet) or an unknown user', () => {
    expect(leaderChoiceStands(undefined, 3, null, candidateIn([100], 3))).toBe(false);
    expect(leaderChoiceStands(100, 3, null, null)).toBe(false);
    expect(leaderChoiceStands(100, 3, null, candidateIn([100], 4))).toBe(false);
  });
});

describe('a department-head node goes to the nearest leader up the chain', () => {
  it('is the department’s own leader when it has one, else the nearest above, else none', () => {
    fc.assert(
      fc.property(chain, fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), (path, led) => {
        const leaders = new Map(path.flatMap((d, i) => (led[i] ? [[d, d * 10] as const] : [])));
        const dept = {
          deptId: path[path.length - 1]!,
          ancestors: ['0', ...path.slice(0, -1)].join(','),
        };
        const routed = routedLeaderOf(dept, (d) => leaders.get(d) ?? null);
        const nearest = [...path].reverse().find((d) => leaders.has(d));
        expect(routed).toEqual(
          nearest === undefined ? null : { userId: nearest * 10, deptId: nearest },
        );
      }),
    );
  });
});
