import { formText } from '../approval/centre-form-content.js';
import { onForm, type CentreFormHandler } from '../approval/centre-forms.use-case.js';
import type { TemplateContent } from '../approval/template.js';
import { err, ok } from '../shared/result.js';
import { taskErrors } from './task-messages.js';
import type { ResultSealTypeCode, SealInput, TaskActor } from './task-inputs.js';
import type { TaskService } from './task.use-case.js';

/** The technical seal's types 发起审批 sends through the seal screen's use case. */
const CENTRE_SEAL_TYPE_CODES: readonly string[] = ['25_1', '25_2'];

/** A form field's list value (options), or its comma-joined text as older forms stored it. */
function formList(content: TemplateContent, refname: string): readonly string[] | undefined {
  const v = content[refname]?.value;
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v.split(',').filter((s) => s !== '');
  return v.filter((x): x is string => typeof x === 'string');
}

/** The files a form field holds, by the ids the server issued. */
function formFileIds(content: TemplateContent, refname: string): readonly string[] {
  const v = content[refname]?.value;
  if (v === undefined || typeof v === 'string') return [];
  return v.flatMap((x) =>
    typeof x === 'object' && x !== null && typeof (x as { fileId?: unknown }).fileId === 'string'
      ? [(x as { fileId: string }).fileId]
      : [],
  );
}

const blankAsAbsent = (v: string | undefined): string | undefined =>
  v === undefined || v.trim() === '' ? undefined : v;

/**
 * A 25_x form as the seal screen's request: the task is the picker (`recordId`), the results it
 * stamps are the form's `recordFields.resultIds` (the result picker), the drawing and seal fields
 * keep their refnames.
 */
export function sealInputOfForm(
  taskId: number,
  content: TemplateContent,
  recordFields: Readonly<Record<string, unknown>> | undefined,
): SealInput {
  const ids = recordFields?.['resultIds'];
  const drawNum = blankAsAbsent(formText(content, 'drawNum'));
  return {
    taskId,
    resultIds: Array.isArray(ids) ? ids.map(Number) : [],
    drawContent: formText(content, 'drawContent'),
    drawNum: drawNum === undefined ? undefined : Number(drawNum),
    sealGoalContent: formText(content, 'sealGoalContent'),
    sealCategory: blankAsAbsent(formText(content, 'sealCategory')),
    unGuidangShowImg: blankAsAbsent(formText(content, 'unGuidangShowImg')),
    guidangShowImg: blankAsAbsent(formText(content, 'guidangShowImg')),
    sealType: formList(content, 'sealType'),
    sealTime: blankAsAbsent(formText(content, 'sealTime')),
    imgFileIds: formFileIds(content, 'imgFiles'),
  };
}

/**
 * 发起审批's technical seal (25_1, 25_2): picks the task and its results by name and goes through
 * the seal screen's own use case (`TaskService.requestSeal`: a confirmed task, confirmed results
 * of it, the seal fields' rules), so both paths give the same result seal on the same results,
 * and the 25_1 company-seal rule (公章 adds 总经理) reads the same content.
 */
export function resultSealCentreForm<A>(
  tasks: TaskService,
  actorOf: (actor: A) => TaskActor,
): CentreFormHandler<A> {
  return async (request, actor) => {
    if (!CENTRE_SEAL_TYPE_CODES.includes(request.typeCode))
      return err(taskErrors.invalidValue('typeCode'));
    const input = sealInputOfForm(Number(request.recordId), request.content, request.recordFields);
    // A request from the centre names what it stamps: a seal on nothing is not sent.
    if ((input.resultIds ?? []).length === 0) return err(taskErrors.required('resultIds'));
    const made = await tasks.requestSeal(
      input,
      request.typeCode as ResultSealTypeCode,
      actorOf(actor),
    );
    if (!made.ok) return err(onForm(made.error, { taskId: 'recordId', imgFileIds: 'imgFiles' }));
    const approvalId = made.value.approvalId;
    return approvalId === null ? err(taskErrors.sealNotFound()) : ok({ approvalId });
  };
}
