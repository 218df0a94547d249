import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { DEMO_USERS } from '../seed/demo-institute.js';
import { SqlSysNoticeRepository } from './sql-sys-notice.repository.js';

const notice = (title: string, over: { status?: '0' | '1'; type?: '1' | '2' } = {}) => ({
  noticeTitle: title,
  noticeType: over.type ?? '1',
  noticeContent: `<p>${title}</p>`,
  status: over.status ?? '0',
  remark: '',
});

describe.each(testDatabaseKinds())('通知公告 repository on %s', (kind) => {
  let handle: DatabaseHandle;
  let repo: SqlSysNoticeRepository;
  const [first, second] = DEMO_USERS.filter((u) => u.userName !== 'admin');
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    repo = new SqlSysNoticeRepository(handle.db);
  });
  afterAll(() => handle.close());

  it('seeds the 通知公告 page under 系统管理 with its buttons, and RuoYi’s two dictionaries', async () => {
    const perms = (
      await handle.db
        .selectFrom('sys_menu')
        .select('perms')
        .where('perms', 'like', 'system:notice:%')
        .execute()
    ).map((m) => m.perms);
    expect(perms.sort()).toEqual([
      'system:notice:add',
      'system:notice:edit',
      'system:notice:list',
      'system:notice:query',
      'system:notice:remove',
    ]);
    const dicts = await handle.db
      .selectFrom('sys_dict_data')
      .select(['dict_type', 'dict_label', 'dict_value'])
      .where('dict_type', 'in', ['sys_notice_type', 'sys_notice_status'])
      .orderBy('dict_type')
      .orderBy('dict_sort')
      .execute();
    expect(dicts.map((d) => `${d.dict_type}:${d.dict_value}=${d.dict_label}`)).toEqual([
      'sys_notice_status:0=正常',
      'sys_notice_status:1=关闭',
      'sys_notice_type:1=通知',
      'sys_notice_type:2=公告',
    ]);
  });

  it('creates, finds with the author’s name, updates and filters', async () => {
    const a = await repo.create(notice('停电通知'), 'admin');
    expect(a).toMatchObject({ noticeTitle: '停电通知', createBy: 'admin', updateTime: null });
    expect(a.createByName).not.toBe('admin');
    const b = await repo.create(notice('年会公告', { type: '2' }), first!.userName);
    const edited = await repo.update(b.noticeId, { noticeTitle: '年会公告（改）' }, 'admin');
    expect(edited).toMatchObject({ noticeTitle: '年会公告（改）', updateBy: 'admin' });
    expect(edited?.updateTime).toBeInstanceOf(Date);
    expect(await repo.update(987_654, { status: '1' }, 'admin')).toBeNull();
    const byType = await repo.list({ filter: { noticeType: '2' } });
    expect(byType.rows.map((r) => r.noticeId)).toContain(b.noticeId);
    expect(byType.rows.every((r) => r.noticeType === '2')).toBe(true);
    // By the author's name, not only the login.
    const byName = await repo.list({ filter: { createBy: first!.nickName } });
    expect(byName.rows.map((r) => r.noticeId)).toEqual([b.noticeId]);
    const paged = await repo.list({
      filter: { noticeTitle: '通知' },
      page: { pageNum: 1, pageSize: 1 },
    });
    expect(paged.rows).toHaveLength(1);
    expect(paged.total).toBeGreaterThanOrEqual(1);
    // Wildcards in a filter are text.
    expect((await repo.list({ filter: { noticeTitle: '%' } })).total).toBe(0);
  });

  it('lists the latest open notices with the reader’s flag; marks once; closed ones stay out', async () => {
    const made = [];
    for (const t of ['一', '二', '三', '四', '五', '六'])
      made.push(await repo.create(notice(`读取${t}`), 'admin'));
    const closed = await repo.create(notice('已关闭', { status: '1' }), 'admin');
    const top = await repo.latestOpen(first!.userId, 5);
    expect(top.map((n) => n.noticeTitle)).toEqual([
      '读取六',
      '读取五',
      '读取四',
      '读取三',
      '读取二',
    ]);
    expect(top.every((n) => !n.isRead)).toBe(true);

    const marked = await repo.markRead(first!.userId, [made[5]!.noticeId, closed.noticeId]);
    expect(marked).toEqual([made[5]!.noticeId]);
    const firstTime = (await repo.readers(made[5]!.noticeId, undefined, undefined)).rows[0]
      ?.readTime;
    await repo.markRead(first!.userId, [made[5]!.noticeId]);
    const readers = await repo.readers(made[5]!.noticeId, undefined, undefined);
    expect(readers.total).toBe(1);
    expect(readers.rows[0]).toMatchObject({ userId: first!.userId, userName: first!.userName });
    expect(readers.rows[0]?.readTime).toEqual(firstTime);

    const after = await repo.latestOpen(first!.userId, 5);
    expect(after[0]).toMatchObject({ noticeTitle: '读取六', isRead: true });
    // Another reader's flags are their own.
    expect((await repo.latestOpen(second!.userId, 5))[0]?.isRead).toBe(false);
    expect((await repo.readers(made[5]!.noticeId, second!.nickName, undefined)).total).toBe(0);
  });

  it('deletes notices with their read marks', async () => {
    const n = await repo.create(notice('将删除'), 'admin');
    await repo.markRead(first!.userId, [n.noticeId]);
    expect(await repo.delete([n.noticeId, 987_654])).toBe(1);
    expect(await repo.findById(n.noticeId)).toBeNull();
    const marks = await handle.db
      .selectFrom('sys_notice_read')
      .select('read_id')
      .where('notice_id', '=', n.noticeId)
      .execute();
    expect(marks).toEqual([]);
  });

  it('marks nothing for a deleted notice, and a deletion racing the mark (its key check) is no failure', async () => {
    const n = await repo.create(notice('读时删除'), 'admin');
    const kept = await repo.create(notice('读时保留'), 'admin');
    expect(await repo.delete([n.noticeId])).toBe(1);
    expect(await repo.markRead(first!.userId, [n.noticeId])).toEqual([]);
    // The race needs a second session: here its effect, the key check failing once, is raised by
    // a trigger gated on a sequence (which a rolled-back statement does not undo).
    await sql`create sequence notice_read_race`.execute(handle.db);
    await sql`create function notice_read_race() returns trigger language plpgsql as $$
      begin
        if nextval('notice_read_race') = 1 then
          raise foreign_key_violation using message = 'sys_notice_read_notice_id_fkey';
        end if;
        return new;
      end $$`.execute(handle.db);
    await sql`create trigger notice_read_race before insert on sys_notice_read
      for each row execute function notice_read_race()`.execute(handle.db);
    try {
      expect(await repo.markRead(first!.userId, [n.noticeId, kept.noticeId])).toEqual([
        kept.noticeId,
      ]);
    } finally {
      await sql`drop trigger notice_read_race on sys_notice_read`.execute(handle.db);
      await sql`drop function notice_read_race()`.execute(handle.db);
      await sql`drop sequence notice_read_race`.execute(handle.db);
    }
    const marks = await handle.db
      .selectFrom('sys_notice_read')
      .select('notice_id')
      .where('notice_id', 'in', [n.noticeId, kept.noticeId])
      .execute();
    expect(marks.map((m) => m.notice_id)).toEqual([kept.noticeId]);
  });
});
