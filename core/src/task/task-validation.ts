import { parseAmount } from '../money/amount.js';
import { isValidApprovalDate } from '../approval/template-validation.js';
import { err, ok, type DomainError, type Result } from '../shared/result.js';
import {
  TASK_QUALITY_TYPES,
  TASK_REMARK_MAX_LENGTH,
  type TaskFields,
  type TaskQualityType,
} from './task.js';
import { taskErrors } from './task-messages.js';
import { UPLOAD_MESSAGES } from '../upload/upload-messages.js';

/** What a client sends for a task sheet; every text is trimmed here (001 §5). */
export interface TaskInput {
  readonly contractId?: number | null | undefined;
  readonly taskNo?: string | null | undefined;
  readonly taskName?: string | null | undefined;
  readonly subItemName?: string | null | undefined;
  readonly taskResultName?: string | null | undefined;
  readonly designStageId?: string | null | undefined;
  readonly qualityType?: string | null | undefined;
  readonly designUserId?: number | null | undefined;
  readonly projectManagerId?: number | null | undefined;
  readonly planFinishDate?: string | null | undefined;
  readonly remark?: string | null | undefined;
  readonly taskAmount?: string | null | undefined;
  readonly majorIds?: readonly number[] | null | undefined;
  readonly deptId?: number | null | undefined;
}

/** Text limits of the sheet's fields; the remark's is the spec's 5200. */
export const TASK_TEXT_LIMITS = {
  taskNo: 64,
  taskName: 200,
  subItemName: 200,
  taskResultName: 200,
  remark: TASK_REMARK_MAX_LENGTH,
} as const;

/** Characters as a person counts them (code points), so an emoji is one, not two. */
export const textLength = (s: string): number => [...s].length;

/** The fields a task sheet cannot be saved without: a form marks them with `*`. */
export const REQUIRED_TASK_FIELDS = [
  'contractId',
  'taskName',
  'designStageId',
  'designUserId',
  'projectManagerId',
  'planFinishDate',
] as const;

const trimmed = (v: string | null | undefined): string => (v ?? '').trim();

/**
 * Every problem of a task sheet at once, at most one per field, in the order a person reads the
 * form: required fields, limits, date, amount. The server refuses with the first; a form shows
 * them all beside their fields. The checks against stored data (the contract, the people's roles,
 * the disciplines of the stage) are the use case's.
 */
export function taskInputProblems(input: TaskInput): readonly DomainError[] {
  const problems: DomainError[] = [];
  if (input.contractId === null || input.contractId === undefined)
    problems.push(taskErrors.required('contractId'));
  if (trimmed(input.taskName) === '') problems.push(taskErrors.required('taskName'));
  for (const [field, max] of Object.entries(TASK_TEXT_LIMITS)) {
    const value = trimmed(input[field as keyof typeof TASK_TEXT_LIMITS]);
    if (textLength(value) > max) problems.push(taskErrors.tooLong(field, max));
  }
  if (trimmed(input.designStageId) === '') problems.push(taskErrors.required('designStageId'));
  const quality = trimmed(input.qualityType);
  if (quality !== '' && !(TASK_QUALITY_TYPES as readonly string[]).includes(quality))
    problems.push(taskErrors.invalidValue('qualityType'));
  if (input.designUserId === null || input.designUserId === undefined)
    problems.push(taskErrors.required('designUserId'));
  if (input.projectManagerId === null || input.projectManagerId === undefined)
    problems.push(taskErrors.required('projectManagerId'));
  const date = trimmed(input.planFinishDate);
  if (date === '') problems.push(taskErrors.required('planFinishDate'));
  else if (!isValidApprovalDate(date)) problems.push(taskErrors.invalidDate('planFinishDate'));
  const rawAmount = trimmed(input.taskAmount);
  if (rawAmount !== '') {
    const amount = parseAmount(rawAmount, 'taskAmount');
    if (!amount.ok || amount.value.startsWith('-'))
      problems.push(taskErrors.invalidAmount('taskAmount'));
  }
  return problems;
}

/**
 * Checks a task sheet: returns the trimmed fields or the first of `taskInputProblems`, naming its
 * field.
 */
export function validateTaskInput(input: TaskInput): Result<TaskFields, DomainError> {
  const first = taskInputProblems(input)[0];
  if (first !== undefined) return err(first);
  const amount = parseAmount(trimmed(input.taskAmount) || '0', 'taskAmount');
  if (!amount.ok) return err(taskErrors.invalidAmount('taskAmount'));
  return ok({
    contractId: input.contractId as number,
    taskNo: trimmed(input.taskNo),
    taskName: trimmed(input.taskName),
    subItemName: trimmed(input.subItemName),
    taskResultName: trimmed(input.taskResultName),
    remark: trimmed(input.remark),
    designStageId: trimmed(input.designStageId),
    qualityType: (trimmed(input.qualityType) || '0') as TaskQualityType,
    designUserId: input.designUserId as number,
    projectManagerId: input.projectManagerId as number,
    planFinishDate: trimmed(input.planFinishDate),
    taskAmount: amount.value,
    majorIds: [...new Set(input.majorIds ?? [])],
    deptId: input.deptId ?? null,
  });
}

/** A result upload holds exactly one file and a name (000 §5 "result-file upload"). */
export function validateResultUpload(input: {
  readonly fileName?: string | null | undefined;
  readonly fileIds?: readonly string[] | null | undefined;
}): Result<{ fileName: string; fileId: string }, DomainError> {
  const fileName = (input.fileName ?? '').trim();
  if (fileName === '')
    return err({
      ...taskErrors.required('fileName'),
      message: UPLOAD_MESSAGES.resultFileNameRequired,
    });
  if (textLength(fileName) > 200) return err(taskErrors.tooLong('fileName', 200));
  const ids = input.fileIds ?? [];
  const first = ids[0];
  if (first === undefined)
    return err({ ...taskErrors.required('fileList'), message: UPLOAD_MESSAGES.resultFileRequired });
  if (ids.length > 1) return err(taskErrors.invalidValue('fileList'));
  return ok({ fileName, fileId: first });
}

/** What a client sends for a result seal request (the drawing field set of 13_1). */
export interface SealFieldsInput {
  readonly drawContent?: string | null | undefined;
  readonly drawNum?: number | null | undefined;
  readonly sealGoalContent?: string | null | undefined;
  readonly unGuidangShowImg?: string | null | undefined;
  readonly guidangShowImg?: string | null | undefined;
  readonly sealCategory?: string | null | undefined;
  readonly sealType?: readonly string[] | null | undefined;
  readonly sealTime?: string | null | undefined;
  /** The results the request stamps (confirmed results of its task). */
  readonly resultIds?: readonly number[] | null | undefined;
}

/** Text limits of a seal request: the drawing field set's 150. */
export const SEAL_TEXT_LIMITS = { drawContent: 150, sealGoalContent: 150 } as const;

/** The fields a seal request cannot be saved without (besides its task): marked with `*`. */
export const REQUIRED_SEAL_FIELDS = ['taskId', 'drawContent', 'sealType'] as const;

/** The seal types picked, trimmed and each once. */
export const sealTypesOf = (types: readonly string[] | null | undefined): string[] => [
  ...new Set((types ?? []).map((s) => s.trim()).filter((s) => s !== '')),
];

/**
 * Every problem of a seal request's fields at once, at most one per field: 图纸内容 and 印章类型
 * required, the texts within 150, 份数 1 to 9999 (1 when not given), a real 盖章日期, the option
 * codes one or two digits. The server refuses with the first; a form shows them all.
 */
export function sealInputProblems(input: SealFieldsInput): readonly DomainError[] {
  const problems: DomainError[] = [];
  const drawContent = trimmed(input.drawContent);
  if (drawContent === '') problems.push(taskErrors.required('drawContent'));
  else if (textLength(drawContent) > SEAL_TEXT_LIMITS.drawContent)
    problems.push(taskErrors.tooLong('drawContent', SEAL_TEXT_LIMITS.drawContent));
  const sealType = sealTypesOf(input.sealType);
  if (sealType.length === 0) problems.push(taskErrors.required('sealType'));
  else if (sealType.some((s) => !/^[1-9]$/.test(s)))
    problems.push(taskErrors.invalidValue('sealType'));
  const drawNum = input.drawNum ?? 1;
  if (!Number.isInteger(drawNum) || drawNum < 1 || drawNum > 9999)
    problems.push(taskErrors.invalidValue('drawNum'));
  if (textLength(trimmed(input.sealGoalContent)) > SEAL_TEXT_LIMITS.sealGoalContent)
    problems.push(taskErrors.tooLong('sealGoalContent', SEAL_TEXT_LIMITS.sealGoalContent));
  const sealTime = trimmed(input.sealTime);
  if (sealTime !== '' && !isValidApprovalDate(sealTime))
    problems.push(taskErrors.invalidDate('sealTime'));
  for (const field of ['sealCategory', 'unGuidangShowImg', 'guidangShowImg'] as const) {
    const s = trimmed(input[field]);
    if (s !== '' && !/^\d{1,2}$/.test(s)) problems.push(taskErrors.invalidValue(field));
  }
  // The results it stamps, when named, are named once each (the server checks they are the
  // task's confirmed results). A request naming none stamps its task, as requests always did.
  const ids = input.resultIds ?? [];
  if (new Set(ids).size !== ids.length) problems.push(taskErrors.invalidValue('resultIds'));
  return problems;
}
