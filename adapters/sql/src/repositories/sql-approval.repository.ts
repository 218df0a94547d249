import type {
  ApprovalChanges,
  ApprovalId,
  ApprovalListQuery,
  ApprovalListRow,
  ApprovalRecord,
  ApprovalRepositories,
  ApprovalRepository,
  ApprovalStatus,
  RoundNodeNote,
  ApprovalUserId,
  DataScope,
  ListPage,
  NewApprovalRecord,
  StoredApprovalLogEntry,
} from '@dpms/core';
import { LinkedRecordRegistry } from '@dpms/core';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { Database } from '../database/schema.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import {
  containsPattern,
  pageBounds,
  scopeCondition,
  toCount,
  type Db,
  pageWithCount,
} from './sql-helpers.js';
import { currentNode, idOf, json, LIST_COLUMNS, toRecord, userIds } from './sql-approval-rows.js';
import { SqlApprovalDirectory, SqlApprovalOptionSources } from './sql-approval-directory.js';
import { SqlApprovalFlowRepository } from './sql-approval-flow.repository.js';
import { SqlApprovalNoticeRepository } from './sql-approval-notice.repository.js';

/*
 * The approval engine's SQL ports, by aggregate: flows and nodes (sql-approval-flow.repository),
 * who is who, signatures and option sources (sql-approval-directory), and the approvals here.
 */
export { signatureUrlOf } from './sql-approval-rows.js';
export { SqlApprovalFlowRepository } from './sql-approval-flow.repository.js';
export {
  SqlApprovalDirectory,
  SqlApprovalOptionSources,
  SqlSignatureImageRepository,
} from './sql-approval-directory.js';

// ---- approvals ----------------------------------------------------------------------------------

export class SqlApprovalRepository implements ApprovalRepository {
  constructor(private readonly db: Db) {}

  async insert(a: NewApprovalRecord, now: Date): Promise<ApprovalRecord> {
    const row = await this.db
      .insertInto('approval')
      .values({
        type_code: a.typeCode,
        kind: a.kind,
        record_kind: a.recordKind,
        record_id: a.recordId,
        title: a.title,
        content: json(a.content),
        template: a.template === null ? null : json(a.template),
        files: json(a.files),
        status: a.state.status,
        version: a.state.version,
        drafter_id: Number(a.state.drafterId),
        dept_id: a.deptId,
        nodes: json(a.state.nodes),
        current_node_index: a.state.currentNodeIndex,
        current_node_id: null,
        current_node_name: null,
        signed_at_current: json(a.state.signedAtCurrent),
        round: a.state.round,
        create_time: now,
        update_time: now,
        submit_time: null,
        finish_time: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRecord(row, []);
  }

  private async readers(approvalId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('approval_reader')
      .select('user_id')
      .where('approval_id', '=', approvalId)
      .orderBy('created_at')
      .orderBy('user_id')
      .execute();
    return rows.map((r) => String(r.user_id));
  }

  async findById(approvalId: ApprovalId): Promise<ApprovalRecord | null> {
    const id = idOf(approvalId);
    if (id === null) return null;
    const row = await this.db
      .selectFrom('approval')
      .selectAll()
      .where('approval_id', '=', id)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return row ? toRecord(row, await this.readers(id)) : null;
  }

  async lockById(approvalId: ApprovalId): Promise<ApprovalRecord | null> {
    const id = idOf(approvalId);
    if (id === null) return null;
    const row = await this.db
      .selectFrom('approval')
      .selectAll()
      .where('approval_id', '=', id)
      .where('del_flag', '=', '0')
      .forUpdate()
      .executeTakeFirst();
    return row ? toRecord(row, await this.readers(id)) : null;
  }

  async save(
    approvalId: ApprovalId,
    expectedVersion: number,
    c: ApprovalChanges,
    now: Date,
  ): Promise<boolean> {
    const id = idOf(approvalId);
    if (id === null) return false;
    const node = currentNode(c.state);
    // The version in the WHERE clause is the second guard after the row lock: a write that lost
    // a race changes nothing.
    const res = await this.db
      .updateTable('approval')
      .set({
        status: c.state.status,
        version: c.state.version,
        author_id: c.state.authorId === undefined ? null : Number(c.state.authorId),
        nodes: json(c.state.nodes),
        current_node_index: c.state.currentNodeIndex,
        current_node_id: node?.nodeId ?? null,
        current_node_name: node?.nodeName ?? null,
        signed_at_current: json(c.state.signedAtCurrent),
        round: c.state.round,
        update_time: now,
        ...(c.title === undefined ? {} : { title: c.title }),
        ...(c.content === undefined ? {} : { content: json(c.content) }),
        ...(c.files === undefined ? {} : { files: json(c.files) }),
        ...(c.submitted === true ? { submit_time: now, finish_time: null } : {}),
        ...(c.finished === true ? { finish_time: now } : {}),
      })
      .where('approval_id', '=', id)
      .where('version', '=', expectedVersion)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return res.numUpdatedRows === 1n;
  }

  async setPending(approvalId: ApprovalId, users: readonly ApprovalUserId[]): Promise<void> {
    const id = idOf(approvalId);
    if (id === null) return;
    await this.db.deleteFrom('approval_pending').where('approval_id', '=', id).execute();
    const ids = [...new Set(userIds(users))];
    if (ids.length > 0) {
      await this.db
        .insertInto('approval_pending')
        .values(ids.map((user_id) => ({ approval_id: id, user_id })))
        .execute();
    }
  }

  async addReader(approvalId: ApprovalId, userId: ApprovalUserId): Promise<void> {
    const id = idOf(approvalId);
    if (id === null) return;
    await this.db
      .insertInto('approval_reader')
      .values({ approval_id: id, user_id: Number(userId), read_at: null })
      .onConflict((oc) => oc.columns(['approval_id', 'user_id']).doNothing())
      .execute();
  }

  async isReader(approvalId: ApprovalId, userId: ApprovalUserId): Promise<boolean> {
    const id = idOf(approvalId);
    if (id === null) return false;
    const row = await this.db
      .selectFrom('approval_reader')
      .select('user_id')
      .where('approval_id', '=', id)
      .where('user_id', '=', Number(userId))
      .executeTakeFirst();
    return row !== undefined;
  }

  async inScope(approvalId: ApprovalId, scope: DataScope): Promise<boolean> {
    const id = idOf(approvalId);
    if (id === null) return false;
    const row = await this.db
      .selectFrom('approval as a')
      .select('a.approval_id')
      .where('a.approval_id', '=', id)
      .where((eb) =>
        scopeCondition(eb as never, scope, eb.ref('a.dept_id'), eb.ref('a.drafter_id')),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  async appendLog(e: StoredApprovalLogEntry): Promise<void> {
    await this.db
      .insertInto('approval_action_log')
      .values({
        approval_id: Number(e.approvalId),
        round: e.round,
        version: e.version,
        action: e.action,
        actor_id: Number(e.actor),
        node_id: e.nodeId ?? null,
        node_name: e.nodeName ?? null,
        node_completed: e.nodeCompleted === true,
        from_status: e.fromStatus,
        to_status: e.toStatus,
        opinion: e.opinion ?? null,
        target: e.target ?? null,
        sign_file_id: e.signFileId,
        sign_url: e.signUrl,
        self_approval_notes: e.selfApprovalNotes === undefined ? null : json(e.selfApprovalNotes),
        created_at: e.createdAt,
      })
      .execute();
  }

  async listLog(approvalId: ApprovalId): Promise<readonly StoredApprovalLogEntry[]> {
    const id = idOf(approvalId);
    if (id === null) return [];
    const rows = await this.db
      .selectFrom('approval_action_log')
      .selectAll()
      .where('approval_id', '=', id)
      .orderBy('version')
      .execute();
    return rows.map((r) => ({
      approvalId: String(r.approval_id),
      action: r.action as StoredApprovalLogEntry['action'],
      actor: String(r.actor_id),
      round: r.round,
      version: r.version,
      fromStatus: r.from_status as ApprovalStatus,
      toStatus: r.to_status as ApprovalStatus,
      ...(r.node_id === null ? {} : { nodeId: r.node_id }),
      ...(r.node_name === null ? {} : { nodeName: r.node_name }),
      ...(r.node_completed ? { nodeCompleted: true } : {}),
      ...(r.opinion === null ? {} : { opinion: r.opinion }),
      ...(r.target === null ? {} : { target: r.target }),
      signUrl: r.sign_url,
      signFileId: r.sign_file_id,
      ...(r.self_approval_notes === null
        ? {}
        : { selfApprovalNotes: r.self_approval_notes as readonly RoundNodeNote[] }),
      createdAt: r.created_at,
    }));
  }

  async softDelete(approvalId: ApprovalId): Promise<void> {
    const id = idOf(approvalId);
    if (id === null) return;
    await this.db
      .updateTable('approval')
      .set({ del_flag: '2', update_time: new Date() })
      .where('approval_id', '=', id)
      .execute();
  }

  private base() {
    return this.db
      .selectFrom('approval as a')
      .innerJoin('sys_user as u', 'u.user_id', 'a.drafter_id')
      .leftJoin('sys_dept as d', 'd.dept_id', 'a.dept_id')
      .where('a.del_flag', '=', '0');
  }

  private scoped(source: ApprovalListSource) {
    const q = this.base();
    switch (source.kind) {
      case 'waiting':
        return q.where((eb) => approvalWaitingOn(eb as never, Number(source.userId)));
      case 'mine':
        return q.where('a.drafter_id', '=', Number(source.userId));
      case 'done':
        return q.where((eb) => approvalActedBy(eb as never, Number(source.userId)));
      case 'all':
        return q.where((eb) => approvalVisible(eb as never, Number(source.userId), source.scope));
    }
  }

  /** The page and count queries of a list, for the EXPLAIN checks and for `page`. */
  listQueries(source: ApprovalListSource, query: ApprovalListQuery) {
    let q = this.scoped(source);
    const f = query.filter;
    if (f.typeCode) q = q.where('a.type_code', '=', f.typeCode);
    if (f.status !== undefined) q = q.where('a.status', '=', f.status);
    if (f.title) q = q.where('a.title', 'ilike', containsPattern(f.title));
    const count = q.select((eb) => eb.fn.countAll<string>().as('n'));
    const dir = query.sort?.direction ?? 'desc';
    const col =
      query.sort?.column === 'createTime'
        ? 'a.create_time'
        : query.sort?.column === 'approvalId'
          ? 'a.approval_id'
          : 'a.update_time';
    const { limit, offset } = pageBounds(query.page);
    let page = q.select(LIST_COLUMNS).orderBy(col, dir).orderBy('a.approval_id', dir);
    if (limit !== undefined) page = page.limit(limit).offset(offset ?? 0);
    return { page, count };
  }

  private async list(
    source: ApprovalListSource,
    query: ApprovalListQuery,
  ): Promise<ListPage<ApprovalListRow>> {
    const { page, count } = this.listQueries(source, query);
    return pageWithCount(page, count, (rows) =>
      rows.map((r) => ({
        approvalId: String(r.approval_id),
        typeCode: r.type_code,
        kind: r.kind,
        title: r.title,
        status: r.status as ApprovalStatus,
        version: r.version,
        drafterId: String(r.drafter_id),
        drafterName: r.nick_name,
        deptId: r.dept_id,
        deptName: r.dept_name ?? null,
        currentNodeName: r.current_node_name,
        recordKind: r.record_kind,
        recordId: r.record_id,
        createTime: r.create_time,
        updateTime: r.update_time,
        submitTime: r.submit_time,
        finishTime: r.finish_time,
      })),
    );
  }

  async listInApproval(): Promise<readonly ApprovalId[]> {
    const rows = await this.db
      .selectFrom('approval')
      .select('approval_id')
      .where('status', '=', 0)
      .where('del_flag', '=', '0')
      .orderBy('approval_id')
      .execute();
    return rows.map((r) => String(r.approval_id));
  }

  listWaiting(
    userId: ApprovalUserId,
    query: ApprovalListQuery,
  ): Promise<ListPage<ApprovalListRow>> {
    return this.list({ kind: 'waiting', userId }, query);
  }

  async countWaiting(userId: ApprovalUserId): Promise<number> {
    const row = await this.db
      .selectFrom('approval_pending as p')
      .innerJoin('approval as a', 'a.approval_id', 'p.approval_id')
      .select((eb) => eb.fn.countAll<string>().as('c'))
      .where('p.user_id', '=', Number(userId))
      .where('a.drafter_id', '<>', Number(userId))
      .where('a.del_flag', '=', '0')
      .executeTakeFirstOrThrow();
    return toCount(row.c);
  }

  listDoneBy(userId: ApprovalUserId, query: ApprovalListQuery): Promise<ListPage<ApprovalListRow>> {
    return this.list({ kind: 'done', userId }, query);
  }

  listByDrafter(
    userId: ApprovalUserId,
    query: ApprovalListQuery,
  ): Promise<ListPage<ApprovalListRow>> {
    return this.list({ kind: 'mine', userId }, query);
  }

  listAll(
    scope: DataScope,
    viewerId: ApprovalUserId,
    query: ApprovalListQuery,
  ): Promise<ListPage<ApprovalListRow>> {
    return this.list({ kind: 'all', userId: viewerId, scope }, query);
  }
}

type ApprovalEb = ExpressionBuilder<Database & { a: Database['approval'] }, 'a'>;

/**
 * What 待我审批 shows: approvals waiting on the user's signature. Separation of duties: one's own
 * approval never waits for one's signature, even if a pending row said so (the engine never
 * writes one for the drafter).
 */
export function approvalWaitingOn(eb: ApprovalEb, uid: number): Expression<SqlBool> {
  return eb.and([
    eb('a.drafter_id', '<>', uid),
    eb(
      'a.approval_id',
      'in',
      eb.selectFrom('approval_pending as p').select('p.approval_id').where('p.user_id', '=', uid),
    ),
  ]);
}

/** What 我已审批 shows: what the user signed, rejected, returned or transferred (not cc or urge). */
export function approvalActedBy(eb: ApprovalEb, uid: number): Expression<SqlBool> {
  return eb(
    'a.approval_id',
    'in',
    eb
      .selectFrom('approval_action_log as l')
      .select('l.approval_id')
      .where('l.actor_id', '=', uid)
      .where('l.action', 'in', ['approve', 'reject', 'return', 'transfer']),
  );
}

/**
 * What 全部审批 shows a viewer: their own approvals (drafts too) and, once submitted, those in the
 * role's data scope (by the drafter's department, or the drafter), those they acted on, read or
 * wait on. With an `own` scope it is exactly the approvals the viewer takes part in.
 */
export function approvalVisible(
  eb: ApprovalEb,
  uid: number,
  scope: DataScope,
): Expression<SqlBool> {
  return eb.or([
    eb('a.drafter_id', '=', uid),
    eb.and([
      eb('a.status', '<>', -1),
      eb.or([
        scopeCondition(eb as never, scope, eb.ref('a.dept_id'), eb.ref('a.drafter_id')),
        eb(
          'a.approval_id',
          'in',
          eb
            .selectFrom('approval_action_log as l')
            .select('l.approval_id')
            .where('l.actor_id', '=', uid),
        ),
        eb(
          'a.approval_id',
          'in',
          eb
            .selectFrom('approval_reader as r')
            .select('r.approval_id')
            .where('r.user_id', '=', uid),
        ),
        eb(
          'a.approval_id',
          'in',
          eb
            .selectFrom('approval_pending as p')
            .select('p.approval_id')
            .where('p.user_id', '=', uid),
        ),
      ]),
    ]),
  ]);
}

/** Which approvals a list reads. */
export type ApprovalListSource =
  | { readonly kind: 'waiting'; readonly userId: ApprovalUserId }
  | { readonly kind: 'mine'; readonly userId: ApprovalUserId }
  | { readonly kind: 'done'; readonly userId: ApprovalUserId }
  | { readonly kind: 'all'; readonly userId: ApprovalUserId; readonly scope: DataScope };

// ---- binding ------------------------------------------------------------------------------------

/** The approval engine's ports bound to a connection or a transaction. */
export function createApprovalRepositories(
  db: Kysely<Database>,
  linked: LinkedRecordRegistry<Kysely<Database>>,
): ApprovalRepositories {
  return {
    approvals: new SqlApprovalRepository(db),
    flows: new SqlApprovalFlowRepository(db),
    directory: new SqlApprovalDirectory(db),
    idempotency: new SqlIdempotencyRepository(db),
    linkedRecords: linked.bind(db),
    options: new SqlApprovalOptionSources(db),
    notices: new SqlApprovalNoticeRepository(db),
  };
}

/** A registry of linked record handlers over Kysely transactions. */
export const createLinkedRecordRegistry = (): LinkedRecordRegistry<Kysely<Database>> =>
  new LinkedRecordRegistry<Kysely<Database>>();
