/** The fund slice's user-facing text and stable codes, in one place so it can be translated. */

export const FUND_FIELD_LABELS: Readonly<Record<string, string>> = {
  backAmount: '回款金额',
  allotAmount: '分配金额',
  loanAmount: '借款金额',
  repaymentAmount: '还款金额',
  backDate: '回款日期',
  refundDate: '还款日期',
  loanDeptId: '借款部门',
  deptId: '设计部门',
  contractId: '合同',
  taskId: '设计任务',
};

const label = (field: string): string => FUND_FIELD_LABELS[field] ?? field;

export const FUND_ERROR_CODES = {
  invalidAmount: 'VALIDATION.FUND_AMOUNT',
  notPositive: 'VALIDATION.FUND_AMOUNT_NOT_POSITIVE',
  invalidDate: 'VALIDATION.FUND_DATE',
  textTooLong: 'VALIDATION.FUND_TEXT_TOO_LONG',
  emptyAllotment: 'VALIDATION.FUND_EMPTY_ALLOTMENT',
  duplicateTeam: 'VALIDATION.FUND_DUPLICATE_TEAM',
  balanceNegative: 'FUND.BALANCE_NEGATIVE',
  overAllot: 'FUND.OVER_ALLOT',
  backBelowAllotted: 'FUND.BACK_BELOW_ALLOTTED',
  backAllotted: 'FUND.BACK_MONEY_IN_USE',
  overRepay: 'FUND.OVER_REPAY',
  loanLimit: 'FUND.LOAN_LIMIT',
  loanNotApproved: 'FUND.LOAN_NOT_APPROVED',
  loanLocked: 'FUND.LOAN_LOCKED',
  loanInUse: 'FUND.LOAN_IN_USE',
  backMoneyNotFound: 'FUND.BACK_MONEY_NOT_FOUND',
  loanNotFound: 'FUND.LOAN_NOT_FOUND',
  repaymentNotFound: 'FUND.REPAYMENT_NOT_FOUND',
  contractNotFound: 'FUND.CONTRACT_NOT_FOUND',
  taskNotFound: 'FUND.TASK_NOT_FOUND',
  deptNotFound: 'FUND.DEPT_NOT_FOUND',
  taskNotOfTeam: 'FUND.TASK_NOT_OF_TEAM',
  outOfScope: 'FUND.OUT_OF_SCOPE',
  staleVersion: 'FUND.STALE_VERSION',
} as const;

export const FUND_MESSAGES = {
  invalidAmount: (field: string): string =>
    `${label(field)}格式不正确：请输入最多6位小数的金额（万元）`,
  notPositive: (field: string): string => `${label(field)}必须大于0`,
  invalidDate: (field: string): string => `${label(field)}格式应为yyyy-MM-dd`,
  textTooLong: (field: string, max: number): string => `${label(field)}不能超过${String(max)}个字`,
  emptyAllotment: '请至少分配给一个设计部门',
  duplicateTeam: '同一设计部门（同一任务）只能出现一次',
  balanceNegative: '余额不足：此操作会使余额小于0',
  overAllot: (left: string): string => `分配金额超过回款未分配余额（可分配${left}万元）`,
  backBelowAllotted: (allotted: string): string =>
    `回款金额不能小于已分配金额（已分配${allotted}万元）`,
  backAllotted: '回款已分配，不能删除',
  overRepay: (left: string): string => `还款金额超过借款未还余额（未还${left}万元）`,
  loanLimit: (left: string): string => `借款金额超过可借额度（可借${left}万元）`,
  loanNotApproved: '借款尚未审批通过，不能还款',
  loanLocked: '借款审批中或已通过，不能修改或删除',
  loanInUse: '借款已审批通过，不能删除',
  backMoneyNotFound: '回款记录不存在',
  loanNotFound: '借款记录不存在',
  repaymentNotFound: '还款记录不存在',
  contractNotFound: '合同不存在',
  taskNotFound: '设计任务不存在',
  deptNotFound: '部门不存在',
  taskNotOfTeam: '设计任务不属于该设计部门或该合同',
  outOfScope: '没有该部门数据的权限',
  staleVersion: '记录已被他人修改，请刷新后重试',
} as const;
