import { engineMessages } from '../approval/approval-engine.types.js';
import { formText } from '../approval/centre-form-content.js';
import { onForm, type CentreFormHandler } from '../approval/centre-forms.use-case.js';
import type { TemplateContent } from '../approval/template.js';
import { domainError, err, ok } from '../shared/result.js';
import { FUND_ERROR_CODES as C, FUND_MESSAGES as M } from './fund-messages.js';
import type { FundActor } from './fund.repository.port.js';
import type { LoanInput } from './fund-service-base.js';
import type { FundService } from './fund.use-case.js';

/**
 * The 10_1 form's refnames: the team that borrows is the picker (`recordId`); the loan form's own
 * fields (借款管理's 申请借款: loanAmount, refundDate, reason, and a task or contract it is for)
 * keep their names, so a refusal lands on the field the screen shows it on.
 */
export const LOAN_FORM_FIELDS: Readonly<Record<string, string>> = {
  loanDeptId: 'recordId',
};

/** The loan form's fields 发起审批 may send (as `recordFields`, or as form fields of these names). */
export const LOAN_CENTRE_FIELDS = ['loanAmount', 'refundDate', 'reason', 'taskId', 'contractId'];

const idOf = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/**
 * The loan a 10_1 form from 发起审批 applies for on the picked team: the record fields it sends
 * (checked on the wire with the loan form's own schema), else the form's fields of the same names.
 */
export function loanInputOfForm(
  deptId: number,
  content: TemplateContent,
  recordFields: Readonly<Record<string, unknown>> | undefined,
): LoanInput {
  const raw = (f: string): unknown => recordFields?.[f] ?? formText(content, f);
  const text = (f: string): string | undefined => {
    const v = raw(f);
    return typeof v === 'string' ? v : undefined;
  };
  const taskId = idOf(raw('taskId'));
  const contractId = idOf(raw('contractId'));
  const amount = raw('loanAmount');
  const refundDate = text('refundDate');
  const reason = text('reason');
  return {
    loanDeptId: deptId,
    ...(taskId === undefined ? {} : { taskId }),
    ...(contractId === undefined ? {} : { contractId }),
    ...(amount === undefined ? {} : { loanAmount: amount }),
    ...(refundDate === undefined ? {} : { refundDate }),
    ...(reason === undefined ? {} : { reason }),
  };
}

/**
 * 发起审批's 10_1: the loan is applied for on the picked team through 借款管理's own use case
 * (`FundService.addLoan` with submit, as 申请借款's 保存并送审): the team's limit (额度 − 未还 −
 * 在审), the caller's data scope and the loan form's rules, checked once, where they live. The
 * loan and its approval are the screen's by construction; a refusal stores nothing.
 */
export function loanCentreForm<A>(
  loans: FundService,
  actorOf: (actor: A) => FundActor,
): CentreFormHandler<A> {
  return async (request, actor, idem) => {
    const deptId = idOf(request.recordId);
    if (deptId === undefined) return err(domainError(C.deptNotFound, M.deptNotFound, 'recordId'));
    const a = actorOf(actor);
    const made = await loans.addLoan(
      loanInputOfForm(deptId, request.content, request.recordFields),
      a,
      true,
      { ...idem, userId: a.userId },
    );
    if (!made.ok) return err(onForm(made.error, LOAN_FORM_FIELDS));
    const approvalId = made.value.approvalId;
    return approvalId === null ? err(engineMessages.notFound()) : ok({ approvalId });
  };
}
