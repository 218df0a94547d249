import { engineMessages } from '../approval/approval-engine.types.js';
import { formText } from '../approval/centre-form-content.js';
import { onForm, type CentreFormHandler } from '../approval/centre-forms.use-case.js';
import type { TemplateContent } from '../approval/template.js';
import { err, ok } from '../shared/result.js';
import {
  CLOSING_FEE_KEYS,
  CLOSING_TYPE_CODES,
  type ClosingFeeKey,
  type ClosingActor,
  type ClosingInput,
  type ClosingKind,
} from './closing.js';
import { closingErrors } from './closing-messages.js';
import type { ClosingService } from './closing.use-case.js';

/**
 * The 11_x form's refnames: the contract is the picker (`recordId`); 结算结案's own fields
 * (closedCaseAmount, backAmount, settleAmount, the fees, remark) keep their names, so a refusal
 * (the back-money ceiling on closedCaseAmount) lands where the screen shows it.
 */
export const CLOSING_FORM_FIELDS: Readonly<Record<string, string>> = {
  contractId: 'recordId',
};

/** The kind a closing code draws up: 11_1 a settlement, 11_2 a closed case. */
export function closingKindOfCode(typeCode: string): ClosingKind | undefined {
  const found = (Object.entries(CLOSING_TYPE_CODES) as [ClosingKind, string][]).find(
    ([, code]) => code === typeCode,
  );
  return found?.[0];
}

/**
 * The closing an 11_x form from 发起审批 draws up on the picked contract: the record fields it
 * sends (checked on the wire with 结算结案's own schema), else the form's fields of the same names.
 */
export function closingInputOfForm(
  contractId: number,
  content: TemplateContent,
  recordFields: Readonly<Record<string, unknown>> | undefined,
): ClosingInput {
  const raw = (f: string): unknown => recordFields?.[f] ?? formText(content, f);
  const fees: Partial<Record<ClosingFeeKey, unknown>> = {};
  for (const k of CLOSING_FEE_KEYS) if (raw(k) !== undefined) fees[k] = raw(k);
  const remark = raw('remark');
  return {
    contractId,
    closedCaseAmount: raw('closedCaseAmount'),
    ...(raw('backAmount') === undefined ? {} : { backAmount: raw('backAmount') }),
    ...(raw('settleAmount') === undefined ? {} : { settleAmount: raw('settleAmount') }),
    fees,
    ...(typeof remark === 'string' ? { remark } : {}),
  };
}

/**
 * 发起审批's 11_1/11_2: the settlement or closed case is drawn up on the picked contract through
 * 结算结案's own use case (`ClosingService.save` with submit, as its 提交审批): a formal contract
 * in the caller's data scope, the ceiling of what came back, the fees scaled by closedCaseAmount ÷
 * backAmount, one live record per contract and kind (a draft there is redrawn, as on the screen).
 * The record and its approval are the screen's by construction; a refusal stores nothing.
 */
export function closingCentreForm<A>(
  closings: ClosingService,
  actorOf: (actor: A) => ClosingActor,
): CentreFormHandler<A> {
  return async (request, actor, idem) => {
    const kind = closingKindOfCode(request.typeCode);
    const contractId = Number(request.recordId);
    if (kind === undefined || !Number.isSafeInteger(contractId) || contractId <= 0)
      return err({ ...closingErrors.contractNotFound(), field: 'recordId' });
    const a = actorOf(actor);
    const made = await closings.save(
      kind,
      closingInputOfForm(contractId, request.content, request.recordFields),
      a,
      true,
      { ...idem, userId: a.userId },
    );
    if (!made.ok) return err(onForm(made.error, CLOSING_FORM_FIELDS));
    const approvalId = made.value.approvalId;
    return approvalId === null ? err(engineMessages.notFound()) : ok({ approvalId });
  };
}
