import { domainError, type DomainError } from '../shared/result.js';
import { UPLOAD_MESSAGES } from '../upload/upload-messages.js';
import { SELF_APPROVAL_HANDLING_LABELS } from './separation-of-duties.js';
import {
  APPROVAL_ACTION_LABELS,
  APPROVAL_STATUS_LABELS,
  type ApprovalActionType,
  type ApprovalStatus,
} from './approval-status.js';

/**
 * The approval slice's message catalogue: every stable code with its Simplified Chinese message,
 * in one place so it can be translated. Codes cross process lines; messages are for people.
 */
export const APPROVAL_ERROR_CODES = {
  STALE_VERSION: 'APPROVAL.STALE_VERSION',
  INVALID_TRANSITION: 'APPROVAL.INVALID_TRANSITION',
  NOT_YOUR_TURN: 'APPROVAL.NOT_YOUR_TURN',
  ALREADY_ACTED: 'APPROVAL.ALREADY_ACTED',
  NOT_DRAFTER: 'APPROVAL.NOT_DRAFTER',
  NOT_PARTICIPANT: 'APPROVAL.NOT_PARTICIPANT',
  // Bad input naming a field: the VALIDATION slice answers 400 with the field, like content errors.
  INVALID_TARGET: 'VALIDATION.APPROVAL_TARGET',
  EMPTY_FLOW: 'APPROVAL.EMPTY_FLOW',
  INVALID_FLOW: 'APPROVAL.INVALID_FLOW',
  NODE_WITHOUT_APPROVER: 'APPROVAL.NODE_WITHOUT_APPROVER',
  OPINION_TOO_LONG: 'VALIDATION.OPINION_TOO_LONG',
  /** A person chosen on the form (design host, project manager ...) who is not an active user. */
  INVALID_FORM_PERSON: 'VALIDATION.FORM_PERSON',
  /** A linked record kind without the record's id. */
  RECORD_ID_REQUIRED: 'VALIDATION.RECORD_ID',
  /** The linked record was sent again with another approval, or has become final since. */
  RECORD_SUPERSEDED: 'APPROVAL.RECORD_SUPERSEDED',
  /** A form linked to a record of the wrong kind, or one only its record's screen may send. */
  RECORD_KIND_MISMATCH: 'VALIDATION.RECORD_KIND',
  RECORD_PERMISSION: 'APPROVAL.NO_PERMISSION',
  /** A form its record's use case wrote, edited from the centre: the record's screen edits it. */
  EDIT_ON_RECORD_SCREEN: 'APPROVAL.EDIT_ON_RECORD_SCREEN',
} as const;

export const SIGN_FLOW_ERROR_CODES = {
  NOT_YOUR_STEP: 'SIGN_FLOW.NOT_YOUR_STEP',
  ALREADY_SIGNED: 'SIGN_FLOW.ALREADY_SIGNED',
  NOT_CURRENT_STEP: 'SIGN_FLOW.NOT_CURRENT_STEP',
  UNKNOWN_STEP: 'SIGN_FLOW.UNKNOWN_STEP',
} as const;

export const CONTENT_ERROR_CODES = {
  REQUIRED: 'VALIDATION.REQUIRED',
  MAX_LENGTH: 'VALIDATION.MAX_LENGTH',
  NOT_AN_OPTION: 'VALIDATION.NOT_AN_OPTION',
  DATE_FORMAT: 'VALIDATION.DATE_FORMAT',
  MONTH_FORMAT: 'VALIDATION.MONTH_FORMAT',
  AMOUNT_FORMAT: 'VALIDATION.AMOUNT_FORMAT',
  INTEGER_FORMAT: 'VALIDATION.INTEGER_FORMAT',
  FILE_LIMIT: 'VALIDATION.FILE_LIMIT',
  WRONG_SHAPE: 'VALIDATION.WRONG_SHAPE',
  UNKNOWN_FIELD: 'VALIDATION.UNKNOWN_FIELD',
  /** Wraps the per-field errors of a whole form (checkContent). */
  CONTENT: 'VALIDATION.CONTENT',
} as const;

export const approvalMessages = {
  staleVersion: (): DomainError =>
    domainError(APPROVAL_ERROR_CODES.STALE_VERSION, '该审批已被他人处理或已更新，请刷新后重试'),
  invalidTransition: (action: ApprovalActionType, status: ApprovalStatus): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.INVALID_TRANSITION,
      `审批当前状态为“${APPROVAL_STATUS_LABELS[status]}”，不能${APPROVAL_ACTION_LABELS[action]}`,
    ),
  notYourTurn: (nodeName: string): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.NOT_YOUR_TURN,
      `当前审批节点“${nodeName}”不由您处理，请等待轮到您时再操作`,
    ),
  alreadyActed: (nodeName: string): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.ALREADY_ACTED,
      `您已在审批节点“${nodeName}”签署，无需重复操作`,
    ),
  notDrafter: (action: ApprovalActionType): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.NOT_DRAFTER,
      `只有拟稿人可以${APPROVAL_ACTION_LABELS[action]}该审批`,
    ),
  notParticipant: (action: ApprovalActionType): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.NOT_PARTICIPANT,
      `只有拟稿人或审批人可以${APPROVAL_ACTION_LABELS[action]}该审批`,
    ),
  /** `field`: targetNodeId (return) or toUserId (transfer, cc). */
  invalidTarget: (message: string, field: 'targetNodeId' | 'toUserId'): DomainError =>
    domainError(APPROVAL_ERROR_CODES.INVALID_TARGET, message, field),
  /**
   * 转办 to someone the node does not name (core's transferCandidates: the node's eligible people
   * minus the drafter, the author and its holders): 400 on toUserId.
   */
  notTransferCandidate: (nodeName: string): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.INVALID_TARGET,
      `转办对象须是审批节点“${nodeName}”的可审批人员，请从转办候选人中选择`,
      'toUserId',
    ),
  invalidFormPerson: (nodeName: string, field: string): DomainError =>
    domainError(APPROVAL_ERROR_CODES.INVALID_FORM_PERSON, `请选择有效的“${nodeName}”审批人`, field),
  /**
   * A node whose person (or department) the form names resolved to nobody: the drafter fills the
   * field (400 naming it), e.g. "请选择项目经理：审批节点「项目经理」没有审批人".
   */
  formNodeWithoutApprover: (
    nodeName: string,
    field: string,
    kind: 'formPerson' | 'formDeptHead',
  ): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.INVALID_FORM_PERSON,
      kind === 'formPerson'
        ? `请选择${nodeName}：审批节点「${nodeName}」没有审批人`
        : `请选择有负责人的部门：审批节点「${nodeName}」没有审批人（所选部门没有部门负责人）`,
      field,
    ),
  recordSuperseded: (): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.RECORD_SUPERSEDED,
      '关联业务已提交了新的审批或已审批通过，不能再重新提交本审批',
    ),
  recordIdRequired: (): DomainError =>
    domainError(APPROVAL_ERROR_CODES.RECORD_ID_REQUIRED, '关联业务编号不能为空', 'recordId'),
  /** A form whose record carries money or a rule, sent without it: "请选择关联合同". */
  recordRequired: (noun: string): DomainError =>
    domainError(APPROVAL_ERROR_CODES.RECORD_ID_REQUIRED, `请选择关联${noun}`, 'recordId'),
  /** A record of another kind than the form concerns. */
  recordKindMismatch: (typeName: string, noun: string): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.RECORD_KIND_MISMATCH,
      `${typeName}只能关联${noun}`,
      'recordKind',
    ),
  /** A form its record's own screen sends (it checks who may): not from 发起审批. */
  /** 发起审批 without the record screen's own permission: the record route's 403, with its screen. */
  recordPermission: (typeName: string, screen: string): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.RECORD_PERMISSION,
      `当前操作没有权限：发起${typeName}需要“${screen}”的相应权限`,
    ),
  startFromRecordScreen: (typeName: string, screen: string): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.RECORD_KIND_MISMATCH,
      `${typeName}请在“${screen}”中选择记录后提交审批`,
      'recordKind',
    ),
  /** The form is the record's (an invoice request): changed on its screen, resent as it is here. */
  editOnRecordScreen: (typeName: string, screen: string): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.EDIT_ON_RECORD_SCREEN,
      `${typeName}的内容来自“${screen}”的记录，请在“${screen}”中修改；此处可直接重新提交`,
    ),
  /** 发起审批 creates the record of these forms and sends it at once; drafts live on its screen. */
  centreDraftRefused: (typeName: string, screen: string): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.RECORD_KIND_MISMATCH,
      `${typeName}从审批中心发起时直接提交；如需暂存，请在“${screen}”中保存`,
      'submit',
    ),
  emptyFlow: (): DomainError =>
    domainError(APPROVAL_ERROR_CODES.EMPTY_FLOW, '审批流程没有审批节点，请联系管理员配置审批流程'),
  duplicateNode: (nodeId: string): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.INVALID_FLOW,
      `审批流程配置有误：节点“${nodeId}”重复，请联系管理员`,
    ),
  nodeWithoutApprover: (nodeName: string): DomainError =>
    domainError(
      APPROVAL_ERROR_CODES.NODE_WITHOUT_APPROVER,
      `审批节点“${nodeName}”没有审批人，请联系管理员配置审批流程`,
    ),
  opinionTooLong: (max: number): DomainError =>
    domainError(APPROVAL_ERROR_CODES.OPINION_TOO_LONG, `审批意见不能超过${max}个字`, 'opinion'),
} as const;

/**
 * The words of the approval calls' field checks (the wire schemas refuse with these): one wording
 * for the API, the OpenAPI document and the web's forms.
 */
export const APPROVAL_FIELD_MESSAGES = {
  invalidApprovalId: '审批编号无效',
  invalidUserId: '用户编号无效',
  invalidThreshold: '金额阈值格式不正确',
  conditionFieldRequired: '条件字段不能为空',
  conditionFieldTooLong: '条件字段不能超过100个字',
  conditionValueTooLong: '条件值不能超过100个字',
  tooManyFields: '表单字段过多',
  selfApprovalChoice: `拟稿人为审批人时只能选择${Object.values(SELF_APPROVAL_HANDLING_LABELS).join('、')}`,
  statusChoice: '参数 status 必须是 -1、0、1、2、3 之一',
  exportFormat: '参数 format 只能是 xlsx 或 pdf',
  recordFieldsNotTaken: '该审批类型不接收记录字段（recordFields）',
} as const;

export const signFlowMessages = {
  notYourStep: (flowName: string): DomainError =>
    domainError(SIGN_FLOW_ERROR_CODES.NOT_YOUR_STEP, `“${flowName}”不是您的签署环节`),
  alreadySigned: (flowName: string): DomainError =>
    domainError(SIGN_FLOW_ERROR_CODES.ALREADY_SIGNED, `“${flowName}”已签署，不能重复签署`),
  notCurrentStep: (flowName: string, current: string | undefined): DomainError =>
    domainError(
      SIGN_FLOW_ERROR_CODES.NOT_CURRENT_STEP,
      current === undefined
        ? `签署流程已完成，“${flowName}”不能再签署`
        : `当前签署环节为“${current}”，还不能签署“${flowName}”`,
    ),
  unknownStep: (): DomainError =>
    domainError(SIGN_FLOW_ERROR_CODES.UNKNOWN_STEP, '签署环节不存在，请刷新后重试'),
} as const;

export const contentMessages = {
  required: (label: string, refname: string, verb: '填写' | '选择' | '上传'): DomainError =>
    domainError(CONTENT_ERROR_CODES.REQUIRED, `请${verb}“${label}”`, refname),
  maxLength: (label: string, refname: string, max: number): DomainError =>
    domainError(CONTENT_ERROR_CODES.MAX_LENGTH, `“${label}”不能超过${max}个字`, refname),
  notAnOption: (label: string, refname: string): DomainError =>
    domainError(CONTENT_ERROR_CODES.NOT_AN_OPTION, `“${label}”的选项无效，请重新选择`, refname),
  dateFormat: (label: string, refname: string): DomainError =>
    domainError(
      CONTENT_ERROR_CODES.DATE_FORMAT,
      `“${label}”应为有效日期，格式为 yyyy-MM-dd`,
      refname,
    ),
  monthFormat: (label: string, refname: string): DomainError =>
    domainError(
      CONTENT_ERROR_CODES.MONTH_FORMAT,
      `“${label}”应为有效月份，格式为 yyyy-MM`,
      refname,
    ),
  amountFormat: (label: string, refname: string): DomainError =>
    domainError(
      CONTENT_ERROR_CODES.AMOUNT_FORMAT,
      `“${label}”应为不小于0的金额，最多6位小数`,
      refname,
    ),
  integerFormat: (label: string, refname: string): DomainError =>
    domainError(CONTENT_ERROR_CODES.INTEGER_FORMAT, `“${label}”应为不小于0的整数`, refname),
  fileLimit: (label: string, refname: string, limit: number): DomainError =>
    domainError(
      CONTENT_ERROR_CODES.FILE_LIMIT,
      `“${label}”最多${limit}个文件，${UPLOAD_MESSAGES.countExceeded}`,
      refname,
    ),
  wrongShape: (label: string, refname: string): DomainError =>
    domainError(CONTENT_ERROR_CODES.WRONG_SHAPE, `“${label}”的内容格式不正确`, refname),
  unknownField: (refname: string): DomainError =>
    domainError(CONTENT_ERROR_CODES.UNKNOWN_FIELD, `表单中没有字段“${refname}”`, refname),
} as const;
