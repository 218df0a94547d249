import { domainError, type DomainError } from '../shared/result.js';
import { TASK_CONFIRM_STEP_NAMES, type TaskConfirmStep } from './task.js';

/** The task slice's user-facing text and stable codes, in one place so it can be translated. */

export const TASK_FIELD_LABELS: Readonly<Record<string, string>> = {
  taskId: '任务单',
  contractId: '所属合同',
  taskNo: '任务单号',
  taskName: '任务名称',
  subItemName: '子项名称',
  taskResultName: '成果名称',
  designStageId: '设计阶段',
  qualityType: '质量要求',
  designUserId: '设计主持',
  projectManagerId: '项目经理',
  planFinishDate: '计划完成日期',
  remark: '备注',
  taskAmount: '任务产值',
  majorIds: '专业',
  deptId: '设计部门',
  fileName: '文件名称',
  fileProp: '文件类型',
  memo: '说明',
  fileList: '附件',
  resultId: '成果',
  songdaDate: '送达日期',
  receiveUnit: '接收单位',
  receiveUser: '接收人',
  content: '送达内容',
  drawContent: '图纸内容',
  drawNum: '份数',
  sealGoalContent: '盖章内容',
  sealType: '印章类型',
  sealCategory: '印章类别',
  sealTime: '盖章日期',
  imgFiles: '图纸文件',
  payAmount: '发放金额',
  payDate: '发放日期',
  confirmFinishAmount: '确认完成产值',
  typeCode: '审批类型',
  resultIds: '盖章成果',
};

const label = (field: string): string => TASK_FIELD_LABELS[field] ?? field;

export const TASK_ERROR_CODES = {
  required: 'VALIDATION.REQUIRED',
  tooLong: 'VALIDATION.MAX_LENGTH',
  invalidValue: 'VALIDATION.INVALID_VALUE',
  invalidAmount: 'VALIDATION.INVALID_AMOUNT',
  invalidDate: 'VALIDATION.INVALID_DATE',
  notFound: 'TASK.NOT_FOUND',
  resultNotFound: 'TASK.RESULT_NOT_FOUND',
  sealNotFound: 'TASK.SEAL_NOT_FOUND',
  contractNotFound: 'TASK.CONTRACT_NOT_FOUND',
  notYourStep: 'TASK.FORBIDDEN',
  outOfTurn: 'TASK.OUT_OF_TURN',
  alreadyConfirmed: 'TASK.ALREADY_CONFIRMED',
  confirmedLocked: 'TASK.CONFIRMED_LOCKED',
  notConfirmed: 'TASK.NOT_CONFIRMED',
  notHistory: 'TASK.NOT_HISTORY',
  resultLocked: 'TASK.RESULT_LOCKED',
  amountExceeds: 'TASK.AMOUNT_EXCEEDS',
  noQualityDeposit: 'TASK.NO_QUALITY_DEPOSIT',
  sealLocked: 'TASK.SEAL_LOCKED',
  sealNotApproved: 'TASK.SEAL_NOT_APPROVED',
  staleVersion: 'TASK.STALE_VERSION',
  duplicateNo: 'TASK.DUPLICATE',
  noDeptHead: 'TASK.NO_DEPT_HEAD',
  inApproval: 'TASK.IN_APPROVAL',
  approvedLocked: 'TASK.APPROVED_LOCKED',
} as const;

export const taskErrors = {
  required: (field: string): DomainError =>
    domainError(TASK_ERROR_CODES.required, `${label(field)}不能为空`, field),
  tooLong: (field: string, max: number): DomainError =>
    domainError(TASK_ERROR_CODES.tooLong, `${label(field)}不能超过${max}个字符`, field),
  invalidValue: (field: string): DomainError =>
    domainError(TASK_ERROR_CODES.invalidValue, `${label(field)}的取值不正确`, field),
  invalidAmount: (field: string): DomainError =>
    domainError(
      TASK_ERROR_CODES.invalidAmount,
      `${label(field)}应为不小于0的金额（万元，最多6位小数）`,
      field,
    ),
  invalidDate: (field: string): DomainError =>
    domainError(TASK_ERROR_CODES.invalidDate, `${label(field)}格式应为yyyy-MM-dd`, field),
  notFound: (): DomainError =>
    domainError(TASK_ERROR_CODES.notFound, '任务单不存在、已被删除或没有权限访问'),
  resultNotFound: (): DomainError =>
    domainError(TASK_ERROR_CODES.resultNotFound, '成果不存在、已被删除或没有权限访问'),
  sealNotFound: (): DomainError =>
    domainError(TASK_ERROR_CODES.sealNotFound, '盖章申请不存在、已被删除或没有权限访问'),
  contractNotFound: (): DomainError =>
    domainError(TASK_ERROR_CODES.contractNotFound, '所属合同不存在或没有权限访问', 'contractId'),
  notYourStep: (step: TaskConfirmStep): DomainError =>
    domainError(
      TASK_ERROR_CODES.notYourStep,
      `只有本任务单的${TASK_CONFIRM_STEP_NAMES[step]}可以进行“${TASK_CONFIRM_STEP_NAMES[step]}确认”`,
    ),
  outOfTurn: (step: TaskConfirmStep, current: TaskConfirmStep): DomainError =>
    domainError(
      TASK_ERROR_CODES.outOfTurn,
      `当前应由${TASK_CONFIRM_STEP_NAMES[current]}确认，还不能进行“${TASK_CONFIRM_STEP_NAMES[step]}确认”`,
    ),
  alreadyConfirmed: (step: TaskConfirmStep): DomainError =>
    domainError(
      TASK_ERROR_CODES.alreadyConfirmed,
      `${TASK_CONFIRM_STEP_NAMES[step]}已确认，不能重复确认`,
    ),
  confirmedLocked: (): DomainError =>
    domainError(TASK_ERROR_CODES.confirmedLocked, '任务单已开始确认，不能修改或删除'),
  notConfirmed: (): DomainError =>
    domainError(TASK_ERROR_CODES.notConfirmed, '任务单尚未完成部门确认，不能进行此操作'),
  notHistory: (): DomainError =>
    domainError(TASK_ERROR_CODES.notHistory, '该任务单不是补录的历史任务单，请使用项目经理确认'),
  resultConfirmedLocked: (): DomainError =>
    domainError(TASK_ERROR_CODES.resultLocked, '成果已确认，不能删除或修改'),
  resultAlreadyConfirmed: (): DomainError =>
    domainError(TASK_ERROR_CODES.alreadyConfirmed, '成果已确认，不能重复确认'),
  acceptanceAlreadyConfirmed: (): DomainError =>
    domainError(TASK_ERROR_CODES.alreadyConfirmed, '验收文件已确认，不能重复确认'),
  acceptanceMissing: (): DomainError =>
    domainError(TASK_ERROR_CODES.notConfirmed, '请先上传验收文件并确认成果'),
  valueConfirmer: (): DomainError =>
    domainError(
      TASK_ERROR_CODES.notYourStep,
      '只有本任务单的项目经理或部门负责人可以确认产值和发放',
    ),
  resultConfirmer: (): DomainError =>
    domainError(TASK_ERROR_CODES.notYourStep, '只有本任务单的项目经理可以确认成果'),
  amountExceeds: (field: string, limit: string): DomainError =>
    domainError(
      TASK_ERROR_CODES.amountExceeds,
      `${label(field)}超出可发放额度（剩余${limit}万元）`,
      field,
    ),
  finishExceeds: (limit: string): DomainError =>
    domainError(
      TASK_ERROR_CODES.amountExceeds,
      `确认完成产值不能大于任务产值（${limit}万元），也不能小于已发放金额`,
      'confirmFinishAmount',
    ),
  noQualityDeposit: (): DomainError =>
    domainError(TASK_ERROR_CODES.noQualityDeposit, '该任务单无质量要求，没有质量保证金'),
  sealLocked: (): DomainError =>
    domainError(TASK_ERROR_CODES.sealLocked, '盖章申请审批中或已通过，不能修改或重复提交'),
  sealNotApproved: (): DomainError =>
    domainError(TASK_ERROR_CODES.sealNotApproved, '盖章申请审批通过后才能上传盖章扫描件'),
  sealOwner: (): DomainError =>
    domainError(TASK_ERROR_CODES.notYourStep, '只有申请人可以修改或提交该盖章申请'),
  staleVersion: (): DomainError =>
    domainError(TASK_ERROR_CODES.staleVersion, '任务单已被他人修改，请刷新后重试'),
  duplicateNo: (): DomainError =>
    domainError(TASK_ERROR_CODES.duplicateNo, '任务单号已存在', 'taskNo'),
  noDeptHead: (): DomainError =>
    domainError(
      TASK_ERROR_CODES.noDeptHead,
      '设计部门没有部门负责人，无法确定部门确认人',
      'deptId',
    ),
  inApproval: (): DomainError =>
    domainError(TASK_ERROR_CODES.inApproval, '任务单审批中，不能修改、删除、确认或重复提交'),
  approvedLocked: (): DomainError =>
    domainError(TASK_ERROR_CODES.approvedLocked, '任务单已审批通过，不能修改、删除或重复提交'),
  submitAfterConfirm: (): DomainError =>
    domainError(TASK_ERROR_CODES.confirmedLocked, '任务单已开始确认，不能再提交审批'),
  historyNoApproval: (): DomainError =>
    domainError(TASK_ERROR_CODES.notHistory, '补录的历史任务单不走审批'),
  submitter: (): DomainError =>
    domainError(TASK_ERROR_CODES.notYourStep, '只有任务单的创建人或项目经理可以提交审批'),
  sealResultNotConfirmed: (): DomainError =>
    domainError(TASK_ERROR_CODES.invalidValue, '盖章成果须为本任务单已确认的成果', 'resultIds'),
  scanResultNotSealed: (): DomainError =>
    domainError(
      TASK_ERROR_CODES.invalidValue,
      '扫描件所属成果须为该盖章申请所盖的成果',
      'resultId',
    ),
  wrongRole: (field: 'designUserId' | 'projectManagerId'): DomainError =>
    domainError(
      TASK_ERROR_CODES.invalidValue,
      field === 'designUserId'
        ? '设计主持须为在职且具有“设计主持”角色的用户'
        : '项目经理须为在职且具有“项目经理”角色的用户',
      field,
    ),
} as const;
