import type { CentreFormHandler } from '../approval/centre-forms.use-case.js';
import { onForm } from '../approval/centre-forms.use-case.js';
import { formText } from '../approval/centre-form-content.js';
import type { TemplateContent } from '../approval/template.js';
import { err, ok } from '../shared/result.js';
import { engineMessages } from '../approval/approval-engine.types.js';
import type { AccountActor } from './account.js';
import type { InvoiceInput } from './account-input.js';
import type { InvoiceService } from './invoice.use-case.js';

/**
 * The invoice request's fields by the 23_1 form's refnames: the contract is the form's picker
 * (`recordId`), the buyer's title is 付款单位, the remark 备注. The contract's figures on the form
 * (合同金额, 已到账金额) are read-only: the request takes them from the contract.
 */
export const INVOICE_FORM_FIELDS: Readonly<Record<string, string>> = {
  contractId: 'recordId',
  invoiceTitle: 'payCompanyName',
  remark: 'memo',
};

/** The invoice request a 23_1 form from 发起审批 asks for. */
export function invoiceInputOfForm(contractId: string, content: TemplateContent): InvoiceInput {
  const id = Number(contractId);
  const v = (refname: string) => formText(content, refname);
  return {
    ...(Number.isSafeInteger(id) && id > 0 ? { contractId: id } : {}),
    invoiceAmount: v('invoiceAmount'),
    invoiceType: v('invoiceType'),
    invoicePurpose: v('invoicePurpose'),
    invoiceTitle: v('payCompanyName'),
    taxNo: v('taxNo'),
    invoiceDate: v('invoiceDate'),
    remark: v('memo'),
  };
}

/**
 * 发起审批's 23_1: the invoice request is created on the picked contract through the invoice
 * screen's own use case (`InvoiceService.add`, the cap on what the contract still may invoice
 * included) and sent at once, so the centre and the screen give the same request and approval.
 */
export function invoiceCentreForm<A>(
  invoices: InvoiceService,
  actorOf: (actor: A) => AccountActor,
): CentreFormHandler<A> {
  return async (request, actor, idem) => {
    const a = actorOf(actor);
    const made = await invoices.add(
      invoiceInputOfForm(request.recordId, request.content),
      a,
      true,
      {
        ...idem,
        userId: a.userId,
      },
    );
    if (!made.ok) return err(onForm(made.error, INVOICE_FORM_FIELDS));
    return made.value.approvalId === null
      ? err(engineMessages.notFound())
      : ok({ approvalId: made.value.approvalId });
  };
}
