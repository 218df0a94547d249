import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_MEMO_MAX,
  canManageArchive,
  canReadArchive,
  checkMemo,
  normaliseAllowView,
  type ArchiveActor,
} from './archives.js';

const actor = (userId: number, keeper = false): ArchiveActor => ({
  userId,
  userName: `u${userId}`,
  deptId: 100,
  scope: { kind: 'all' },
  keeper,
});

describe('archive permissions', () => {
  it('only the keeper, the registrant and granted users may read; all-data scope alone may not', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.integer({ min: 1, max: 50 }), { maxLength: 10 }),
        fc.boolean(),
        (reader, owner, granted, keeper) => {
          const allowed = canReadArchive(actor(reader, keeper), {
            userId: owner,
            allowViewUserIds: granted,
          });
          expect(allowed).toBe(keeper || reader === owner || granted.includes(reader));
          expect(canManageArchive(actor(reader, keeper), { userId: owner })).toBe(
            keeper || reader === owner,
          );
        },
      ),
    );
  });

  it('granted users are kept once each, in order; a non-positive id is refused', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 })), (ids) => {
        const r = normaliseAllowView(ids);
        expect(r.ok && r.value).toEqual([...new Set(ids)].sort((a, b) => a - b));
      }),
    );
    const bad = normaliseAllowView([3, 0]);
    expect(!bad.ok && bad.error.field).toBe('allowViewUserIds');
  });

  it('a memo longer than the limit is refused naming the field', () => {
    expect(checkMemo(' 已归档 ').ok && checkMemo(' 已归档 ')).toEqual({
      ok: true,
      value: '已归档',
    });
    const r = checkMemo('档'.repeat(ARCHIVE_MEMO_MAX + 1));
    expect(!r.ok && r.error.field).toBe('memo');
    expect(checkMemo('档'.repeat(ARCHIVE_MEMO_MAX)).ok).toBe(true);
  });
});
