import type { ApprovalStatus } from '../approval/approval-status.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import type { DataScope } from '../platform/data-scope.js';
import { err, ok, type Result } from '../shared/result.js';
import {
  type DesignTask,
  type ResultSeal,
  type TaskFinishAmountEntry,
  type TaskPay,
  type TaskResult,
  type TaskSignStep,
} from './task.js';
import { taskErrors } from './task-messages.js';
import type { SealFieldsInput } from './task-validation.js';
import { instituteDay } from '../platform/institute-clock.js';
import type { TaskFileLink, TaskRepositories, TaskViewer } from './task.repository.port.js';

/** The linked record kind of result seal approvals (the approval engine's registry key). */
export const RESULT_SEAL_RECORD_KIND = 'resultSeal';
/** Result seal requests are approval type 13_1, created through the Seal kind. */
export const RESULT_SEAL_TYPE_CODE = '13_1';
/**
 * The seal approvals a result seal request may be sent as: 13_1 (成果盖章) by default, or 25_1 /
 * 25_2 (技术章) when the drawings need the technical seal. Either way the approval names the
 * results it stamps and, approved, records the seal on them (the same linked record).
 */
export const RESULT_SEAL_TYPE_CODES = ['13_1', '25_1', '25_2'] as const;
export type ResultSealTypeCode = (typeof RESULT_SEAL_TYPE_CODES)[number];
/** The approval's title word per seal type. */
export const RESULT_SEAL_TITLES: Readonly<Record<ResultSealTypeCode, string>> = {
  '13_1': '成果盖章',
  '25_1': '技术章',
  '25_2': '技术章',
};

/** The roles of the people a task names (000 §6: design host 7, project manager 2). */
export const DESIGN_HOST_ROLE_KEY = 'sjzc';
export const PROJECT_MANAGER_ROLE_KEY = 'xmjl';

/** How many urgent tasks the notify answer carries at most. */
export const WARN_TASK_LIMIT = 50;

export interface TaskActor {
  readonly userId: number;
  readonly userName: string;
  readonly deptId: number | null;
  readonly scope: DataScope;
}

export interface TaskClock {
  now(): Date;
}

export interface TaskDetail {
  readonly task: DesignTask;
  readonly signFlow: readonly TaskSignStep[];
  readonly files: readonly TaskFileLink[];
  readonly results: readonly TaskResult[];
  readonly terms: readonly string[];
  readonly qualityDeposit: string;
}

export interface TaskValueRow {
  readonly task: DesignTask;
  readonly qualityDeposit: string;
  readonly qualityPaid: string;
  readonly readyPaid: string;
  readonly readyPayLimit: string;
  readonly qualityRemaining: string;
  readonly readyRemaining: string;
}

export interface TaskConfirmDetail extends TaskValueRow {
  readonly pays: readonly TaskPay[];
  readonly finishAmounts: readonly TaskFinishAmountEntry[];
}

export interface ResultUploadInput {
  readonly taskId: number;
  readonly resultId?: number | undefined;
  readonly acceptance?: boolean | undefined;
  readonly majorId?: number | null | undefined;
  readonly fileName?: string | null | undefined;
  readonly fileProp?: string | null | undefined;
  readonly memo?: string | null | undefined;
  readonly fileIds?: readonly string[] | null | undefined;
}

export interface SongdaInput {
  readonly taskId: number;
  readonly resultId?: number | null | undefined;
  readonly songdaDate?: string | null | undefined;
  readonly receiveUnit?: string | null | undefined;
  readonly receiveUser?: string | null | undefined;
  readonly content?: string | null | undefined;
  readonly fileIds?: readonly string[] | null | undefined;
}

/** A result seal request: its task, its images and the drawing fields task-validation checks. */
export interface SealInput extends SealFieldsInput {
  readonly resultSealId?: number | undefined;
  readonly taskId: number;
  readonly imgFileIds?: readonly string[] | null | undefined;
  /** The results it stamps: confirmed results of the task; required of a new request. */
  readonly resultIds?: readonly number[] | null | undefined;
}

export interface PayInput {
  readonly taskId: number;
  readonly payAmount: string;
  readonly payDate?: string | null | undefined;
  readonly remark?: string | null | undefined;
}

export const viewerOf = (a: TaskActor): TaskViewer => ({ scope: a.scope, userId: a.userId });

/** The approval engine's event for a result seal (it calls the handler when an approval ends). */
export interface ResultSealApprovalEvent {
  readonly approvalId: string;
  readonly recordId: string;
  readonly status: ApprovalStatus;
  readonly at: Date;
}

/** The seal handler's work, in the approval's transaction: an approved request is stamped. */
export async function moveSealOnApproval(
  repos: Pick<TaskRepositories, 'seals' | 'timeZone'>,
  event: ResultSealApprovalEvent,
): Promise<Result<void>> {
  const id = Number(event.recordId);
  const seal = Number.isSafeInteger(id) ? await repos.seals.findById(id, true) : null;
  if (seal === null) return err(taskErrors.sealNotFound());
  // Only the approval the request waits on moves it.
  if (seal.approvalId !== event.approvalId) return ok(undefined);
  await repos.seals.update(
    id,
    {
      status: event.status,
      finishTime: event.status === 1 ? event.at : null,
      ...(event.status === 1 && seal.sealTime === null
        ? { sealTime: instituteDay(event.at, await repos.timeZone()) }
        : {}),
    },
    event.at,
  );
  return ok(undefined);
}

/** The seal request's approval content (the Seal kind's drawing field set). */
export function sealApprovalContent(seal: ResultSeal): TemplateContent {
  const e = (value: ContentEntry['value'], type: ContentEntry['type'] = 'input'): ContentEntry => ({
    label: '',
    value,
    type,
  });
  const out: Record<string, ContentEntry> = {
    taskName: e(seal.taskName, 'text'),
    contractName: e(seal.contractName, 'text'),
    userName: e(seal.nickName, 'text'),
    drawContent: e(seal.drawContent, 'textarea'),
    drawNum: e(String(seal.drawNum)),
    sealType: e([...seal.sealType], 'options'),
    // The results it stamps, by discipline and file: what the approvers sign for.
    resultList: e(
      seal.results
        .map((x) => (x.majorName === '' ? x.fileName : `${x.majorName}·${x.fileName}`))
        .join('、'),
      'text',
    ),
  };
  if (seal.sealGoalContent !== '') out['sealGoalContent'] = e(seal.sealGoalContent, 'textarea');
  if (seal.sealCategory !== '') out['sealCategory'] = e(seal.sealCategory, 'option');
  if (seal.unGuidangShowImg !== '') out['unGuidangShowImg'] = e(seal.unGuidangShowImg, 'option');
  if (seal.guidangShowImg !== '') out['guidangShowImg'] = e(seal.guidangShowImg, 'option');
  if (seal.sealTime !== null) out['sealTime'] = e(seal.sealTime, 'timeSelect');
  return out;
}
