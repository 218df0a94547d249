import type { ApprovalEndedEvent } from '../approval/approval.repository.port.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import type { ListPage } from '../platform/list-query.js';
import { err, ok, type Result } from '../shared/result.js';
import type { WriteIdempotency } from '../shared/write.js';
import {
  INVOICE_PURPOSE_LABELS,
  INVOICE_TYPE_LABELS,
  type AccountActor,
  type AccountContract,
  type Invoice,
} from './account.js';
import { accountErrors } from './account-messages.js';
import { checkInvoiceFields, type InvoiceInput } from './account-input.js';
import { checkInvoiceRoom, invoiceRoom } from './account-rules.js';
import type {
  AccountRepositories,
  InvoiceFilter,
  InvoiceQuery,
} from './account.repository.port.js';
import {
  AccountService,
  abort,
  found,
  must,
  pages,
  SIGNED_STAGES,
  type R,
} from './account-service.js';
import { invoiceStateCheck } from './invoice-actions.js';

/** The record kind the invoice request's approvals carry. */
export const INVOICE_RECORD_KIND = 'account.invoice';
/** The invoice request (000 §3). */
export const INVOICE_TYPE_CODE = '23_1';

// ---- invoices ------------------------------------------------------------------------------------

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
    const sent = await r.approvals.submit({
      kind: 'Invoice',
      typeCode: INVOICE_TYPE_CODE,
      recordKind: INVOICE_RECORD_KIND,
      title: `开票申请-${i.contractName}-${i.invoiceAmount}万元`,
      content: invoiceApprovalContent(i, t.invoiced),
      recordId: String(i.invoiceId),
      drafterId: actor.userId,
      drafterDeptId: actor.deptId,
      idempotencyScope: 'account.submitInvoice',
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
