import type { DomainError } from '../shared/result.js';
import { approvalMessages } from './approval-messages.js';
import { applyAction, type ApprovalAction, type ApprovalUserId } from './approval-state-machine.js';
import type { ApprovalRecord, ApprovalRepositories } from './approval.repository.port.js';
import { authorOfRecord, holderResolver } from './approval-node-resolution.js';

/*
 * 转办 follows one rule: the candidates are those eligible for the current node (who the node's
 * configuration names now: the role's members, the fixed users, the department's head, the person
 * the record or form names, and its fallback's holders), minus the drafter, the record's author
 * and whoever holds the node already. The candidates route lists them; the transfer refuses anyone
 * else (400 on toUserId). A department-head node has one eligible person, its head, so it offers
 * nobody to transfer to: the head signs or returns, they do not pass it to a colleague.
 */

/** The pure rule: the eligible, once each, without the drafting parties and the current holders. */
export function transferCandidates(
  eligible: readonly ApprovalUserId[],
  parties: {
    readonly drafterId: ApprovalUserId;
    readonly authorId?: ApprovalUserId | null | undefined;
    readonly holders: readonly ApprovalUserId[];
  },
): readonly ApprovalUserId[] {
  const out = new Set(eligible);
  out.delete(parties.drafterId);
  if (parties.authorId != null) out.delete(parties.authorId);
  for (const h of parties.holders) out.delete(h);
  return [...out];
}

/** Who is eligible for the approval's current node now (before the rule removes the parties). */
export async function eligibleForCurrentNode(
  repos: ApprovalRepositories,
  record: ApprovalRecord,
): Promise<readonly ApprovalUserId[]> {
  const current = record.state.nodes[record.state.currentNodeIndex];
  if (record.state.status !== 0 || current === undefined) return [];
  const flow = await repos.flows.findFlowByType(record.typeCode);
  if (flow === null) return [];
  const node = (await repos.flows.listNodes(flow.flowId)).find(
    (n) => String(n.nodeId) === current.nodeId,
  );
  // The flow was changed since the approval was sent: the node is no longer configured.
  if (node === undefined) return [];
  const { holdersOf } = holderResolver(repos, record);
  const own = await holdersOf(node.actorKind, node);
  const fb = node.fallback ?? null;
  const fallback =
    fb === null
      ? []
      : (
          await holdersOf(fb.kind, {
            roleKey: fb.kind === 'role' ? fb.roleKey : null,
            userIds: fb.kind === 'users' ? fb.userIds : [],
            formField: null,
          })
        ).holders;
  return [...own.holders, ...fallback];
}

/** The current node's transfer candidates for this approval. */
export async function currentTransferCandidates(
  repos: ApprovalRepositories,
  record: ApprovalRecord,
  authorId: ApprovalUserId | undefined,
): Promise<readonly ApprovalUserId[]> {
  const current = record.state.nodes[record.state.currentNodeIndex];
  return transferCandidates(await eligibleForCurrentNode(repos, record), {
    drafterId: record.state.drafterId,
    authorId: record.state.authorId ?? authorId,
    holders: current?.assignees ?? [],
  });
}

/**
 * 转办 goes only to a transfer candidate of the current node, the same rule the candidates route
 * lists by. The state machine's own refusals (stale version, not your turn, to yourself or the
 * drafter) come first and keep their answers: this is asked only of a transfer it would allow.
 */
export async function notACandidate(
  repos: ApprovalRepositories,
  record: ApprovalRecord,
  action: Extract<ApprovalAction, { type: 'transfer' }>,
  actorId: ApprovalUserId,
): Promise<DomainError | null> {
  if (!applyAction(record.state, action, actorId).ok) return null;
  const candidates = await currentTransferCandidates(
    repos,
    record,
    await authorOfRecord(repos, record),
  );
  if (candidates.includes(action.to)) return null;
  const node = record.state.nodes[record.state.currentNodeIndex];
  return approvalMessages.notTransferCandidate(node?.nodeName ?? '');
}
