/** The fund payment slice's user-facing text and stable codes, in one place so it can be translated. */

export const FUND_PAY_FIELD_LABELS: Readonly<Record<string, string>> = {
  payAmount: '本次付款金额',
  planPayAmount: '计划付款金额',
  taxRate: '税率',
  planMonth: '计划月份',
  payTime: '付款日期',
  reason: '付款事由',
  subjectName: '科目名称',
  receiveCompanyName: '收款单位',
  payCompanyName: '付款单位',
  remark: '备注',
  contractId: '合同',
  contractChildId: '分包合同',
  paymentPlanId: '付款计划',
  childPayId: '分包付款项',
  typeCode: '审批类型',
  payId: '付款记录',
};

const label = (field: string): string => FUND_PAY_FIELD_LABELS[field] ?? field;

export const FUND_PAY_ERROR_CODES = {
  invalidAmount: 'VALIDATION.FUND_PAY_AMOUNT',
  notPositive: 'VALIDATION.FUND_PAY_AMOUNT_NOT_POSITIVE',
  taxRate: 'VALIDATION.FUND_PAY_TAX_RATE',
  month: 'VALIDATION.FUND_PAY_MONTH',
  date: 'VALIDATION.FUND_PAY_DATE',
  required: 'VALIDATION.FUND_PAY_REQUIRED',
  tooLong: 'VALIDATION.FUND_PAY_TEXT_TOO_LONG',
  oneSource: 'VALIDATION.FUND_PAY_ONE_SOURCE',
  typeCode: 'VALIDATION.FUND_PAY_TYPE_CODE',
  overPlan: 'FUND_PAY.OVER_PLAN',
  planBelowCommitted: 'FUND_PAY.PLAN_BELOW_COMMITTED',
  overPayItem: 'FUND_PAY.OVER_PAY_ITEM',
  noFundPlan: 'FUND_PAY.NO_APPROVED_FUND_PLAN',
  balance: 'FUND_PAY.BALANCE_NEGATIVE',
  locked: 'FUND_PAY.LOCKED',
  paid: 'FUND_PAY.PAID',
  planInUse: 'FUND_PAY.PLAN_IN_USE',
  payNotFound: 'FUND_PAY.PAY_NOT_FOUND',
  planNotFound: 'FUND_PAY.PLAN_NOT_FOUND',
  contractNotFound: 'FUND_PAY.CONTRACT_NOT_FOUND',
  childNotFound: 'FUND_PAY.CHILD_NOT_FOUND',
  childPayNotFound: 'FUND_PAY.CHILD_PAY_NOT_FOUND',
  childNotOfContract: 'FUND_PAY.CHILD_NOT_OF_CONTRACT',
  outOfScope: 'FUND_PAY.OUT_OF_SCOPE',
  staleVersion: 'FUND_PAY.STALE_VERSION',
} as const;

export const FUND_PAY_MESSAGES = {
  invalidAmount: (field: string): string =>
    `${label(field)}格式不正确：请输入最多6位小数的金额（万元）`,
  notPositive: (field: string): string => `${label(field)}必须大于0`,
  taxRate: '税率应为0到0.06之间的小数（最多6位小数），如0.03表示3%',
  month: (field: string): string => `${label(field)}格式应为yyyy-MM`,
  date: (field: string): string => `${label(field)}格式应为yyyy-MM-dd`,
  required: (field: string): string => `${label(field)}不能为空`,
  tooLong: (field: string, max: number): string => `${label(field)}不能超过${String(max)}个字`,
  notText: (field: string): string => `${label(field)}应为文字`,
  oneSource: '请选择付款计划或分包付款项中的一项作为付款依据',
  typeCode: '审批类型不正确：计划内付款为20_1，分包付款项为16_1或16_2',
  overPlan: (left: string): string => `本次付款金额超过付款计划的可付金额（可付${left}万元）`,
  planBelowCommitted: (committed: string): string =>
    `计划付款金额不能小于已付及待付金额（${committed}万元）`,
  overPayItem: (left: string): string => `本次付款金额超过分包付款项的可付金额（可付${left}万元）`,
  noFundPlan: (month: string): string =>
    `资金计划开关已开启：付款部门${month}的月度资金计划尚未审批通过，不能付款（计划月份）`,
  balance: (left: string): string =>
    `合同回款余额不足：实付金额超过合同未分配回款（余额${left}万元）`,
  locked: '付款审批中或已付款，不能修改或删除',
  paid: '付款已完成，不能修改或删除',
  planInUse: '付款计划已有付款记录，不能删除',
  payNotFound: '付款记录不存在',
  planNotFound: '付款计划不存在',
  contractNotFound: '合同不存在',
  childNotFound: '分包合同不存在',
  childPayNotFound: '分包付款项不存在',
  childNotOfContract: '分包合同不属于该合同',
  outOfScope: '没有该部门数据的权限',
  staleVersion: '记录已被他人修改，请刷新后重试',
} as const;
