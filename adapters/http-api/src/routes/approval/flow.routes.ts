import { approvalTypeLabel, type ApprovalFlow } from '@dpms/core';
import {
  approvalDoneAnswer,
  flowAddBody,
  flowAnswer,
  flowIdQuery,
  flowListQuery,
  flowNodeAnswer,
  flowNodesAnswer,
  flowPage,
  flowUpdateBody,
  nodeAddBody,
  nodeGetAnswer,
  nodeGetQuery,
  nodeIdQuery,
  nodeMoveQuery,
  nodeUpdateBody,
} from '@dpms/wire';
import { ok, page } from '../../http/envelope.js';
import { HttpError, unwrap } from '../../http/http-error.js';
import { listQueryOf } from '../../http/list-query.js';
import { perm, type RouteBook } from '../../http/route.js';
import { TAG_FLOW, type ApprovalRouteDeps } from './shared.js';

const flowView = (f: ApprovalFlow) => ({
  flowId: f.flowId,
  typeCode: f.typeCode,
  typeName: approvalTypeLabel(f.typeCode),
  flowName: f.flowName,
  status: f.status,
  remark: f.remark,
  nodeCount: f.nodeCount,
  createTime: f.createTime.toISOString(),
  updateTime: f.updateTime?.toISOString() ?? null,
});

/** Flows and their nodes (000 §7 "Approval flows"): the administration of who signs what. */
export function registerFlowRoutes(book: RouteBook, { flows }: ApprovalRouteDeps): void {
  book.add({
    method: 'get',
    path: '/approval/flow/list',
    summary: '审批流程列表（每个审批类型一个流程）',
    tag: TAG_FLOW,
    access: perm('approval:flow:list'),
    query: flowListQuery,
    response: flowPage,
    handler: async ({ query }) => {
      const p = await flows.listFlows(
        listQueryOf({ typeCode: query.typeCode, flowName: query.flowName }, query),
      );
      return page(p.total, p.rows.map(flowView));
    },
  });
  book.add({
    method: 'post',
    path: '/approval/flow/add',
    summary: '新增审批流程',
    tag: TAG_FLOW,
    access: perm('approval:flow:add'),
    body: flowAddBody,
    response: flowAnswer,
    handler: async ({ body, principal }) =>
      ok(flowView(unwrap(await flows.addFlow(body, principal.userName)))),
  });
  book.add({
    method: 'post',
    path: '/approval/flow/update',
    summary: '修改审批流程（名称、状态、备注）',
    tag: TAG_FLOW,
    access: perm('approval:flow:edit'),
    body: flowUpdateBody,
    response: flowAnswer,
    handler: async ({ body, principal }) => {
      const { flowId, ...patch } = body;
      return ok(flowView(unwrap(await flows.updateFlow(flowId, patch, principal.userName))));
    },
  });
  book.add({
    method: 'get',
    path: '/approval/flow/del',
    summary: '删除审批流程及其节点（进行中的审批保留已确定的节点）',
    tag: TAG_FLOW,
    access: perm('approval:flow:remove'),
    query: flowIdQuery,
    response: approvalDoneAnswer,
    handler: async ({ query }) => {
      unwrap(await flows.deleteFlow(query.flowId));
      return ok();
    },
  });

  // ---- nodes --------------------------------------------------------------------------------
  book.add({
    method: 'get',
    path: '/approval/node/get',
    summary: '审批节点：nodeId 取一个节点；flowId 或 typeCode 取流程及其全部节点（按顺序）',
    tag: TAG_FLOW,
    access: perm('approval:node:query'),
    query: nodeGetQuery,
    response: nodeGetAnswer,
    handler: async ({ query }) => {
      if (query.nodeId !== undefined) return ok(unwrap(await flows.getNode(query.nodeId)));
      let flowId = query.flowId;
      if (flowId === undefined && query.typeCode !== undefined) {
        const list = await flows.listFlows({ filter: { typeCode: query.typeCode } });
        flowId = list.rows[0]?.flowId;
        if (flowId === undefined) throw new HttpError(404, '该审批类型没有审批流程');
      }
      if (flowId === undefined)
        throw new HttpError(400, '参数 nodeId、flowId 或 typeCode 不能都为空');
      const { flow, nodes } = unwrap(await flows.getFlow(flowId));
      return ok({ flow: flowView(flow), nodes });
    },
  });
  book.add({
    method: 'post',
    path: '/approval/node/add',
    summary: '新增审批节点（加在流程末尾）',
    tag: TAG_FLOW,
    access: perm('approval:node:add'),
    body: nodeAddBody,
    response: flowNodeAnswer,
    handler: async ({ body }) =>
      ok(
        unwrap(
          await flows.addNode({
            flowId: body.flowId,
            nodeName: body.nodeName,
            actorKind: body.actorKind,
            roleKey: body.roleKey ?? null,
            userIds: body.userIds ?? [],
            formField: body.formField ?? null,
            mode: body.mode ?? 'or',
            condition: body.condition ?? null,
            conditionEffect: body.conditionEffect ?? 'add',
            ...(body.selfApproval === undefined ? {} : { selfApproval: body.selfApproval }),
            fallback: body.fallback ?? null,
          }),
        ),
      ),
  });
  book.add({
    method: 'post',
    path: '/approval/node/update',
    summary: '修改审批节点',
    tag: TAG_FLOW,
    access: perm('approval:node:edit'),
    body: nodeUpdateBody,
    response: flowNodeAnswer,
    handler: async ({ body }) => {
      const { nodeId, ...rest } = body;
      const patch = Object.fromEntries(
        Object.entries(rest).filter(([, v]) => v !== undefined),
      ) as typeof rest;
      return ok(unwrap(await flows.updateNode(nodeId, patch)));
    },
  });
  book.add({
    method: 'get',
    path: '/approval/node/del',
    summary: '删除审批节点',
    tag: TAG_FLOW,
    access: perm('approval:node:remove'),
    query: nodeIdQuery,
    response: approvalDoneAnswer,
    handler: async ({ query }) => {
      unwrap(await flows.deleteNode(query.nodeId));
      return ok();
    },
  });
  book.add({
    method: 'get',
    path: '/approval/node/moveFlowNodeOrder',
    summary: '调整节点顺序：与上一个（up）或下一个（down）节点交换；答复流程调整后的全部节点',
    tag: TAG_FLOW,
    access: perm('approval:node:move'),
    query: nodeMoveQuery,
    response: flowNodesAnswer,
    handler: async ({ query }) =>
      ok(unwrap(await flows.moveNode(query.nodeId, query.direction ?? query.type ?? 'up'))),
  });
}
