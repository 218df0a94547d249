import { z } from 'zod';
import {
  accountErrors,
  contractAccountProblems,
  employeeCostProblems,
  EMPLOYEE_COST_SORT_COLUMNS,
  INVOICE_SORT_COLUMNS,
  invoiceInputProblems,
  PROJECT_ACCOUNT_SORT_COLUMNS,
} from '@dpms/core';
import { coreProblems } from './core-problems.js';
import { nullAsAbsent, okEnvelope, pageEnvelope, timestamp } from './envelope.js';
import { pagingShape } from './paging.js';
import {
  id,
  numeric,
  optionalEnum,
  optionalId,
  optionalInteger,
  PG_INT_MAX,
  textFilter,
  version,
} from './primitives.js';

/*
 * The account slice's wire contract: project accounts (/v4/pro-account), contract accounts
 * (/contract/account), invoice requests (/v4/finance) and employee costs (/v4/contract/employe,
 * /contract/employe). Shapes here; the rules are core's (`contractAccountProblems`,
 * `invoiceInputProblems`, `employeeCostProblems`) run as one check over the whole object, so a
 * form shows every field's problem at once in core's words. An update keeps what it leaves out,
 * so its check reports only the fields it carries; the use case checks the merged record again.
 */

/** A required id whose absence reads as core's "X不能为空". */
const requiredId = (field: string) =>
  numeric(
    z
      .number({ error: accountErrors.required(field).message })
      .int()
      .positive()
      .max(PG_INT_MAX),
  );

/** A text field as entered (null is absent); core checks it, with its own message. */
const text = (message: string) =>
  z.preprocess(nullAsAbsent, z.string({ error: message }).optional());
const amount = (field: string) =>
  text(accountErrors.invalidAmount(field).message).meta({
    description: '万元，十进制字符串（不小于0，最多6位小数）',
  });
const option = (field: string) => text(accountErrors.invalidOption(field).message);
const remark = () => text(accountErrors.textTooLong('remark', 500).message);

const yearFilter = () => optionalInteger(1900, 2999);
const decimal = () => z.string().meta({ description: '万元，十进制字符串' });
const dateFilter = (field: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, accountErrors.invalidDate(field).message)
      .optional(),
  );

// ---- project accounts ----------------------------------------------------------------------------

const proFilterShape = {
  contractName: textFilter(100),
  contractNo: textFilter(64),
  deptId: optionalId(),
  year: yearFilter(),
};
export const projectAccountListQuery = z.object({
  ...pagingShape(PROJECT_ACCOUNT_SORT_COLUMNS),
  ...proFilterShape,
});
export const projectAccountExportQuery = z.object(proFilterShape);
export const projectAccountMonthlyQuery = z.object({ ...proFilterShape, contractId: optionalId() });
export const projectAccountDetailQuery = z.object({ contractId: id(), year: yearFilter() });

export const projectAccountRecord = z
  .object({
    contractId: z.number().int(),
    contractNo: z.string(),
    contractName: z.string(),
    projectName: z.string(),
    deptId: z.number().int().nullable(),
    deptName: z.string(),
    userId: z.number().int(),
    signDate: z.string().meta({ format: 'date' }).nullable(),
    totalAmount: decimal(),
    backAmount: decimal(),
    allottedAmount: decimal(),
    loanOutstandingAmount: decimal(),
    /** 已付款: Σ payAmount of the paid fund payments (gross). */
    paidAmount: decimal(),
    /** 实付金额: Σ their realPayAmount (net: what the ledger drew). */
    realPaidAmount: decimal(),
    invoicedAmount: decimal(),
    invoicingAmount: decimal(),
    unallottedAmount: decimal(),
    unreceivedAmount: decimal(),
    uninvoicedAmount: decimal(),
    invoicedUnpaidAmount: decimal(),
    balanceAmount: decimal(),
  })
  .meta({ id: 'ProjectAccountRecord' });

export const accountMonth = z.object({
  month: z.string(),
  invoicedAmount: decimal(),
  backAmount: decimal(),
});

export const projectAccountDetail = z.object({
  account: projectAccountRecord,
  months: z.array(accountMonth),
  year: z.number().int(),
});

export const projectAccountPage = pageEnvelope(projectAccountRecord);
export const projectAccountDetailAnswer = okEnvelope(projectAccountDetail);
export const accountMonthsAnswer = okEnvelope(z.array(accountMonth));

// ---- contract accounts ---------------------------------------------------------------------------

const contractAccountFields = {
  party: option('party').meta({ description: "账户类型：'1' 甲方（付款方），'2' 乙方（收款方）" }),
  accountName: text(accountErrors.required('accountName').message),
  bankName: text(accountErrors.required('bankName').message),
  accountNo: text(accountErrors.invalidAccountNo().message).meta({
    description: '银行账号：8至30位数字',
  }),
  taxNo: text(accountErrors.invalidTaxNo().message).meta({
    description: '纳税人识别号（统一社会信用代码）',
  }),
  remark: remark(),
};
export const contractAccountAddBody = z
  .object({ contractId: requiredId('contractId'), ...contractAccountFields })
  .check(coreProblems(contractAccountProblems));
export const contractAccountUpdateBody = z
  .object({ accountId: id(), version: version(), ...contractAccountFields })
  .check(coreProblems(contractAccountProblems, { onlyPresent: true }));
export const contractAccountIdQuery = z.object({ accountId: id() });
export const contractAccountListQuery = z.object({
  ...pagingShape(['accountId'] as const),
  contractId: optionalId(),
  party: optionalEnum(['1', '2']),
  accountName: textFilter(100),
});

export const contractAccountRecord = z
  .object({
    accountId: z.number().int(),
    contractId: z.number().int(),
    contractNo: z.string(),
    contractName: z.string(),
    party: z.enum(['1', '2']),
    partyName: z.string(),
    accountName: z.string(),
    bankName: z.string(),
    accountNo: z.string(),
    taxNo: z.string(),
    remark: z.string(),
    deptId: z.number().int().nullable(),
    userId: z.number().int(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp(),
    version: z.number().int(),
  })
  .meta({ id: 'ContractAccountRecord' });

export const contractAccountAnswer = okEnvelope(contractAccountRecord);
export const contractAccountPage = pageEnvelope(contractAccountRecord);

// ---- invoices ------------------------------------------------------------------------------------

const invoiceFields = {
  invoiceAmount: amount('invoiceAmount'),
  invoiceType: option('invoiceType').meta({
    description: "发票类型：'1' 增值税普通发票，'2' 增值税专用发票",
  }),
  invoicePurpose: option('invoicePurpose').meta({
    description: "开票内容：'1' 设计费，'2' 咨询费",
  }),
  invoiceTitle: text(accountErrors.required('invoiceTitle').message),
  taxNo: text(accountErrors.invalidTaxNo().message),
  invoiceDate: text(accountErrors.invalidDate('invoiceDate').message).meta({ format: 'date' }),
  remark: remark(),
};
/** 开票申请 (add); submit=true also sends it for approval (23_1) in the same call. */
export const invoiceAddBody = z
  .object({
    contractId: requiredId('contractId'),
    ...invoiceFields,
    submit: z.boolean().optional(),
  })
  .check(coreProblems(invoiceInputProblems));
/** 修改开票申请 (edit): what it leaves out keeps its stored value. */
export const invoiceEditBody = z
  .object({ invoiceId: id(), version: version(), ...invoiceFields, submit: z.boolean().optional() })
  .check(coreProblems(invoiceInputProblems, { onlyPresent: true }));
export const invoiceIdQuery = z.object({ invoiceId: id() });
export const invoiceContractQuery = z.object({ contractId: id() });
const invoiceFilterShape = {
  contractId: optionalId(),
  contractName: textFilter(100),
  status: optionalEnum(['0', '1', '2', '3']),
  invoiceType: optionalEnum(['1', '2']),
  invoiceDateBegin: dateFilter('invoiceDateBegin'),
  invoiceDateEnd: dateFilter('invoiceDateEnd'),
};
export const invoiceListQuery = z.object({
  ...pagingShape(INVOICE_SORT_COLUMNS),
  ...invoiceFilterShape,
});
export const invoiceExportQuery = z.object(invoiceFilterShape);

export const invoiceRecord = z
  .object({
    invoiceId: z.number().int(),
    contractId: z.number().int(),
    contractNo: z.string(),
    contractName: z.string(),
    projectName: z.string(),
    totalAmount: decimal(),
    invoiceAmount: decimal(),
    invoiceType: z.enum(['1', '2']),
    invoiceTypeName: z.string(),
    invoicePurpose: z.enum(['1', '2']),
    invoicePurposeName: z.string(),
    invoiceTitle: z.string(),
    taxNo: z.string(),
    invoiceDate: z.string().meta({ format: 'date' }),
    remark: z.string(),
    status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    statusName: z.string(),
    approvalId: z.string().nullable(),
    deptId: z.number().int().nullable(),
    userId: z.number().int(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp().nullable(),
    approvedTime: timestamp().nullable(),
    version: z.number().int(),
  })
  .meta({ id: 'InvoiceRecord' });

export const invoiceContractInfo = z.object({
  contract: z.object({
    contractId: z.number().int(),
    contractNo: z.string(),
    contractName: z.string(),
    projectName: z.string(),
    stage: z.string(),
    totalAmount: decimal(),
  }),
  invoicedAmount: decimal(),
  invoicingAmount: decimal(),
  roomAmount: decimal(),
});

export const invoiceAnswer = okEnvelope(invoiceRecord);
export const invoicePage = pageEnvelope(invoiceRecord);
export const invoiceContractInfoAnswer = okEnvelope(invoiceContractInfo);

// ---- employee costs ------------------------------------------------------------------------------

const costFields = {
  deptId: optionalId(),
  costMonth: text(accountErrors.invalidMonth('costMonth').message).meta({
    description: '月份 yyyy-MM',
  }),
  salary: amount('salary'),
  socialInsurance: amount('socialInsurance'),
  housingFund: amount('housingFund'),
  otherCost: amount('otherCost'),
  remark: remark(),
};
/** 新增员工成本: one line per employee and month; the total is the server's sum. */
export const employeeCostAddBody = z
  .object({ employeeId: requiredId('employeeId'), ...costFields })
  .check(coreProblems(employeeCostProblems));
export const employeeCostUpdateBody = z
  .object({ costId: id(), employeeId: optionalId(), version: version(), ...costFields })
  .check(coreProblems(employeeCostProblems, { onlyPresent: true }));
export const employeeCostIdQuery = z.object({ costId: id() });
const monthFilter = () =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, accountErrors.invalidMonth('costMonth').message)
      .optional(),
  );
const costFilterShape = {
  deptId: optionalId(),
  employeeId: optionalId(),
  employeeName: textFilter(30),
  costMonth: monthFilter(),
  year: yearFilter(),
};
export const employeeCostListQuery = z.object({
  ...pagingShape(EMPLOYEE_COST_SORT_COLUMNS),
  ...costFilterShape,
});
export const employeeCostFilterQuery = z.object(costFilterShape);
/** 导入: every row or none; the server names a bad row as 第N行. */
export const employeeCostImportBody = z.object({
  rows: z
    .array(z.object({ employeeId: id(), ...costFields }))
    .min(1)
    .max(2000),
});
export const employeeCostImportCheckBody = z.object({
  rows: z
    .array(z.object({ employeeId: id(), costMonth: z.unknown() }).loose())
    .min(1)
    .max(2000),
});
export const rigidCostsQuery = z.object({ deptId: optionalId(), month: z.string().max(7) });

export const employeeCostRecord = z
  .object({
    costId: z.number().int(),
    employeeId: z.number().int(),
    employeeName: z.string(),
    deptId: z.number().int(),
    deptName: z.string(),
    costMonth: z.string(),
    salary: decimal(),
    socialInsurance: decimal(),
    housingFund: decimal(),
    otherCost: decimal(),
    totalCost: decimal(),
    remark: z.string(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp(),
    version: z.number().int(),
  })
  .meta({ id: 'EmployeeCostRecord' });

export const employeeCostTotal = z.object({
  costMonth: z.string(),
  deptId: z.number().int(),
  deptName: z.string(),
  headcount: z.number().int(),
  salary: decimal(),
  socialInsurance: decimal(),
  housingFund: decimal(),
  otherCost: decimal(),
  totalCost: decimal(),
});

export const employeeCostImportCheck = z.object({
  duplicates: z.array(
    z.object({
      index: z.number().int(),
      employeeId: z.number().int(),
      costMonth: z.string(),
      reason: z.enum(['batch', 'existing']),
    }),
  ),
  total: z.number().int(),
});

export const employeeCostAnswer = okEnvelope(employeeCostRecord);
export const employeeCostPage = pageEnvelope(employeeCostRecord);
export const employeeCostTotalsAnswer = okEnvelope(z.array(employeeCostTotal));
export const employeeCostImportCheckAnswer = okEnvelope(employeeCostImportCheck);
export const employeeCostImportAnswer = okEnvelope(z.object({ imported: z.number().int() }));
export const rigidCostsAnswer = okEnvelope(
  z.object({ rigidCosts: decimal(), reserveFunds: decimal() }),
);
/** An answer with nothing in it (a delete). */
export const accountDoneAnswer = z.object({ code: z.literal(200), msg: z.string() });

export type ProjectAccountRecord = z.infer<typeof projectAccountRecord>;
export type AccountMonthRecord = z.infer<typeof accountMonth>;
export type ProjectAccountDetail = z.infer<typeof projectAccountDetail>;
export type ContractAccountRecord = z.infer<typeof contractAccountRecord>;
export type InvoiceRecord = z.infer<typeof invoiceRecord>;
export type InvoiceContractInfo = z.infer<typeof invoiceContractInfo>;
export type EmployeeCostRecord = z.infer<typeof employeeCostRecord>;
export type EmployeeCostTotalRecord = z.infer<typeof employeeCostTotal>;
export type ContractAccountAddInput = z.input<typeof contractAccountAddBody>;
export type ContractAccountUpdateInput = z.input<typeof contractAccountUpdateBody>;
export type InvoiceAddInput = z.input<typeof invoiceAddBody>;
export type InvoiceEditInput = z.input<typeof invoiceEditBody>;
export type EmployeeCostAddInput = z.input<typeof employeeCostAddBody>;
export type EmployeeCostUpdateInput = z.input<typeof employeeCostUpdateBody>;
export type EmployeeCostImportRow = z.input<typeof employeeCostImportBody>['rows'][number];
