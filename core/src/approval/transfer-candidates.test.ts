import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { transferCandidates } from './transfer-candidates.js';

describe('转办 candidates are those eligible for the node, minus drafter, author and holders', () => {
  it('offers the role’s other members, never the drafter, the author or the current holder', () => {
    expect(
      transferCandidates(['2', '3', '4', '5', '3'], {
        drafterId: '4',
        authorId: '5',
        holders: ['2'],
      }),
    ).toEqual(['3']);
  });

  it('holds for any eligible list and parties', () => {
    const id = fc.integer({ min: 1, max: 8 }).map(String);
    fc.assert(
      fc.property(
        fc.array(id, { maxLength: 8 }),
        id,
        fc.option(id),
        fc.array(id, { maxLength: 3 }),
        (eligible, drafterId, authorId, holders) => {
          const out = transferCandidates(eligible, { drafterId, authorId, holders });
          expect(new Set(out).size).toBe(out.length);
          for (const u of out) {
            expect(eligible).toContain(u);
            expect(u).not.toBe(drafterId);
            expect(u).not.toBe(authorId);
            expect(holders).not.toContain(u);
          }
          // Nobody eligible and outside the parties is left out.
          for (const u of eligible)
            if (u !== drafterId && u !== authorId && !holders.includes(u)) expect(out).toContain(u);
        },
      ),
    );
  });
});
