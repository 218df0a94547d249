import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListPage, PageRequest } from '../platform/list-query.js';
import type { SysNoticeRepository } from './sys-notice.repository.port.js';
import {
  checkNewNotice,
  checkNoticeFields,
  checkNoticeTitle,
  mayReadNotice,
  NOTICE_TITLE_MAX,
  type NewNotice,
  type NoticeChanges,
  type NoticeHeadline,
  type NoticeReader,
  type SysNotice,
} from './sys-notice.js';
import { SysNoticeService } from './sys-notice.use-case.js';

const keep = (html: string) => html;
const stripScripts = (html: string) => html.replace(/<script[\s\S]*?<\/script>/gi, '');
const employee = { permissions: ['system:user:list'], isAdmin: false };
const manager = { permissions: ['system:notice:list'], isAdmin: false };

/** The port in memory: what the SQL repository does, for the use case's rules. */
class MemoryNotices implements SysNoticeRepository {
  rows: SysNotice[] = [];
  reads = new Map<string, Date>();
  private next = 1;
  list() {
    return Promise.resolve({ total: this.rows.length, rows: this.rows });
  }
  findById(id: number) {
    return Promise.resolve(this.rows.find((r) => r.noticeId === id) ?? null);
  }
  create(n: NewNotice, createBy: string) {
    const row: SysNotice = {
      ...n,
      noticeId: this.next++,
      createBy,
      createByName: createBy,
      createTime: new Date(),
      updateBy: '',
      updateTime: null,
    };
    this.rows.push(row);
    return Promise.resolve(row);
  }
  update(id: number, c: NoticeChanges, updateBy: string) {
    const i = this.rows.findIndex((r) => r.noticeId === id);
    if (i < 0) return Promise.resolve(null);
    const row = { ...this.rows[i]!, ...c, updateBy, updateTime: new Date() };
    this.rows[i] = row;
    return Promise.resolve(row);
  }
  delete(ids: readonly number[]) {
    const before = this.rows.length;
    this.rows = this.rows.filter((r) => !ids.includes(r.noticeId));
    return Promise.resolve(before - this.rows.length);
  }
  latestOpen(userId: number, limit: number): Promise<readonly NoticeHeadline[]> {
    return Promise.resolve(
      this.rows
        .filter((r) => r.status === '0')
        .sort((a, b) => b.noticeId - a.noticeId)
        .slice(0, limit)
        .map((r) => ({ ...r, isRead: this.reads.has(`${userId}:${r.noticeId}`) })),
    );
  }
  markRead(userId: number, ids: readonly number[]) {
    const open = this.rows.filter((r) => r.status === '0' && ids.includes(r.noticeId));
    for (const r of open) {
      const key = `${userId}:${r.noticeId}`;
      if (!this.reads.has(key)) this.reads.set(key, new Date());
    }
    return Promise.resolve(open.map((r) => r.noticeId));
  }
  readers(_id: number, _s: string | undefined, _p: PageRequest | undefined) {
    return Promise.resolve<ListPage<NoticeReader>>({ total: 0, rows: [] });
  }
}

describe('通知公告 rules', () => {
  it('requires a title of at most 50 characters without markup', () => {
    expect(checkNoticeTitle('  ')).toMatchObject({ ok: false, error: { field: 'noticeTitle' } });
    expect(checkNoticeTitle('通'.repeat(NOTICE_TITLE_MAX))).toMatchObject({ ok: true });
    expect(checkNoticeTitle('通'.repeat(NOTICE_TITLE_MAX + 1))).toMatchObject({
      ok: false,
      error: { message: '公告标题不能超过50个字符' },
    });
    expect(checkNoticeTitle('<script>x</script>')).toMatchObject({
      ok: false,
      error: { message: '公告标题不能包含脚本字符' },
    });
    expect(checkNoticeTitle('a < b 且 c > d')).toMatchObject({ ok: true });
  });

  it('accepts every trimmed title of 1 to 50 characters without "<"', () => {
    fc.assert(
      fc.property(
        fc
          .string({ minLength: 1, maxLength: NOTICE_TITLE_MAX, unit: 'grapheme' })
          .filter((s) => s.trim() !== '' && !s.includes('<') && [...s.trim()].length <= 50),
        (title) => {
          const r = checkNoticeTitle(title);
          expect(r).toEqual({ ok: true, value: title.trim() });
        },
      ),
    );
  });

  it('takes type 1/2 and status 0/1 only, and defaults status to 正常', () => {
    expect(checkNewNotice({ noticeTitle: 't', noticeType: '3' }, keep)).toMatchObject({
      ok: false,
      error: { field: 'noticeType', code: 'VALIDATION.NOTICE' },
    });
    expect(checkNoticeFields({ status: '2' }, keep)).toMatchObject({
      ok: false,
      error: { field: 'status' },
    });
    expect(checkNewNotice({ noticeTitle: 't', noticeType: '2' }, keep)).toEqual({
      ok: true,
      value: { noticeTitle: 't', noticeType: '2', noticeContent: '', status: '0', remark: '' },
    });
  });

  it('stores the content as the sanitizer gives it back', () => {
    const r = checkNewNotice(
      { noticeTitle: 't', noticeType: '1', noticeContent: '<p>好</p><script>alert(1)</script>' },
      stripScripts,
    );
    expect(r).toMatchObject({ ok: true, value: { noticeContent: '<p>好</p>' } });
  });

  it('shows a closed notice only to whoever manages notices', () => {
    expect(mayReadNotice({ status: '0' }, employee)).toBe(true);
    expect(mayReadNotice({ status: '1' }, employee)).toBe(false);
    expect(mayReadNotice({ status: '1' }, manager)).toBe(true);
    expect(mayReadNotice({ status: '1' }, { permissions: [], isAdmin: true })).toBe(true);
  });
});

describe('SysNoticeService', () => {
  const setup = async () => {
    const repo = new MemoryNotices();
    const notices = new SysNoticeService(repo, stripScripts);
    for (const t of ['一', '二', '三'])
      await notices.add({ noticeTitle: t, noticeType: '1' }, 'admin');
    return { repo, notices };
  };

  it('counts the unread among the latest open notices, and a read drops the count', async () => {
    const { notices } = await setup();
    expect((await notices.top(7)).unreadCount).toBe(3);
    expect(await notices.markRead(7, 2, employee)).toEqual({ ok: true, value: undefined });
    const top = await notices.top(7);
    expect(top.unreadCount).toBe(2);
    expect(top.notices.map((n) => [n.noticeTitle, n.isRead])).toEqual([
      ['三', false],
      ['二', true],
      ['一', false],
    ]);
    // Someone else's count is theirs.
    expect((await notices.top(8)).unreadCount).toBe(3);
  });

  it('lists at most five, and a closed notice leaves the bell', async () => {
    const { notices } = await setup();
    for (const t of ['四', '五', '六'])
      await notices.add({ noticeTitle: t, noticeType: '2' }, 'admin');
    expect((await notices.top(7)).notices).toHaveLength(5);
    await notices.edit(6, { status: '1' }, 'admin');
    const top = await notices.top(7);
    expect(top.notices.map((n) => n.noticeTitle)).toEqual(['五', '四', '三', '二', '一']);
  });

  it('refuses to read or mark a closed notice for an employee, as if it were missing', async () => {
    const { notices } = await setup();
    await notices.edit(1, { status: '1' }, 'admin');
    expect(await notices.get(1, employee)).toMatchObject({
      ok: false,
      error: { code: 'NOTICE.NOT_FOUND' },
    });
    expect(await notices.markRead(7, 1, employee)).toMatchObject({ ok: false });
    expect(await notices.get(1, manager)).toMatchObject({ ok: true });
    expect(await notices.markRead(7, 99, manager)).toMatchObject({ ok: false });
  });

  it('全部已读 marks the open ones among the ids and passes over the rest', async () => {
    const { notices } = await setup();
    await notices.edit(3, { status: '1' }, 'admin');
    expect(await notices.markAllRead(7, [1, 2, 3, 42, 2])).toBe(2);
    expect((await notices.top(7)).unreadCount).toBe(0);
  });

  it('refuses a delete of notices that are all gone, and an edit of a missing one', async () => {
    const { notices } = await setup();
    expect(await notices.remove([1, 1, 2])).toEqual({ ok: true, value: 2 });
    expect(await notices.remove([1])).toMatchObject({
      ok: false,
      error: { code: 'NOTICE.NOT_FOUND' },
    });
    expect(await notices.edit(1, { noticeTitle: 'x' }, 'admin')).toMatchObject({ ok: false });
    expect(await notices.edit(3, { noticeTitle: '' }, 'admin')).toMatchObject({
      ok: false,
      error: { field: 'noticeTitle' },
    });
  });
});
