import { engineMessages } from '../approval/approval-engine.types.js';
import { formText } from '../approval/centre-form-content.js';
import { onForm, type CentreFormHandler } from '../approval/centre-forms.use-case.js';
import type { TemplateContent } from '../approval/template.js';
import { err, ok } from '../shared/result.js';
import type { WriteIdempotency } from '../shared/write.js';
import type { ContractActor } from './contract-record.js';
import {
  LIXIANG_CHANGEABLE_FIELDS,
  type LixiangChangeRequest,
  type LixiangChangeService,
} from './lixiang-change.js';
import { lixiangErrors } from './lixiang.js';

/**
 * The 12_x form's refnames: the filing is the picker (`recordId`), the reason is `reason` (a form
 * field, or beside the proposed fields in `recordFields`), and
 * each proposed field keeps its own name (`projectName`, `totalAmount` …), as on the filing's
 * 变更 dialog.
 */
export const LIXIANG_CHANGE_FORM_FIELDS: Readonly<Record<string, string>> = {
  lxId: 'recordId',
};

/**
 * The change a 12_x form from 发起审批 proposes: the record fields it sends (the 变更 dialog's
 * schema), else the form's fields of the same names; a blank field proposes nothing.
 */
export function lixiangChangeOfForm(
  content: TemplateContent,
  recordFields: Readonly<Record<string, unknown>> | undefined,
): Omit<LixiangChangeRequest, 'typeCode'> {
  const fields: Record<string, string> = {};
  for (const f of LIXIANG_CHANGEABLE_FIELDS) {
    const sent = recordFields?.[f];
    const v = typeof sent === 'string' ? sent : formText(content, f);
    if (v !== undefined && v.trim() !== '') fields[f] = v;
  }
  return {
    fields: fields,
    reason:
      formText(content, 'reason') ??
      (typeof recordFields?.['reason'] === 'string' ? recordFields['reason'] : ''),
  };
}

/**
 * 发起审批's 12_x: the change is proposed on the picked filing through the filing screen's own use
 * case (`LixiangChangeService.request`: only a formal filing, one change at a time, the split
 * recomputed), so both paths give the same change record.
 */
export function lixiangChangeCentreForm<A>(
  changes: LixiangChangeService,
  actorOf: (actor: A) => ContractActor,
): CentreFormHandler<A> {
  return async (request, actor, idem) => {
    const a = actorOf(actor);
    const lxId = Number(request.recordId);
    if (!Number.isSafeInteger(lxId) || lxId <= 0)
      return err({ ...lixiangErrors.notFound(), field: 'recordId' });
    const w: WriteIdempotency = { ...idem, userId: a.userId };
    const made = await changes.request(
      lxId,
      { ...lixiangChangeOfForm(request.content, request.recordFields), typeCode: request.typeCode },
      a,
      w,
    );
    if (!made.ok) return err(onForm(made.error, LIXIANG_CHANGE_FORM_FIELDS));
    const approvalId = made.value.change.approvalId;
    return approvalId === null ? err(engineMessages.notFound()) : ok({ approvalId });
  };
}
