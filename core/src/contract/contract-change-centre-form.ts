import { engineMessages } from '../approval/approval-engine.types.js';
import { formText } from '../approval/centre-form-content.js';
import { onForm, type CentreFormHandler } from '../approval/centre-forms.use-case.js';
import type { TemplateContent } from '../approval/template.js';
import { err, ok } from '../shared/result.js';
import type { ContractActor } from './contract-record.js';
import { contractErrors } from './contract-rules.js';
import type { ContractService } from './contract.use-case.js';
import type { WriteIdempotency } from '../shared/write.js';

/**
 * The change's fields by the 28_1 form's refnames: the contract is the picker (`recordId`), the
 * reason is 变更内容, and the one figure the form proposes is the new 合同金额. Any other field of a
 * change is proposed on the contract's own screen (合同变更), which shows every field.
 */
export const CONTRACT_CHANGE_FORM_FIELDS: Readonly<Record<string, string>> = {
  contractId: 'recordId',
  reason: 'contractContent',
  fields: 'totalAmount',
};

/** The change a 28_1 form from 发起审批 proposes. */
export function changeRequestOfForm(content: TemplateContent): {
  readonly fields: { readonly totalAmount?: string };
  readonly reason: string;
} {
  const amount = formText(content, 'totalAmount')?.trim() ?? '';
  return {
    fields: amount === '' ? {} : { totalAmount: amount },
    reason: formText(content, 'contractContent') ?? '',
  };
}

/**
 * 发起审批's 28_1: the change is proposed on the picked contract through the contract screen's own
 * use case (`ContractService.requestChange`: only a formal contract, not while another change
 * runs, the split recomputed), so it lands in the contract's change log when approved.
 */
export function contractChangeCentreForm<A>(
  contracts: ContractService,
  actorOf: (actor: A) => ContractActor,
): CentreFormHandler<A> {
  return async (request, actor, idem) => {
    const a = actorOf(actor);
    const contractId = Number(request.recordId);
    const missing = { ...contractErrors.notFound(), field: 'recordId' };
    if (!Number.isSafeInteger(contractId) || contractId <= 0) return err(missing);
    const w: WriteIdempotency = { ...idem, userId: a.userId };
    const made = await contracts.requestChange(
      contractId,
      { ...changeRequestOfForm(request.content), typeCode: request.typeCode },
      a,
      w,
    );
    if (!made.ok) {
      // A contract the drafter cannot see is one they did not pick: the picker answers for it.
      if (made.error.code === missing.code) return err(missing);
      return err(onForm(made.error, CONTRACT_CHANGE_FORM_FIELDS));
    }
    const approvalId = made.value.change.approvalId;
    return approvalId === null ? err(engineMessages.notFound()) : ok({ approvalId });
  };
}
