import type { RecordApprovalPort } from '../approval/record-approval.port.js';
import type { IdempotencyRepository } from '../platform/auth-session.repository.port.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import type {
  AccountContract,
  AccountParty,
  ContractAccount,
  Employee,
  EmployeeCost,
  EmployeeCostAmounts,
  Invoice,
  InvoicePurpose,
  InvoiceStatus,
  InvoiceType,
  ProjectAccountSums,
} from './account.js';
import type { RecordAuthors } from '../approval/linked-record-ports.js';

// ---- project accounts ----------------------------------------------------------------------------

export interface ProjectAccountFilter {
  /** Contains, case-insensitive. */
  readonly contractName?: string;
  /** Contains, case-insensitive. */
  readonly contractNo?: string;
  readonly deptId?: number;
  /** The year the contract was signed (its creation year when it has no sign date). */
  readonly year?: number;
  readonly contractId?: number;
}
export const PROJECT_ACCOUNT_SORT_COLUMNS = [
  'contractId',
  'totalAmount',
  'signDate',
  'contractNo',
] as const;
export type ProjectAccountSortColumn = (typeof PROJECT_ACCOUNT_SORT_COLUMNS)[number];
export type ProjectAccountQuery = ListQuery<ProjectAccountFilter, ProjectAccountSortColumn>;

export interface DatedAmount {
  readonly date: string;
  readonly amount: string;
}

/** Read-only: the sums of each signed contract's records (contracts, back money, ledger, pays). */
export interface ProjectAccountRepository {
  list(q: ProjectAccountQuery, scope: DataScope): Promise<ListPage<ProjectAccountSums>>;
  get(contractId: number, scope: DataScope): Promise<ProjectAccountSums | null>;
  /** One page of the export, newest first, below the contract id `before` (keyset). */
  exportBatch(
    filter: ProjectAccountFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly ProjectAccountSums[]>;
  /** Invoiced lines (approved invoice requests, by invoice date) of the year under the filter. */
  invoicedLines(
    filter: ProjectAccountFilter,
    scope: DataScope,
    year: number,
  ): Promise<readonly DatedAmount[]>;
  /** Back money lines (by back date) of the year under the filter. */
  backMoneyLines(
    filter: ProjectAccountFilter,
    scope: DataScope,
    year: number,
  ): Promise<readonly DatedAmount[]>;
}

// ---- contract accounts ---------------------------------------------------------------------------

export interface ContractAccountFilter {
  readonly contractId?: number;
  readonly party?: AccountParty;
  /** Contains, case-insensitive: account name or bank. */
  readonly accountName?: string;
}
export type ContractAccountQuery = ListQuery<ContractAccountFilter, 'accountId'>;

export interface ContractAccountFields {
  readonly party: AccountParty;
  readonly accountName: string;
  readonly bankName: string;
  readonly accountNo: string;
  readonly taxNo: string;
  readonly remark: string;
}

export interface ContractAccountRepository {
  list(q: ContractAccountQuery, scope: DataScope): Promise<ListPage<ContractAccount>>;
  get(accountId: number, scope: DataScope, forUpdate?: boolean): Promise<ContractAccount | null>;
  insert(
    contract: AccountContract,
    fields: ContractAccountFields,
    actor: { userId: number; userName: string },
    at: Date,
  ): Promise<number>;
  /** false when the version is not the stored one. */
  update(
    accountId: number,
    version: number,
    fields: ContractAccountFields,
    at: Date,
  ): Promise<boolean>;
  remove(accountId: number, at: Date): Promise<void>;
}

// ---- invoices ------------------------------------------------------------------------------------

export interface InvoiceFilter {
  readonly contractId?: number;
  readonly contractName?: string;
  readonly status?: InvoiceStatus;
  readonly invoiceType?: InvoiceType;
  readonly dateFrom?: string;
  readonly dateTo?: string;
}
export const INVOICE_SORT_COLUMNS = ['invoiceId', 'invoiceAmount', 'invoiceDate'] as const;
export type InvoiceSortColumn = (typeof INVOICE_SORT_COLUMNS)[number];
export type InvoiceQuery = ListQuery<InvoiceFilter, InvoiceSortColumn>;

export interface InvoiceFields {
  readonly invoiceAmount: string;
  readonly invoiceType: InvoiceType;
  readonly invoicePurpose: InvoicePurpose;
  readonly invoiceTitle: string;
  readonly taxNo: string;
  readonly invoiceDate: string;
  readonly remark: string;
}

export interface InvoiceChanges extends Partial<InvoiceFields> {
  readonly status?: InvoiceStatus;
  readonly approvalId?: string | null;
  readonly approvedTime?: Date;
}

/** An invoice request's author (`authorOf`) is who made it: it never signs it, whoever sends it. */
export interface InvoiceRepository extends RecordAuthors {
  list(q: InvoiceQuery, scope: DataScope): Promise<ListPage<Invoice>>;
  get(invoiceId: number, scope: DataScope, forUpdate?: boolean): Promise<Invoice | null>;
  exportBatch(
    filter: InvoiceFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly Invoice[]>;
  insert(
    contract: AccountContract,
    fields: InvoiceFields,
    actor: { userId: number; userName: string },
    at: Date,
  ): Promise<number>;
  /** Applies the changes and bumps the version when it matches; false when it does not. */
  update(invoiceId: number, version: number, changes: InvoiceChanges, at: Date): Promise<boolean>;
  remove(invoiceId: number, at: Date): Promise<void>;
  /** Σ invoiced (approved) and Σ in approval on the contract, leaving one request out. */
  contractTotals(
    contractId: number,
    exceptInvoiceId?: number,
  ): Promise<{ invoiced: string; invoicing: string }>;
}

/** Contracts as the account rules need them. */
export interface AccountDirectory {
  /** A live contract under the scope (its department and owner), or null. */
  contract(contractId: number, scope: DataScope): Promise<AccountContract | null>;
  /** Locks the contract's row for the rest of the transaction (invoices on it serialise here). */
  lockContract(contractId: number): Promise<AccountContract | null>;
  employee(userId: number): Promise<Employee | null>;
  deptName(deptId: number): Promise<string | null>;
  /** Whether records of this department lie in the scope (an own-records scope: only the caller's). */
  deptVisible(scope: DataScope, deptId: number, ownerId: number): Promise<boolean>;
}

// ---- employee costs ------------------------------------------------------------------------------

export interface EmployeeCostFilter {
  readonly deptId?: number;
  readonly employeeId?: number;
  /** Contains: the employee's name. */
  readonly employeeName?: string;
  readonly costMonth?: string;
  /** yyyy: every month of the year. */
  readonly year?: number;
}
export const EMPLOYEE_COST_SORT_COLUMNS = ['costId', 'costMonth', 'totalCost'] as const;
export type EmployeeCostSortColumn = (typeof EMPLOYEE_COST_SORT_COLUMNS)[number];
export type EmployeeCostQuery = ListQuery<EmployeeCostFilter, EmployeeCostSortColumn>;

export interface NewEmployeeCost extends EmployeeCostAmounts {
  readonly employeeId: number;
  readonly employeeName: string;
  readonly deptId: number;
  readonly costMonth: string;
  readonly totalCost: string;
  readonly remark: string;
}

export interface EmployeeCostRepository {
  list(q: EmployeeCostQuery, scope: DataScope): Promise<ListPage<EmployeeCost>>;
  get(costId: number, scope: DataScope, forUpdate?: boolean): Promise<EmployeeCost | null>;
  exportBatch(
    filter: EmployeeCostFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly EmployeeCost[]>;
  /** Every line under the filter (the totals read a year or a month at most). */
  lines(filter: EmployeeCostFilter, scope: DataScope): Promise<readonly EmployeeCost[]>;
  /** The live record of the employee's month, if any (`exceptCostId` left out). */
  findMonth(employeeId: number, costMonth: string, exceptCostId?: number): Promise<number | null>;
  /** The `${employeeId}|${costMonth}` keys among these that are already recorded. */
  existingKeys(keys: readonly { employeeId: number; costMonth: string }[]): Promise<Set<string>>;
  insert(
    n: NewEmployeeCost,
    actor: { userId: number; userName: string },
    at: Date,
  ): Promise<number>;
  update(costId: number, version: number, n: NewEmployeeCost, at: Date): Promise<boolean>;
  remove(costId: number, at: Date): Promise<void>;
  /**
   * The rigid costs of a department's month: Σ the total cost of its live records for `month`
   * (yyyy-MM). `deptId` null: the whole institute. Unscoped: the fund plan reads it for its rule.
   */
  rigidCostsByMonth(deptId: number | null, month: string): Promise<string>;
}

export interface AccountRepositories {
  readonly projectAccounts: ProjectAccountRepository;
  readonly contractAccounts: ContractAccountRepository;
  readonly invoices: InvoiceRepository;
  readonly employeeCosts: EmployeeCostRepository;
  readonly directory: AccountDirectory;
  /** Sends an invoice request (23_1) into approval through the engine, in the same transaction. */
  readonly approvals: RecordApprovalPort;
  readonly idempotency?: IdempotencyRepository;
}
