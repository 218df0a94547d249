import type { ListPage, ListQuery } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import type { ApprovalTypeCode } from './approval-type-catalogue.js';
import { flowInputProblems, flowNodeInputProblems } from './flow-admin-input.js';
import { defaultSelfApprovalHandling } from './separation-of-duties.js';
import type {
  ApprovalFlow,
  ApprovalFlowFilter,
  ApprovalFlowNode,
  ApprovalFlowNodePatch,
  ApprovalFlowPatch,
  ApprovalRepositories,
  NewApprovalFlowNode,
} from './approval.repository.port.js';

const notFound = (what: string): DomainError =>
  domainError('APPROVAL.FLOW_NOT_FOUND', `${what}不存在或已被删除`);
/** The first problem of what the form sent, as the use case refuses it. */
const firstProblem = (problems: readonly DomainError[]): DomainError | undefined => problems[0];

/**
 * Flow administration (/approval/flow, /approval/node). Changes apply to approvals submitted
 * afterwards: a running approval keeps the nodes it was resolved with.
 */
export class ApprovalFlowAdmin {
  constructor(private readonly uow: UnitOfWork<ApprovalRepositories>) {}

  listFlows(
    query: ListQuery<ApprovalFlowFilter, 'typeCode' | 'createTime'>,
  ): Promise<ListPage<ApprovalFlow>> {
    return this.uow.transaction((r) => r.flows.listFlows(query));
  }

  addFlow(
    input: { typeCode: string; flowName: string; status?: '0' | '1'; remark?: string },
    by: string,
  ): Promise<Result<ApprovalFlow>> {
    const bad = firstProblem(flowInputProblems(input));
    if (bad !== undefined) return Promise.resolve(err(bad));
    const typeCode = input.typeCode as ApprovalTypeCode;
    return this.uow.transaction((r) => r.flows.createFlow({ ...input, typeCode }, by));
  }

  updateFlow(flowId: number, patch: ApprovalFlowPatch, by: string): Promise<Result<ApprovalFlow>> {
    const bad = firstProblem(flowInputProblems(patch, { patch: true }));
    if (bad !== undefined) return Promise.resolve(err(bad));
    return this.uow.transaction(async (r) => {
      const flow = await r.flows.updateFlow(flowId, patch, by);
      return flow === null ? err(notFound('审批流程')) : ok(flow);
    });
  }

  deleteFlow(flowId: number): Promise<Result<void>> {
    return this.uow.transaction(async (r) =>
      (await r.flows.deleteFlow(flowId)) ? ok(undefined) : err(notFound('审批流程')),
    );
  }

  /** One flow with its nodes in order. */
  getFlow(
    flowId: number,
  ): Promise<Result<{ flow: ApprovalFlow; nodes: readonly ApprovalFlowNode[] }>> {
    return this.uow.transaction(async (r) => {
      const flow = await r.flows.findFlow(flowId);
      if (flow === null) return err(notFound('审批流程'));
      return ok({ flow, nodes: await r.flows.listNodes(flowId) });
    });
  }

  getNode(nodeId: number): Promise<Result<ApprovalFlowNode>> {
    return this.uow.transaction(async (r) => {
      const node = await r.flows.findNode(nodeId);
      return node === null ? err(notFound('审批节点')) : ok(node);
    });
  }

  addNode(node: NewApprovalFlowNode): Promise<Result<ApprovalFlowNode>> {
    const bad = firstProblem(flowNodeInputProblems(node));
    if (bad !== undefined) return Promise.resolve(err(bad));
    return this.uow.transaction(async (r) => {
      if ((await r.flows.findFlow(node.flowId)) === null) return err(notFound('审批流程'));
      // Separation of duties: a node left without a choice takes its kind's default.
      return ok(
        await r.flows.addNode({
          ...node,
          selfApproval: node.selfApproval ?? defaultSelfApprovalHandling(node.actorKind),
        }),
      );
    });
  }

  updateNode(nodeId: number, patch: ApprovalFlowNodePatch): Promise<Result<ApprovalFlowNode>> {
    return this.uow.transaction(async (r) => {
      const node = await r.flows.findNode(nodeId);
      if (node === null) return err(notFound('审批节点'));
      // The node as it will be: a patch may change the kind without restating its actor.
      const bad = firstProblem(flowNodeInputProblems({ ...node, ...patch }));
      if (bad !== undefined) return err(bad);
      const updated = await r.flows.updateNode(nodeId, patch);
      return updated === null ? err(notFound('审批节点')) : ok(updated);
    });
  }

  deleteNode(nodeId: number): Promise<Result<void>> {
    return this.uow.transaction(async (r) =>
      (await r.flows.deleteNode(nodeId)) ? ok(undefined) : err(notFound('审批节点')),
    );
  }

  moveNode(nodeId: number, direction: 'up' | 'down'): Promise<Result<readonly ApprovalFlowNode[]>> {
    return this.uow.transaction(async (r) => {
      const node = await r.flows.findNode(nodeId);
      if (node === null) return err(notFound('审批节点'));
      if (!(await r.flows.moveNode(nodeId, direction))) {
        return err(
          domainError(
            'APPROVAL.CANNOT_MOVE',
            direction === 'up' ? '已是第一个节点，不能上移' : '已是最后一个节点，不能下移',
          ),
        );
      }
      return ok(await r.flows.listNodes(node.flowId));
    });
  }
}
