import { engineMessages } from '../approval/approval-engine.types.js';
import { formText } from '../approval/centre-form-content.js';
import { onForm, type CentreFormHandler } from '../approval/centre-forms.use-case.js';
import type { TemplateContent } from '../approval/template.js';
import { domainError, err, ok } from '../shared/result.js';
import type { FundPayInput } from './fund-pay-fields.js';
import { FUND_PAY_ERROR_CODES as C, FUND_PAY_MESSAGES as M } from './fund-pay-messages.js';
import { IN_PLAN_PAY_TYPE, type FundPayActor } from './fund-pay.js';
import type { FundPayService } from './fund-pay.use-case.js';

/**
 * The 16_x/20_1 form's refnames: the pay item (16_x) or the payment plan line (20_1) is the
 * picker (`recordId`); 资金支付's 新增付款 fields keep their names.
 */
export const FUND_PAY_FORM_FIELDS: Readonly<Record<string, string>> = {
  childPayId: 'recordId',
  paymentPlanId: 'recordId',
};

const PAY_FIELDS = [
  'planMonth',
  'subjectName',
  'reason',
  'payTime',
  'payCompanyName',
  'payAmount',
  'taxRate',
  'remark',
] as const;

/**
 * The payment a 16_x/20_1 form from 发起审批 enters on the picked pay item or plan line, with the
 * code chosen there (the payment's own rule refuses a code that does not fit its source): the
 * record fields it sends, else the form's fields of the same names.
 */
export function fundPayInputOfForm(
  typeCode: string,
  recordId: number,
  content: TemplateContent,
  recordFields: Readonly<Record<string, unknown>> | undefined,
): FundPayInput {
  const fields: Record<string, unknown> = {};
  for (const f of PAY_FIELDS) {
    const v = recordFields?.[f] ?? formText(content, f);
    if (v !== undefined) fields[f] = v;
  }
  return {
    ...fields,
    ...(typeCode === IN_PLAN_PAY_TYPE ? { paymentPlanId: recordId } : { childPayId: recordId }),
    typeCode,
  };
}

/**
 * 发起审批's 16_1/16_2/20_1: the payment is entered through 资金支付's own use case
 * (`FundPayService.addPay` with submit, as 新增付款's 保存并送审): only on an approved
 * sub-contract, within the pay item or the plan line, the fund plan switch, the caller's data
 * scope. The payment and its approval are the screen's by construction; a refusal stores nothing.
 */
export function fundPayCentreForm<A>(
  pays: FundPayService,
  actorOf: (actor: A) => FundPayActor,
): CentreFormHandler<A> {
  return async (request, actor, idem) => {
    const id = Number(request.recordId);
    if (!Number.isSafeInteger(id) || id <= 0)
      return err(domainError(C.oneSource, M.oneSource, 'recordId'));
    const a = actorOf(actor);
    const made = await pays.addPay(
      fundPayInputOfForm(request.typeCode, id, request.content, request.recordFields),
      a,
      true,
      { ...idem, userId: a.userId },
    );
    if (!made.ok) return err(onForm(made.error, FUND_PAY_FORM_FIELDS));
    const approvalId = made.value.approvalId;
    return approvalId === null ? err(engineMessages.notFound()) : ok({ approvalId });
  };
}
