import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import type { DomainError, Result } from '../shared/result.js';
import type { SignedApprovalLogEntry } from './approval-detail.js';
import type { ApprovalNoticeRepository } from './approval-notice.js';
import type { ApprovalState, ApprovalUserId, SignMode } from './approval-state-machine.js';
import type { ApprovalStatus } from './approval-status.js';
import type { ApprovalTypeCode, TemplateKind } from './approval-type-catalogue.js';
import type { NodeCondition } from './node-condition.js';
import type { SelfApprovalHandling } from './separation-of-duties.js';
import type {
  OptionSource,
  TemplateContent,
  TemplateFile,
  TemplateOption,
  TemplateSection,
} from './template.js';

/**
 * The ports of the approval engine (DESIGN §5b). One set is bound to one transaction by the
 * UnitOfWork; the engine never sees SQL. Approval ids are strings.
 */

export type ApprovalId = string;

/** Who acts at a configured node (stored form of core's NodeApprover). */
export type FlowActorKind = 'role' | 'users' | 'drafterDeptHead' | 'formPerson' | 'formDeptHead';

/**
 * Who takes a node that resolves to nobody, when the flow says so (节点配置's 备用审批人): the
 * drafter's department head, a role's members or fixed users. Without one, such a node refuses
 * the submission naming the node; with one, the sheet notes that the fallback applied.
 */
export type NodeFallback =
  | { readonly kind: 'drafterDeptHead' }
  | { readonly kind: 'role'; readonly roleKey: string }
  | { readonly kind: 'users'; readonly userIds: readonly ApprovalUserId[] };

export interface ApprovalFlow {
  readonly flowId: number;
  readonly typeCode: ApprovalTypeCode;
  readonly flowName: string;
  /** '0' in use, '1' disabled (a disabled flow refuses submission). */
  readonly status: '0' | '1';
  readonly remark: string;
  readonly nodeCount: number;
  readonly createTime: Date;
  readonly updateTime: Date | null;
}

export interface NewApprovalFlow {
  readonly typeCode: ApprovalTypeCode;
  readonly flowName: string;
  readonly status?: '0' | '1';
  readonly remark?: string;
}

export type ApprovalFlowPatch = Partial<Omit<NewApprovalFlow, 'typeCode'>>;

export interface ApprovalFlowNode {
  readonly nodeId: number;
  readonly flowId: number;
  readonly nodeName: string;
  readonly orderNum: number;
  readonly actorKind: FlowActorKind;
  /** role: the role key (stable across installs). */
  readonly roleKey: string | null;
  /** users: the fixed users. */
  readonly userIds: readonly ApprovalUserId[];
  /**
   * formPerson: the content field naming the person (designUserId, projectManagerId ...);
   * formDeptHead: the content field naming the department whose head holds the node (applyDeptId).
   */
  readonly formField: string | null;
  readonly mode: SignMode;
  /** Null: always present. Otherwise present only while it holds ('add') or skipped while it holds ('skip'). */
  readonly condition: NodeCondition | null;
  readonly conditionEffect: 'add' | 'skip';
  /**
   * What the node does when its holders include the drafter (separation of duties): escalate,
   * others, or skip. New nodes take `defaultSelfApprovalHandling` of their actor kind.
   */
  readonly selfApproval: SelfApprovalHandling;
  /** Who takes the node when it resolves to nobody; absent or null: the submission is refused. */
  readonly fallback?: NodeFallback | null;
}

export type NewApprovalFlowNode = Omit<ApprovalFlowNode, 'nodeId' | 'orderNum' | 'selfApproval'> & {
  /** Left out: the default of the node's actor kind. */
  readonly selfApproval?: SelfApprovalHandling;
};
export type ApprovalFlowNodePatch = Partial<Omit<NewApprovalFlowNode, 'flowId'>>;

export interface ApprovalFlowFilter {
  readonly typeCode?: string;
  readonly flowName?: string;
}

export interface ApprovalFlowRepository {
  listFlows(
    query: ListQuery<ApprovalFlowFilter, 'typeCode' | 'createTime'>,
  ): Promise<ListPage<ApprovalFlow>>;
  findFlow(flowId: number): Promise<ApprovalFlow | null>;
  findFlowByType(typeCode: ApprovalTypeCode): Promise<ApprovalFlow | null>;
  /** `PLATFORM.DUPLICATE` when the type already has a flow. */
  createFlow(flow: NewApprovalFlow, by: string): Promise<Result<ApprovalFlow, DomainError>>;
  updateFlow(flowId: number, patch: ApprovalFlowPatch, by: string): Promise<ApprovalFlow | null>;
  /** Deletes the flow and its nodes; running approvals keep the nodes they were resolved with. */
  deleteFlow(flowId: number): Promise<boolean>;
  /** Ordered by orderNum. */
  listNodes(flowId: number): Promise<readonly ApprovalFlowNode[]>;
  findNode(nodeId: number): Promise<ApprovalFlowNode | null>;
  /** Appends the node at the end of its flow. */
  addNode(node: NewApprovalFlowNode): Promise<ApprovalFlowNode>;
  updateNode(nodeId: number, patch: ApprovalFlowNodePatch): Promise<ApprovalFlowNode | null>;
  deleteNode(nodeId: number): Promise<boolean>;
  /** Swaps the node with its neighbour; false when there is none that way. */
  moveNode(nodeId: number, direction: 'up' | 'down'): Promise<boolean>;
}

/** One approval as stored. */
export interface ApprovalRecord {
  readonly approvalId: ApprovalId;
  readonly typeCode: ApprovalTypeCode;
  readonly kind: TemplateKind;
  readonly recordKind: string | null;
  readonly recordId: string | null;
  readonly title: string;
  readonly content: TemplateContent;
  /** The sections the content was validated against, for kinds without a field set of their own. */
  readonly template: readonly TemplateSection[] | null;
  readonly files: readonly TemplateFile[];
  readonly state: ApprovalState;
  readonly deptId: number | null;
  readonly createTime: Date;
  readonly updateTime: Date;
  readonly submitTime: Date | null;
  readonly finishTime: Date | null;
}

export interface NewApprovalRecord {
  readonly typeCode: ApprovalTypeCode;
  readonly kind: TemplateKind;
  readonly recordKind: string | null;
  readonly recordId: string | null;
  readonly title: string;
  readonly content: TemplateContent;
  readonly template: readonly TemplateSection[] | null;
  readonly files: readonly TemplateFile[];
  readonly state: ApprovalState;
  readonly deptId: number | null;
}

export interface ApprovalChanges {
  readonly state: ApprovalState;
  readonly title?: string;
  readonly content?: TemplateContent;
  readonly files?: readonly TemplateFile[];
  readonly submitted?: boolean;
  readonly finished?: boolean;
}

/** A log row as stored: the engine's entry, the signature as it was, the time. */
export interface StoredApprovalLogEntry extends SignedApprovalLogEntry {
  readonly approvalId: ApprovalId;
  readonly signFileId: string | null;
  readonly createdAt: Date;
}

export interface ApprovalListRow {
  readonly approvalId: ApprovalId;
  readonly typeCode: string;
  readonly kind: string;
  readonly title: string;
  readonly status: ApprovalStatus;
  readonly version: number;
  readonly drafterId: ApprovalUserId;
  readonly drafterName: string;
  readonly deptId: number | null;
  readonly deptName: string | null;
  readonly currentNodeName: string | null;
  readonly recordKind: string | null;
  readonly recordId: string | null;
  readonly createTime: Date;
  readonly updateTime: Date;
  readonly submitTime: Date | null;
  readonly finishTime: Date | null;
}

export interface ApprovalListFilter {
  readonly typeCode?: string;
  readonly status?: ApprovalStatus;
  readonly title?: string;
}

export const APPROVAL_SORT_COLUMNS = ['updateTime', 'createTime', 'approvalId'] as const;
export type ApprovalSortColumn = (typeof APPROVAL_SORT_COLUMNS)[number];
export type ApprovalListQuery = ListQuery<ApprovalListFilter, ApprovalSortColumn>;

export interface ApprovalRepository {
  insert(approval: NewApprovalRecord, now: Date): Promise<ApprovalRecord>;
  /** A live (not deleted) approval. */
  findById(approvalId: ApprovalId): Promise<ApprovalRecord | null>;
  /** The same, locking the row until the transaction ends (SELECT … FOR UPDATE). */
  lockById(approvalId: ApprovalId): Promise<ApprovalRecord | null>;
  /** Writes the changes when the stored version is still `expectedVersion`; false otherwise. */
  save(
    approvalId: ApprovalId,
    expectedVersion: number,
    changes: ApprovalChanges,
    now: Date,
  ): Promise<boolean>;
  /** Replaces the users the approval waits for. */
  setPending(approvalId: ApprovalId, userIds: readonly ApprovalUserId[]): Promise<void>;
  addReader(approvalId: ApprovalId, userId: ApprovalUserId): Promise<void>;
  appendLog(entry: StoredApprovalLogEntry): Promise<void>;
  /** Oldest first. */
  listLog(approvalId: ApprovalId): Promise<readonly StoredApprovalLogEntry[]>;
  softDelete(approvalId: ApprovalId): Promise<void>;
  /** Approvals waiting for the user's signature now. */
  listWaiting(userId: ApprovalUserId, query: ApprovalListQuery): Promise<ListPage<ApprovalListRow>>;
  /** The ids of every live approval in approval (status 0), oldest first. */
  listInApproval(): Promise<readonly ApprovalId[]>;
  countWaiting(userId: ApprovalUserId): Promise<number>;
  /** Approvals the user has acted on at a node (approve, reject, return, transfer). */
  listDoneBy(userId: ApprovalUserId, query: ApprovalListQuery): Promise<ListPage<ApprovalListRow>>;
  listByDrafter(
    userId: ApprovalUserId,
    query: ApprovalListQuery,
  ): Promise<ListPage<ApprovalListRow>>;
  /**
   * Every approval in the scope (by the drafter's department, or the drafter for `own`), plus those
   * the viewer drafted, acts on or reads; others' drafts are never listed.
   */
  listAll(
    scope: DataScope,
    viewerId: ApprovalUserId,
    query: ApprovalListQuery,
  ): Promise<ListPage<ApprovalListRow>>;
  isReader(approvalId: ApprovalId, userId: ApprovalUserId): Promise<boolean>;
  /** True when the drafter's department is in the scope. */
  inScope(approvalId: ApprovalId, scope: DataScope): Promise<boolean>;
}

/** A stored signature image. */
export interface SignatureImage {
  readonly fileId: string;
  readonly url: string;
  /** When the image was uploaded (when the user set it); absent where the reader does not know. */
  readonly setAt?: Date;
}

/** Who is who at the moment of an action: read inside the action's transaction. */
export interface ApprovalDirectory {
  /** Active users holding the role. */
  usersWithRole(roleKey: string): Promise<readonly ApprovalUserId[]>;
  /**
   * The active leaders of the user's department and of each department above it, nearest first,
   * each once. The first is the user's department head (who may be the user); the rest are the
   * levels a node escalates to.
   */
  leadersOf(userId: ApprovalUserId): Promise<readonly ApprovalUserId[]>;
  /**
   * The active leaders of the department and of each department above it, nearest first, each
   * once: the first is the department's head (a fund plan's 部门负责人 is its department's).
   */
  leadersOfDept(deptId: number): Promise<readonly ApprovalUserId[]>;
  /**
   * The users' names as people read them (nick names), by id; an id with no user is left out.
   * What a log line or a note names the approvers by.
   */
  namesOf(userIds: readonly ApprovalUserId[]): Promise<Readonly<Record<ApprovalUserId, string>>>;
  /** The subset of `userIds` that are active users. */
  activeUsers(userIds: readonly ApprovalUserId[]): Promise<readonly ApprovalUserId[]>;
  deptOf(userId: ApprovalUserId): Promise<number | null>;
  /** The user's current signature image. */
  signatureOf(userId: ApprovalUserId): Promise<SignatureImage | null>;
}

export interface SignatureImageRepository {
  /** Stores a new image and makes it the user's current signature. */
  save(userId: ApprovalUserId, contentType: string, data: Uint8Array): Promise<SignatureImage>;
  current(userId: ApprovalUserId): Promise<SignatureImage | null>;
  read(fileId: string): Promise<{ readonly contentType: string; readonly data: Uint8Array } | null>;
}

/**
 * What a domain's handler learns when an approval of its record ends: approved (1), rejected (2)
 * or withdrawn (3). Approved moves the record (a review makes the contract formal); rejected and
 * withdrawn unlock it, so it can be edited and sent again.
 */
export interface ApprovalEndedEvent {
  readonly approvalId: ApprovalId;
  readonly typeCode: ApprovalTypeCode;
  readonly recordKind: string;
  readonly recordId: string;
  readonly status: ApprovalStatus;
  readonly content: TemplateContent;
  /** Who drafted the approval (a handler may refuse to lock a record that is not theirs). */
  readonly drafterId: ApprovalUserId;
  readonly at: Date;
}

/**
 * What a handler learns when an approval of its record is sent into approval: round 1 is the
 * first submission, a later round a resubmission of a rejected or withdrawn approval (status 0).
 */
export interface ApprovalSentEvent extends ApprovalEndedEvent {
  readonly round: number;
}

/**
 * The hook each later domain (contracts, tasks, funds ...) implements, inside the action's
 * transaction: a sent approval locks the record, an approved one moves it, a rejected or withdrawn
 * one unlocks it. A refusal rolls the action back.
 */
export interface LinkedRecordPort {
  /** True when a handler is registered for the kind. */
  handles(recordKind: string): boolean;
  /** True when the approval centre's own calls may link an approval to a record of the kind. */
  linkableFromCentre(recordKind: string): boolean;
  /** True for a kind registered to stand in for any form's record (a test double). */
  linksAnyCode?(recordKind: string): boolean;
  /** Submitted (round 1) or resubmitted (round > 1). */
  approvalSent(event: ApprovalSentEvent): Promise<Result<void, DomainError>>;
  /** Approved (1), rejected (2) or withdrawn (3). */
  approvalEnded(event: ApprovalEndedEvent): Promise<Result<void, DomainError>>;
  /**
   * Who drafted the record (its creator), for separation of duties; null when the kind does not
   * say or the record is gone. Optional: a port without it knows only the drafter.
   */
  authorOf?(recordKind: string, recordId: string): Promise<ApprovalUserId | null>;
  /**
   * The people (or department) the record names for a node's form field (a contract's
   * projectManagerId, a task's designUserId), as ids; null when the kind does not say. What the
   * record says wins over the form's copy. Optional: without it, the form's field alone.
   */
  personOf?(recordKind: string, recordId: string, field: string): Promise<readonly string[] | null>;
}

/**
 * The live options of the template's option sources (dictionaries, the department tree), which
 * replace core's defaults in validation. A source left out is checked against core's defaults,
 * or not at all when core has none.
 */
export interface ApprovalOptionSources {
  load(
    sources: readonly OptionSource[],
  ): Promise<Partial<Record<OptionSource, readonly TemplateOption[]>>>;
}

export interface ApprovalRepositories {
  readonly approvals: ApprovalRepository;
  readonly flows: ApprovalFlowRepository;
  readonly directory: ApprovalDirectory;
  readonly idempotency: IdempotencyRepository;
  readonly linkedRecords: LinkedRecordPort;
  readonly options: ApprovalOptionSources;
  /** 抄送 and 催办's notices, written in the action's transaction. */
  readonly notices: ApprovalNoticeRepository;
  /** What follows an approval's approval outside it; left out, nothing follows. */
  readonly followUps?: ApprovalFollowUpPort;
}

/** An approval that was approved by the action (status 1), with the record it is about. */
export interface ApprovalApprovedEvent {
  readonly approvalId: ApprovalId;
  readonly typeCode: ApprovalTypeCode;
  readonly recordKind: string | null;
  readonly recordId: string | null;
}

/**
 * Work an approval's approval sets off outside the approval (pre-rendering its PDFs), queued in
 * the action's transaction: a rolled-back action queues nothing, a committed one always has its
 * work queued, even if the process dies right after. It must not refuse: the approval stands.
 */
export interface ApprovalFollowUpPort {
  approved(event: ApprovalApprovedEvent): Promise<void>;
}
