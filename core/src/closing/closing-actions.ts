import { actionRule, type RecordAction } from '../session/action-actor.js';
import { err, ok, type Result } from '../shared/result.js';
import { closingErrors } from './closing-messages.js';
import { closingEditable } from './closing-rules.js';
import type { ClosingStatus } from './closing.js';

/**
 * A settlement or closing record's 修改, 送审 and 删除, decided once for the 结案 lists and their
 * routes: only a draft or a turned-down record (0 or 3) changes. Saving and sending are both
 * under `:add`, as the routes declare.
 */
export function closingStateCheck(action: RecordAction, status: ClosingStatus): Result<void> {
  if (closingEditable(status)) return ok(undefined);
  return err(action === 'remove' ? closingErrors.approvedNoDelete() : closingErrors.locked());
}

export const closingActions = actionRule(
  {
    edit: 'project:closedCase:add',
    submit: 'project:closedCase:add',
    remove: 'project:closedCase:remove',
  },
  (action: RecordAction, c: { readonly status: ClosingStatus }) =>
    closingStateCheck(action, c.status),
);
