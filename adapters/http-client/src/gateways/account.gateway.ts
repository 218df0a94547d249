import type { HttpClient } from '../client.js';
import { dataOf, toPage, type Page, type PageQuery } from './page.js';

/** A signed contract's money in and out (/v4/pro-account), amounts in 万元 as decimal strings. */
export interface ProjectAccountRecord {
  contractId: number;
  contractNo: string;
  contractName: string;
  projectName: string;
  deptId: number | null;
  deptName: string;
  userId: number;
  signDate: string | null;
  totalAmount: string;
  backAmount: string;
  allottedAmount: string;
  loanOutstandingAmount: string;
  paidAmount: string;
  invoicedAmount: string;
  invoicingAmount: string;
  unallottedAmount: string;
  unreceivedAmount: string;
  uninvoicedAmount: string;
  invoicedUnpaidAmount: string;
  balanceAmount: string;
}

export interface AccountMonthRecord {
  month: string;
  invoicedAmount: string;
  backAmount: string;
}

export interface ProjectAccountDetail {
  account: ProjectAccountRecord;
  months: AccountMonthRecord[];
  year: number;
}

export interface ContractAccountRecord {
  accountId: number;
  contractId: number;
  contractNo: string;
  contractName: string;
  party: '1' | '2';
  partyName: string;
  accountName: string;
  bankName: string;
  accountNo: string;
  taxNo: string;
  remark: string;
  createBy: string;
  createTime: string;
  version: number;
}

export interface InvoiceRecord {
  invoiceId: number;
  contractId: number;
  contractNo: string;
  contractName: string;
  projectName: string;
  totalAmount: string;
  invoiceAmount: string;
  invoiceType: '1' | '2';
  invoiceTypeName: string;
  invoicePurpose: '1' | '2';
  invoicePurposeName: string;
  invoiceTitle: string;
  taxNo: string;
  invoiceDate: string;
  remark: string;
  status: 0 | 1 | 2 | 3;
  statusName: string;
  approvalId: string | null;
  createBy: string;
  createTime: string | null;
  approvedTime: string | null;
  version: number;
}

export interface InvoiceContractInfo {
  contract: { contractId: number; contractName: string; contractNo: string; totalAmount: string };
  invoicedAmount: string;
  invoicingAmount: string;
  roomAmount: string;
}

export interface EmployeeCostRecord {
  costId: number;
  employeeId: number;
  employeeName: string;
  deptId: number;
  deptName: string;
  costMonth: string;
  salary: string;
  socialInsurance: string;
  housingFund: string;
  otherCost: string;
  totalCost: string;
  remark: string;
  createBy: string;
  createTime: string;
  version: number;
}

export interface EmployeeCostTotalRecord {
  costMonth: string;
  deptId: number;
  deptName: string;
  headcount: number;
  salary: string;
  socialInsurance: string;
  housingFund: string;
  otherCost: string;
  totalCost: string;
}

export type AccountBody = Record<string, unknown>;

const clean = (q: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(q).filter(([, v]) => v !== '' && v !== undefined && v !== null),
  );

/** The query string of an export: a list's filters without paging. */
export function accountExportQuery(q: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(clean(q)))
    if (k !== 'pageNum' && k !== 'pageSize') params.set(k, String(v));
  const s = params.toString();
  return s === '' ? '' : `?${s}`;
}

export const ACCOUNT_EXPORT_PATHS = {
  projectAccount: '/v4/pro-account/export',
  invoice: '/v4/finance/export',
  employeeCost: '/v4/contract/employe/export',
} as const;

/**
 * Project accounts (/v4/pro-account), contract accounts (/contract/account), invoice requests
 * (/v4/finance) and employee costs (/v4/contract/employe, /contract/employe).
 */
export class AccountGateway {
  constructor(private readonly http: HttpClient) {}

  private async data<T>(url: string, params: Record<string, unknown>): Promise<T> {
    return dataOf<T>(await this.http.get(url, { params: clean(params) }));
  }
  private async send<T>(url: string, body: unknown): Promise<T> {
    return dataOf<T>(await this.http.post(url, body));
  }
  private async page<T>(url: string, q: PageQuery): Promise<Page<T>> {
    return toPage<T>(await this.http.get(url, { params: clean(q) }));
  }

  // ---- project accounts ----
  projectAccounts = (q: PageQuery) => this.page<ProjectAccountRecord>('/v4/pro-account/list', q);
  projectAccount = (contractId: number, year?: number) =>
    this.data<ProjectAccountDetail>('/v4/pro-account/detail', { contractId, year });
  monthly = (q: Record<string, unknown>) =>
    this.data<AccountMonthRecord[]>('/v4/pro-account/monthly', q);

  // ---- contract accounts ----
  contractAccounts = (q: PageQuery) =>
    this.page<ContractAccountRecord>('/contract/account/list', q);
  contractAccount = (accountId: number) =>
    this.data<ContractAccountRecord>('/contract/account/detail', { accountId });
  addContractAccount = (body: AccountBody) =>
    this.send<ContractAccountRecord>('/contract/account/add', body);
  updateContractAccount = (body: AccountBody) =>
    this.send<ContractAccountRecord>('/contract/account/update', body);
  removeContractAccount = (accountId: number) =>
    this.send<unknown>('/contract/account/delete', { accountId });

  // ---- invoices ----
  invoices = (q: PageQuery) => this.page<InvoiceRecord>('/v4/finance/list', q);
  invoice = (invoiceId: number) => this.data<InvoiceRecord>('/v4/finance/detail', { invoiceId });
  invoiceContractInfo = (contractId: number) =>
    this.data<InvoiceContractInfo>('/v4/finance/contractInfo', { contractId });
  addInvoice = (body: AccountBody) => this.send<InvoiceRecord>('/v4/finance/add', body);
  editInvoice = (body: AccountBody) => this.send<InvoiceRecord>('/v4/finance/edit', body);
  removeInvoice = (invoiceId: number) => this.send<unknown>('/v4/finance/delete', { invoiceId });
  submitInvoice = (invoiceId: number) =>
    this.send<InvoiceRecord>('/v4/finance/updateToApproval', { invoiceId });

  // ---- employee costs ----
  employeeCosts = (q: PageQuery) => this.page<EmployeeCostRecord>('/v4/contract/employe/list', q);
  employeeCost = (costId: number) =>
    this.data<EmployeeCostRecord>('/v4/contract/employe/detail', { costId });
  employeeCostTotals = (q: Record<string, unknown>) =>
    this.data<EmployeeCostTotalRecord[]>('/v4/contract/employe/totals', q);
  addEmployeeCost = (body: AccountBody) =>
    this.send<EmployeeCostRecord>('/v4/contract/employe/add', body);
  updateEmployeeCost = (body: AccountBody) =>
    this.send<EmployeeCostRecord>('/v4/contract/employe/update', body);
  removeEmployeeCost = (costId: number) =>
    this.send<unknown>('/v4/contract/employe/delete', { costId });
  importCheck = (rows: AccountBody[]) =>
    this.send<{
      duplicates: {
        index: number;
        employeeId: number;
        costMonth: string;
        reason: 'batch' | 'existing';
      }[];
      total: number;
    }>('/contract/employe/importCheck', { rows });
  importCosts = (rows: AccountBody[]) =>
    this.send<{ imported: number }>('/contract/employe/import', { rows });
}
