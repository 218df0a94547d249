import type { ApprovalEndedEvent } from '../approval/approval.repository.port.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import { reserveFunds } from '../fees/fee-tips.js';
import type { ListPage } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { runWrite, WriteAbort, type WriteIdempotency } from '../shared/write.js';
import {
  INVOICE_PURPOSE_LABELS,
  INVOICE_TYPE_LABELS,
  type AccountActor,
  type AccountContract,
  type AccountMonth,
  type ContractAccount,
  type EmployeeCost,
  type EmployeeCostTotal,
  type Invoice,
  type ProjectAccount,
} from './account.js';
import { accountErrors } from './account-messages.js';
import { invoiceStateCheck } from './invoice-actions.js';
import {
  checkAccountNo,
  checkCostAmounts,
  checkDate,
  checkInvoicePurpose,
  checkInvoiceRoom,
  checkInvoiceType,
  checkMonth,
  checkParty,
  checkTaxNo,
  checkText,
  employeeCostTotal,
  employeeCostTotals,
  findCostDuplicates,
  invoiceRoom,
  monthlyComparison,
  parseAccountAmount,
  projectAccountOf,
  type CostImportDuplicate,
} from './account-rules.js';
import type {
  AccountRepositories,
  ContractAccountFields,
  ContractAccountQuery,
  EmployeeCostFilter,
  EmployeeCostQuery,
  InvoiceFields,
  InvoiceFilter,
  InvoiceQuery,
  NewEmployeeCost,
  ProjectAccountFilter,
  ProjectAccountQuery,
} from './account.repository.port.js';

/** The record kind the invoice request's approvals carry. */
export const INVOICE_RECORD_KIND = 'account.invoice';
/** The invoice request (000 §3). */
export const INVOICE_TYPE_CODE = '23_1';

type R<T> = Promise<Result<T>>;
type Uow = UnitOfWork<AccountRepositories>;
interface Clock {
  now(): Date;
}
const TEXT_MAX = 500;
/** Contracts that may be invoiced and have an account: signed ones. */
export const SIGNED_STAGES: readonly string[] = ['contract', 'formal'];

const abort = (e: DomainError): never => {
  throw new WriteAbort(e);
};
const must = <T>(r: Result<T>): T => (r.ok ? r.value : abort(r.error));

/** Reads page by page (each page its own read), so an export never sits whole in memory. */
async function* pages<T>(
  read: (before: number, batch: number) => Promise<readonly T[]>,
  idOf: (row: T) => number,
  batch = 1000,
): AsyncGenerator<T> {
  let before = 2_147_483_647;
  for (;;) {
    const rows = await read(before, batch);
    yield* rows;
    const last = rows[rows.length - 1];
    if (rows.length < batch || last === undefined) return;
    before = idOf(last);
  }
}

/** A record read back, or the refusal naming it missing. */
const found = <T>(v: T | null, missing: () => DomainError): Result<T> =>
  v === null ? err(missing()) : ok(v);

/** What every account service stands on: its unit of work, its clock, and one way to write. */
abstract class AccountService {
  constructor(
    protected readonly uow: Uow,
    protected readonly clock: Clock,
  ) {}

  protected write<T>(
    fn: (r: AccountRepositories, at: Date) => R<T>,
    idem?: WriteIdempotency,
  ): R<T> {
    return runWrite(this.uow, () => this.clock.now(), fn, idem);
  }
}

// ---- project accounts ----------------------------------------------------------------------------

export interface ProjectAccountDetail {
  readonly account: ProjectAccount;
  /** The contract's months of the year asked for (its sign year by default). */
  readonly months: readonly AccountMonth[];
  readonly year: number;
}

/**
 * Project accounts (/v4/pro-account): a read model of each signed contract's money in and out,
 * summed from the contract, its back money, allotments, loans, sub-contract pays and invoices.
 */
export class ProjectAccountService extends AccountService {
  async list(q: ProjectAccountQuery, actor: AccountActor): Promise<ListPage<ProjectAccount>> {
    const p = await this.uow.transaction((r) => r.projectAccounts.list(q, actor.scope));
    return { total: p.total, rows: p.rows.map(projectAccountOf) };
  }

  detail(contractId: number, actor: AccountActor, year?: number): R<ProjectAccountDetail> {
    return this.uow.transaction(async (r) => {
      const sums = await r.projectAccounts.get(contractId, actor.scope);
      if (sums === null) return err(accountErrors.contractNotFound());
      const y =
        year ??
        (sums.signDate === null
          ? this.clock.now().getFullYear()
          : Number(sums.signDate.slice(0, 4)));
      const filter = { contractId };
      const months = monthlyComparison(
        y,
        await r.projectAccounts.invoicedLines(filter, actor.scope, y),
        await r.projectAccounts.backMoneyLines(filter, actor.scope, y),
      );
      return ok({ account: projectAccountOf(sums), months, year: y });
    });
  }

  /** Invoiced against received by month over the contracts the filter and scope leave. */
  monthly(
    filter: ProjectAccountFilter,
    year: number,
    actor: AccountActor,
  ): Promise<AccountMonth[]> {
    return this.uow.transaction(async (r) =>
      monthlyComparison(
        year,
        await r.projectAccounts.invoicedLines(filter, actor.scope, year),
        await r.projectAccounts.backMoneyLines(filter, actor.scope, year),
      ),
    );
  }

  async *exportRows(
    filter: ProjectAccountFilter,
    actor: AccountActor,
  ): AsyncGenerator<ProjectAccount> {
    for await (const s of pages(
      (before, batch) =>
        this.uow.transaction((r) =>
          r.projectAccounts.exportBatch(filter, actor.scope, before, batch),
        ),
      (row) => row.contractId,
    ))
      yield projectAccountOf(s);
  }
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

export function checkContractAccount(input: ContractAccountInput): Result<ContractAccountFields> {
  const party = checkParty(input.party ?? '1');
  if (!party.ok) return party;
  const accountName = checkText(input.accountName, 'accountName', 100, true);
  if (!accountName.ok) return accountName;
  const bankName = checkText(input.bankName, 'bankName', 100, true);
  if (!bankName.ok) return bankName;
  const accountNo = checkAccountNo(input.accountNo);
  if (!accountNo.ok) return accountNo;
  const taxNo = checkTaxNo(input.taxNo);
  if (!taxNo.ok) return taxNo;
  const remark = checkText(input.remark, 'remark', TEXT_MAX);
  if (!remark.ok) return remark;
  return ok({
    party: party.value,
    accountName: accountName.value,
    bankName: bankName.value,
    accountNo: accountNo.value,
    taxNo: taxNo.value,
    remark: remark.value,
  });
}

/** Contract accounts (/contract/account): the bank accounts of a contract's parties. */
export class ContractAccountService extends AccountService {
  list(q: ContractAccountQuery, actor: AccountActor): Promise<ListPage<ContractAccount>> {
    return this.uow.transaction((r) => r.contractAccounts.list(q, actor.scope));
  }

  detail(accountId: number, actor: AccountActor): R<ContractAccount> {
    return this.uow.transaction(async (r) => {
      const a = await r.contractAccounts.get(accountId, actor.scope);
      return found(a, accountErrors.accountNotFound);
    });
  }

  add(
    input: ContractAccountInput,
    actor: AccountActor,
    idem?: WriteIdempotency,
  ): R<ContractAccount> {
    const fields = checkContractAccount(input);
    if (!fields.ok) return Promise.resolve(fields);
    return this.write(async (r, at) => {
      const contract = await r.directory.contract(input.contractId ?? 0, actor.scope);
      if (contract === null) return err(accountErrors.contractNotFound());
      const id = await r.contractAccounts.insert(contract, fields.value, actor, at);
      const a = await r.contractAccounts.get(id, actor.scope);
      return found(a, accountErrors.accountNotFound);
    }, idem);
  }

  update(
    accountId: number,
    input: ContractAccountInput & { version?: number },
    actor: AccountActor,
  ): R<ContractAccount> {
    return this.write(async (r, at) => {
      const a = await r.contractAccounts.get(accountId, actor.scope, true);
      if (a === null) return err(accountErrors.accountNotFound());
      if (input.version !== undefined && input.version !== a.version)
        return err(accountErrors.stale());
      const fields = checkContractAccount({
        party: input.party ?? a.party,
        accountName: input.accountName ?? a.accountName,
        bankName: input.bankName ?? a.bankName,
        accountNo: input.accountNo ?? a.accountNo,
        taxNo: input.taxNo ?? a.taxNo,
        remark: input.remark ?? a.remark,
      });
      if (!fields.ok) return fields;
      if (!(await r.contractAccounts.update(accountId, a.version, fields.value, at)))
        return err(accountErrors.stale());
      const saved = await r.contractAccounts.get(accountId, actor.scope);
      return found(saved, accountErrors.accountNotFound);
    });
  }

  remove(accountId: number, actor: AccountActor): R<void> {
    return this.write(async (r, at) => {
      const a = await r.contractAccounts.get(accountId, actor.scope, true);
      if (a === null) return err(accountErrors.accountNotFound());
      await r.contractAccounts.remove(accountId, at);
      return ok(undefined);
    });
  }
}

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

/** Checks an invoice request's fields (the amount strictly positive, at most 6 decimals). */
export function checkInvoiceFields(input: InvoiceInput): Result<InvoiceFields> {
  const amount = parseAccountAmount(input.invoiceAmount, 'invoiceAmount', true);
  if (!amount.ok) return amount;
  const type = checkInvoiceType(input.invoiceType);
  if (!type.ok) return type;
  const purpose = checkInvoicePurpose(input.invoicePurpose ?? '1');
  if (!purpose.ok) return purpose;
  const title = checkText(input.invoiceTitle, 'invoiceTitle', 200, true);
  if (!title.ok) return title;
  // A special VAT invoice (增值税专用发票) needs the buyer's taxpayer number.
  const taxNo = checkTaxNo(input.taxNo, type.value === '2');
  if (!taxNo.ok) return taxNo;
  const date = checkDate(input.invoiceDate, 'invoiceDate');
  if (!date.ok) return date;
  const remark = checkText(input.remark, 'remark', TEXT_MAX);
  if (!remark.ok) return remark;
  return ok({
    invoiceAmount: amount.value,
    invoiceType: type.value,
    invoicePurpose: purpose.value,
    invoiceTitle: title.value,
    taxNo: taxNo.value,
    invoiceDate: date.value,
    remark: remark.value,
  });
}

export interface InvoiceContractInfo {
  readonly contract: AccountContract;
  readonly invoicedAmount: string;
  readonly invoicingAmount: string;
  /** What may still be invoiced. */
  readonly roomAmount: string;
}

/**
 * Invoice requests (/v4/finance): drawn on a signed contract, sent as an invoice request (23_1)
 * through the approval engine, locked while in approval and invoiced when approved. What is
 * invoiced and in approval on a contract never exceeds its amount.
 */
export class InvoiceService extends AccountService {
  list(q: InvoiceQuery, actor: AccountActor): Promise<ListPage<Invoice>> {
    return this.uow.transaction((r) => r.invoices.list(q, actor.scope));
  }

  detail(invoiceId: number, actor: AccountActor): R<Invoice> {
    return this.uow.transaction(async (r) => {
      const i = await r.invoices.get(invoiceId, actor.scope);
      return found(i, accountErrors.invoiceNotFound);
    });
  }

  /** The contract with what is invoiced, in approval and still open: the form's live figures. */
  contractInfo(contractId: number, actor: AccountActor): R<InvoiceContractInfo> {
    return this.uow.transaction(async (r) => {
      const c = await r.directory.contract(contractId, actor.scope);
      if (c === null) return err(accountErrors.contractNotFound());
      const t = await r.invoices.contractTotals(contractId);
      return ok({
        contract: c,
        invoicedAmount: t.invoiced,
        invoicingAmount: t.invoicing,
        roomAmount: invoiceRoom(c.totalAmount, t.invoiced, t.invoicing),
      });
    });
  }

  async *exportRows(filter: InvoiceFilter, actor: AccountActor): AsyncGenerator<Invoice> {
    yield* pages(
      (before, batch) =>
        this.uow.transaction((r) => r.invoices.exportBatch(filter, actor.scope, before, batch)),
      (row) => row.invoiceId,
    );
  }

  /**
   * Checks the amount against the contract's room, under the contract's lock; answers the
   * contract's totals it read.
   */
  private static async withinRoom(
    r: AccountRepositories,
    contractId: number,
    amount: string,
    exceptInvoiceId?: number,
  ): Promise<{ invoiced: string; invoicing: string }> {
    const c = await r.directory.lockContract(contractId);
    if (c === null) abort(accountErrors.contractNotFound());
    const t = await r.invoices.contractTotals(contractId, exceptInvoiceId);
    must(checkInvoiceRoom(amount, c?.totalAmount ?? '0', t.invoiced, t.invoicing));
    return t;
  }

  add(
    input: InvoiceInput,
    actor: AccountActor,
    submit = false,
    idem?: WriteIdempotency,
  ): R<Invoice> {
    const fields = checkInvoiceFields(input);
    if (!fields.ok) return Promise.resolve(fields);
    return this.write(async (r, at) => {
      const contract = await r.directory.contract(input.contractId ?? 0, actor.scope);
      if (contract === null) return err(accountErrors.contractNotFound());
      if (!SIGNED_STAGES.includes(contract.stage)) return err(accountErrors.contractNotSigned());
      await InvoiceService.withinRoom(r, contract.contractId, fields.value.invoiceAmount);
      const id = await r.invoices.insert(contract, fields.value, actor, at);
      if (submit) must(await this.send(r, id, actor, at));
      const i = await r.invoices.get(id, actor.scope);
      return found(i, accountErrors.invoiceNotFound);
    }, idem);
  }

  /** Changes a draft or turned-down request; one in approval or invoiced is refused. */
  edit(
    invoiceId: number,
    input: InvoiceInput & { version?: number },
    actor: AccountActor,
    submit = false,
  ): R<Invoice> {
    return this.write(async (r, at) => {
      const i = await r.invoices.get(invoiceId, actor.scope, true);
      if (i === null) return err(accountErrors.invoiceNotFound());
      const open = invoiceStateCheck('edit', i.status);
      if (!open.ok) return open;
      if (input.version !== undefined && input.version !== i.version)
        return err(accountErrors.stale());
      const fields = checkInvoiceFields({
        invoiceAmount: input.invoiceAmount ?? i.invoiceAmount,
        invoiceType: input.invoiceType ?? i.invoiceType,
        invoicePurpose: input.invoicePurpose ?? i.invoicePurpose,
        invoiceTitle: input.invoiceTitle ?? i.invoiceTitle,
        taxNo: input.taxNo ?? i.taxNo,
        invoiceDate: input.invoiceDate ?? i.invoiceDate,
        remark: input.remark ?? i.remark,
      });
      if (!fields.ok) return fields;
      await InvoiceService.withinRoom(r, i.contractId, fields.value.invoiceAmount, i.invoiceId);
      if (!(await r.invoices.update(invoiceId, i.version, fields.value, at)))
        return err(accountErrors.stale());
      if (submit) must(await this.send(r, invoiceId, actor, at));
      const saved = await r.invoices.get(invoiceId, actor.scope);
      return found(saved, accountErrors.invoiceNotFound);
    });
  }

  remove(invoiceId: number, actor: AccountActor): R<void> {
    return this.write(async (r, at) => {
      const i = await r.invoices.get(invoiceId, actor.scope, true);
      if (i === null) return err(accountErrors.invoiceNotFound());
      const open = invoiceStateCheck('remove', i.status);
      if (!open.ok) return open;
      await r.invoices.remove(invoiceId, at);
      return ok(undefined);
    });
  }

  /** Sends a draft or turned-down request into approval as an invoice request (23_1). */
  submit(invoiceId: number, actor: AccountActor, idem?: WriteIdempotency): R<Invoice> {
    return this.write(async (r, at) => {
      must(await this.send(r, invoiceId, actor, at));
      const i = await r.invoices.get(invoiceId, actor.scope);
      return found(i, accountErrors.invoiceNotFound);
    }, idem);
  }

  private async send(
    r: AccountRepositories,
    invoiceId: number,
    actor: AccountActor,
    at: Date,
  ): R<void> {
    const i = await r.invoices.get(invoiceId, actor.scope, true);
    if (i === null) return err(accountErrors.invoiceNotFound());
    const open = invoiceStateCheck('submit', i.status);
    if (!open.ok) return open;
    // Checked again under the contract's lock: two requests sent at once cannot share the room.
    const t = await InvoiceService.withinRoom(r, i.contractId, i.invoiceAmount, i.invoiceId);
    const sent = await r.approvals.submitInvoice({
      title: `开票申请-${i.contractName}-${i.invoiceAmount}万元`,
      content: invoiceApprovalContent(i, t.invoiced),
      recordId: String(i.invoiceId),
      drafterId: actor.userId,
      drafterDeptId: actor.deptId,
    });
    if (!sent.ok) return sent;
    const approved = sent.value.status === 1;
    const saved = await r.invoices.update(
      i.invoiceId,
      i.version,
      {
        status: approved ? 2 : 1,
        approvalId: sent.value.approvalId,
        ...(approved ? { approvedTime: at } : {}),
      },
      at,
    );
    return saved ? ok(undefined) : err(accountErrors.stale());
  }
}

/**
 * The invoice request's approval ended: approved, the request is invoiced (the room checked once
 * more against what is invoiced, under the contract's lock); rejected or withdrawn, it goes back
 * to the drafter. An approval older than the one the request waits on moves nothing.
 */
export async function moveInvoiceOnApproval(
  r: AccountRepositories,
  event: Pick<ApprovalEndedEvent, 'approvalId' | 'recordId' | 'status' | 'at'>,
): Promise<Result<void>> {
  const i = await r.invoices.get(Number(event.recordId), { kind: 'all' }, true);
  if (i === null || i.approvalId !== event.approvalId || i.status !== 1) return ok(undefined);
  if (event.status !== 1) {
    await r.invoices.update(i.invoiceId, i.version, { status: 3 }, event.at);
    return ok(undefined);
  }
  const c = await r.directory.lockContract(i.contractId);
  if (c === null) return err(accountErrors.contractNotFound());
  const t = await r.invoices.contractTotals(i.contractId, i.invoiceId);
  const room = checkInvoiceRoom(i.invoiceAmount, c.totalAmount, t.invoiced, '0');
  if (!room.ok) return room;
  await r.invoices.update(i.invoiceId, i.version, { status: 2, approvedTime: event.at }, event.at);
  return ok(undefined);
}

/** What the approvers read, in the invoice request template's fields (000 §3). */
export function invoiceApprovalContent(i: Invoice, alreadyInvoiced: string): TemplateContent {
  const e = (label: string, value: string, type: ContentEntry['type'] = 'input'): ContentEntry => ({
    label,
    value,
    type,
  });
  return {
    invoiceDate: e('开票日期', i.invoiceDate, 'timeSelect'),
    contractNo: e('合同编号', i.contractNo),
    contractName: e('合同名称', i.contractName),
    totalAmount: e('合同金额（万元）', i.totalAmount),
    payCompanyName: e('付款单位', i.invoiceTitle),
    alreadyPayAmount: e('已到账金额（万元）', alreadyInvoiced),
    invoiceType: {
      label: '发票类型',
      value: i.invoiceType,
      type: 'option',
      selectValue: INVOICE_TYPE_LABELS[i.invoiceType],
    },
    invoicePurpose: {
      label: '开票内容',
      value: i.invoicePurpose,
      type: 'option',
      selectValue: INVOICE_PURPOSE_LABELS[i.invoicePurpose],
    },
    invoiceAmount: e('开票金额（万元）', i.invoiceAmount),
    memo: e('备注', i.remark, 'textarea'),
    otherMemo: e('其他说明', i.taxNo === '' ? '' : `纳税人识别号：${i.taxNo}`, 'textarea'),
  };
}

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

export interface CostImportCheck {
  readonly duplicates: readonly CostImportDuplicate[];
  readonly total: number;
}

/**
 * Employee cost records (/v4/contract/employe, /contract/employe): one line per employee and month
 * with salary, social insurance, housing fund and other costs; totals by month and department.
 * These are the institute's rigid costs the fund plan reads (`rigidCostsByMonth`).
 */
export class EmployeeCostService extends AccountService {
  list(q: EmployeeCostQuery, actor: AccountActor): Promise<ListPage<EmployeeCost>> {
    return this.uow.transaction((r) => r.employeeCosts.list(q, actor.scope));
  }

  detail(costId: number, actor: AccountActor): R<EmployeeCost> {
    return this.uow.transaction(async (r) => {
      const c = await r.employeeCosts.get(costId, actor.scope);
      return found(c, accountErrors.costNotFound);
    });
  }

  /** Totals by month and department over the filter (a year or a month), under the scope. */
  totals(filter: EmployeeCostFilter, actor: AccountActor): Promise<EmployeeCostTotal[]> {
    return this.uow.transaction(async (r) =>
      employeeCostTotals(await r.employeeCosts.lines(filter, actor.scope)),
    );
  }

  async *exportRows(filter: EmployeeCostFilter, actor: AccountActor): AsyncGenerator<EmployeeCost> {
    yield* pages(
      (before, batch) =>
        this.uow.transaction((r) =>
          r.employeeCosts.exportBatch(filter, actor.scope, before, batch),
        ),
      (row) => row.costId,
    );
  }

  /** Checks a line and resolves its employee and department under the caller's scope. */
  private static async line(
    r: AccountRepositories,
    input: EmployeeCostInput,
    actor: AccountActor,
  ): R<NewEmployeeCost> {
    const month = checkMonth(input.costMonth);
    if (!month.ok) return month;
    const amounts = checkCostAmounts(input);
    if (!amounts.ok) return amounts;
    const remark = checkText(input.remark, 'remark', TEXT_MAX);
    if (!remark.ok) return remark;
    const employee = await r.directory.employee(input.employeeId ?? 0);
    if (employee === null) return err(accountErrors.employeeNotFound());
    const deptId = input.deptId ?? employee.deptId;
    if (deptId === null || deptId === undefined) return err(accountErrors.required('deptId'));
    if ((await r.directory.deptName(deptId)) === null) return err(accountErrors.deptNotFound());
    if (!(await r.directory.deptVisible(actor.scope, deptId, employee.userId)))
      return err(accountErrors.outOfScope('deptId'));
    return ok({
      employeeId: employee.userId,
      employeeName: employee.userName,
      deptId,
      costMonth: month.value,
      ...amounts.value,
      totalCost: employeeCostTotal(amounts.value),
      remark: remark.value,
    });
  }

  add(input: EmployeeCostInput, actor: AccountActor, idem?: WriteIdempotency): R<EmployeeCost> {
    return this.write(async (r, at) => {
      const line = await EmployeeCostService.line(r, input, actor);
      if (!line.ok) return line;
      if ((await r.employeeCosts.findMonth(line.value.employeeId, line.value.costMonth)) !== null)
        return err(accountErrors.duplicateMonth(line.value.costMonth));
      const id = await r.employeeCosts.insert(line.value, actor, at);
      const c = await r.employeeCosts.get(id, actor.scope);
      return found(c, accountErrors.costNotFound);
    }, idem);
  }

  update(
    costId: number,
    input: EmployeeCostInput & { version?: number },
    actor: AccountActor,
  ): R<EmployeeCost> {
    return this.write(async (r, at) => {
      const c = await r.employeeCosts.get(costId, actor.scope, true);
      if (c === null) return err(accountErrors.costNotFound());
      if (input.version !== undefined && input.version !== c.version)
        return err(accountErrors.stale());
      const line = await EmployeeCostService.line(
        r,
        {
          employeeId: input.employeeId ?? c.employeeId,
          deptId: input.deptId ?? c.deptId,
          costMonth: input.costMonth ?? c.costMonth,
          salary: input.salary ?? c.salary,
          socialInsurance: input.socialInsurance ?? c.socialInsurance,
          housingFund: input.housingFund ?? c.housingFund,
          otherCost: input.otherCost ?? c.otherCost,
          remark: input.remark ?? c.remark,
        },
        actor,
      );
      if (!line.ok) return line;
      if (
        (await r.employeeCosts.findMonth(line.value.employeeId, line.value.costMonth, costId)) !==
        null
      )
        return err(accountErrors.duplicateMonth(line.value.costMonth));
      if (!(await r.employeeCosts.update(costId, c.version, line.value, at)))
        return err(accountErrors.stale());
      const saved = await r.employeeCosts.get(costId, actor.scope);
      return found(saved, accountErrors.costNotFound);
    });
  }

  remove(costId: number, actor: AccountActor): R<void> {
    return this.write(async (r, at) => {
      const c = await r.employeeCosts.get(costId, actor.scope, true);
      if (c === null) return err(accountErrors.costNotFound());
      await r.employeeCosts.remove(costId, at);
      return ok(undefined);
    });
  }

  /** The rows of an import that repeat a month of an employee, in the batch or already recorded. */
  importCheck(rows: readonly { employeeId: number; costMonth: unknown }[]): R<CostImportCheck> {
    return this.uow.transaction(async (r) => {
      const keys: { employeeId: number; costMonth: string }[] = [];
      for (const [i, row] of rows.entries()) {
        const m = checkMonth(row.costMonth, `rows[${String(i)}].costMonth`);
        if (!m.ok) return m;
        keys.push({ employeeId: row.employeeId, costMonth: m.value });
      }
      const existing = await r.employeeCosts.existingKeys(keys);
      return ok({ duplicates: findCostDuplicates(keys, existing), total: rows.length });
    });
  }

  /** Imports every row or none: any duplicate or bad row refuses the whole batch. */
  import(rows: readonly EmployeeCostInput[], actor: AccountActor): R<{ imported: number }> {
    return this.write(async (r, at) => {
      const lines: NewEmployeeCost[] = [];
      for (const [i, row] of rows.entries()) {
        const line = await EmployeeCostService.line(r, row, actor);
        if (!line.ok)
          return err({
            ...line.error,
            message: `第${String(i + 1)}行：${line.error.message}`,
            field: `rows[${String(i)}].${line.error.field ?? ''}`,
          });
        lines.push(line.value);
      }
      const existing = await r.employeeCosts.existingKeys(lines);
      const dups = findCostDuplicates(lines, existing);
      if (dups.length > 0) return err(accountErrors.duplicateRows(dups.length));
      for (const l of lines) await r.employeeCosts.insert(l, actor, at);
      return ok({ imported: lines.length });
    });
  }

  /** The rigid costs of a department's month (deptId null: the institute), and the reserve they ask. */
  rigidCosts(
    deptId: number | null,
    month: string,
  ): R<{ rigidCosts: string; reserveFunds: string }> {
    const m = checkMonth(month, 'month');
    if (!m.ok) return Promise.resolve(m);
    return this.uow.transaction(async (r) => {
      const cost = await rigidCostsByMonth(r, deptId, m.value);
      return ok({ rigidCosts: cost, reserveFunds: reserveFunds(cost) });
    });
  }
}

/**
 * The rigid costs of a department's month: Σ the total cost of its employee cost records
 * (deptId null: every department). For the fund plan's tips rule (reserve funds = two months of
 * rigid costs, `reserveFunds`). Reads inside the caller's transaction.
 */
export function rigidCostsByMonth(
  r: Pick<AccountRepositories, 'employeeCosts'>,
  deptId: number | null,
  month: string,
): Promise<string> {
  return r.employeeCosts.rigidCostsByMonth(deptId, month);
}
