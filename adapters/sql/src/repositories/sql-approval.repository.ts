import { randomUUID } from 'node:crypto';
import type {
  ApprovalChanges,
  ApprovalDirectory,
  ApprovalFlow,
  ApprovalFlowFilter,
  ApprovalFlowNode,
  ApprovalFlowNodePatch,
  ApprovalFlowPatch,
  ApprovalFlowRepository,
  ApprovalId,
  ApprovalListQuery,
  ApprovalListRow,
  ApprovalOptionSources,
  ApprovalRecord,
  ApprovalRepositories,
  ApprovalRepository,
  ApprovalState,
  ApprovalStatus,
  RoundNodeNote,
  ApprovalTypeCode,
  ApprovalUserId,
  DataScope,
  DomainError,
  ListPage,
  ListQuery,
  NewApprovalFlow,
  NewApprovalFlowNode,
  NewApprovalRecord,
  NodeCondition,
  OptionSource,
  Result,
  SignatureImage,
  SignatureImageRepository,
  StoredApprovalLogEntry,
  TemplateContent,
  TemplateFile,
  TemplateKind,
  TemplateOption,
  TemplateSection,
} from '@dpms/core';
import {
  defaultSelfApprovalHandling,
  err,
  LinkedRecordRegistry,
  ok,
  OPTION_SOURCE_ORIGINS,
  PlatformErrors,
} from '@dpms/core';
import type { Kysely, Selectable } from 'kysely';
import type { ApprovalTable } from '../database/approval-schema.js';
import type { Database } from '../database/schema.js';
import { SqlIdempotencyRepository } from './sql-auth.repository.js';
import {
  containsPattern,
  isUniqueViolation,
  pageBounds,
  scopeCondition,
  toCount,
  type Db,
} from './sql-helpers.js';

/** Where a signature image is served (public by its unguessable id, as an <img> sends no token). */
export const signatureUrlOf = (fileId: string): string =>
  `/prod-api/system/user/profile/signature/${fileId}`;

const json = (v: unknown): string => JSON.stringify(v ?? null);
const userIds = (ids: readonly ApprovalUserId[]): number[] =>
  ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
const idOf = (approvalId: ApprovalId): number | null => {
  const n = Number(approvalId);
  return /^\d{1,10}$/.test(approvalId) && n <= 2147483647 ? n : null;
};

// ---- flows and nodes ------------------------------------------------------------------------------

export class SqlApprovalFlowRepository implements ApprovalFlowRepository {
  constructor(private readonly db: Db) {}

  private flows() {
    return this.db.selectFrom('approval_flow as f').select([
      'f.flow_id',
      'f.type_code',
      'f.flow_name',
      'f.status',
      'f.remark',
      'f.create_time',
      'f.update_time',
      (eb) =>
        eb
          .selectFrom('approval_flow_node as n')
          .select((e) => e.fn.countAll<string>().as('c'))
          .whereRef('n.flow_id', '=', 'f.flow_id')
          .as('node_count'),
    ]);
  }

  async listFlows(
    query: ListQuery<ApprovalFlowFilter, 'typeCode' | 'createTime'>,
  ): Promise<ListPage<ApprovalFlow>> {
    const f = query.filter;
    let q = this.flows();
    if (f.typeCode) q = q.where('f.type_code', '=', f.typeCode);
    if (f.flowName) q = q.where('f.flow_name', 'ilike', containsPattern(f.flowName));
    const count = await this.db
      .selectFrom(q.as('x'))
      .select((eb) => eb.fn.countAll<string>().as('c'))
      .executeTakeFirstOrThrow();
    const dir = query.sort?.direction ?? 'asc';
    const col = query.sort?.column === 'createTime' ? 'f.create_time' : 'f.type_code';
    const { limit, offset } = pageBounds(query.page);
    let page = q.orderBy(col, dir).orderBy('f.flow_id', 'asc');
    if (limit !== undefined) page = page.limit(limit).offset(offset ?? 0);
    const rows = await page.execute();
    return { total: toCount(count.c), rows: rows.map(toFlow) };
  }

  async findFlow(flowId: number): Promise<ApprovalFlow | null> {
    const row = await this.flows().where('f.flow_id', '=', flowId).executeTakeFirst();
    return row ? toFlow(row) : null;
  }

  async findFlowByType(typeCode: ApprovalTypeCode): Promise<ApprovalFlow | null> {
    const row = await this.flows().where('f.type_code', '=', typeCode).executeTakeFirst();
    return row ? toFlow(row) : null;
  }

  async createFlow(flow: NewApprovalFlow, by: string): Promise<Result<ApprovalFlow, DomainError>> {
    try {
      const row = await this.db
        .insertInto('approval_flow')
        .values({
          type_code: flow.typeCode,
          flow_name: flow.flowName,
          status: flow.status ?? '0',
          remark: flow.remark ?? '',
          create_by: by,
        })
        .returning('flow_id')
        .executeTakeFirstOrThrow();
      const created = await this.findFlow(row.flow_id);
      if (created === null) throw new Error('flow vanished after insert');
      return ok(created);
    } catch (e) {
      if (isUniqueViolation(e))
        return err(PlatformErrors.duplicate('该审批类型的流程', 'typeCode'));
      throw e;
    }
  }

  async updateFlow(
    flowId: number,
    patch: ApprovalFlowPatch,
    by: string,
  ): Promise<ApprovalFlow | null> {
    const res = await this.db
      .updateTable('approval_flow')
      .set({
        ...(patch.flowName === undefined ? {} : { flow_name: patch.flowName }),
        ...(patch.status === undefined ? {} : { status: patch.status }),
        ...(patch.remark === undefined ? {} : { remark: patch.remark }),
        update_by: by,
        update_time: new Date(),
      })
      .where('flow_id', '=', flowId)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n ? this.findFlow(flowId) : null;
  }

  async deleteFlow(flowId: number): Promise<boolean> {
    const res = await this.db
      .deleteFrom('approval_flow')
      .where('flow_id', '=', flowId)
      .executeTakeFirst();
    return res.numDeletedRows > 0n;
  }

  async listNodes(flowId: number): Promise<readonly ApprovalFlowNode[]> {
    const rows = await this.db
      .selectFrom('approval_flow_node')
      .selectAll()
      .where('flow_id', '=', flowId)
      .orderBy('order_num')
      .orderBy('node_id')
      .execute();
    return rows.map(toNode);
  }

  async findNode(nodeId: number): Promise<ApprovalFlowNode | null> {
    const row = await this.db
      .selectFrom('approval_flow_node')
      .selectAll()
      .where('node_id', '=', nodeId)
      .executeTakeFirst();
    return row ? toNode(row) : null;
  }

  async addNode(node: NewApprovalFlowNode): Promise<ApprovalFlowNode> {
    const max = await this.db
      .selectFrom('approval_flow_node')
      .select((eb) => eb.fn.max('order_num').as('m'))
      .where('flow_id', '=', node.flowId)
      .executeTakeFirst();
    const row = await this.db
      .insertInto('approval_flow_node')
      .values({
        flow_id: node.flowId,
        node_name: node.nodeName,
        order_num: Number(max?.m ?? 0) + 1,
        actor_kind: node.actorKind,
        role_key: node.roleKey,
        user_ids: json(node.userIds),
        form_field: node.formField,
        mode: node.mode,
        condition: node.condition === null ? null : json(node.condition),
        condition_effect: node.conditionEffect,
        self_approval: node.selfApproval ?? defaultSelfApprovalHandling(node.actorKind),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toNode(row);
  }

  async updateNode(nodeId: number, p: ApprovalFlowNodePatch): Promise<ApprovalFlowNode | null> {
    const res = await this.db
      .updateTable('approval_flow_node')
      .set({
        ...(p.nodeName === undefined ? {} : { node_name: p.nodeName }),
        ...(p.actorKind === undefined ? {} : { actor_kind: p.actorKind }),
        ...(p.roleKey === undefined ? {} : { role_key: p.roleKey }),
        ...(p.userIds === undefined ? {} : { user_ids: json(p.userIds) }),
        ...(p.formField === undefined ? {} : { form_field: p.formField }),
        ...(p.mode === undefined ? {} : { mode: p.mode }),
        ...(p.condition === undefined
          ? {}
          : { condition: p.condition === null ? null : json(p.condition) }),
        ...(p.conditionEffect === undefined ? {} : { condition_effect: p.conditionEffect }),
        ...(p.selfApproval === undefined ? {} : { self_approval: p.selfApproval }),
        update_time: new Date(),
      })
      .where('node_id', '=', nodeId)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n ? this.findNode(nodeId) : null;
  }

  async deleteNode(nodeId: number): Promise<boolean> {
    const res = await this.db
      .deleteFrom('approval_flow_node')
      .where('node_id', '=', nodeId)
      .executeTakeFirst();
    return res.numDeletedRows > 0n;
  }

  async moveNode(nodeId: number, direction: 'up' | 'down'): Promise<boolean> {
    const node = await this.findNode(nodeId);
    if (node === null) return false;
    const nodes = await this.listNodes(node.flowId);
    const i = nodes.findIndex((n) => n.nodeId === nodeId);
    const j = direction === 'up' ? i - 1 : i + 1;
    const other = nodes[j];
    if (other === undefined) return false;
    // Renumber the whole flow 1..n with the two swapped: robust to equal or gapped order numbers.
    const order = nodes.map((n) => n.nodeId);
    order[i] = other.nodeId;
    order[j] = nodeId;
    for (const [k, id] of order.entries()) {
      await this.db
        .updateTable('approval_flow_node')
        .set({ order_num: k + 1 })
        .where('node_id', '=', id)
        .execute();
    }
    return true;
  }
}

function toFlow(r: {
  flow_id: number;
  type_code: string;
  flow_name: string;
  status: '0' | '1';
  remark: string;
  create_time: Date;
  update_time: Date | null;
  node_count: string | number | bigint | null;
}): ApprovalFlow {
  return {
    flowId: r.flow_id,
    typeCode: r.type_code as ApprovalTypeCode,
    flowName: r.flow_name,
    status: r.status,
    remark: r.remark,
    nodeCount: toCount(r.node_count),
    createTime: r.create_time,
    updateTime: r.update_time,
  };
}

function toNode(r: Selectable<Database['approval_flow_node']>): ApprovalFlowNode {
  return {
    nodeId: r.node_id,
    flowId: r.flow_id,
    nodeName: r.node_name,
    orderNum: r.order_num,
    actorKind: r.actor_kind,
    roleKey: r.role_key,
    userIds: ((r.user_ids as unknown[] | null) ?? []).map(String),
    formField: r.form_field,
    mode: r.mode,
    condition: (r.condition as NodeCondition | null) ?? null,
    conditionEffect: r.condition_effect,
    selfApproval: r.self_approval,
  };
}

// ---- approvals ----------------------------------------------------------------------------------

type ApprovalRow = Selectable<ApprovalTable>;

function toRecord(r: ApprovalRow, readers: readonly ApprovalUserId[]): ApprovalRecord {
  const state: ApprovalState = {
    status: r.status as ApprovalStatus,
    drafterId: String(r.drafter_id),
    ...(r.author_id === null ? {} : { authorId: String(r.author_id) }),
    nodes: r.nodes as ApprovalState['nodes'],
    currentNodeIndex: r.current_node_index,
    signedAtCurrent: r.signed_at_current as string[],
    readers,
    round: r.round,
    version: r.version,
  };
  return {
    approvalId: String(r.approval_id),
    typeCode: r.type_code as ApprovalTypeCode,
    kind: r.kind as TemplateKind,
    recordKind: r.record_kind,
    recordId: r.record_id,
    title: r.title,
    content: r.content as TemplateContent,
    template: (r.template as TemplateSection[] | null) ?? null,
    files: r.files as TemplateFile[],
    state,
    deptId: r.dept_id,
    createTime: r.create_time,
    updateTime: r.update_time,
    submitTime: r.submit_time,
    finishTime: r.finish_time,
  };
}

const currentNode = (s: ApprovalState) =>
  s.status === 0 ? s.nodes[s.currentNodeIndex] : undefined;

const LIST_COLUMNS = [
  'a.approval_id',
  'a.type_code',
  'a.kind',
  'a.title',
  'a.status',
  'a.version',
  'a.drafter_id',
  'a.dept_id',
  'a.current_node_name',
  'a.record_kind',
  'a.record_id',
  'a.create_time',
  'a.update_time',
  'a.submit_time',
  'a.finish_time',
  'u.nick_name',
  'd.dept_name',
] as const;

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
        // Separation of duties: one's own approval is never waiting for one's signature, even if
        // a pending row said so (the engine never writes one for the drafter).
        return q
          .where('a.drafter_id', '<>', Number(source.userId))
          .where('a.approval_id', 'in', (eb) =>
            eb
              .selectFrom('approval_pending as p')
              .select('p.approval_id')
              .where('p.user_id', '=', Number(source.userId)),
          );
      case 'mine':
        return q.where('a.drafter_id', '=', Number(source.userId));
      case 'done':
        // What the user signed, rejected, returned or transferred (not cc or urge).
        return q.where('a.approval_id', 'in', (eb) =>
          eb
            .selectFrom('approval_action_log as l')
            .select('l.approval_id')
            .where('l.actor_id', '=', Number(source.userId))
            .where('l.action', 'in', ['approve', 'reject', 'return', 'transfer']),
        );
      case 'all': {
        const uid = Number(source.userId);
        return q.where((eb) =>
          eb.or([
            eb('a.drafter_id', '=', uid),
            eb.and([
              eb('a.status', '<>', -1),
              eb.or([
                scopeCondition(
                  eb as never,
                  source.scope,
                  eb.ref('a.dept_id'),
                  eb.ref('a.drafter_id'),
                ),
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
          ]),
        );
      }
    }
  }

  /** The page and count queries of a list, for the EXPLAIN checks and for `page`. */
  listQueries(source: ApprovalListSource, query: ApprovalListQuery) {
    let q = this.scoped(source);
    const f = query.filter;
    if (f.typeCode) q = q.where('a.type_code', '=', f.typeCode);
    if (f.status !== undefined) q = q.where('a.status', '=', f.status);
    if (f.title) q = q.where('a.title', 'ilike', containsPattern(f.title));
    const count = q.select((eb) => eb.fn.countAll<string>().as('c'));
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
    const total = await count.executeTakeFirstOrThrow();
    const rows = await page.execute();
    return {
      total: toCount(total.c),
      rows: rows.map((r) => ({
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
    };
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

/** Which approvals a list reads. */
export type ApprovalListSource =
  | { readonly kind: 'waiting'; readonly userId: ApprovalUserId }
  | { readonly kind: 'mine'; readonly userId: ApprovalUserId }
  | { readonly kind: 'done'; readonly userId: ApprovalUserId }
  | { readonly kind: 'all'; readonly userId: ApprovalUserId; readonly scope: DataScope };

// ---- who is who ---------------------------------------------------------------------------------

export class SqlApprovalDirectory implements ApprovalDirectory {
  constructor(private readonly db: Db) {}

  async usersWithRole(roleKey: string): Promise<readonly ApprovalUserId[]> {
    const rows = await this.db
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role as r', 'r.role_id', 'ur.role_id')
      .innerJoin('sys_user as u', 'u.user_id', 'ur.user_id')
      .select('u.user_id')
      .where('r.role_key', '=', roleKey)
      .where('r.status', '=', '0')
      .where('r.del_flag', '=', '0')
      .where('u.status', '=', '0')
      .where('u.del_flag', '=', '0')
      .orderBy('u.user_id')
      .execute();
    return [...new Set(rows.map((r) => String(r.user_id)))];
  }

  async leadersOf(userId: ApprovalUserId): Promise<readonly ApprovalUserId[]> {
    const user = await this.db
      .selectFrom('sys_user as u')
      .innerJoin('sys_dept as d', 'd.dept_id', 'u.dept_id')
      .select(['d.dept_id', 'd.ancestors'])
      .where('u.user_id', '=', Number(userId))
      .executeTakeFirst();
    if (user === undefined) return [];
    const chain = [
      user.dept_id,
      ...user.ancestors
        .split(',')
        .map(Number)
        .filter((n) => n > 0)
        .reverse(),
    ];
    const rows = await this.db
      .selectFrom('sys_dept as d')
      .innerJoin('sys_user as u', 'u.user_id', 'd.leader_user_id')
      .select(['d.dept_id', 'd.leader_user_id'])
      .where('d.dept_id', 'in', chain)
      .where('u.status', '=', '0')
      .where('u.del_flag', '=', '0')
      .execute();
    const leaders: ApprovalUserId[] = [];
    for (const id of chain) {
      const hit = rows.find((r) => r.dept_id === id);
      const leader = hit?.leader_user_id == null ? null : String(hit.leader_user_id);
      if (leader !== null && !leaders.includes(leader)) leaders.push(leader);
    }
    return leaders;
  }

  async namesOf(ids: readonly ApprovalUserId[]): Promise<Readonly<Record<ApprovalUserId, string>>> {
    const nums = userIds(ids);
    if (nums.length === 0) return {};
    const rows = await this.db
      .selectFrom('sys_user')
      .select(['user_id', 'nick_name'])
      .where('user_id', 'in', nums)
      .execute();
    return Object.fromEntries(rows.map((r) => [String(r.user_id), r.nick_name]));
  }

  async activeUsers(ids: readonly ApprovalUserId[]): Promise<readonly ApprovalUserId[]> {
    const nums = userIds(ids);
    if (nums.length === 0) return [];
    const rows = await this.db
      .selectFrom('sys_user')
      .select('user_id')
      .where('user_id', 'in', nums)
      .where('status', '=', '0')
      .where('del_flag', '=', '0')
      .execute();
    const found = new Set(rows.map((r) => String(r.user_id)));
    return [
      ...new Set(ids.filter((i) => found.has(String(Number(i)))).map((i) => String(Number(i)))),
    ];
  }

  async deptOf(userId: ApprovalUserId): Promise<number | null> {
    const row = await this.db
      .selectFrom('sys_user')
      .select('dept_id')
      .where('user_id', '=', Number(userId))
      .executeTakeFirst();
    return row?.dept_id ?? null;
  }

  async signatureOf(userId: ApprovalUserId): Promise<SignatureImage | null> {
    return new SqlSignatureImageRepository(this.db).current(userId);
  }
}

export class SqlSignatureImageRepository implements SignatureImageRepository {
  constructor(private readonly db: Db) {}

  async save(
    userId: ApprovalUserId,
    contentType: string,
    data: Uint8Array,
  ): Promise<SignatureImage> {
    const fileId = randomUUID();
    await this.db
      .insertInto('approval_signature')
      .values({ file_id: fileId, user_id: Number(userId), content_type: contentType, data })
      .execute();
    await this.db
      .updateTable('sys_user')
      .set({ signature_file_id: fileId, update_time: new Date() })
      .where('user_id', '=', Number(userId))
      .execute();
    return { fileId, url: signatureUrlOf(fileId) };
  }

  async current(userId: ApprovalUserId): Promise<SignatureImage | null> {
    const row = await this.db
      .selectFrom('sys_user')
      .select('signature_file_id')
      .where('user_id', '=', Number(userId))
      .executeTakeFirst();
    const fileId = row?.signature_file_id ?? null;
    return fileId === null ? null : { fileId, url: signatureUrlOf(fileId) };
  }

  async read(fileId: string): Promise<{ contentType: string; data: Uint8Array } | null> {
    const row = await this.db
      .selectFrom('approval_signature')
      .select(['content_type', 'data'])
      .where('file_id', '=', fileId)
      .executeTakeFirst();
    return row ? { contentType: row.content_type, data: row.data } : null;
  }
}

/** Dictionary items and the department tree as template options. */
export class SqlApprovalOptionSources implements ApprovalOptionSources {
  constructor(private readonly db: Db) {}

  async load(
    sources: readonly OptionSource[],
  ): Promise<Partial<Record<OptionSource, readonly TemplateOption[]>>> {
    const out: Partial<Record<OptionSource, readonly TemplateOption[]>> = {};
    for (const source of sources) {
      const origin = OPTION_SOURCE_ORIGINS[source];
      if (origin.origin === 'dictionary') {
        const items = await this.db
          .selectFrom('sys_dict_data')
          .select(['dict_label', 'dict_value'])
          .where('dict_type', '=', origin.dictType)
          .where('status', '=', '0')
          .orderBy('dict_sort')
          .execute();
        // An empty or missing dictionary leaves core's defaults in force.
        if (items.length > 0) {
          out[source] = items.map((i) => ({ text: i.dict_label, value: i.dict_value }));
        }
      } else if (origin.origin === 'departments') {
        const depts = await this.db
          .selectFrom('sys_dept')
          .select(['dept_id', 'parent_id', 'dept_name'])
          .where('del_flag', '=', '0')
          .where('status', '=', '0')
          .orderBy('parent_id')
          .orderBy('order_num')
          .execute();
        const children = (parent: number): TemplateOption[] =>
          depts
            .filter((d) => d.parent_id === parent)
            .map((d) => {
              const below = children(d.dept_id);
              return below.length > 0
                ? { label: d.dept_name, id: d.dept_id, children: below }
                : { label: d.dept_name, id: d.dept_id };
            });
        out[source] = children(0);
      }
      // Bank names: the two session names plus a dictionary, not known here; not checked.
    }
    return out;
  }
}

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
  };
}

/** A registry of linked record handlers over Kysely transactions. */
export const createLinkedRecordRegistry = (): LinkedRecordRegistry<Kysely<Database>> =>
  new LinkedRecordRegistry<Kysely<Database>>();
