import type { DataScope } from '../platform/data-scope.js';
import { domainError, type DomainError } from '../shared/result.js';
import { type ApprovalDetail } from './approval-detail.js';
import { type ApprovalNodeAssignment, type ApprovalUserId } from './approval-state-machine.js';
import { APPROVAL_STATUS_LABELS, type ApprovalStatus } from './approval-status.js';
import {
  approvalTypeLabel,
  type ApprovalTypeCode,
  type TemplateKind,
} from './approval-type-catalogue.js';
import type { ApprovalId } from './approval.repository.port.js';
import type { ApprovalNoticeKind } from './approval-notice.js';
import { type TemplateContent, type TemplateFile, type TemplateSection } from './template.js';

/* The approval engine's inputs, answers and messages (the use case is approval-engine.use-case). */

/** Who acts: the signed-in user, their department and the data scope of their current role. */
export interface ApprovalActor {
  readonly userId: number;
  readonly deptId: number | null;
  readonly scope: DataScope;
  /**
   * The caller's permissions (`*:*:*` for every one): 发起审批 checks a `create` or `link` form's
   * record screen permissions against them. Absent where no such form is created.
   */
  readonly permissions?: readonly string[] | undefined;
}

/** A client-supplied idempotency key and the call it belongs to. */
export interface IdempotencyContext {
  readonly key?: string | undefined;
  readonly route: string;
  /** The request the key belongs to; see WriteIdempotency.fingerprint. */
  readonly fingerprint?: string | undefined;
}

export interface EngineClock {
  now(): Date;
}

export const ENGINE_ERROR_CODES = {
  NOT_FOUND: 'APPROVAL.NOT_FOUND',
  WRONG_KIND: 'VALIDATION.APPROVAL_TYPE',
  NO_FLOW: 'APPROVAL.NO_FLOW',
  NOT_EDITABLE: 'APPROVAL.NOT_EDITABLE',
  NOT_DELETABLE: 'APPROVAL.NOT_DELETABLE',
  FORBIDDEN: 'APPROVAL.FORBIDDEN',
  KEY_REUSED: 'IDEMPOTENCY.KEY_REUSED',
  RECORD_KIND: 'VALIDATION.RECORD_KIND',
} as const;

export const engineMessages = {
  notFound: (): DomainError => domainError(ENGINE_ERROR_CODES.NOT_FOUND, '审批不存在或已被删除'),
  wrongKind: (code: string, kind: string): DomainError =>
    domainError(
      ENGINE_ERROR_CODES.WRONG_KIND,
      `审批类型“${code}”不能通过“${kind}”模板创建`,
      'typeCode',
    ),
  noFlow: (code: string): DomainError =>
    domainError(
      ENGINE_ERROR_CODES.NO_FLOW,
      `审批类型“${approvalTypeLabel(code)}”没有可用的审批流程，请联系管理员配置`,
    ),
  notEditable: (status: ApprovalStatus): DomainError =>
    domainError(
      ENGINE_ERROR_CODES.NOT_EDITABLE,
      `审批当前状态为“${APPROVAL_STATUS_LABELS[status]}”，不能修改`,
    ),
  notDeletable: (): DomainError =>
    domainError(ENGINE_ERROR_CODES.NOT_DELETABLE, '只能删除待提交或已撤回的审批'),
  notOwnDraft: (): DomainError =>
    domainError(ENGINE_ERROR_CODES.FORBIDDEN, '只有拟稿人可以修改或删除该审批'),
  noAccess: (): DomainError => domainError(ENGINE_ERROR_CODES.FORBIDDEN, '没有权限查看该审批'),
  keyReused: (): DomainError =>
    domainError(
      ENGINE_ERROR_CODES.KEY_REUSED,
      '该请求标识（Idempotency-Key）已用于其他操作或仍在处理中，请更换后重试',
    ),
  recordKind: (kind: string): DomainError =>
    domainError(ENGINE_ERROR_CODES.RECORD_KIND, `不支持的关联业务类型“${kind}”`, 'recordKind'),
} as const;

export interface CreateApprovalInput {
  readonly kind: TemplateKind;
  readonly typeCode: string;
  readonly title?: string | undefined;
  readonly content: TemplateContent;
  readonly files?: readonly TemplateFile[] | undefined;
  /** Sections for the kinds without a field set of their own (Common, Declare, TechnicalManage). */
  readonly templateContent?: readonly TemplateSection[] | undefined;
  readonly recordKind?: string | undefined;
  readonly recordId?: string | undefined;
  /** Send it into approval at once. */
  readonly submit?: boolean | undefined;
  /**
   * Created through the approval centre's calls (not a domain's own): a record kind must be open
   * to the centre (`linkableFromCentre`), else it is refused naming recordKind.
   */
  readonly viaApprovalCentre?: boolean | undefined;
}

export interface UpdateApprovalInput {
  readonly kind: TemplateKind;
  readonly approvalId: ApprovalId;
  readonly version: number;
  readonly title?: string | undefined;
  readonly content: TemplateContent;
  readonly files?: readonly TemplateFile[] | undefined;
  readonly templateContent?: readonly TemplateSection[] | undefined;
  /** Submit (a draft) or resubmit (rejected or withdrawn) after saving. */
  readonly submit?: boolean | undefined;
}

export type ProcessActionType =
  'submit' | 'approve' | 'reject' | 'withdraw' | 'return' | 'transfer' | 'cc' | 'urge';

export interface ProcessInput {
  readonly approvalId: ApprovalId;
  readonly action: ProcessActionType;
  readonly version: number;
  readonly opinion?: string | undefined;
  /** return: the earlier node to go back to. */
  readonly targetNodeId?: string | undefined;
  /** transfer, cc: the user. */
  readonly toUserId?: string | undefined;
}

/** What every write answers: enough for the client to continue without a reload. */
export interface ApprovalOutcome {
  readonly approvalId: ApprovalId;
  readonly status: ApprovalStatus;
  readonly version: number;
  readonly currentNodeName: string;
}

export interface ApprovalView {
  readonly approvalId: ApprovalId;
  readonly typeCode: ApprovalTypeCode;
  readonly typeName: string;
  readonly kind: TemplateKind;
  readonly title: string;
  readonly status: ApprovalStatus;
  readonly version: number;
  readonly round: number;
  readonly drafterId: ApprovalUserId;
  readonly deptId: number | null;
  readonly recordKind: string | null;
  readonly recordId: string | null;
  readonly content: TemplateContent;
  readonly templateContent: readonly TemplateSection[] | null;
  readonly files: readonly TemplateFile[];
  readonly nodes: readonly ApprovalNodeAssignment[];
  readonly currentNodeIndex: number;
  readonly readers: readonly ApprovalUserId[];
  readonly createTime: string;
  readonly updateTime: string;
  readonly submitTime: string | null;
  readonly finishTime: string | null;
}

export interface ApprovalDetailAnswer extends ApprovalDetail {
  readonly approval: ApprovalView;
  readonly log: readonly {
    readonly action: string;
    readonly actorId: ApprovalUserId;
    readonly round: number;
    readonly version: number;
    readonly nodeId: string | null;
    readonly nodeName: string | null;
    readonly opinion: string | null;
    readonly target: string | null;
    readonly signUrl: string | null;
    readonly createTime: string;
  }[];
  /** The actions the viewer may take now (for the buttons). */
  readonly allowedActions: readonly ProcessActionType[];
}

/** One unread 抄送/催办 notice as the shell's bell lists it (createTime ISO 8601). */
export interface ApprovalNoticeItem {
  readonly noticeId: string;
  readonly approvalId: ApprovalId;
  readonly approvalTitle: string;
  readonly kind: ApprovalNoticeKind;
  readonly senderId: ApprovalUserId;
  readonly senderName: string;
  readonly createTime: string;
}

export interface ApprovalNotify {
  readonly unDealCount: number;
  /** Unread 抄送/催办 notices: the bell's badge. */
  readonly noticeCount: number;
  /** The newest of them (at most APPROVAL_NOTICE_LIST_LIMIT), newest first. */
  readonly noticeList: readonly ApprovalNoticeItem[];
  /** The seal badge; false until the seal domain exists (it will read unseen result seals). */
  readonly unLookSeal: boolean;
  /** Urgent design tasks; [] until the design-task domain exists. */
  readonly warnTaskList: readonly { readonly taskNo: string; readonly planFinishDate: string }[];
}
