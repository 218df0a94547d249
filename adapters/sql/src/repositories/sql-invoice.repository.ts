import { recordAuthor } from './record-author.js';
import { nickNameOf, scoped } from './sql-helpers.js';
import {
  personNameOf,
  FIGURE_COUNTS,
  type AccountContract,
  type DataScope,
  type Invoice,
  type InvoiceChanges,
  type InvoiceFields,
  type InvoiceFilter,
  type InvoicePurpose,
  type InvoiceQuery,
  type InvoiceRepository,
  type InvoiceStatus,
  type InvoiceType,
  type ListPage,
} from '@dpms/core';
import { sql } from 'kysely';
import { invoiceSum } from '../read-models/contract-figures.js';
import { containsPattern, countedSortedPage, listPage } from './sql-helpers.js';

import { amount, dateText, str, time, type AnyEb, type Db } from './sql-account-rows.js';

// ---- invoices ----------------------------------------------------------------------------------

const INVOICE_SORT: Readonly<Record<string, string>> = {
  invoiceId: 'i.invoice_id',
  invoiceAmount: 'i.invoice_amount',
  invoiceDate: 'i.invoice_date',
};

export class SqlInvoiceRepository implements InvoiceRepository {
  constructor(private readonly db: Db) {}

  authorOf(recordId: string) {
    return recordAuthor(this.db, 'finance_invoice', recordId);
  }

  private base(scope: DataScope) {
    return this.db
      .selectFrom('finance_invoice as i')
      .innerJoin('contract as c', 'c.contract_id', 'i.contract_id')
      .where('i.del_flag', '=', '0')
      .where((eb) => scoped(eb as unknown as AnyEb, scope, 'i.dept_id', 'i.user_id'))
      .select([
        'i.invoice_id',
        'i.contract_id',
        'i.invoice_amount',
        'i.invoice_type',
        'i.invoice_purpose',
        'i.invoice_title',
        'i.tax_no',
        sql<string>`to_char(i.invoice_date, 'YYYY-MM-DD')`.as('invoice_date'),
        'i.remark',
        'i.status',
        'i.approval_id',
        'i.approved_time',
        'i.dept_id',
        'i.user_id',
        'i.create_by',
        nickNameOf('i.create_by').as('create_by_name'),
        'i.create_time',
        'i.version',
        'c.contract_no',
        'c.contract_name',
        'c.project_name',
        'c.total_amount',
      ]);
  }

  private filtered(f: InvoiceFilter, scope: DataScope) {
    return this.base(scope)
      .$if(f.contractId !== undefined, (w) => w.where('i.contract_id', '=', f.contractId ?? 0))
      .$if(f.status !== undefined, (w) => w.where('i.status', '=', f.status ?? 0))
      .$if(f.invoiceType !== undefined, (w) => w.where('i.invoice_type', '=', f.invoiceType ?? '1'))
      .$if(f.contractName !== undefined && f.contractName !== '', (w) =>
        w.where('c.contract_name', 'ilike', containsPattern(f.contractName ?? '')),
      )
      .$if(f.dateFrom !== undefined, (w) => w.where('i.invoice_date', '>=', f.dateFrom ?? ''))
      .$if(f.dateTo !== undefined, (w) => w.where('i.invoice_date', '<=', f.dateTo ?? ''));
  }

  private static view(r: Record<string, unknown>): Invoice {
    return {
      invoiceId: Number(r.invoice_id),
      contractId: Number(r.contract_id),
      contractNo: str(r.contract_no),
      contractName: str(r.contract_name),
      projectName: str(r.project_name),
      totalAmount: amount(r.total_amount),
      invoiceAmount: amount(r.invoice_amount),
      invoiceType: str(r.invoice_type) as InvoiceType,
      invoicePurpose: str(r.invoice_purpose) as InvoicePurpose,
      invoiceTitle: str(r.invoice_title),
      taxNo: str(r.tax_no),
      invoiceDate: dateText(r.invoice_date),
      remark: str(r.remark),
      status: Number(r.status) as InvoiceStatus,
      approvalId: r.approval_id === null ? null : String(Number(r.approval_id)),
      deptId: r.dept_id === null ? null : Number(r.dept_id),
      userId: Number(r.user_id),
      createBy: str(r.create_by),
      createByName: personNameOf(str(r.create_by), str(r.create_by_name)),
      createTime: time(r.create_time),
      approvedTime: r.approved_time === null ? null : time(r.approved_time),
      version: Number(r.version),
    };
  }

  async list(q: InvoiceQuery, scope: DataScope): Promise<ListPage<Invoice>> {
    const where = this.filtered(q.filter, scope);
    const { total, rows } = await countedSortedPage(
      where,
      {
        column: INVOICE_SORT[q.sort?.column ?? 'invoiceId'] ?? 'i.invoice_id',
        idColumn: 'i.invoice_id',
        direction: q.sort?.direction ?? 'desc',
      },
      q.page,
    );
    return listPage(
      total,
      rows.map((r) => SqlInvoiceRepository.view(r)),
    );
  }

  async get(invoiceId: number, scope: DataScope, forUpdate = false): Promise<Invoice | null> {
    let q = this.base(scope).where('i.invoice_id', '=', invoiceId);
    if (forUpdate) q = q.forUpdate('i');
    const r = await q.executeTakeFirst();
    return r === undefined ? null : SqlInvoiceRepository.view(r);
  }

  async exportBatch(
    filter: InvoiceFilter,
    scope: DataScope,
    before: number,
    batch: number,
  ): Promise<readonly Invoice[]> {
    const rows = await this.filtered(filter, scope)
      .where('i.invoice_id', '<', before)
      .orderBy('i.invoice_id', 'desc')
      .limit(batch)
      .execute();
    return rows.map((r) => SqlInvoiceRepository.view(r));
  }

  async insert(
    contract: AccountContract,
    f: InvoiceFields,
    actor: { userId: number; userName: string },
    at: Date,
  ): Promise<number> {
    const r = await this.db
      .insertInto('finance_invoice')
      .values({
        contract_id: contract.contractId,
        invoice_amount: f.invoiceAmount,
        invoice_type: f.invoiceType,
        invoice_purpose: f.invoicePurpose,
        invoice_title: f.invoiceTitle,
        tax_no: f.taxNo,
        invoice_date: f.invoiceDate,
        remark: f.remark,
        dept_id: contract.deptId,
        user_id: actor.userId,
        create_by: actor.userName,
        create_time: at,
        update_time: at,
      })
      .returning('invoice_id')
      .executeTakeFirstOrThrow();
    return r.invoice_id;
  }

  async update(invoiceId: number, version: number, c: InvoiceChanges, at: Date): Promise<boolean> {
    const r = await this.db
      .updateTable('finance_invoice')
      .set({
        ...(c.invoiceAmount === undefined ? {} : { invoice_amount: c.invoiceAmount }),
        ...(c.invoiceType === undefined ? {} : { invoice_type: c.invoiceType }),
        ...(c.invoicePurpose === undefined ? {} : { invoice_purpose: c.invoicePurpose }),
        ...(c.invoiceTitle === undefined ? {} : { invoice_title: c.invoiceTitle }),
        ...(c.taxNo === undefined ? {} : { tax_no: c.taxNo }),
        ...(c.invoiceDate === undefined ? {} : { invoice_date: c.invoiceDate }),
        ...(c.remark === undefined ? {} : { remark: c.remark }),
        ...(c.status === undefined ? {} : { status: c.status }),
        ...(c.approvalId === undefined
          ? {}
          : { approval_id: c.approvalId === null ? null : Number(c.approvalId) }),
        ...(c.approvedTime === undefined ? {} : { approved_time: c.approvedTime }),
        version: version + 1,
        update_time: at,
      })
      .where('invoice_id', '=', invoiceId)
      .where('version', '=', version)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async remove(invoiceId: number, at: Date): Promise<void> {
    await this.db
      .updateTable('finance_invoice')
      .set({ del_flag: '2', update_time: at })
      .where('invoice_id', '=', invoiceId)
      .execute();
  }

  async contractTotals(
    contractId: number,
    exceptInvoiceId?: number,
  ): Promise<{ invoiced: string; invoicing: string }> {
    // The read model's 已开票 and 开票审批中 (core's FIGURE_COUNTS), one request left out when named.
    const r = await this.db
      .selectFrom('contract as c')
      .where('c.contract_id', '=', contractId)
      .select([
        invoiceSum('c.contract_id', FIGURE_COUNTS.invoicedStatus, exceptInvoiceId).as('invoiced'),
        invoiceSum('c.contract_id', FIGURE_COUNTS.invoicingStatus, exceptInvoiceId).as('invoicing'),
      ])
      .executeTakeFirst();
    if (r === undefined) return { invoiced: '0', invoicing: '0' };
    return { invoiced: amount(r.invoiced), invoicing: amount(r.invoicing) };
  }
}
