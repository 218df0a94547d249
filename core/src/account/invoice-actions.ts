import { actionRule, type RecordAction } from '../session/action-actor.js';
import { ok, err, type Result } from '../shared/result.js';
import { accountErrors } from './account-messages.js';
import { invoiceEditable } from './account-rules.js';
import type { InvoiceStatus } from './account.js';

/**
 * An invoice request's 修改, 送审 and 删除, decided once for the 财务台账 list and its routes: only
 * a draft or a turned-down request changes.
 */
export function invoiceStateCheck(_action: RecordAction, status: InvoiceStatus): Result<void> {
  return invoiceEditable(status) ? ok(undefined) : err(accountErrors.invoiceLocked());
}

export const invoiceActions = actionRule(
  {
    edit: 'contract:finance:edit',
    submit: 'contract:finance:add',
    remove: 'contract:finance:remove',
  },
  (action: RecordAction, invoice: { readonly status: InvoiceStatus }) =>
    invoiceStateCheck(action, invoice.status),
);

/**
 * 财务台账's 开票申请 and 导出: list actions of no record, each its permission alone, the one its
 * route declares (and refuses by) and the page offers the button by.
 */
export const invoiceListActions = actionRule<'add' | 'export', unknown>(
  { add: 'contract:finance:add', export: 'contract:finance:export' },
  () => ok(undefined),
);
