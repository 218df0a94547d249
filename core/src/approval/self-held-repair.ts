import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import {
  draftingParties,
  nextActiveNodeIndex,
  pendingApprovers,
  type ApprovalNodeAssignment,
  type ApprovalState,
  type ApprovalUserId,
} from './approval-state-machine.js';
import type { ApprovalRepositories } from './approval.repository.port.js';
import {
  defaultSelfApprovalHandling,
  separateDrafter,
  selfApprovalNoteText,
} from './separation-of-duties.js';

/** What the repair did to one approval. */
export interface SelfHeldRepairOutcome {
  readonly approvalId: string;
  /** `rerouted`: it waits on someone again; `noApprover`: nobody but the drafter could sign. */
  readonly outcome: 'rerouted' | 'noApprover';
  /**
   * The notes of the nodes the rule changed, as the approval sheet prints them: the new approvers
   * by name.
   */
  readonly notes: readonly string[];
}

/**
 * Approvals sent before separation of duties existed may still wait on a node whose holders
 * include their drafter (or their record's author): the drafter may not act there now, so an
 * approval whose current node only they hold would wait forever. The repair runs the one rule
 * (`separateDrafter`) over the nodes still to act, with each node's configured handling
 * (上报上级 / 改由其他人 / 跳过并记录原因; a node no longer configured takes its kind's default
 * as a department-head node: escalate), keeps the rule's note on each node (the sheet shows it)
 * and moves on past skipped nodes.
 *
 * Choice: when nobody but the drafter could sign any node left, the approval is left as it is and
 * reported (the job log names it) rather than approved or withdrawn on nobody's decision: an
 * administrator adjusts the flow or the drafter withdraws it.
 *
 * Idempotent: a node the rule already handled carries its note and holds no drafting party, so a
 * second run changes nothing. Run at start-up and on its interval (adapters/http-api jobs).
 */
export class SelfHeldApprovalRepair {
  constructor(
    private readonly uow: UnitOfWork<ApprovalRepositories>,
    private readonly clock: { now(): Date },
  ) {}

  async repair(): Promise<readonly SelfHeldRepairOutcome[]> {
    const ids = await this.uow.transaction((r) => r.approvals.listInApproval());
    const out: SelfHeldRepairOutcome[] = [];
    for (const id of ids) {
      const done = await this.uow.transaction((repos) => this.repairOne(repos, id));
      if (done !== null) out.push(done);
    }
    return out;
  }

  private async repairOne(
    repos: ApprovalRepositories,
    approvalId: string,
  ): Promise<SelfHeldRepairOutcome | null> {
    const record = await repos.approvals.lockById(approvalId);
    if (record === null || record.state.status !== 0) return null;
    const state = record.state;
    const parties = draftingParties(state);
    const from = state.currentNodeIndex;
    const held = (n: ApprovalNodeAssignment) => n.assignees.some((u) => parties.includes(u));
    if (!state.nodes.slice(from).some(held)) return null;
    const flow = await repos.flows.findFlowByType(record.typeCode);
    const configured = flow === null ? [] : await repos.flows.listNodes(flow.flowId);
    let leaders: readonly ApprovalUserId[] | undefined;
    const notes: string[] = [];
    const nodes: ApprovalNodeAssignment[] = [];
    for (const [i, n] of state.nodes.entries()) {
      if (i < from || !held(n)) {
        nodes.push(n);
        continue;
      }
      const config = configured.find((c) => String(c.nodeId) === n.nodeId);
      const separated = separateDrafter({
        handling: config?.selfApproval ?? defaultSelfApprovalHandling('drafterDeptHead'),
        holders: n.assignees,
        drafterId: state.drafterId,
        authorId: state.authorId,
        leaders: (leaders ??= await repos.directory.leadersOf(state.drafterId)),
      });
      const node: ApprovalNodeAssignment = {
        ...n,
        assignees: separated.assignees,
        ...(separated.note === undefined ? {} : { selfApproval: separated.note }),
      };
      nodes.push(node);
      if (separated.note !== undefined) {
        // The log names the new approvers as people know them (an id with no user stays an id).
        const names = await repos.directory.namesOf(separated.assignees);
        const named = separated.assignees.map((u) => names[u] ?? u);
        notes.push(selfApprovalNoteText(n.nodeName, separated.note, named));
      }
    }
    const current = nextActiveNodeIndex(nodes, from);
    if (current === nodes.length) return { approvalId, outcome: 'noApprover', notes };
    const next: ApprovalState = {
      ...state,
      nodes,
      currentNodeIndex: current,
      // Signatures at a node that moved on no longer count; at the same node they stand.
      signedAtCurrent: current === from ? state.signedAtCurrent : [],
      version: state.version + 1,
    };
    const saved = await repos.approvals.save(
      approvalId,
      state.version,
      { state: next },
      this.clock.now(),
    );
    if (!saved) return null;
    await repos.approvals.setPending(approvalId, pendingApprovers(next));
    return { approvalId, outcome: 'rerouted', notes };
  }
}
