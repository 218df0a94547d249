import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { EMPLOYEE_COST_KEYS, type EmployeeCostAmounts } from './account.js';
import { accountErrors } from './account-messages.js';
import type { ContractAccountFields, InvoiceFields } from './account.repository.port.js';
import {
  checkAccountNo,
  checkDate,
  checkInvoicePurpose,
  checkInvoiceType,
  checkMonth,
  checkParty,
  checkTaxNo,
  checkText,
  parseAccountAmount,
} from './account-rules.js';

/*
 * The account slice's forms as entered: every field's problem at once (`…Problems`, what a form
 * shows beside its fields and the wire schemas report, one message per field), and the checked
 * fields (`check…`, the use cases' authoritative check, refusing with the first problem).
 */

/** The texts' limits (characters), one copy for the form, the wire and the use cases. */
export const ACCOUNT_TEXT_LIMITS = {
  accountName: 100,
  bankName: 100,
  invoiceTitle: 200,
  remark: 500,
} as const;

const blank = (v: unknown): boolean =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Collects each field's first problem; `take` answers the value when the check passed. */
class Problems {
  readonly list: DomainError[] = [];
  take<T>(r: Result<T>): T | undefined {
    if (r.ok) return r.value;
    this.list.push(r.error);
    return undefined;
  }
  required(field: string, v: unknown): boolean {
    if (!blank(v)) return true;
    this.list.push(accountErrors.required(field));
    return false;
  }
  checked<T>(value: () => T): Checked<T> {
    const first = this.list[0];
    return { problems: this.list, result: first === undefined ? ok(value()) : err(first) };
  }
}

interface Checked<T> {
  readonly problems: readonly DomainError[];
  readonly result: Result<T>;
}

// ---- contract accounts ---------------------------------------------------------------------------

export interface ContractAccountInput {
  readonly contractId?: number;
  readonly party?: unknown;
  readonly accountName?: unknown;
  readonly bankName?: unknown;
  readonly accountNo?: unknown;
  readonly taxNo?: unknown;
  readonly remark?: unknown;
}

/** What a contract account form must fill (the rules refuse them blank). */
export const CONTRACT_ACCOUNT_REQUIRED_FIELDS = [
  'contractId',
  'party',
  'accountName',
  'bankName',
  'accountNo',
] as const;

function contractAccountCheck(input: ContractAccountInput): Checked<ContractAccountFields> {
  const p = new Problems();
  const L = ACCOUNT_TEXT_LIMITS;
  const party = p.take(checkParty(input.party ?? '1'));
  const accountName = p.take(checkText(input.accountName, 'accountName', L.accountName, true));
  const bankName = p.take(checkText(input.bankName, 'bankName', L.bankName, true));
  const accountNo = p.required('accountNo', input.accountNo)
    ? p.take(checkAccountNo(input.accountNo))
    : undefined;
  const taxNo = p.take(checkTaxNo(input.taxNo));
  const remark = p.take(checkText(input.remark, 'remark', L.remark));
  return p.checked(() => ({
    party: party ?? '1',
    accountName: accountName ?? '',
    bankName: bankName ?? '',
    accountNo: accountNo ?? '',
    taxNo: taxNo ?? '',
    remark: remark ?? '',
  }));
}

/** Every problem of a contract account as entered (the contract is the caller's to check). */
export const contractAccountProblems = (input: ContractAccountInput): readonly DomainError[] =>
  contractAccountCheck(input).problems;

export const checkContractAccount = (input: ContractAccountInput): Result<ContractAccountFields> =>
  contractAccountCheck(input).result;

// ---- invoices ------------------------------------------------------------------------------------

export interface InvoiceInput {
  readonly contractId?: number;
  readonly invoiceAmount?: unknown;
  readonly invoiceType?: unknown;
  readonly invoicePurpose?: unknown;
  readonly invoiceTitle?: unknown;
  readonly taxNo?: unknown;
  readonly invoiceDate?: unknown;
  readonly remark?: unknown;
}

/**
 * What an invoice request form must fill; a special VAT invoice (增值税专用发票, type 2) also
 * needs the buyer's taxpayer number.
 */
export function requiredInvoiceFields(invoiceType?: unknown): readonly string[] {
  return [
    'contractId',
    'invoiceAmount',
    'invoiceType',
    'invoicePurpose',
    'invoiceTitle',
    'invoiceDate',
    ...(invoiceType === '2' ? ['taxNo'] : []),
  ];
}

function invoiceCheck(input: InvoiceInput): Checked<InvoiceFields> {
  const p = new Problems();
  const L = ACCOUNT_TEXT_LIMITS;
  const amount = p.required('invoiceAmount', input.invoiceAmount)
    ? p.take(parseAccountAmount(input.invoiceAmount, 'invoiceAmount', true))
    : undefined;
  const type = p.required('invoiceType', input.invoiceType)
    ? p.take(checkInvoiceType(input.invoiceType))
    : undefined;
  const purpose = p.take(checkInvoicePurpose(input.invoicePurpose ?? '1'));
  const title = p.take(checkText(input.invoiceTitle, 'invoiceTitle', L.invoiceTitle, true));
  const taxNo = p.take(checkTaxNo(input.taxNo, input.invoiceType === '2'));
  const date = p.required('invoiceDate', input.invoiceDate)
    ? p.take(checkDate(input.invoiceDate, 'invoiceDate'))
    : undefined;
  const remark = p.take(checkText(input.remark, 'remark', L.remark));
  return p.checked(() => ({
    invoiceAmount: amount ?? '0',
    invoiceType: type ?? '1',
    invoicePurpose: purpose ?? '1',
    invoiceTitle: title ?? '',
    taxNo: taxNo ?? '',
    invoiceDate: date ?? '',
    remark: remark ?? '',
  }));
}

/** Every problem of an invoice request as entered (the room on the contract is the server's). */
export const invoiceInputProblems = (input: InvoiceInput): readonly DomainError[] =>
  invoiceCheck(input).problems;

/** Checks an invoice request's fields (the amount strictly positive, at most 6 decimals). */
export const checkInvoiceFields = (input: InvoiceInput): Result<InvoiceFields> =>
  invoiceCheck(input).result;

// ---- employee costs ------------------------------------------------------------------------------

export interface EmployeeCostInput {
  readonly employeeId?: number;
  readonly deptId?: number;
  readonly costMonth?: unknown;
  readonly salary?: unknown;
  readonly socialInsurance?: unknown;
  readonly housingFund?: unknown;
  readonly otherCost?: unknown;
  readonly remark?: unknown;
}

/** What an employee cost form must fill (the department defaults to the employee's). */
export const EMPLOYEE_COST_REQUIRED_FIELDS = ['employeeId', 'costMonth'] as const;

export interface CheckedCostLine {
  readonly costMonth: string;
  readonly amounts: EmployeeCostAmounts;
  readonly remark: string;
}

function costCheck(input: EmployeeCostInput): Checked<CheckedCostLine> {
  const p = new Problems();
  const month = p.required('costMonth', input.costMonth)
    ? p.take(checkMonth(input.costMonth))
    : undefined;
  const amounts: Record<string, string> = {};
  for (const k of EMPLOYEE_COST_KEYS) {
    const raw = input[k];
    amounts[k] = blank(raw) ? '0' : (p.take(parseAccountAmount(raw, k)) ?? '0');
  }
  const remark = p.take(checkText(input.remark, 'remark', ACCOUNT_TEXT_LIMITS.remark));
  return p.checked(() => ({
    costMonth: month ?? '',
    amounts: amounts as unknown as EmployeeCostAmounts,
    remark: remark ?? '',
  }));
}

/** Every problem of an employee cost line as entered (the employee and department are the server's). */
export const employeeCostProblems = (input: EmployeeCostInput): readonly DomainError[] =>
  costCheck(input).problems;

/** The month, the four amounts (a blank one is 0) and the remark of a line, or its first problem. */
export const checkEmployeeCostLine = (input: EmployeeCostInput): Result<CheckedCostLine> =>
  costCheck(input).result;
