import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { APPROVAL_SIGN_MAX_LENGTH, approvalTextLength } from './approval-limits.js';
import { approvalMessages } from './approval-messages.js';
import {
  isActionAllowedIn,
  type ApprovalActionType,
  type ApprovalStatus,
} from './approval-status.js';
import {
  isSkippedNode,
  selfApprovalMessages,
  type SelfApprovalNote,
} from './separation-of-duties.js';

/**
 * User ids travel as strings: the RuoYi family uses Java longs, which a JS number cannot always
 * hold, and a string compares safely with `===` on both sides of the wire.
 */
export type ApprovalUserId = string;

/** 'or': any one assigned user signs for the node; 'all': countersign, every assigned user signs. */
export type SignMode = 'or' | 'all';

/** A node of one running approval, with the users resolved for it when the approval was sent. */
export interface ApprovalNodeAssignment {
  readonly nodeId: string;
  readonly nodeName: string;
  readonly mode: SignMode;
  readonly assignees: readonly ApprovalUserId[];
  /**
   * Set when the node's holders included the drafter (separation of duties): what the rule did.
   * A skipped node has no assignees and is passed over.
   */
  readonly selfApproval?: SelfApprovalNote;
}

/** The runtime state of one approval; the server stores it and checks `version` on every write. */
export interface ApprovalState {
  readonly status: ApprovalStatus;
  /** Who sent it into approval (the submitter). */
  readonly drafterId: ApprovalUserId;
  /**
   * Who drafted the linked record (a contract's creator), when not the drafter: B may submit A's
   * contract, and then A must not approve it either. Set at each submission from the record;
   * absent for an approval without a record, or one its record's author sent.
   */
  readonly authorId?: ApprovalUserId;
  readonly nodes: readonly ApprovalNodeAssignment[];
  /**
   * The node that acts next while in approval. It is 0 before submission, the node where it
   * stopped for 2 and 3, and `nodes.length` once approved (every node has finished).
   */
  readonly currentNodeIndex: number;
  /** Who has signed at the current node in this pass (only ever more than one for 'all'). */
  readonly signedAtCurrent: readonly ApprovalUserId[];
  /** Users the approval was copied to. */
  readonly readers: readonly ApprovalUserId[];
  /** How many times it has been sent into approval: 0 as a draft, 1 after submit, +1 per resubmit. */
  readonly round: number;
  /** Increments on every accepted action; an action naming another version is stale. */
  readonly version: number;
}

interface ActionBase {
  /** The version the actor saw; anything else answers APPROVAL.STALE_VERSION. */
  readonly expectedVersion: number;
}

export type ApprovalAction =
  | (ActionBase & {
      readonly type: 'submit';
      /** The flow resolved at submission (after node conditions); keeps the draft's nodes if absent. */
      readonly nodes?: readonly ApprovalNodeAssignment[];
      /** The linked record's author as it is now (see ApprovalState.authorId). */
      readonly authorId?: ApprovalUserId;
    })
  | (ActionBase & { readonly type: 'approve'; readonly opinion?: string })
  | (ActionBase & { readonly type: 'reject'; readonly opinion?: string })
  | (ActionBase & { readonly type: 'withdraw'; readonly opinion?: string })
  | (ActionBase & {
      readonly type: 'resubmit';
      /** The flow resolved again, since the edited content may add or skip nodes. */
      readonly nodes?: readonly ApprovalNodeAssignment[];
      readonly authorId?: ApprovalUserId;
    })
  | (ActionBase & { readonly type: 'return'; readonly toNodeId: string; readonly opinion?: string })
  | (ActionBase & {
      readonly type: 'transfer';
      readonly to: ApprovalUserId;
      readonly opinion?: string;
    })
  | (ActionBase & { readonly type: 'cc'; readonly to: ApprovalUserId })
  | (ActionBase & { readonly type: 'urge' });

/**
 * What the server appends to the never-updated action log. The server adds the time and the
 * signature image as it was at that moment; the pure engine knows neither.
 */
export interface ApprovalLogEntry {
  readonly action: ApprovalActionType;
  readonly actor: ApprovalUserId;
  readonly round: number;
  /** The version the action produced. */
  readonly version: number;
  readonly fromStatus: ApprovalStatus;
  readonly toStatus: ApprovalStatus;
  /** The node acted at (approve, reject, return, transfer), if any. */
  readonly nodeId?: string;
  readonly nodeName?: string;
  /** True when this approve finished its node. */
  readonly nodeCompleted?: boolean;
  readonly opinion?: string;
  /** The user transferred or copied to, or the node returned to. */
  readonly target?: string;
  /**
   * A submit or resubmit: what separation of duties did to the nodes of the round it starts.
   * The node state is replaced by the next round; the append-only log keeps every round's.
   */
  readonly selfApprovalNotes?: readonly RoundNodeNote[];
}

/** One node's separation-of-duties note, as the round that resolved it left it. */
export interface RoundNodeNote extends SelfApprovalNote {
  readonly nodeId: string;
  readonly nodeName: string;
  /** Who held the node instead (empty when skipped). */
  readonly assignees: readonly ApprovalUserId[];
}

/** The notes of a round's resolved nodes (those the rule changed). */
export const roundNodeNotes = (nodes: readonly ApprovalNodeAssignment[]): RoundNodeNote[] =>
  nodes.flatMap((n) =>
    n.selfApproval === undefined
      ? []
      : [{ nodeId: n.nodeId, nodeName: n.nodeName, ...n.selfApproval, assignees: n.assignees }],
  );

export interface AppliedApprovalAction {
  readonly state: ApprovalState;
  readonly entry: ApprovalLogEntry;
}

/** A fresh draft (status -1). Its nodes may be empty: the flow is resolved at submission. */
export const newApprovalState = (
  drafterId: ApprovalUserId,
  nodes: readonly ApprovalNodeAssignment[] = [],
): ApprovalState => ({
  status: -1,
  drafterId,
  nodes,
  currentNodeIndex: 0,
  signedAtCurrent: [],
  readers: [],
  round: 0,
  version: 0,
});

/**
 * Separation of duties: the people whose own work the approval is, the drafter (who sent it) and
 * the linked record's author. Neither holds a node or acts at one.
 */
export const draftingParties = (state: {
  readonly drafterId: ApprovalUserId;
  readonly authorId?: ApprovalUserId | undefined;
}): readonly ApprovalUserId[] =>
  state.authorId === undefined || state.authorId === state.drafterId
    ? [state.drafterId]
    : [state.drafterId, state.authorId];

/** The node that acts next, if the approval is in approval. */
export const currentApprovalNode = (state: ApprovalState): ApprovalNodeAssignment | undefined =>
  state.status === 0 ? state.nodes[state.currentNodeIndex] : undefined;

/**
 * The assigned users of the current node who have not signed yet (whom an urge reaches). Never the
 * drafter: nobody approves their own approval, even if stored data said otherwise.
 */
export function pendingApprovers(state: ApprovalState): readonly ApprovalUserId[] {
  const node = currentApprovalNode(state);
  if (node === undefined) return [];
  const parties = draftingParties(state);
  return node.assignees.filter((u) => !parties.includes(u) && !state.signedAtCurrent.includes(u));
}

/** The first node at or after `from` that is not skipped; `nodes.length` when none is left. */
export function nextActiveNodeIndex(
  nodes: readonly ApprovalNodeAssignment[],
  from: number,
): number {
  let i = from;
  while (i < nodes.length && isSkippedNode(nodes[i]!)) i += 1;
  return i;
}

/** Whether `userId` may approve, reject, return or transfer right now. */
export function isUsersTurn(state: ApprovalState, userId: ApprovalUserId): boolean {
  return pendingApprovers(state).includes(userId);
}

/**
 * A flow must have at least one node, every node at least one user, and node ids must be unique
 * (return names its target by id). Duplicate users inside a node are dropped. Separation of
 * duties: no node may name the drafter, a node skipped by that rule has nobody, and at least one
 * node must remain to act (an approval nobody approves is a self-approval).
 */
export function validateApprovalNodes(
  nodes: readonly ApprovalNodeAssignment[],
  drafterId?: ApprovalUserId,
  authorId?: ApprovalUserId,
): Result<readonly ApprovalNodeAssignment[]> {
  const parties = drafterId === undefined ? [] : draftingParties({ drafterId, authorId });
  if (nodes.length === 0) return err(approvalMessages.emptyFlow());
  const seen = new Set<string>();
  const out: ApprovalNodeAssignment[] = [];
  for (const node of nodes) {
    if (seen.has(node.nodeId)) return err(approvalMessages.duplicateNode(node.nodeId));
    seen.add(node.nodeId);
    if (isSkippedNode(node)) {
      out.push({ ...node, assignees: [] });
      continue;
    }
    const assignees = [...new Set(node.assignees)];
    if (assignees.length === 0) return err(approvalMessages.nodeWithoutApprover(node.nodeName));
    if (assignees.some((u) => parties.includes(u))) {
      return err(selfApprovalMessages.drafterAssigned(node.nodeName));
    }
    out.push({ ...node, assignees });
  }
  if (nextActiveNodeIndex(out, 0) === out.length) return err(selfApprovalMessages.noApprover());
  return ok(out);
}

/**
 * The approval opinion's rule (000 §5: "Approval sign and opinion inputs have max length 20"):
 * trimmed, at most 20 characters as a person counts them. The one rule the state machine, the
 * wire schema of /project/approval/process and the sign footer's input all apply.
 */
export function approvalOpinionProblem(opinion: string): DomainError | undefined {
  return approvalTextLength(opinion.trim()) > APPROVAL_SIGN_MAX_LENGTH
    ? approvalMessages.opinionTooLong(APPROVAL_SIGN_MAX_LENGTH)
    : undefined;
}

function checkOpinion(opinion: string | undefined): Result<string | undefined> {
  if (opinion === undefined) return ok(undefined);
  const problem = approvalOpinionProblem(opinion);
  if (problem) return err(problem);
  const trimmed = opinion.trim();
  return ok(trimmed === '' ? undefined : trimmed);
}

/** Checks that the actor may act at the current node: assigned there and not signed yet. */
function checkTurn(
  state: ApprovalState,
  actor: ApprovalUserId,
): Result<{ node: ApprovalNodeAssignment }> {
  const node = state.nodes[state.currentNodeIndex];
  // Status 0 always has a current node: submit validates the flow and the last approve leaves 0.
  if (node === undefined) throw new Error('approval in status 0 without a current node');
  // Separation of duties, checked first and whatever the node's assignees say.
  if (draftingParties(state).includes(actor))
    return err(selfApprovalMessages.forbidden(node.nodeName));
  if (state.signedAtCurrent.includes(actor))
    return err(approvalMessages.alreadyActed(node.nodeName));
  if (!node.assignees.includes(actor)) return err(approvalMessages.notYourTurn(node.nodeName));
  return ok({ node });
}

const isParticipant = (state: ApprovalState, user: ApprovalUserId): boolean =>
  user === state.drafterId || state.nodes.some((n) => n.assignees.includes(user));

interface Change {
  readonly next: Omit<ApprovalState, 'version'>;
  readonly entry: Omit<
    ApprovalLogEntry,
    'version' | 'action' | 'actor' | 'fromStatus' | 'toStatus' | 'round'
  >;
}

/**
 * Applies one action by one user. Pure: the server calls it inside the transaction that holds
 * the approval row, stores `state` and appends `entry`. Expected refusals come back as errors
 * with stable codes; the state is never changed by a refused action.
 *
 * Checks run in this order: version (what the actor saw), status (the transition table), actor
 * (turn, drafter, participant), then the action's own arguments.
 */
export function applyAction(
  state: ApprovalState,
  action: ApprovalAction,
  actor: ApprovalUserId,
): Result<AppliedApprovalAction> {
  if (action.expectedVersion !== state.version) return err(approvalMessages.staleVersion());
  if (!isActionAllowedIn(action.type, state.status)) {
    return err(approvalMessages.invalidTransition(action.type, state.status));
  }
  const change = decide(state, action, actor);
  if (!change.ok) return change;
  const { next, entry } = change.value;
  const version = state.version + 1;
  return ok({
    state: { ...next, version },
    entry: {
      action: action.type,
      actor,
      round: next.round,
      version,
      fromStatus: state.status,
      toStatus: next.status,
      ...entry,
    },
  });
}

function decide(
  state: ApprovalState,
  action: ApprovalAction,
  actor: ApprovalUserId,
): Result<Change> {
  switch (action.type) {
    case 'submit':
    case 'resubmit': {
      if (actor !== state.drafterId) return err(approvalMessages.notDrafter(action.type));
      const authorId = action.authorId ?? state.authorId;
      const nodes = validateApprovalNodes(action.nodes ?? state.nodes, state.drafterId, authorId);
      if (!nodes.ok) return nodes;
      // Resubmission keeps the readers and starts a new round; the log keeps the earlier ones.
      // Without fresh nodes the previous assignments (transfers included) carry over. Nodes the
      // separation rule skipped are passed over.
      return ok({
        next: {
          ...state,
          ...(authorId === undefined || authorId === state.drafterId ? {} : { authorId }),
          status: 0,
          nodes: nodes.value,
          currentNodeIndex: nextActiveNodeIndex(nodes.value, 0),
          signedAtCurrent: [],
          round: state.round + 1,
        },
        entry: { selfApprovalNotes: roundNodeNotes(nodes.value) },
      });
    }
    case 'approve': {
      const turn = checkTurn(state, actor);
      if (!turn.ok) return turn;
      const opinion = checkOpinion(action.opinion);
      if (!opinion.ok) return opinion;
      const { node } = turn.value;
      const signed = [...state.signedAtCurrent, actor];
      const complete = node.mode === 'or' || node.assignees.every((u) => signed.includes(u));
      // The next node to act, passing over the nodes the separation rule skipped.
      const following = nextActiveNodeIndex(state.nodes, state.currentNodeIndex + 1);
      const last = following === state.nodes.length;
      const next: Omit<ApprovalState, 'version'> = !complete
        ? { ...state, signedAtCurrent: signed }
        : {
            ...state,
            status: last ? 1 : 0,
            currentNodeIndex: following,
            signedAtCurrent: [],
          };
      return ok({ next, entry: nodeEntry(node, opinion.value, { nodeCompleted: complete }) });
    }
    case 'reject': {
      const turn = checkTurn(state, actor);
      if (!turn.ok) return turn;
      const opinion = checkOpinion(action.opinion);
      if (!opinion.ok) return opinion;
      // The node stays where it stopped, for the record; resubmission starts again at node 0.
      return ok({
        next: { ...state, status: 2, signedAtCurrent: [] },
        entry: nodeEntry(turn.value.node, opinion.value),
      });
    }
    case 'withdraw': {
      if (actor !== state.drafterId) return err(approvalMessages.notDrafter(action.type));
      const opinion = checkOpinion(action.opinion);
      if (!opinion.ok) return opinion;
      return ok({
        next: { ...state, status: 3, signedAtCurrent: [] },
        entry: opinion.value === undefined ? {} : { opinion: opinion.value },
      });
    }
    case 'return': {
      const turn = checkTurn(state, actor);
      if (!turn.ok) return turn;
      const opinion = checkOpinion(action.opinion);
      if (!opinion.ok) return opinion;
      const to = state.nodes.findIndex((n) => n.nodeId === action.toNodeId);
      if (to < 0 || to >= state.currentNodeIndex) {
        return err(
          approvalMessages.invalidTarget('只能退回到当前节点之前的审批节点', 'targetNodeId'),
        );
      }
      // A skipped node has nobody to act: returning there would leave the approval waiting.
      if (isSkippedNode(state.nodes[to]!)) {
        return err(
          approvalMessages.invalidTarget('该节点已跳过，不能退回到该节点', 'targetNodeId'),
        );
      }
      // Partial countersignatures at the current node are dropped: the node is done again later.
      return ok({
        next: { ...state, currentNodeIndex: to, signedAtCurrent: [] },
        entry: nodeEntry(turn.value.node, opinion.value, { target: action.toNodeId }),
      });
    }
    case 'transfer': {
      const turn = checkTurn(state, actor);
      if (!turn.ok) return turn;
      const opinion = checkOpinion(action.opinion);
      if (!opinion.ok) return opinion;
      const { node } = turn.value;
      if (action.to === actor)
        return err(approvalMessages.invalidTarget('不能转办给自己', 'toUserId'));
      // Nobody approves their own form through a transfer.
      if (draftingParties(state).includes(action.to)) {
        return err(approvalMessages.invalidTarget('不能转办给拟稿人', 'toUserId'));
      }
      if (node.assignees.includes(action.to)) {
        return err(approvalMessages.invalidTarget('该用户已是当前节点的审批人', 'toUserId'));
      }
      const assignees = node.assignees.map((u) => (u === actor ? action.to : u));
      const nodes = state.nodes.map((n, i) =>
        i === state.currentNodeIndex ? { ...n, assignees } : n,
      );
      return ok({
        next: { ...state, nodes },
        entry: nodeEntry(node, opinion.value, { target: action.to }),
      });
    }
    case 'cc': {
      if (!isParticipant(state, actor)) return err(approvalMessages.notParticipant(action.type));
      if (action.to === actor)
        return err(approvalMessages.invalidTarget('不能抄送给自己', 'toUserId'));
      if (state.readers.includes(action.to)) {
        return err(approvalMessages.invalidTarget('已抄送给该用户', 'toUserId'));
      }
      return ok({
        next: { ...state, readers: [...state.readers, action.to] },
        entry: { target: action.to },
      });
    }
    case 'urge': {
      if (actor !== state.drafterId) return err(approvalMessages.notDrafter(action.type));
      return ok({ next: state, entry: {} });
    }
  }
}

function nodeEntry(
  node: ApprovalNodeAssignment,
  opinion: string | undefined,
  extra: { nodeCompleted?: boolean; target?: string } = {},
): Change['entry'] {
  return {
    nodeId: node.nodeId,
    nodeName: node.nodeName,
    ...(opinion === undefined ? {} : { opinion }),
    ...extra,
  };
}

/** Convenience for callers that only need to know whether an action would be accepted. */
export const canApplyAction = (
  state: ApprovalState,
  action: ApprovalAction,
  actor: ApprovalUserId,
): DomainError | undefined => {
  const r = applyAction(state, action, actor);
  return r.ok ? undefined : r.error;
};
