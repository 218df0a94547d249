import { APPROVAL_STATUS, type ApprovalStatus } from '../approval/approval-status.js';
import { firstRefusal, requirePermission, type ActionActor } from '../session/action-actor.js';
import { domainError, err, ok, type Result } from '../shared/result.js';

/**
 * What the 合同文本 list offers on a stored document, and what the document routes accept,
 * decided once: 编辑 (saved through /add), 提交审批 and 删除. A document in approval or approved is
 * locked; one back from approval (rejected, withdrawn) is a draft again.
 */

export const CONTRACT_DOCUMENT_MESSAGES = {
  notFound: '合同文本不存在或无权访问',
  stale: '合同文本已被他人修改，请刷新后重试',
  locked: (status: string) => `合同文本${status}，不能修改`,
  cannotSubmit: (status: string) => `合同文本${status}，不能提交审批`,
  cannotDelete: (status: string) => `合同文本${status}，不能删除`,
  contractNotFound: '所选项目合同不存在或已删除',
  typeCode: '审批类型不正确，合同文本只能以合同类审批（1_x、5_x、24_1）提交',
  typeChanged: '合同文本的类型不能修改',
} as const;

export const CONTRACT_DOCUMENT_ERROR_CODES = {
  notFound: 'DOCUMENT.NOT_FOUND',
  stale: 'DOCUMENT.STALE_VERSION',
  locked: 'DOCUMENT.LOCKED',
  contractNotFound: 'DOCUMENT.CONTRACT_MISSING',
  typeCode: 'DOCUMENT.APPROVAL_TYPE',
} as const;

const STATUS_TEXT: Readonly<Record<ApprovalStatus, string>> = {
  [-1]: '待提交',
  0: '审批中',
  1: '已审批通过',
  2: '已驳回',
  3: '已撤回',
};

/** Drafts and documents back from approval (rejected, withdrawn) can change; the rest cannot. */
export const isContractDocumentEditable = (status: ApprovalStatus): boolean =>
  status === APPROVAL_STATUS.TO_SUBMIT ||
  status === APPROVAL_STATUS.REJECTED ||
  status === APPROVAL_STATUS.WITHDRAWN;

export type ContractDocumentAction = 'edit' | 'submit' | 'remove';

/** The permission each action's route declares. */
export const CONTRACT_DOCUMENT_ACTION_PERMISSIONS: Readonly<
  Record<ContractDocumentAction, string>
> = {
  edit: 'project:document:add',
  submit: 'project:document:edit',
  remove: 'project:document:remove',
};

const LOCKED_MESSAGE: Readonly<Record<ContractDocumentAction, (status: string) => string>> = {
  edit: CONTRACT_DOCUMENT_MESSAGES.locked,
  submit: CONTRACT_DOCUMENT_MESSAGES.cannotSubmit,
  remove: CONTRACT_DOCUMENT_MESSAGES.cannotDelete,
};

/** The state part, which the use case checks inside its transaction. */
export function contractDocumentStateCheck(
  action: ContractDocumentAction,
  status: ApprovalStatus,
): Result<void> {
  return isContractDocumentEditable(status)
    ? ok(undefined)
    : err(
        domainError(
          CONTRACT_DOCUMENT_ERROR_CODES.locked,
          LOCKED_MESSAGE[action](STATUS_TEXT[status]),
        ),
      );
}

/** The whole rule: the route's permission, then the document's status. */
export function contractDocumentActionCheck(
  action: ContractDocumentAction,
  doc: { readonly status: ApprovalStatus },
  actor: ActionActor,
): Result<void> {
  return firstRefusal(
    () => requirePermission(actor, CONTRACT_DOCUMENT_ACTION_PERMISSIONS[action]),
    () => contractDocumentStateCheck(action, doc.status),
  );
}

export const mayActOnContractDocument = (
  action: ContractDocumentAction,
  doc: { readonly status: ApprovalStatus },
  actor: ActionActor,
): boolean => contractDocumentActionCheck(action, doc, actor).ok;
