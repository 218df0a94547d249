/** The contract slice's user-facing text and stable codes, in one place so it can be translated. */

/** Chinese labels of the contract fields, by wire name, for messages that name a field. */
export const CONTRACT_FIELD_LABELS: Readonly<Record<string, string>> = {
  contractId: '合同编号（系统）',
  projectName: '项目名称',
  contractName: '合同名称',
  entrustBusinessName: '委托单位',
  contractNo: '合同编号',
  signByMain: '甲方',
  signBySub: '乙方',
  subBankName: '乙方开户行',
  bizSource: '业务来源',
  location: '项目地点',
  serviceManagerId: '服务经理',
  serviceManagerName: '服务经理姓名',
  planArea: '规划面积',
  buildArea: '建筑面积',
  sceneryArea: '景观面积',
  indoorArea: '室内面积',
  totalAmount: '合同金额',
  receiveAmount: '已收金额',
  cleanAmount: '合同净额',
  realAmount: '实际金额',
  realAmountRate: '实际金额比例',
  bizType: '业务类型',
  entrustTask: '委托任务',
  entrustList: '委托阶段',
  termsContent: '合同条款',
  specialTerms: '特殊条款',
  instructions: '说明',
  performContent: '履约内容',
  trackRecord: '跟踪记录',
  signDate: '签订日期',
  files: '附件',
  contractFiles: '合同文件',
  directFee: '直接费',
  technicalFee: '技术费',
  expertFee: '专家费',
  operateFee: '经营费',
  designFee: '设计费',
  effective: '是否生效',
  typeCode: '审批类型',
  contractChildNo: '分包合同编号',
  childType: '分包类型',
  paymentMethod: '付款方式',
  content: '分包内容',
  receiveCompanyName: '收款单位',
  payAmount: '付款金额',
  taxRate: '税率',
  payDate: '付款日期',
  remark: '备注',
  lxNo: '立项编号',
  contractChildId: '分包合同',
  extendNo: '补充合同编号',
  reason: '补充原因',
  extendAmount: '补充金额',
};

const label = (field: string): string => CONTRACT_FIELD_LABELS[field] ?? field;

/**
 * The field messages, one wording per rule, in a record's own words where its field's label
 * differs from the contract's (an extended sub-contract's `content` is 补充内容, not 分包内容).
 */
export const fieldMessagesOf = (labels: Readonly<Record<string, string>> = {}) => {
  const l = (field: string): string => labels[field] ?? label(field);
  return {
    required: (field: string): string => `${l(field)}不能为空`,
    tooLong: (field: string, max: number): string => `${l(field)}不能超过${max}个字符`,
    tooMany: (field: string, max: number): string => `${l(field)}不能超过${max}个`,
    invalidValue: (field: string): string => `${l(field)}的取值不正确`,
    invalidAmount: (field: string): string => `${l(field)}应为不小于0的金额（万元，最多6位小数）`,
    invalidDate: (field: string): string => `${l(field)}格式应为yyyy-MM-dd`,
    amountExceeds: (field: string, other: string): string => `${l(field)}不能大于${l(other)}`,
  };
};

const F = fieldMessagesOf();

export const CONTRACT_ERROR_CODES = {
  required: 'VALIDATION.REQUIRED',
  tooLong: 'VALIDATION.MAX_LENGTH',
  invalidValue: 'VALIDATION.INVALID_VALUE',
  invalidAmount: 'VALIDATION.INVALID_AMOUNT',
  invalidDate: 'VALIDATION.INVALID_DATE',
  amountExceeds: 'VALIDATION.AMOUNT_EXCEEDS',
  notFound: 'CONTRACT.NOT_FOUND',
  locked: 'CONTRACT.LOCKED',
  approved: 'CONTRACT.APPROVED',
  wrongStage: 'CONTRACT.WRONG_STAGE',
  effective: 'CONTRACT.EFFECTIVE',
  directFeeReadOnly: 'CONTRACT.DIRECT_FEE_READ_ONLY',
  feeMismatch: 'CONTRACT.FEE_MISMATCH',
  staleVersion: 'CONTRACT.STALE_VERSION',
  duplicateNo: 'CONTRACT.DUPLICATE',
} as const;

export const CONTRACT_MESSAGES = {
  required: F.required,
  tooLong: F.tooLong,
  invalidValue: F.invalidValue,
  invalidAmount: F.invalidAmount,
  invalidDate: F.invalidDate,
  amountExceeds: F.amountExceeds,
  notFound: '合同不存在、已被删除或没有权限访问',
  locked: '合同正在审批中，不能修改、删除或转换',
  approved: '合同已审批通过，不能修改或删除',
  wrongStage: (action: string, stageName: string): string => `当前为“${stageName}”，不能${action}`,
  effectiveNotDeletable: '该未签合同已确认生效，不能作为未生效合同删除',
  directFeeReadOnly: '市场业务2024-04-01起签订的合同，直接费由系统计算，不能修改',
  feeMismatch: (field: string, expected: string): string =>
    `${label(field)}与服务器计算结果（${expected}）不一致，请刷新费率后重试`,
  staleVersion: '合同已被他人修改，请刷新后重试',
  duplicateNo: '合同编号已存在',
} as const;
