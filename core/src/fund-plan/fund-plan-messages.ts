/** The fund plan slice's user-facing text and stable codes, in one place so it can be translated. */

export const FUND_PLAN_FIELD_LABELS: Readonly<Record<string, string>> = {
  deptId: '计划部门',
  planMonth: '计划月份',
  reason: '计划说明',
  remark: '备注',
  lines: '计划明细',
  lineKind: '类别',
  subjectName: '科目名称',
  contractId: '合同',
  amount: '金额',
  paybackRate: '回款率',
  allotAmount: '备案分配',
  planId: '资金计划',
  planLineId: '计划明细',
  performDate: '执行日期',
};

const label = (field: string): string => {
  const last = field.slice(field.lastIndexOf('.') + 1);
  const line = /^lines\[(\d+)\]/.exec(field);
  const base = FUND_PLAN_FIELD_LABELS[last] ?? last;
  return line ? `第${String(Number(line[1]) + 1)}行${base}` : base;
};

export const FUND_PLAN_ERROR_CODES = {
  invalidMonth: 'VALIDATION.FUND_PLAN_MONTH',
  invalidAmount: 'VALIDATION.FUND_PLAN_AMOUNT',
  notPositive: 'VALIDATION.FUND_PLAN_AMOUNT_NOT_POSITIVE',
  invalidRate: 'VALIDATION.FUND_PLAN_RATE',
  invalidDate: 'VALIDATION.FUND_PLAN_DATE',
  invalidKind: 'VALIDATION.FUND_PLAN_LINE_KIND',
  required: 'VALIDATION.FUND_PLAN_REQUIRED',
  textTooLong: 'VALIDATION.FUND_PLAN_TEXT_TOO_LONG',
  noLines: 'VALIDATION.FUND_PLAN_NO_LINES',
  tooManyLines: 'VALIDATION.FUND_PLAN_TOO_MANY_LINES',
  incomeNeedsContract: 'VALIDATION.FUND_PLAN_INCOME_CONTRACT',
  duplicateLine: 'VALIDATION.FUND_PLAN_DUPLICATE_LINE',
  lineNotOfPlan: 'VALIDATION.FUND_PLAN_LINE_NOT_OF_PLAN',
  lineKindMismatch: 'VALIDATION.FUND_PLAN_LINE_KIND_MISMATCH',
  planNotFound: 'FUND_PLAN.PLAN_NOT_FOUND',
  performNotFound: 'FUND_PLAN.PERFORM_NOT_FOUND',
  deptNotFound: 'FUND_PLAN.DEPT_NOT_FOUND',
  contractNotFound: 'FUND_PLAN.CONTRACT_NOT_FOUND',
  outOfScope: 'FUND_PLAN.OUT_OF_SCOPE',
  locked: 'FUND_PLAN.LOCKED',
  monthTaken: 'FUND_PLAN.MONTH_TAKEN',
  planNotApproved: 'FUND_PLAN.PLAN_NOT_APPROVED',
  overPlan: 'FUND_PLAN.OVER_PLAN',
  staleVersion: 'FUND_PLAN.STALE_VERSION',
  planInUse: 'FUND_PLAN.PLAN_IN_USE',
} as const;

export const FUND_PLAN_MESSAGES = {
  invalidMonth: '计划月份格式应为yyyy-MM',
  invalidAmount: (field: string): string =>
    `${label(field)}格式不正确：请输入最多6位小数的金额（万元）`,
  notPositive: (field: string): string => `${label(field)}必须大于0`,
  invalidRate: (field: string): string => `${label(field)}应为0到1之间、最多6位小数的数`,
  invalidDate: (field: string): string => `${label(field)}格式应为yyyy-MM-dd`,
  invalidKind: (field: string): string =>
    `${label(field)}只能是预计回款、刚性支出、借款支出或付款支出`,
  required: (field: string): string => `${label(field)}不能为空`,
  textTooLong: (field: string, max: number): string => `${label(field)}不能超过${String(max)}个字`,
  noLines: '请至少填写一行明细',
  tooManyLines: (max: number): string => `明细不能超过${String(max)}行`,
  incomeNeedsContract: (field: string): string => `${label(field)}：预计回款须选择合同`,
  duplicateLine: (field: string): string => `${label(field)}重复：同一计划明细只能出现一次`,
  lineNotOfPlan: (field: string): string => `${label(field)}不属于所选资金计划`,
  lineKindMismatch: (field: string): string => `${label(field)}的类别与执行单类别不一致`,
  planNotFound: '资金计划不存在',
  performNotFound: '资金执行单不存在',
  deptNotFound: '部门不存在',
  contractNotFound: '合同不存在',
  outOfScope: '没有该部门数据的权限',
  locked: '资金计划审批中或已通过，不能修改或删除',
  performLocked: '资金执行单审批中或已通过，不能修改或删除',
  monthTaken: (month: string): string =>
    `该部门${month}已有审批中或已通过的资金计划，每个部门每月只能有一份`,
  planNotApproved: '资金计划尚未审批通过，不能登记执行',
  overPlan: (field: string, left: string): string =>
    `${label(field)}超过计划可执行余额（余${left}万元）；超计划执行请勾选“超计划执行”走超计划审批`,
  staleVersion: '记录已被他人修改，请刷新后重试',
  planInUse: '资金计划已有执行单，不能删除',
} as const;
