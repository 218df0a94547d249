import { err, ok, type Result } from '../shared/result.js';
import { approvalMessages } from './approval-messages.js';
import { type ApprovalNodeAssignment, type ApprovalUserId } from './approval-state-machine.js';
import type {
  ApprovalFlowNode,
  ApprovalRecord,
  ApprovalRepositories,
} from './approval.repository.port.js';
import { evaluateNodeCondition } from './node-condition.js';
import { separateDrafter } from './separation-of-duties.js';
import { type TemplateContent } from './template.js';

import { engineMessages } from './approval-engine.types.js';

/* Which configured nodes an approval goes through, and who holds each (separation of duties). */

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

/**
 * Resolves the flow of the approval's type into assignments, at this moment. Each node's holders
 * then pass through the separation-of-duties rule (`separateDrafter`): the drafter never holds a
 * node of their own approval.
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
  let leaders: readonly ApprovalUserId[] | undefined;
  const leadersOfDrafter = async () => (leaders ??= await repos.directory.leadersOf(drafterId));
  const out: ApprovalNodeAssignment[] = [];
  for (const n of configured) {
    let assignees: readonly ApprovalUserId[] = [];
    switch (n.actorKind) {
      case 'role':
        assignees = n.roleKey === null ? [] : await repos.directory.usersWithRole(n.roleKey);
        break;
      case 'users':
        assignees = await repos.directory.activeUsers(n.userIds);
        break;
      case 'drafterDeptHead': {
        const head = (await leadersOfDrafter())[0];
        assignees = head === undefined ? [] : [head];
        break;
      }
      case 'formPerson': {
        // A form that does not carry the person's field at all does not take this step (a
        // generic form in a flow configured for task sheets); a form that carries it empty or
        // naming nobody active is refused naming the field.
        if (n.formField === null || record.content[n.formField] === undefined) continue;
        const raw = record.content[n.formField]?.value;
        const ids =
          typeof raw === 'string'
            ? [raw.trim()]
            : Array.isArray(raw)
              ? raw.filter((x): x is string => typeof x === 'string')
              : [];
        assignees = await repos.directory.activeUsers(ids.filter((x) => x !== ''));
        // The person is the form's input: a wrong one is the drafter's to correct (400, field).
        if (assignees.length === 0) {
          return err(approvalMessages.invalidFormPerson(n.nodeName, n.formField));
        }
        break;
      }
    }
    const base = { nodeId: String(n.nodeId), nodeName: n.nodeName, mode: n.mode };
    if (
      !assignees.includes(drafterId) &&
      (authorId === undefined || !assignees.includes(authorId))
    ) {
      out.push({ ...base, assignees });
      continue;
    }
    const separated = separateDrafter({
      handling: n.selfApproval,
      holders: assignees,
      drafterId,
      authorId,
      leaders: await leadersOfDrafter(),
    });
    out.push({
      ...base,
      assignees: separated.assignees,
      ...(separated.note === undefined ? {} : { selfApproval: separated.note }),
    });
  }
  return ok(out);
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
