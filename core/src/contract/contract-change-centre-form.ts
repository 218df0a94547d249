import { engineMessages } from '../approval/approval-engine.types.js';
import { formText } from '../approval/centre-form-content.js';
import { onForm, type CentreFormHandler } from '../approval/centre-forms.use-case.js';
import type { TemplateContent } from '../approval/template.js';
import { err, ok } from '../shared/result.js';
import { CHANGEABLE_FIELDS } from './contract-change.js';
import type { ContractActor } from './contract-record.js';
import type { ContractInput } from './contract-validation.js';
import { contractErrors } from './contract-rules.js';
import type { ContractService } from './contract.use-case.js';
import type { WriteIdempotency } from '../shared/write.js';

/**
 * The change's fields by the 28_1 form's refnames: the contract is the picker (`recordId`), the
 * reason is 变更内容, and the fields it proposes keep the contract's field names (sent as the
 * form's `recordFields`, with the change call's own schema); a form that proposes nothing names
 * the new 合同金额 as the field to fill.
 */
export const CONTRACT_CHANGE_FORM_FIELDS: Readonly<Record<string, string>> = {
  contractId: 'recordId',
  reason: 'contractContent',
  fields: 'totalAmount',
};

/**
 * The change a 28_1 form from 发起审批 proposes: every changeable field it sends (the same fields
 * the contract change call takes), and the form's 合同金额 when those leave it out.
 */
export function changeRequestOfForm(
  content: TemplateContent,
  recordFields?: Readonly<Record<string, unknown>>,
): {
  readonly fields: Partial<ContractInput>;
  readonly reason: string;
} {
  const fields: Record<string, unknown> = {};
  for (const f of CHANGEABLE_FIELDS) {
    const v = recordFields?.[f];
    if (v !== undefined) fields[f] = v;
  }
  const amount = formText(content, 'totalAmount')?.trim() ?? '';
  if (fields['totalAmount'] === undefined && amount !== '') fields['totalAmount'] = amount;
  return {
    fields: fields,
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
      {
        ...changeRequestOfForm(request.content, request.recordFields),
        typeCode: request.typeCode,
      },
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
