import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../task/task-warnings.js';
import {
  ARCHIVE_BORROW_MAX_DAYS,
  ARCHIVE_PLEDGE_MAX,
  borrowApprovalContent,
  borrowGrantsRead,
  borrowInputProblems,
  borrowState,
  charCount,
  checkBorrowInput,
  isOpenBorrow,
  type ArchiveBorrow,
  type ArchiveBorrowStatus,
} from './archive-borrow.js';

// 2026-11-22 10:00 in China Standard Time.
const NOW = new Date('2026-11-22T02:00:00Z');
const TODAY = '2026-11-22';
const valid = {
  archiveId: 1,
  purpose: '施工图审查复核',
  startDate: TODAY,
  endDate: '2026-11-30',
  pledge: '本人承诺保密',
};
const fieldOf = (r: ReturnType<typeof checkBorrowInput>) => (r.ok ? null : r.error.field);

describe('archive borrowing rules', () => {
  it('takes the pledge up to 1200 characters, counted as a person counts them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: ARCHIVE_PLEDGE_MAX + 50 }),
        fc.constantFrom('密', 'a', '😀'),
        (n, ch) => {
          const r = checkBorrowInput({ ...valid, pledge: ch.repeat(n) }, NOW);
          expect(r.ok).toBe(n <= ARCHIVE_PLEDGE_MAX);
          if (!r.ok) {
            expect(r.error.field).toBe('pledge');
            expect(r.error.message).toBe('保密承诺不能超过1200个字符');
          }
        },
      ),
    );
    expect(charCount('😀密')).toBe(2);
    expect(fieldOf(checkBorrowInput({ ...valid, pledge: '   ' }, NOW))).toBe('pledge');
    expect(fieldOf(checkBorrowInput({ ...valid, purpose: '' }, NOW))).toBe('purpose');
  });

  it('takes a period from today of at most 90 days, end not before start', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 20 }), fc.integer({ min: -3, max: 120 }), (s, len) => {
        const startDate = addDays(TODAY, s);
        const endDate = addDays(startDate, len);
        const r = checkBorrowInput({ ...valid, startDate, endDate }, NOW);
        const good = s >= 0 && len >= 0 && len < ARCHIVE_BORROW_MAX_DAYS;
        expect(r.ok).toBe(good);
        if (r.ok) expect(r.value).toMatchObject({ startDate, endDate });
      }),
    );
    expect(fieldOf(checkBorrowInput({ ...valid, startDate: '2026-02-30' }, NOW))).toBe('startDate');
    expect(fieldOf(checkBorrowInput({ ...valid, endDate: '2026/12/01' }, NOW))).toBe('endDate');
  });

  it('grants reading only while approved, not returned and within the period', () => {
    const statuses: ArchiveBorrowStatus[] = [-1, 0, 1, 2, 3];
    fc.assert(
      fc.property(
        fc.constantFrom(...statuses),
        fc.boolean(),
        fc.integer({ min: -10, max: 10 }),
        (status, returned, offset) => {
          const b = {
            status,
            startDate: TODAY,
            endDate: addDays(TODAY, 5),
            returnedTime: returned ? NOW : null,
          };
          const day = addDays(TODAY, offset);
          const grants = status === 1 && !returned && offset >= 0 && offset <= 5;
          expect(borrowGrantsRead(b, day)).toBe(grants);
          if (status === 1 && !returned && offset > 5) expect(borrowState(b, day)).toBe('overdue');
          expect(isOpenBorrow(b)).toBe(
            status === -1 || status === 0 || (status === 1 && !returned),
          );
        },
      ),
    );
  });

  it('fills the 27_1 form within its field limits', () => {
    const b: ArchiveBorrow = {
      borrowId: 1,
      archiveId: 1,
      archiveName: '档'.repeat(200),
      archiveNo: 'DA-1',
      projectName: '项目',
      userId: 10,
      userName: 'zhjy',
      nickName: '张经营',
      deptId: 107,
      purpose: '复核',
      startDate: TODAY,
      endDate: TODAY,
      pledge: '承诺',
      status: -1,
      approvalId: null,
      approvedTime: null,
      returnedTime: null,
      returnedBy: '',
      createTime: NOW,
    };
    const c = borrowApprovalContent(b, TODAY);
    expect(charCount(c.archivesName?.value as string)).toBe(50);
    expect(c.remark?.value).toBe('承诺');
  });

  it('reports every field’s problem at once, one per field, in core’s “不能为空” words', () => {
    const problems = borrowInputProblems({ purpose: ' ', pledge: '', startDate: '', endDate: 'x' });
    expect(problems.map((p) => [p.field, p.message])).toEqual([
      ['purpose', '借阅目的不能为空'],
      ['pledge', '保密承诺不能为空'],
      ['startDate', '借阅开始日期不能为空'],
      ['endDate', '借阅结束日期格式应为 yyyy-MM-dd'],
    ]);
    fc.assert(
      fc.property(
        fc.record({
          purpose: fc.oneof(fc.constant(''), fc.string({ maxLength: 210 }), fc.integer()),
          pledge: fc.oneof(fc.constant(''), fc.string({ maxLength: 20 })),
          startDate: fc.oneof(fc.constant(TODAY), fc.constant('2026-02-30'), fc.string()),
          endDate: fc.oneof(fc.constant('2026-11-30'), fc.constant('2027-06-01'), fc.string()),
        }),
        fc.option(fc.constant(TODAY), { nil: undefined }),
        (input, today) => {
          const problems = borrowInputProblems(input, today);
          const fields = problems.map((p) => p.field);
          // At most one message per field, and the use case refuses with the first of them.
          expect(new Set(fields).size).toBe(fields.length);
          if (today !== undefined) {
            const checked = checkBorrowInput({ archiveId: 1, ...input } as never, NOW);
            expect(checked.ok ? undefined : checked.error).toEqual(problems[0]);
          }
        },
      ),
    );
  });

  it('leaves “not before today” to a check that knows the institute’s day', () => {
    const past = { ...valid, startDate: '2026-11-01', endDate: '2026-11-05' };
    expect(borrowInputProblems(past)).toEqual([]);
    expect(borrowInputProblems(past, TODAY).map((p) => p.message)).toEqual([
      '借阅开始日期不能早于今天',
    ]);
  });
});
