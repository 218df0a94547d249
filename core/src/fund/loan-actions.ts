import { actionRule, type RecordAction } from '../session/action-actor.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { FUND_ERROR_CODES as C, FUND_MESSAGES as M } from './fund-messages.js';

/**
 * What the 借款 list offers on a loan: 修改, 改金额 (/v4/contract/modifyReadyMoney, the amount
 * alone), 送审 and 删除.
 */
export type LoanAction = RecordAction | 'amount';

/**
 * A loan's 修改, 改金额, 送审 and 删除, decided once for the 借款 list and the loan routes: only a
 * draft or a turned-down loan (status 0 or 3) changes; an approved loan (2) has been paid out and
 * is in use, one in approval (1) is locked. 改金额 is a change like 修改 (the same button
 * permission, `contract:loan:edit`), so it is offered and refused exactly as 修改 is; the amount
 * itself is checked against the team's loan limit by the use case.
 */
export function loanStateCheck(action: LoanAction, status: number): Result<void> {
  if (action === 'remove' && status === 2) return err(domainError(C.loanInUse, M.loanInUse));
  if (status === 1 || status === 2) return err(domainError(C.loanLocked, M.loanLocked));
  return ok(undefined);
}

export const loanActions = actionRule(
  {
    edit: 'contract:loan:edit',
    amount: 'contract:loan:edit',
    submit: 'contract:loan:add',
    remove: 'contract:loan:remove',
  },
  (action: LoanAction, loan: { readonly status: number }) => loanStateCheck(action, loan.status),
);
