import {
  accountDoneAnswer,
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
import { keyed, type HttpClient, type WriteOptions } from '../client.js';
import { answerOf } from './answer.js';
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
 * (/v4/finance) and employee costs (/v4/contract/employe, /contract/employe). A write takes its
 * dialog's Idempotency-Key (`options.idempotencyKey`), kept across that action's retries.
 */
export class AccountGateway {
  constructor(private readonly http: HttpClient) {}

  private async read<S extends z.ZodType>(
    schema: S,
    url: string,
    params: Record<string, unknown> = {},
  ): Promise<z.output<S>> {
    return answerOf(schema, await this.http.get(url, { params: clean(params) }), url);
  }
  private async send<S extends z.ZodType>(
    schema: S,
    url: string,
    body: unknown,
    options?: WriteOptions,
  ): Promise<z.output<S>> {
    return answerOf(schema, await this.http.post(url, body, keyed(options)), url);
  }
  private async page<T>(
    schema: z.ZodType<{ rows: T[]; total: number }>,
    url: string,
    q: PageQuery,
  ): Promise<Page<T>> {
    const a = await this.read(schema, url, q);
    return { rows: a.rows, total: a.total };
  }

  // ---- project accounts ----
  projectAccounts = (q: PageQuery) => this.page(projectAccountPage, '/v4/pro-account/list', q);
  projectAccount = async (contractId: number, year?: number) =>
    (await this.read(projectAccountDetailAnswer, '/v4/pro-account/detail', { contractId, year }))
      .data;
  monthly = async (q: Record<string, unknown>) =>
    (await this.read(accountMonthsAnswer, '/v4/pro-account/monthly', q)).data;

  // ---- contract accounts ----
  contractAccounts = (q: PageQuery) => this.page(contractAccountPage, '/contract/account/list', q);
  contractAccount = async (accountId: number) =>
    (await this.read(contractAccountAnswer, '/contract/account/detail', { accountId })).data;
  addContractAccount = async (body: ContractAccountAddInput, options?: WriteOptions) =>
    (await this.send(contractAccountAnswer, '/contract/account/add', body, options)).data;
  updateContractAccount = async (body: ContractAccountUpdateInput, options?: WriteOptions) =>
    (await this.send(contractAccountAnswer, '/contract/account/update', body, options)).data;
  removeContractAccount = async (accountId: number, options?: WriteOptions): Promise<void> => {
    await this.send(accountDoneAnswer, '/contract/account/delete', { accountId }, options);
  };

  // ---- invoices ----
  invoices = (q: PageQuery) => this.page(invoicePage, '/v4/finance/list', q);
  invoice = async (invoiceId: number) =>
    (await this.read(invoiceAnswer, '/v4/finance/detail', { invoiceId })).data;
  invoiceContractInfo = async (contractId: number) =>
    (await this.read(invoiceContractInfoAnswer, '/v4/finance/contractInfo', { contractId })).data;
  addInvoice = async (body: InvoiceAddInput, options?: WriteOptions) =>
    (await this.send(invoiceAnswer, '/v4/finance/add', body, options)).data;
  editInvoice = async (body: InvoiceEditInput, options?: WriteOptions) =>
    (await this.send(invoiceAnswer, '/v4/finance/edit', body, options)).data;
  removeInvoice = async (invoiceId: number, options?: WriteOptions): Promise<void> => {
    await this.send(accountDoneAnswer, '/v4/finance/delete', { invoiceId }, options);
  };
  submitInvoice = async (invoiceId: number, options?: WriteOptions) =>
    (await this.send(invoiceAnswer, '/v4/finance/updateToApproval', { invoiceId }, options)).data;

  // ---- employee costs ----
  employeeCosts = (q: PageQuery) => this.page(employeeCostPage, '/v4/contract/employe/list', q);
  employeeCost = async (costId: number) =>
    (await this.read(employeeCostAnswer, '/v4/contract/employe/detail', { costId })).data;
  employeeCostTotals = async (q: Record<string, unknown>) =>
    (await this.read(employeeCostTotalsAnswer, '/v4/contract/employe/totals', q)).data;
  addEmployeeCost = async (body: EmployeeCostAddInput, options?: WriteOptions) =>
    (await this.send(employeeCostAnswer, '/v4/contract/employe/add', body, options)).data;
  updateEmployeeCost = async (body: EmployeeCostUpdateInput, options?: WriteOptions) =>
    (await this.send(employeeCostAnswer, '/v4/contract/employe/update', body, options)).data;
  removeEmployeeCost = async (costId: number, options?: WriteOptions): Promise<void> => {
    await this.send(accountDoneAnswer, '/v4/contract/employe/delete', { costId }, options);
  };
  importCheck = async (rows: { employeeId: number; costMonth: unknown }[]) =>
    (await this.send(employeeCostImportCheckAnswer, '/contract/employe/importCheck', { rows }))
      .data;
  importCosts = async (rows: EmployeeCostImportRow[], options?: WriteOptions) =>
    (await this.send(employeeCostImportAnswer, '/contract/employe/import', { rows }, options)).data;
}
