import type {
  ApprovalId,
  ApprovalNoticeRepository,
  ApprovalNoticeView,
  ApprovalUserId,
  NewApprovalNotice,
} from '@dpms/core';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.js';
import { toCount } from './sql-helpers.js';

/**
 * 抄送 and 催办's notices (migration 0100). Only notices of live approvals are listed or counted:
 * a deleted approval has nothing left to open.
 */
export class SqlApprovalNoticeRepository implements ApprovalNoticeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(notices: readonly NewApprovalNotice[]): Promise<void> {
    if (notices.length === 0) return;
    await this.db
      .insertInto('approval_notice')
      .values(
        notices.map((n) => ({
          recipient_id: Number(n.recipientId),
          approval_id: Number(n.approvalId),
          kind: n.kind,
          sender_id: Number(n.senderId),
          create_time: n.createdAt,
        })),
      )
      .execute();
  }

  private unread(userId: ApprovalUserId) {
    return this.db
      .selectFrom('approval_notice as n')
      .innerJoin('approval as a', 'a.approval_id', 'n.approval_id')
      .where('n.recipient_id', '=', Number(userId))
      .where('n.read_time', 'is', null)
      .where('a.del_flag', '=', '0');
  }

  /** The bell's list and count queries, as run (the explain test checks their plans). */
  queries(userId: ApprovalUserId, limit: number) {
    return {
      list: this.unread(userId)
        .innerJoin('sys_user as s', 's.user_id', 'n.sender_id')
        .select([
          'n.notice_id',
          'n.approval_id',
          'a.title',
          'n.kind',
          'n.sender_id',
          's.nick_name',
          'n.create_time',
        ])
        .orderBy('n.notice_id', 'desc')
        .limit(limit),
      count: this.unread(userId).select((eb) => eb.fn.countAll<string>().as('c')),
    };
  }

  async listUnread(userId: ApprovalUserId, limit: number): Promise<readonly ApprovalNoticeView[]> {
    const rows = await this.queries(userId, limit).list.execute();
    return rows.map((r) => ({
      noticeId: String(r.notice_id),
      approvalId: String(r.approval_id),
      approvalTitle: r.title,
      kind: r.kind,
      senderId: String(r.sender_id),
      senderName: r.nick_name,
      createTime: r.create_time,
    }));
  }

  async countUnread(userId: ApprovalUserId): Promise<number> {
    const row = await this.queries(userId, 0).count.executeTakeFirstOrThrow();
    return toCount(row.c);
  }

  async markRead(approvalId: ApprovalId, userId: ApprovalUserId, at: Date): Promise<number> {
    const r = await this.db
      .updateTable('approval_notice')
      .set({ read_time: at })
      .where('approval_id', '=', Number(approvalId))
      .where('recipient_id', '=', Number(userId))
      .where('read_time', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }
}
