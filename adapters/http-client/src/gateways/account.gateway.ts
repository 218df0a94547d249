import {
  accountMonthsAnswer,
  contractAccountAnswer,
  contractAccountPage,
  employeeCostAnswer,
  employeeCostImportAnswer,
  employeeCostImportCheckAnswer,
  employeeCostPage,
  employeeCostTotalsAnswer,
  invoiceAnswer,
  invoiceContractInfoAnswer,
  invoicePage,
  projectAccountDetailAnswer,
  projectAccountPage,
  type AccountMonthRecord as WireAccountMonthRecord,
  type ContractAccountAddInput,
  type ContractAccountRecord as WireContractAccountRecord,
  type ContractAccountUpdateInput,
  type EmployeeCostAddInput,
  type EmployeeCostImportRow,
  type EmployeeCostRecord as WireEmployeeCostRecord,
  type EmployeeCostTotalRecord as WireEmployeeCostTotalRecord,
  type EmployeeCostUpdateInput,
  type InvoiceAddInput,
  type InvoiceContractInfo as WireInvoiceContractInfo,
  type InvoiceEditInput,
  type InvoiceRecord as WireInvoiceRecord,
  type ProjectAccountDetail as WireProjectAccountDetail,
  type ProjectAccountRecord as WireProjectAccountRecord,
} from '@dpms/wire';
import type { z } from 'zod';
import type { HttpClient, WriteOptions } from '../client.js';
import { cleanQuery, ParsedCalls } from './parsed-calls.js';
import type { Page, PageQuery } from './page.js';

/*
 * The account slice's wire types are the @dpms/wire schemas' (`z.infer` of what the API answers
 * through, `z.input` of what it validates), and every answer is parsed with its schema: a
 * malformed one is HTTP.MALFORMED_ANSWER naming the call and the field.
 */
export type ProjectAccountRecord = WireProjectAccountRecord;
export type AccountMonthRecord = WireAccountMonthRecord;
export type ProjectAccountDetail = WireProjectAccountDetail;
export type ContractAccountRecord = WireContractAccountRecord;
export type InvoiceRecord = WireInvoiceRecord;
export type InvoiceContractInfo = WireInvoiceContractInfo;
export type EmployeeCostRecord = WireEmployeeCostRecord;
export type EmployeeCostTotalRecord = WireEmployeeCostTotalRecord;
export type ImportCheckAnswer = z.infer<typeof employeeCostImportCheckAnswer>['data'];

/** The query string of an export: a list's filters without paging. */
export function accountExportQuery(q: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(cleanQuery(q)))
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
 * (/v4/finance) and employee costs (/v4/contract/employe, /contract/employe). A write takes its
 * dialog's Idempotency-Key (`options.idempotencyKey`), kept across that action's retries.
 */
export class AccountGateway {
  private readonly calls: ParsedCalls;

  constructor(http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }

  private async page<T>(
    schema: z.ZodType<{ rows: T[]; total: number }>,
    url: string,
    q: PageQuery,
  ): Promise<Page<T>> {
    const a = await this.calls.page(schema, url, q);
    return { rows: a.rows, total: a.total };
  }

  // ---- project accounts ----
  projectAccounts = (q: PageQuery) => this.page(projectAccountPage, '/v4/pro-account/list', q);
  projectAccount = (contractId: number, year?: number) =>
    this.calls.get(projectAccountDetailAnswer, '/v4/pro-account/detail', { contractId, year });
  monthly = (q: Record<string, unknown>) =>
    this.calls.get(accountMonthsAnswer, '/v4/pro-account/monthly', q);

  // ---- contract accounts ----
  contractAccounts = (q: PageQuery) => this.page(contractAccountPage, '/contract/account/list', q);
  contractAccount = (accountId: number) =>
    this.calls.get(contractAccountAnswer, '/contract/account/detail', { accountId });
  addContractAccount = (body: ContractAccountAddInput, options?: WriteOptions) =>
    this.calls.post(contractAccountAnswer, '/contract/account/add', body, options);
  updateContractAccount = (body: ContractAccountUpdateInput, options?: WriteOptions) =>
    this.calls.post(contractAccountAnswer, '/contract/account/update', body, options);
  removeContractAccount = async (accountId: number, options?: WriteOptions): Promise<void> => {
    await this.calls.act('/contract/account/delete', { accountId }, options);
  };

  // ---- invoices ----
  invoices = (q: PageQuery) => this.page(invoicePage, '/v4/finance/list', q);
  invoice = (invoiceId: number) =>
    this.calls.get(invoiceAnswer, '/v4/finance/detail', { invoiceId });
  invoiceContractInfo = (contractId: number) =>
    this.calls.get(invoiceContractInfoAnswer, '/v4/finance/contractInfo', { contractId });
  addInvoice = (body: InvoiceAddInput, options?: WriteOptions) =>
    this.calls.post(invoiceAnswer, '/v4/finance/add', body, options);
  editInvoice = (body: InvoiceEditInput, options?: WriteOptions) =>
    this.calls.post(invoiceAnswer, '/v4/finance/edit', body, options);
  removeInvoice = async (invoiceId: number, options?: WriteOptions): Promise<void> => {
    await this.calls.act('/v4/finance/delete', { invoiceId }, options);
  };
  submitInvoice = (invoiceId: number, options?: WriteOptions) =>
    this.calls.post(invoiceAnswer, '/v4/finance/updateToApproval', { invoiceId }, options);

  // ---- employee costs ----
  employeeCosts = (q: PageQuery) => this.page(employeeCostPage, '/v4/contract/employe/list', q);
  employeeCost = (costId: number) =>
    this.calls.get(employeeCostAnswer, '/v4/contract/employe/detail', { costId });
  employeeCostTotals = (q: Record<string, unknown>) =>
    this.calls.get(employeeCostTotalsAnswer, '/v4/contract/employe/totals', q);
  addEmployeeCost = (body: EmployeeCostAddInput, options?: WriteOptions) =>
    this.calls.post(employeeCostAnswer, '/v4/contract/employe/add', body, options);
  updateEmployeeCost = (body: EmployeeCostUpdateInput, options?: WriteOptions) =>
    this.calls.post(employeeCostAnswer, '/v4/contract/employe/update', body, options);
  removeEmployeeCost = async (costId: number, options?: WriteOptions): Promise<void> => {
    await this.calls.act('/v4/contract/employe/delete', { costId }, options);
  };
  importCheck = (rows: { employeeId: number; costMonth: unknown }[]) =>
    this.calls.post(employeeCostImportCheckAnswer, '/contract/employe/importCheck', { rows });
  importCosts = (rows: EmployeeCostImportRow[], options?: WriteOptions) =>
    this.calls.post(employeeCostImportAnswer, '/contract/employe/import', { rows }, options);
}
