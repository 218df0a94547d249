import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { approvalMessages } from './approval-messages.js';
import { type ApprovalNodeAssignment, type ApprovalUserId } from './approval-state-machine.js';
import type {
  ApprovalFlowNode,
  ApprovalRecord,
  ApprovalRepositories,
  NodeFallback,
} from './approval.repository.port.js';
import { evaluateNodeCondition } from './node-condition.js';
import { isSkippedNode, selfApprovalMessages, separateDrafter } from './separation-of-duties.js';
import { type TemplateContent } from './template.js';

import { engineMessages } from './approval-engine.types.js';

/*
 * Which configured nodes an approval goes through, and who holds each. The rule, written once:
 * every node present for the content has at least one holder, none of them the drafter or the
 * record's author (separation of duties may skip a node, with its reason), or the submission is
 * refused naming the node (and, for a person the form names, the field to fill). A node that
 * resolves to nobody takes the flow node's configured fallback when it has one, and the sheet
 * says so; it is never dropped in silence.
 */

/** The configured nodes present for this content (conditions), in order. */
export function nodesForContent(
  nodes: readonly ApprovalFlowNode[],
  content: TemplateContent,
): readonly ApprovalFlowNode[] {
  return nodes.filter((n) => {
    if (n.condition === null) return true;
    const holds = evaluateNodeCondition(n.condition, content);
    return n.conditionEffect === 'add' ? holds : !holds;
  });
}

/** One present node with who its own rule names and, when configured, who its fallback names. */
export interface NodeCandidates {
  readonly node: Pick<ApprovalFlowNode, 'nodeId' | 'nodeName' | 'mode' | 'selfApproval'> & {
    readonly actorKind: ApprovalFlowNode['actorKind'];
    readonly formField: string | null;
  };
  /** Active users the node's own rule names (role, users, a department's head, the form's person). */
  readonly holders: readonly ApprovalUserId[];
  /** The fallback's active users; undefined when the node has no fallback. */
  readonly fallbackHolders?: readonly ApprovalUserId[];
  /** What the fallback is, in the sheet's words (拟稿人部门负责人, 角色 …). */
  readonly fallbackLabel?: string;
  /**
   * The superiors a separated node escalates to, nearest first: the leaders above the department
   * the node belongs to (the form's department for its head, else the drafter's).
   */
  readonly leaders: readonly ApprovalUserId[];
}

/** Why a node resolved to nobody: the form left its person out, or the organisation has none. */
function nobodyFor(c: NodeCandidates): DomainError {
  const { nodeName, actorKind, formField } = c.node;
  if ((actorKind === 'formPerson' || actorKind === 'formDeptHead') && formField !== null) {
    return approvalMessages.formNodeWithoutApprover(nodeName, formField, actorKind);
  }
  return approvalMessages.nodeWithoutApprover(nodeName);
}

/**
 * The pure rule: assigns each present node its holders, applies the fallback to a node that has
 * none, then separation of duties. Refuses the first node left without anyone, naming it (and the
 * form's field), and an approval every node of which was skipped.
 */
export function assignNodes(
  candidates: readonly NodeCandidates[],
  parties: { readonly drafterId: ApprovalUserId; readonly authorId?: ApprovalUserId | undefined },
): Result<readonly ApprovalNodeAssignment[]> {
  const { drafterId, authorId } = parties;
  const out: ApprovalNodeAssignment[] = [];
  for (const c of candidates) {
    let holders = [...new Set(c.holders)];
    let fallbackNote: ApprovalNodeAssignment['selfApproval'];
    if (holders.length === 0) {
      const fallback = [...new Set(c.fallbackHolders ?? [])];
      if (fallback.length === 0) return err(nobodyFor(c));
      holders = fallback;
      fallbackNote = {
        handling: c.node.selfApproval,
        outcome: 'fallback',
        reason: `${c.node.nodeName}没有审批人，按流程配置由${c.fallbackLabel ?? '备用审批人'}审批`,
      };
    }
    const base = { nodeId: String(c.node.nodeId), nodeName: c.node.nodeName, mode: c.node.mode };
    const separated = separateDrafter({
      handling: c.node.selfApproval,
      holders,
      drafterId,
      authorId,
      leaders: c.leaders,
    });
    const note = separated.note ?? fallbackNote;
    out.push({
      ...base,
      assignees: separated.assignees,
      ...(note === undefined ? {} : { selfApproval: note }),
    });
  }
  if (out.length > 0 && out.every((n) => isSkippedNode(n))) {
    return err(selfApprovalMessages.noApprover());
  }
  return ok(out);
}

/** The ids a form field holds: one id, or several (a multi-choice of people). */
function idsOf(content: TemplateContent, field: string | null): readonly string[] {
  if (field === null) return [];
  const raw = content[field]?.value;
  const ids =
    typeof raw === 'string'
      ? raw.split(',')
      : Array.isArray(raw)
        ? raw.filter((x): x is string => typeof x === 'string')
        : [];
  return ids.map((x) => x.trim()).filter((x) => /^\d{1,18}$/.test(x));
}

/**
 * Resolves the flow of the approval's type into assignments, at this moment. A person the flow
 * takes from the form (项目经理, 设计主持) is the linked record's when the record names one (the
 * contract's project manager, the task's design host), else the form's; a department head taken
 * from the form (a fund plan's 部门负责人) is the leader of the department the form names.
 */
export async function resolveNodes(
  repos: ApprovalRepositories,
  record: ApprovalRecord,
  authorId: ApprovalUserId | undefined,
): Promise<Result<readonly ApprovalNodeAssignment[]>> {
  const flow = await repos.flows.findFlowByType(record.typeCode);
  if (flow === null || flow.status !== '0') return err(engineMessages.noFlow(record.typeCode));
  const configured = nodesForContent(await repos.flows.listNodes(flow.flowId), record.content);
  const drafterId = record.state.drafterId;
  const { holdersOf, leadersOfDrafter } = holderResolver(repos, record);
  const candidates: NodeCandidates[] = [];
  for (const n of configured) {
    const own = await holdersOf(n.actorKind, n);
    const fb = n.fallback ?? null;
    const fallback =
      fb === null
        ? undefined
        : await holdersOf(fb.kind, {
            roleKey: fb.kind === 'role' ? fb.roleKey : null,
            userIds: fb.kind === 'users' ? fb.userIds : [],
            formField: null,
          });
    candidates.push({
      node: n,
      holders: own.holders,
      leaders: own.leaders ?? (await leadersOfDrafter()),
      ...(fallback === undefined || fb === null
        ? {}
        : { fallbackHolders: fallback.holders, fallbackLabel: nodeFallbackLabel(fb) }),
    });
  }
  return assignNodes(candidates, { drafterId, authorId });
}

/** The kinds of who holds a node, configured or as a fallback. */
type HolderKind = NodeFallback['kind'] | 'formPerson' | 'formDeptHead';

/**
 * Who a node kind names for this approval, at this moment (active users only), and for a
 * department taken from the form the leaders above it. Shared by submission and by 转办's
 * candidates, so both read the node the same way.
 */
export function holderResolver(repos: ApprovalRepositories, record: ApprovalRecord) {
  const drafterId = record.state.drafterId;
  let leaders: readonly ApprovalUserId[] | undefined;
  const leadersOfDrafter = async () => (leaders ??= await repos.directory.leadersOf(drafterId));
  const personOf = async (field: string): Promise<readonly string[]> => {
    if (record.recordKind !== null && record.recordId !== null) {
      const fromRecord = await repos.linkedRecords.personOf?.(
        record.recordKind,
        record.recordId,
        field,
      );
      if (fromRecord !== undefined && fromRecord !== null && fromRecord.length > 0) {
        return fromRecord;
      }
    }
    return idsOf(record.content, field);
  };
  const holdersOf = async (
    kind: HolderKind,
    n: Pick<ApprovalFlowNode, 'roleKey' | 'userIds' | 'formField'>,
  ): Promise<{ holders: readonly ApprovalUserId[]; leaders?: readonly ApprovalUserId[] }> => {
    switch (kind) {
      case 'role':
        return {
          holders: n.roleKey === null ? [] : await repos.directory.usersWithRole(n.roleKey),
        };
      case 'users':
        return { holders: await repos.directory.activeUsers(n.userIds) };
      case 'drafterDeptHead': {
        const head = (await leadersOfDrafter())[0];
        return { holders: head === undefined ? [] : [head] };
      }
      case 'formPerson':
        return {
          holders:
            n.formField === null
              ? []
              : await repos.directory.activeUsers(await personOf(n.formField)),
        };
      case 'formDeptHead': {
        const dept = (await personOf(n.formField ?? ''))[0];
        // The head of the department the form names (and the heads above it, to escalate to).
        const chain = dept === undefined ? [] : await repos.directory.leadersOfDept(Number(dept));
        const head = chain[0];
        return { holders: head === undefined ? [] : [head], leaders: chain };
      }
    }
  };
  return { holdersOf, leadersOfDrafter };
}

/** The fallback as the sheet and the node form name it. */
export function nodeFallbackLabel(fb: NodeFallback): string {
  switch (fb.kind) {
    case 'drafterDeptHead':
      return '拟稿人部门负责人';
    case 'role':
      return `角色（${fb.roleKey}）`;
    case 'users':
      return '指定用户';
  }
}

/**
 * The linked record's author when someone else sends it (separation of duties counts both); as
 * the record says now, so a resubmission by another colleague still keeps the author off it.
 */
export async function authorOfRecord(
  repos: ApprovalRepositories,
  record: ApprovalRecord,
): Promise<ApprovalUserId | undefined> {
  if (record.recordKind === null || record.recordId === null) return undefined;
  const author = await repos.linkedRecords.authorOf?.(record.recordKind, record.recordId);
  return author === null || author === undefined || author === record.state.drafterId
    ? undefined
    : author;
}
