import {
  personNameOf,
  type ListPage,
  type NewNotice,
  type NoticeChanges,
  type NoticeHeadline,
  type NoticeListQuery,
  type NoticeReader,
  type NoticeSortColumn,
  type PageRequest,
  type SysNotice,
  type SysNoticeRepository,
} from '@dpms/core';
import {
  containsPattern,
  isForeignKeyViolation,
  pageBounds,
  pageWithCount,
  type Db,
} from './sql-helpers.js';

const SORT_COLUMNS = {
  noticeId: 'n.notice_id',
  noticeTitle: 'n.notice_title',
  createTime: 'n.create_time',
} as const satisfies Record<NoticeSortColumn, string>;

const COLUMNS = [
  'n.notice_id',
  'n.notice_title',
  'n.notice_type',
  'n.notice_content',
  'n.status',
  'n.create_by',
  'n.create_time',
  'n.update_by',
  'n.update_time',
  'n.remark',
  'author.nick_name as author_name',
] as const;

type NoticeRow = {
  notice_id: number;
  notice_title: string;
  notice_type: '1' | '2';
  notice_content: string;
  status: '0' | '1';
  create_by: string;
  create_time: Date;
  update_by: string;
  update_time: Date | null;
  remark: string;
  author_name: string | null;
};

/** 通知公告 over sys_notice and sys_notice_read (0107). */
export class SqlSysNoticeRepository implements SysNoticeRepository {
  constructor(private readonly db: Db) {}

  /** The notices with their author's name: the login in create_by, the person in sys_user. */
  private notices() {
    return this.db
      .selectFrom('sys_notice as n')
      .leftJoin('sys_user as author', 'author.user_name', 'n.create_by');
  }

  async list(query: NoticeListQuery): Promise<ListPage<SysNotice>> {
    const f = query.filter;
    const filtered = this.notices()
      .$if(!!f.noticeTitle, (q) =>
        q.where('n.notice_title', 'ilike', containsPattern(f.noticeTitle ?? '')),
      )
      .$if(!!f.noticeType, (q) => q.where('n.notice_type', '=', f.noticeType ?? '1'))
      .$if(!!f.status, (q) => q.where('n.status', '=', f.status ?? '0'))
      // RuoYi filters create_by in part; people know each other by name, so the name counts too.
      .$if(!!f.createBy, (q) =>
        q.where((eb) =>
          eb.or([
            eb('n.create_by', 'ilike', containsPattern(f.createBy ?? '')),
            eb('author.nick_name', 'ilike', containsPattern(f.createBy ?? '')),
          ]),
        ),
      );
    const count = filtered.select((eb) => eb.fn.countAll<number>().as('n'));
    let q = filtered.select(COLUMNS);
    if (query.sort) q = q.orderBy(SORT_COLUMNS[query.sort.column], query.sort.direction);
    q = q.orderBy('n.notice_id', 'desc');
    const { limit, offset } = pageBounds(query.page);
    if (limit !== undefined) q = q.limit(limit).offset(offset ?? 0);
    return pageWithCount(q, count, (rows) => rows.map(toNotice));
  }

  async findById(noticeId: number): Promise<SysNotice | null> {
    const row = await this.notices()
      .select(COLUMNS)
      .where('n.notice_id', '=', noticeId)
      .executeTakeFirst();
    return row ? toNotice(row) : null;
  }

  async create(notice: NewNotice, createBy: string): Promise<SysNotice> {
    const { notice_id } = await this.db
      .insertInto('sys_notice')
      .values({
        notice_title: notice.noticeTitle,
        notice_type: notice.noticeType,
        notice_content: notice.noticeContent,
        status: notice.status,
        remark: notice.remark,
        create_by: createBy,
      })
      .returning('notice_id')
      .executeTakeFirstOrThrow();
    const saved = await this.findById(notice_id);
    if (!saved) throw new Error(`notice ${notice_id} vanished after its insert`);
    return saved;
  }

  async update(noticeId: number, c: NoticeChanges, updateBy: string): Promise<SysNotice | null> {
    const updated = await this.db
      .updateTable('sys_notice')
      .set({
        ...(c.noticeTitle !== undefined ? { notice_title: c.noticeTitle } : {}),
        ...(c.noticeType !== undefined ? { notice_type: c.noticeType } : {}),
        ...(c.noticeContent !== undefined ? { notice_content: c.noticeContent } : {}),
        ...(c.status !== undefined ? { status: c.status } : {}),
        ...(c.remark !== undefined ? { remark: c.remark } : {}),
        update_by: updateBy,
        update_time: new Date(),
      })
      .where('notice_id', '=', noticeId)
      .returning('notice_id')
      .executeTakeFirst();
    return updated ? this.findById(noticeId) : null;
  }

  async delete(noticeIds: readonly number[]): Promise<number> {
    if (noticeIds.length === 0) return 0;
    // The read marks go with their notice (on delete cascade).
    const r = await this.db
      .deleteFrom('sys_notice')
      .where('notice_id', 'in', [...noticeIds])
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async latestOpen(userId: number, limit: number): Promise<readonly NoticeHeadline[]> {
    const rows = await this.notices()
      .leftJoin('sys_notice_read as r', (j) =>
        j.onRef('r.notice_id', '=', 'n.notice_id').on('r.user_id', '=', userId),
      )
      .select([
        'n.notice_id',
        'n.notice_title',
        'n.notice_type',
        'n.status',
        'n.create_by',
        'n.create_time',
        'author.nick_name as author_name',
        'r.read_id',
      ])
      .where('n.status', '=', '0')
      .orderBy('n.notice_id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      noticeId: r.notice_id,
      noticeTitle: r.notice_title,
      noticeType: r.notice_type,
      status: r.status,
      createBy: r.create_by,
      createByName: personNameOf(r.create_by, r.author_name),
      createTime: r.create_time,
      isRead: r.read_id !== null,
    }));
  }

  async markRead(userId: number, noticeIds: readonly number[]): Promise<readonly number[]> {
    if (noticeIds.length === 0) return [];
    try {
      return await this.insertReadMarks(userId, noticeIds);
    } catch (e) {
      // A notice deleted while its mark was written (the row read, then gone at the key check):
      // once more, without it. A deleted notice is nothing to mark, not a failure.
      if (!isForeignKeyViolation(e)) throw e;
      return await this.insertReadMarks(userId, noticeIds);
    }
  }

  /** The open ones of the notices, marked read in one statement; once per person and notice. */
  private async insertReadMarks(userId: number, noticeIds: readonly number[]): Promise<number[]> {
    // A second reading keeps the first one's time (on conflict do nothing); the answer is every open
    // notice asked for, marked now or before.
    await this.db
      .insertInto('sys_notice_read')
      .columns(['notice_id', 'user_id'])
      .expression((eb) =>
        eb
          .selectFrom('sys_notice')
          .select(['notice_id', eb.val(userId).as('user_id')])
          .where('notice_id', 'in', [...noticeIds])
          .where('status', '=', '0'),
      )
      .onConflict((oc) => oc.columns(['user_id', 'notice_id']).doNothing())
      .execute();
    return (
      await this.db
        .selectFrom('sys_notice_read as r')
        .innerJoin('sys_notice as n', 'n.notice_id', 'r.notice_id')
        .select('r.notice_id')
        .where('r.user_id', '=', userId)
        .where('r.notice_id', 'in', [...noticeIds])
        .where('n.status', '=', '0')
        .orderBy('r.notice_id')
        .execute()
    ).map((r) => r.notice_id);
  }

  async readers(
    noticeId: number,
    search: string | undefined,
    page: PageRequest | undefined,
  ): Promise<ListPage<NoticeReader>> {
    const filtered = this.db
      .selectFrom('sys_notice_read as r')
      .innerJoin('sys_user as u', 'u.user_id', 'r.user_id')
      .leftJoin('sys_dept as d', 'd.dept_id', 'u.dept_id')
      .where('r.notice_id', '=', noticeId)
      .where('u.del_flag', '=', '0')
      .$if(!!search, (q) =>
        q.where((eb) =>
          eb.or([
            eb('u.user_name', 'ilike', containsPattern(search ?? '')),
            eb('u.nick_name', 'ilike', containsPattern(search ?? '')),
          ]),
        ),
      );
    const count = filtered.select((eb) => eb.fn.countAll<number>().as('n'));
    let q = filtered
      .select([
        'u.user_id',
        'u.user_name',
        'u.nick_name',
        'd.dept_name',
        'u.phonenumber',
        'r.read_time',
      ])
      .orderBy('r.read_time', 'desc')
      .orderBy('u.user_id');
    const { limit, offset } = pageBounds(page);
    if (limit !== undefined) q = q.limit(limit).offset(offset ?? 0);
    return pageWithCount(q, count, (rows) =>
      rows.map((r) => ({
        userId: r.user_id,
        userName: r.user_name,
        nickName: r.nick_name,
        deptName: r.dept_name ?? '',
        phonenumber: r.phonenumber,
        readTime: r.read_time,
      })),
    );
  }
}

function toNotice(r: NoticeRow): SysNotice {
  return {
    noticeId: r.notice_id,
    noticeTitle: r.notice_title,
    noticeType: r.notice_type,
    noticeContent: r.notice_content,
    status: r.status,
    createBy: r.create_by,
    createByName: personNameOf(r.create_by, r.author_name),
    createTime: r.create_time,
    updateBy: r.update_by,
    updateTime: r.update_time,
    remark: r.remark,
  };
}
