import type {
  ApprovalFlow,
  ApprovalFlowFilter,
  ApprovalFlowNode,
  ApprovalFlowNodePatch,
  ApprovalFlowPatch,
  ApprovalFlowRepository,
  ApprovalTypeCode,
  DomainError,
  ListPage,
  ListQuery,
  NewApprovalFlow,
  NewApprovalFlowNode,
  NodeCondition,
  NodeFallback,
  Result,
} from '@dpms/core';
import { defaultSelfApprovalHandling, err, ok, PlatformErrors } from '@dpms/core';
import type { Selectable } from 'kysely';
import type { Database } from '../database/schema.js';
import {
  containsPattern,
  isUniqueViolation,
  pageBounds,
  toCount,
  type Db,
  pageWithCount,
} from './sql-helpers.js';

import { json } from './sql-approval-rows.js';

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
    const count = this.db.selectFrom(q.as('x')).select((eb) => eb.fn.countAll<string>().as('n'));
    const dir = query.sort?.direction ?? 'asc';
    const col = query.sort?.column === 'createTime' ? 'f.create_time' : 'f.type_code';
    const { limit, offset } = pageBounds(query.page);
    let page = q.orderBy(col, dir).orderBy('f.flow_id', 'asc');
    if (limit !== undefined) page = page.limit(limit).offset(offset ?? 0);
    return pageWithCount(page, count, (rows) => rows.map(toFlow));
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
        fallback: node.fallback == null ? null : json(node.fallback),
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
        ...(p.fallback === undefined
          ? {}
          : { fallback: p.fallback === null ? null : json(p.fallback) }),
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
    fallback: (r.fallback as NodeFallback | null) ?? null,
  };
}
