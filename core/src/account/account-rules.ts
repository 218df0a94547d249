import { isValidApprovalDate } from '../approval/template-validation.js';
import { parseAmount, toAmountString } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { err, ok, type Result } from '../shared/result.js';
import { contractFiguresOf } from '../figures/contract-figures.js';
import {
  EMPLOYEE_COST_KEYS,
  type AccountMonth,
  type AccountParty,
  type EmployeeCost,
  type EmployeeCostAmounts,
  type EmployeeCostTotal,
  type InvoicePurpose,
  type InvoiceStatus,
  type InvoiceType,
  type ProjectAccount,
  type ProjectAccountSums,
} from './account.js';
import { accountErrors } from './account-messages.js';

const d = (v: string): MoneyDecimal => new MoneyDecimal(v);
const s = (v: MoneyDecimal): string => toAmountString(v);
const ZERO = new MoneyDecimal(0);

// ---- amounts and texts ---------------------------------------------------------------------------

/**
 * An amount as a person types it: a decimal string (万元) of at most 6 decimals, not negative.
 * A JSON number, letters, a sign or float noise is refused naming the field. `positive` also
 * refuses 0.
 */
export function parseAccountAmount(raw: unknown, field: string, positive = false): Result<string> {
  if (typeof raw !== 'string') return err(accountErrors.invalidAmount(field));
  const text = raw.trim();
  if (text === '' || text.startsWith('-') || text.startsWith('+'))
    return err(accountErrors.invalidAmount(field));
  const parsed = parseAmount(text, field);
  if (!parsed.ok) return err(accountErrors.invalidAmount(field));
  if (positive && !d(parsed.value).gt(0)) return err(accountErrors.notPositive(field));
  return ok(parsed.value);
}

/** A trimmed text of at most `max` characters; `required` refuses an empty one. */
export function checkText(
  raw: unknown,
  field: string,
  max: number,
  required = false,
): Result<string> {
  if (raw !== undefined && raw !== null && typeof raw !== 'string')
    return err(accountErrors.required(field));
  const v = (typeof raw === 'string' ? raw : '').trim();
  if (required && v === '') return err(accountErrors.required(field));
  if ([...v].length > max) return err(accountErrors.textTooLong(field, max));
  return ok(v);
}

export function checkDate(raw: unknown, field: string): Result<string> {
  const v = typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || !isValidApprovalDate(v))
    return err(accountErrors.invalidDate(field));
  return ok(v);
}

/** A month as yyyy-MM, 1900-01 to 2999-12. */
export function checkMonth(raw: unknown, field = 'costMonth'): Result<string> {
  const v = typeof raw === 'string' ? raw.trim() : '';
  const m = /^(\d{4})-(\d{2})$/.exec(v);
  if (m === null) return err(accountErrors.invalidMonth(field));
  const y = Number(m[1]);
  const mo = Number(m[2]);
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12) return err(accountErrors.invalidMonth(field));
  return ok(v);
}

// ---- bank accounts and tax numbers ---------------------------------------------------------------

/**
 * A bank account number: 8 to 30 digits; spaces and hyphens people type to group the digits are
 * removed. Answers the digits only.
 */
export function checkAccountNo(raw: unknown): Result<string> {
  if (typeof raw !== 'string') return err(accountErrors.invalidAccountNo());
  const digits = raw.replace(/[\s-]/g, '');
  if (!/^\d{8,30}$/.test(digits)) return err(accountErrors.invalidAccountNo());
  return ok(digits);
}

const CREDIT_CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character of an 18-character unified social credit code (GB 32100-2015). */
export function creditCodeCheckChar(first17: string): string | null {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CODE_CHARS.indexOf(first17.charAt(i));
    if (v < 0) return null;
    sum += v * (CREDIT_CODE_WEIGHTS[i] ?? 0);
  }
  return CREDIT_CODE_CHARS.charAt((31 - (sum % 31)) % 31);
}

/**
 * A taxpayer number: empty (not given), an 18-character unified social credit code with its check
 * character right, or an older 15- or 20-character taxpayer number (digits and capitals).
 * Lower case is accepted and answered upper case.
 */
export function checkTaxNo(raw: unknown, required = false): Result<string> {
  const v = (typeof raw === 'string' ? raw : '').replace(/\s/g, '').toUpperCase();
  if (v === '') return required ? err(accountErrors.required('taxNo')) : ok('');
  if (v.length === 18) {
    const check = creditCodeCheckChar(v.slice(0, 17));
    return check !== null && check === v.charAt(17) ? ok(v) : err(accountErrors.invalidTaxNo());
  }
  if ((v.length === 15 || v.length === 20) && /^[0-9A-Z]+$/.test(v)) return ok(v);
  return err(accountErrors.invalidTaxNo());
}

export function checkParty(raw: unknown): Result<AccountParty> {
  return raw === '1' || raw === '2' ? ok(raw) : err(accountErrors.invalidOption('party'));
}

export function checkInvoiceType(raw: unknown): Result<InvoiceType> {
  return raw === '1' || raw === '2' ? ok(raw) : err(accountErrors.invalidOption('invoiceType'));
}

export function checkInvoicePurpose(raw: unknown): Result<InvoicePurpose> {
  return raw === '1' || raw === '2' ? ok(raw) : err(accountErrors.invalidOption('invoicePurpose'));
}

// ---- project accounts ----------------------------------------------------------------------------

/** A contract's account from its sums: the read model's figures (core/src/figures). */
export function projectAccountOf(sums: ProjectAccountSums): ProjectAccount {
  return { ...sums, ...contractFiguresOf(sums.totalAmount, sums) };
}

/**
 * The twelve months of a year, invoiced against received: amounts summed per yyyy-MM from dated
 * lines (an invoice's date, a back money's date); lines outside the year are left out.
 */
export function monthlyComparison(
  year: number,
  invoices: readonly { readonly date: string; readonly amount: string }[],
  backMoney: readonly { readonly date: string; readonly amount: string }[],
): AccountMonth[] {
  const months = Array.from(
    { length: 12 },
    (_, i) => `${String(year)}-${String(i + 1).padStart(2, '0')}`,
  );
  const sum = (lines: readonly { date: string; amount: string }[]) => {
    const by = new Map<string, MoneyDecimal>();
    for (const l of lines) {
      const m = l.date.slice(0, 7);
      by.set(m, (by.get(m) ?? ZERO).plus(d(l.amount)));
    }
    return by;
  };
  const inv = sum(invoices);
  const back = sum(backMoney);
  return months.map((month) => ({
    month,
    invoicedAmount: s(inv.get(month) ?? ZERO),
    backAmount: s(back.get(month) ?? ZERO),
  }));
}

// ---- invoices ------------------------------------------------------------------------------------

/** A draft or turned-down invoice request may be edited, sent and deleted. */
export const invoiceEditable = (status: InvoiceStatus): boolean => status === 0 || status === 3;

/**
 * What may still be invoiced on a contract: its amount less what is invoiced and what is in
 * approval (the request being checked left out by the caller), floored at 0.
 */
export function invoiceRoom(totalAmount: string, invoiced: string, invoicing: string): string {
  const room = d(totalAmount).minus(d(invoiced)).minus(d(invoicing));
  return s(room.gt(0) ? room : ZERO);
}

/** Refuses an invoice amount above the room, naming invoiceAmount. */
export function checkInvoiceRoom(
  amount: string,
  totalAmount: string,
  invoiced: string,
  invoicing: string,
): Result<string> {
  const room = invoiceRoom(totalAmount, invoiced, invoicing);
  return d(amount).gt(d(room)) ? err(accountErrors.overInvoice(room)) : ok(amount);
}

// ---- employee costs ------------------------------------------------------------------------------

/** salary + social insurance + housing fund + other, exact. */
export function employeeCostTotal(amounts: Partial<EmployeeCostAmounts>): string {
  return s(
    EMPLOYEE_COST_KEYS.reduce((t, k) => {
      const v = amounts[k];
      return v === undefined || v === '' ? t : t.plus(d(v));
    }, ZERO),
  );
}

/** Checks the four cost amounts (each a decimal string ≥ 0; a missing one is 0). */
export function checkCostAmounts(
  input: Partial<Record<(typeof EMPLOYEE_COST_KEYS)[number], unknown>>,
): Result<EmployeeCostAmounts> {
  const out: Record<string, string> = {};
  for (const k of EMPLOYEE_COST_KEYS) {
    const raw = input[k];
    if (raw === undefined || raw === null || raw === '') {
      out[k] = '0';
      continue;
    }
    const a = parseAccountAmount(raw, k);
    if (!a.ok) return a;
    out[k] = a.value;
  }
  return ok(out as EmployeeCostAmounts);
}

/** Totals by month and department, months ascending then department id. */
export function employeeCostTotals(
  lines: readonly Pick<
    EmployeeCost,
    'costMonth' | 'deptId' | 'deptName' | 'salary' | 'socialInsurance' | 'housingFund' | 'otherCost'
  >[],
): EmployeeCostTotal[] {
  const groups = new Map<
    string,
    { costMonth: string; deptId: number; deptName: string; n: number; sums: MoneyDecimal[] }
  >();
  for (const l of lines) {
    const key = `${l.costMonth}|${String(l.deptId)}`;
    let g = groups.get(key);
    if (g === undefined) {
      g = {
        costMonth: l.costMonth,
        deptId: l.deptId,
        deptName: l.deptName,
        n: 0,
        sums: EMPLOYEE_COST_KEYS.map(() => ZERO),
      };
      groups.set(key, g);
    }
    g.n += 1;
    g.sums = EMPLOYEE_COST_KEYS.map((k, i) => (g?.sums[i] ?? ZERO).plus(d(l[k])));
  }
  return [...groups.values()]
    .sort((a, b) =>
      a.costMonth === b.costMonth ? a.deptId - b.deptId : a.costMonth < b.costMonth ? -1 : 1,
    )
    .map((g) => {
      const [salary, socialInsurance, housingFund, otherCost] = g.sums.map(s) as [
        string,
        string,
        string,
        string,
      ];
      return {
        costMonth: g.costMonth,
        deptId: g.deptId,
        deptName: g.deptName,
        headcount: g.n,
        salary,
        socialInsurance,
        housingFund,
        otherCost,
        totalCost: employeeCostTotal({ salary, socialInsurance, housingFund, otherCost }),
      };
    });
}

/** One row of an import, as its duplicate check reads it. */
export interface CostImportKey {
  readonly employeeId: number;
  readonly costMonth: string;
}

export interface CostImportDuplicate {
  /** The row's index in the batch, from 0. */
  readonly index: number;
  readonly employeeId: number;
  readonly costMonth: string;
  /** 'batch': repeats an earlier row of the batch; 'existing': a record is already there. */
  readonly reason: 'batch' | 'existing';
}

/**
 * The rows of an import that break "one record per employee per month": a repeat of an earlier
 * row of the same batch, or a month already recorded for the employee (`existing` holds
 * `${employeeId}|${costMonth}` keys).
 */
export function findCostDuplicates(
  rows: readonly CostImportKey[],
  existing: ReadonlySet<string>,
): CostImportDuplicate[] {
  const seen = new Set<string>();
  const out: CostImportDuplicate[] = [];
  rows.forEach((r, index) => {
    const key = costKey(r.employeeId, r.costMonth);
    if (existing.has(key))
      out.push({ index, employeeId: r.employeeId, costMonth: r.costMonth, reason: 'existing' });
    else if (seen.has(key))
      out.push({ index, employeeId: r.employeeId, costMonth: r.costMonth, reason: 'batch' });
    seen.add(key);
  });
  return out;
}

export const costKey = (employeeId: number, costMonth: string): string =>
  `${String(employeeId)}|${costMonth}`;
