import { domainError, type DomainError } from '../shared/result.js';

/** The account slice's field labels in the spec's words, for messages that name a field. */
export const ACCOUNT_FIELD_LABELS: Readonly<Record<string, string>> = {
  contractId: '合同',
  invoiceAmount: '开票金额',
  invoiceType: '发票类型',
  invoicePurpose: '开票内容',
  invoiceTitle: '发票抬头',
  invoiceDate: '开票日期',
  taxNo: '纳税人识别号',
  remark: '备注',
  party: '账户类型',
  accountName: '账户名称',
  bankName: '开户银行',
  accountNo: '银行账号',
  employeeId: '员工',
  deptId: '部门',
  costMonth: '月份',
  salary: '工资',
  socialInsurance: '社会保险',
  housingFund: '住房公积金',
  otherCost: '其他',
  rows: '导入数据',
};

const label = (field: string): string => ACCOUNT_FIELD_LABELS[field] ?? field;

export const ACCOUNT_ERROR_CODES = {
  invalidAmount: 'VALIDATION.ACCOUNT_AMOUNT',
  notPositive: 'VALIDATION.ACCOUNT_AMOUNT_NOT_POSITIVE',
  required: 'VALIDATION.ACCOUNT_REQUIRED',
  textTooLong: 'VALIDATION.ACCOUNT_TEXT_TOO_LONG',
  invalidDate: 'VALIDATION.ACCOUNT_DATE',
  invalidMonth: 'VALIDATION.ACCOUNT_MONTH',
  invalidOption: 'VALIDATION.ACCOUNT_OPTION',
  invalidAccountNo: 'VALIDATION.ACCOUNT_BANK_NO',
  invalidTaxNo: 'VALIDATION.ACCOUNT_TAX_NO',
  overInvoice: 'VALIDATION.ACCOUNT_OVER_INVOICE',
  duplicateRows: 'VALIDATION.ACCOUNT_IMPORT_DUPLICATE',
  contractNotFound: 'ACCOUNT.CONTRACT_NOT_FOUND',
  contractNotSigned: 'ACCOUNT.CONTRACT_NOT_SIGNED',
  accountNotFound: 'ACCOUNT.ACCOUNT_NOT_FOUND',
  invoiceNotFound: 'ACCOUNT.INVOICE_NOT_FOUND',
  costNotFound: 'ACCOUNT.COST_NOT_FOUND',
  employeeNotFound: 'ACCOUNT.EMPLOYEE_NOT_FOUND',
  deptNotFound: 'ACCOUNT.DEPT_NOT_FOUND',
  outOfScope: 'ACCOUNT.OUT_OF_SCOPE',
  invoiceLocked: 'ACCOUNT.INVOICE_LOCKED',
  duplicateMonth: 'ACCOUNT.DUPLICATE',
  stale: 'ACCOUNT.STALE_VERSION',
} as const;

const C = ACCOUNT_ERROR_CODES;

export const accountErrors = {
  invalidAmount: (field: string): DomainError =>
    domainError(
      C.invalidAmount,
      `${label(field)}格式不正确：请输入不小于0、最多6位小数的金额（万元）`,
      field,
    ),
  notPositive: (field: string): DomainError =>
    domainError(C.notPositive, `${label(field)}必须大于0`, field),
  required: (field: string): DomainError =>
    domainError(C.required, `${label(field)}不能为空`, field),
  textTooLong: (field: string, max: number): DomainError =>
    domainError(C.textTooLong, `${label(field)}不能超过${String(max)}个字`, field),
  invalidDate: (field: string): DomainError =>
    domainError(C.invalidDate, `${label(field)}格式应为yyyy-MM-dd`, field),
  invalidMonth: (field: string): DomainError =>
    domainError(C.invalidMonth, `${label(field)}格式应为yyyy-MM`, field),
  invalidOption: (field: string): DomainError =>
    domainError(C.invalidOption, `请选择有效的${label(field)}`, field),
  invalidAccountNo: (): DomainError =>
    domainError(C.invalidAccountNo, '银行账号应为8至30位数字（可含空格分隔）', 'accountNo'),
  invalidTaxNo: (): DomainError =>
    domainError(
      C.invalidTaxNo,
      '纳税人识别号应为15、18或20位数字或大写字母（统一社会信用代码为18位）',
      'taxNo',
    ),
  overInvoice: (room: string): DomainError =>
    domainError(
      C.overInvoice,
      `开票金额超过合同可开票余额（合同金额减去已开票与审批中的开票，可开票${room}万元）`,
      'invoiceAmount',
    ),
  duplicateRows: (count: number): DomainError =>
    domainError(
      C.duplicateRows,
      `导入数据中有${String(count)}条与已有记录或同批数据重复（每名员工每月只能有一条）`,
      'rows',
    ),
  contractNotFound: (): DomainError =>
    domainError(C.contractNotFound, '合同不存在或无权查看', 'contractId'),
  contractNotSigned: (): DomainError =>
    domainError(C.contractNotSigned, '只有已签订的合同可以开票', 'contractId'),
  accountNotFound: (): DomainError =>
    domainError(C.accountNotFound, '合同账户不存在或无权查看', 'accountId'),
  invoiceNotFound: (): DomainError =>
    domainError(C.invoiceNotFound, '开票申请不存在或无权查看', 'invoiceId'),
  costNotFound: (): DomainError =>
    domainError(C.costNotFound, '员工成本记录不存在或无权查看', 'costId'),
  employeeNotFound: (): DomainError => domainError(C.employeeNotFound, '员工不存在', 'employeeId'),
  deptNotFound: (): DomainError => domainError(C.deptNotFound, '部门不存在', 'deptId'),
  outOfScope: (field: string): DomainError =>
    domainError(C.outOfScope, '没有该部门数据的权限', field),
  invoiceLocked: (): DomainError =>
    domainError(C.invoiceLocked, '开票申请审批中或已开票，不能修改、删除或再次送审'),
  duplicateMonth: (month: string): DomainError =>
    domainError(C.duplicateMonth, `该员工${month}的成本记录已存在，请修改原记录`, 'costMonth'),
  stale: (): DomainError => domainError(C.stale, '记录已被他人修改，请刷新后重试'),
};
