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

/**
 * Checks a task sheet: required fields, limits, date, amount. Returns the trimmed fields or the
 * first problem, naming its field. The checks against stored data (the contract, the people's
 * roles, the disciplines of the stage) are the use case's.
 */
export function validateTaskInput(input: TaskInput): Result<TaskFields, DomainError> {
  const t = (v: string | null | undefined): string => (v ?? '').trim();
  const texts = {
    taskNo: t(input.taskNo),
    taskName: t(input.taskName),
    subItemName: t(input.subItemName),
    taskResultName: t(input.taskResultName),
    remark: t(input.remark),
  };
  if (input.contractId === null || input.contractId === undefined)
    return err(taskErrors.required('contractId'));
  if (texts.taskName === '') return err(taskErrors.required('taskName'));
  for (const [field, max] of Object.entries(TASK_TEXT_LIMITS)) {
    const value = texts[field as keyof typeof texts];
    if (textLength(value) > max) return err(taskErrors.tooLong(field, max));
  }
  const stage = t(input.designStageId);
  if (stage === '') return err(taskErrors.required('designStageId'));
  const quality = t(input.qualityType) === '' ? '0' : t(input.qualityType);
  if (!(TASK_QUALITY_TYPES as readonly string[]).includes(quality))
    return err(taskErrors.invalidValue('qualityType'));
  if (input.designUserId === null || input.designUserId === undefined)
    return err(taskErrors.required('designUserId'));
  if (input.projectManagerId === null || input.projectManagerId === undefined)
    return err(taskErrors.required('projectManagerId'));
  const date = t(input.planFinishDate);
  if (date === '') return err(taskErrors.required('planFinishDate'));
  if (!isValidApprovalDate(date)) return err(taskErrors.invalidDate('planFinishDate'));
  const rawAmount = t(input.taskAmount) === '' ? '0' : t(input.taskAmount);
  const amount = parseAmount(rawAmount, 'taskAmount');
  if (!amount.ok || amount.value.startsWith('-'))
    return err(taskErrors.invalidAmount('taskAmount'));
  const majorIds = [...new Set(input.majorIds ?? [])];
  return ok({
    contractId: input.contractId,
    ...texts,
    designStageId: stage,
    qualityType: quality as TaskQualityType,
    designUserId: input.designUserId,
    projectManagerId: input.projectManagerId,
    planFinishDate: date,
    taskAmount: amount.value,
    majorIds,
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
    return err({ ...taskErrors.required('fileName'), message: '请输入文件名称' });
  if (textLength(fileName) > 200) return err(taskErrors.tooLong('fileName', 200));
  const ids = input.fileIds ?? [];
  const first = ids[0];
  if (first === undefined)
    return err({ ...taskErrors.required('fileList'), message: '请上传附件' });
  if (ids.length > 1) return err(taskErrors.invalidValue('fileList'));
  return ok({ fileName, fileId: first });
}
