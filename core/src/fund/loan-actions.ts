import { actionRule, type RecordAction } from '../session/action-actor.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { FUND_ERROR_CODES as C, FUND_MESSAGES as M } from './fund-messages.js';

/**
 * A loan's 修改, 送审 and 删除, decided once for the 借款 list and the loan routes: only a draft or
 * a turned-down loan (status 0 or 3) changes; an approved loan (2) has been paid out and is in
 * use, one in approval (1) is locked.
 */
export function loanStateCheck(action: RecordAction, status: number): Result<void> {
  if (action === 'remove' && status === 2) return err(domainError(C.loanInUse, M.loanInUse));
  if (status === 1 || status === 2) return err(domainError(C.loanLocked, M.loanLocked));
  return ok(undefined);
}

export const loanActions = actionRule(
  { edit: 'contract:loan:edit', submit: 'contract:loan:add', remove: 'contract:loan:remove' },
  (action: RecordAction, loan: { readonly status: number }) => loanStateCheck(action, loan.status),
);
