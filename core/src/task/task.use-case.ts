import type { ApprovalStatus } from '../approval/approval-status.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import { addAmounts, parseAmount } from '../money/amount.js';
import type { DataScope } from '../platform/data-scope.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import type { WarnTask } from '../notify/notify-response.js';
import { isValidApprovalDate } from '../approval/template-validation.js';
import { err, ok, type Result } from '../shared/result.js';
import {
  TASK_CONFIRM_STEP_NAMES,
  TASK_CONFIRM_STEPS,
  TASK_SHEET_TERMS,
  type DesignTask,
  type ResultSeal,
  type TaskConfirmStep,
  type TaskFileRef,
  type TaskFinishAmountEntry,
  type TaskPay,
  type TaskPayKind,
  type TaskResult,
  type TaskSignStep,
  type TaskSongda,
} from './task.js';
import {
  applyConfirmation,
  initialConfirmState,
  isTaskConfirmed,
  stepIndex,
  type TaskConfirmers,
} from './task-confirmation.js';
import { taskErrors } from './task-messages.js';
import { sealSubmitStateCheck, taskStateCheck } from './task-actions.js';
import {
  checkFinishAmount,
  checkPay,
  qualityDeposit,
  readyPayLimit,
  remainingPay,
} from './task-pay.js';
import { warnUntil } from './task-warnings.js';
import { instituteDay } from '../platform/institute-clock.js';
import {
  sealInputProblems,
  sealTypesOf,
  textLength,
  validateResultUpload,
  validateTaskInput,
  type TaskInput,
} from './task-validation.js';
import type {
  DesignContract,
  NewResultSeal,
  ResultSealListFilter,
  TaskFileKind,
  TaskFileLink,
  TaskListFilter,
  TaskListQuery,
  TaskRepositories,
  TaskResultListFilter,
  TaskResultRow,
  TaskViewer,
} from './task.repository.port.js';
import { WriteAbort, runWrite } from '../shared/write.js';

/** The linked record kind of result seal approvals (the approval engine's registry key). */
export const RESULT_SEAL_RECORD_KIND = 'resultSeal';
/** Result seal requests are approval type 13_1, created through the Seal kind. */
export const RESULT_SEAL_TYPE_CODE = '13_1';

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

export interface SealInput {
  readonly resultSealId?: number | undefined;
  readonly taskId: number;
  readonly drawContent?: string | null | undefined;
  readonly drawNum?: number | null | undefined;
  readonly sealGoalContent?: string | null | undefined;
  readonly unGuidangShowImg?: string | null | undefined;
  readonly guidangShowImg?: string | null | undefined;
  readonly sealCategory?: string | null | undefined;
  readonly sealType?: readonly string[] | null | undefined;
  readonly sealTime?: string | null | undefined;
  readonly imgFileIds?: readonly string[] | null | undefined;
}

export interface PayInput {
  readonly taskId: number;
  readonly payAmount: string;
  readonly payDate?: string | null | undefined;
  readonly remark?: string | null | undefined;
}

const viewerOf = (a: TaskActor): TaskViewer => ({ scope: a.scope, userId: a.userId });

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
    userName: e(seal.userName, 'text'),
    drawContent: e(seal.drawContent, 'textarea'),
    drawNum: e(String(seal.drawNum)),
    sealType: e([...seal.sealType], 'options'),
  };
  if (seal.sealGoalContent !== '') out['sealGoalContent'] = e(seal.sealGoalContent, 'textarea');
  if (seal.sealCategory !== '') out['sealCategory'] = e(seal.sealCategory, 'option');
  if (seal.unGuidangShowImg !== '') out['unGuidangShowImg'] = e(seal.unGuidangShowImg, 'option');
  if (seal.guidangShowImg !== '') out['guidangShowImg'] = e(seal.guidangShowImg, 'option');
  if (seal.sealTime !== null) out['sealTime'] = e(seal.sealTime, 'timeSelect');
  return out;
}

/**
 * The design task use cases (001 §4, §7 "Design tasks"): task sheets and their sign flow, the
 * three confirmations in order, results and acceptance files, deliveries, seal requests through
 * the approval engine, output value and its pay items. Every call is scoped by the caller's role
 * (a participant always sees their own tasks); every write is one transaction.
 */
export class TaskService {
  constructor(
    private readonly uow: UnitOfWork<TaskRepositories>,
    private readonly clock: TaskClock,
  ) {}

  // ---- task sheets ---------------------------------------------------------------------------

  add(input: TaskInput, actor: TaskActor, history = false): Promise<Result<DesignTask>> {
    return this.write(async (r, now) => {
      const checked = await this.checkInput(r, input, actor);
      const deptId = checked.fields.deptId ?? actor.deptId;
      const head = deptId === null ? null : await r.directory.deptHead(deptId);
      if (head === null) return err(taskErrors.noDeptHead());
      const taskNo =
        checked.fields.taskNo !== ''
          ? checked.fields.taskNo
          : await r.tasks.nextTaskNo(instituteDay(now, await r.timeZone()).slice(0, 4));
      const state = initialConfirmState(history);
      const inserted = await r.tasks.insert(
        {
          fields: { ...checked.fields, taskNo },
          taskNo,
          designStageName: checked.stageName,
          majorList: checked.majors,
          deptId,
          history,
          confirmed: state.confirmed,
          userId: actor.userId,
          createBy: actor.userName,
        },
        now,
      );
      if (!inserted.ok) return inserted;
      const t = inserted.value;
      await r.tasks.replaceSignFlow(t.taskId, signSteps(t, head, history), now);
      return ok(t);
    });
  }

  update(
    taskId: number,
    input: TaskInput,
    version: number | undefined,
    actor: TaskActor,
  ): Promise<Result<DesignTask>> {
    return this.write(async (r, now) => {
      const t = await this.locked(r, taskId, actor);
      if (version !== undefined && version !== t.version) return err(taskErrors.staleVersion());
      const editable = taskStateCheck('edit', t, actor.userId);
      if (!editable.ok) return editable;
      const checked = await this.checkInput(
        r,
        { ...input, taskNo: input.taskNo ?? t.taskNo },
        actor,
      );
      const deptId = checked.fields.deptId ?? t.deptId;
      const head = deptId === null ? null : await r.directory.deptHead(deptId);
      if (head === null) return err(taskErrors.noDeptHead());
      const fields = {
        ...checked.fields,
        taskNo: checked.fields.taskNo === '' ? t.taskNo : checked.fields.taskNo,
      };
      const saved = await this.save(
        r,
        t,
        {
          fields,
          designStageName: checked.stageName,
          majorList: checked.majors,
          deptId,
        },
        now,
      );
      await r.tasks.replaceSignFlow(t.taskId, signSteps(saved, head, saved.history), now);
      return ok(saved);
    });
  }

  delete(taskId: number, actor: TaskActor): Promise<Result<DesignTask>> {
    return this.write(async (r, now) => {
      const t = await this.locked(r, taskId, actor);
      const editable = taskStateCheck('remove', t, actor.userId);
      if (!editable.ok) return editable;
      return ok(await this.save(r, t, { deleted: true }, now));
    });
  }

  /**
   * One confirmation step. `historyOnly`: the project manager's history variant, which only
   * confirms tasks recorded with addHistory. `dealContent` is the signer's opinion (default 同意).
   */
  confirm(
    taskId: number,
    step: TaskConfirmStep,
    actor: TaskActor,
    options: { readonly historyOnly?: boolean; readonly dealContent?: string } = {},
  ): Promise<Result<DesignTask>> {
    return this.write(async (r, now) => {
      const t = await this.locked(r, taskId, actor);
      if (options.historyOnly === true && !t.history) return err(taskErrors.notHistory());
      const flow = await r.tasks.signFlow(taskId);
      const moved = applyConfirmation(t, step, actor.userId, confirmersOf(flow));
      if (!moved.ok) return moved;
      const content = (options.dealContent ?? '').trim() || '同意';
      if (textLength(content) > 200) return err(taskErrors.tooLong('dealContent', 200));
      await r.tasks.sign(
        taskId,
        stepIndex(step) + 1,
        content,
        await r.directory.signUrl(actor.userId),
        now,
      );
      return ok(await this.save(r, t, { confirmed: moved.value.confirmed }, now));
    });
  }

  // ---- reads ---------------------------------------------------------------------------------

  list(query: TaskListQuery, actor: TaskActor): Promise<ListPage<DesignTask>> {
    return this.uow.transaction((r) => r.tasks.list(query, viewerOf(actor)));
  }

  detail(taskId: number, actor: TaskActor): Promise<Result<TaskDetail>> {
    return this.read(async (r) => {
      const task = await this.visible(r, taskId, actor);
      return ok({
        task,
        signFlow: await r.tasks.signFlow(taskId),
        files: await r.results.listFiles('task', taskId),
        results: await r.results.listByTask(taskId),
        terms: TASK_SHEET_TERMS,
        qualityDeposit: qualityDeposit(task),
      });
    });
  }

  async *exportRows(
    filter: TaskListFilter,
    actor: TaskActor,
    batch = 1000,
  ): AsyncGenerator<DesignTask> {
    let after = 0;
    for (;;) {
      const rows = await this.uow.transaction((r) =>
        r.tasks.listBatch(filter, viewerOf(actor), after, batch),
      );
      yield* rows;
      const last = rows[rows.length - 1];
      if (rows.length < batch || last === undefined) return;
      after = last.taskId;
    }
  }

  /** The caller's urgent tasks: unfinished, planned on or before today + the threshold. */
  warnings(userId: number): Promise<readonly WarnTask[]> {
    return this.uow.transaction(async (r) => {
      const days = await r.warnDays();
      const until = warnUntil(instituteDay(this.clock.now(), await r.timeZone()), days);
      return r.tasks.warnings(userId, until, WARN_TASK_LIMIT);
    });
  }

  /** Both notify parts in one read (the TaskNotifyPort of getNotify). */
  notify(userId: number): Promise<{ warnTaskList: readonly WarnTask[]; unLookSeal: boolean }> {
    return this.uow.transaction(async (r) => {
      const today = instituteDay(this.clock.now(), await r.timeZone());
      const until = warnUntil(today, await r.warnDays());
      return {
        warnTaskList: await r.tasks.warnings(userId, until, WARN_TASK_LIMIT),
        unLookSeal: await r.seals.hasUnseen(userId),
      };
    });
  }

  /** The seal dot: an approved seal request the caller should see and has not opened. */
  unLookSeal(userId: number): Promise<boolean> {
    return this.uow.transaction((r) => r.seals.hasUnseen(userId));
  }

  /** listByDesign: contracts with the tasks the caller sees (the document screens' projects). */
  designContracts(
    actor: TaskActor,
    filter: { readonly projectName?: string; readonly contractId?: number },
  ): Promise<readonly DesignContract[]> {
    return this.uow.transaction((r) => r.tasks.designContracts(viewerOf(actor), filter));
  }

  // ---- task files and contract files ---------------------------------------------------------

  uploadTaskFiles(taskId: number, fileIds: readonly string[], actor: TaskActor) {
    return this.write(async (r, now) => {
      await this.visible(r, taskId, actor);
      const files = await this.files(r, fileIds, 'fileList');
      await r.results.linkFiles('task', taskId, files, actor.userId, now);
      return ok(await r.results.listFiles('task', taskId));
    });
  }

  deleteTaskFile(linkId: number, actor: TaskActor): Promise<Result<{ linkId: number }>> {
    return this.write(async (r, now) => {
      const link = await r.results.findFile(linkId);
      if (link === null || link.kind !== 'task') return err(taskErrors.resultNotFound());
      await this.visible(r, link.ownerId, actor);
      await r.results.unlinkFile(linkId, now);
      return ok({ linkId });
    });
  }

  uploadContractFiles(
    kind: Extract<TaskFileKind, 'contractDesign' | 'government'>,
    contractId: number,
    fileIds: readonly string[],
    actor: TaskActor,
  ) {
    return this.write(async (r, now) => {
      if (!(await r.directory.contractVisible(contractId, viewerOf(actor))))
        return err(taskErrors.contractNotFound());
      const files = await this.files(r, fileIds, 'fileList');
      await r.results.linkFiles(kind, contractId, files, actor.userId, now);
      return ok(await r.results.listFiles(kind, contractId));
    });
  }

  contractFiles(
    kind: Extract<TaskFileKind, 'contractDesign' | 'government'>,
    contractId: number,
    actor: TaskActor,
  ): Promise<Result<readonly TaskFileLink[]>> {
    return this.read(async (r) => {
      if (!(await r.directory.contractVisible(contractId, viewerOf(actor))))
        return err(taskErrors.contractNotFound());
      return ok(await r.results.listFiles(kind, contractId));
    });
  }

  // ---- results -------------------------------------------------------------------------------

  /**
   * uploadResultFileV2 (and the history variant): a result file of a confirmed task, or, with
   * `acceptance` and `resultId`, the acceptance file of a result. A history result is recorded as
   * confirmed and needs no confirmed task.
   */
  uploadResult(input: ResultUploadInput, actor: TaskActor, history = false) {
    return this.write(async (r, now) => {
      const t = await this.visible(r, input.taskId, actor, true);
      if (!history && !isTaskConfirmed(t)) return err(taskErrors.notConfirmed());
      if (input.acceptance === true) {
        if (input.resultId === undefined) return err(taskErrors.required('resultId'));
        const result = await r.results.findById(input.resultId, true);
        if (result === null || result.taskId !== t.taskId) return err(taskErrors.resultNotFound());
        if (result.acceptanceConfirmed) return err(taskErrors.resultConfirmedLocked());
        const files = await this.files(r, input.fileIds ?? [], 'fileList');
        await r.results.linkFiles('acceptance', result.resultId, files, actor.userId, now);
        return ok(await this.result(r, result.resultId));
      }
      const checked = validateResultUpload({ fileName: input.fileName, fileIds: input.fileIds });
      if (!checked.ok) return checked;
      const memo = (input.memo ?? '').trim();
      if (textLength(memo) > 1000) return err(taskErrors.tooLong('memo', 1000));
      const major =
        input.majorId === null || input.majorId === undefined
          ? null
          : t.majorList.find((m) => m.majorId === input.majorId);
      if (major === undefined) return err(taskErrors.invalidValue('majorId'));
      const files = await this.files(r, [checked.value.fileId], 'fileList');
      const resultId = await r.results.insert(
        {
          taskId: t.taskId,
          majorId: major?.majorId ?? null,
          majorName: major?.majorName ?? '',
          fileName: checked.value.fileName,
          fileProp: (input.fileProp ?? '').trim().slice(0, 50),
          memo,
          history,
          userId: actor.userId,
          userName: actor.userName,
        },
        now,
      );
      await r.results.linkFiles('result', resultId, files, actor.userId, now);
      if (history) await r.results.setConfirmed(resultId, 'result', actor.userId, now);
      return ok(await this.result(r, resultId));
    });
  }

  /** confirmTaskResult / confirmTaskResultOnAcceptanceFile: by the task's project manager, once. */
  confirmResult(resultId: number, which: 'result' | 'acceptance', actor: TaskActor) {
    return this.write(async (r, now) => {
      const result = await r.results.findById(resultId, true);
      if (result === null) return err(taskErrors.resultNotFound());
      const t = await this.visible(r, result.taskId, actor, true);
      if (t.projectManagerId !== actor.userId) return err(taskErrors.resultConfirmer());
      if (which === 'result') {
        if (result.resultConfirmed) return err(taskErrors.resultAlreadyConfirmed());
      } else {
        if (result.acceptanceConfirmed) return err(taskErrors.acceptanceAlreadyConfirmed());
        if (!result.resultConfirmed || result.acceptanceFiles.length === 0)
          return err(taskErrors.acceptanceMissing());
      }
      await r.results.setConfirmed(resultId, which, actor.userId, now);
      if (which === 'result' && !t.finished) await this.save(r, t, { finished: true }, now);
      return ok(await this.result(r, resultId));
    });
  }

  /** deleteAttachment: a result not yet confirmed, by its uploader or the task's manager. */
  deleteResult(resultId: number, actor: TaskActor): Promise<Result<{ resultId: number }>> {
    return this.write(async (r, now) => {
      const result = await r.results.findById(resultId, true);
      if (result === null) return err(taskErrors.resultNotFound());
      await this.visible(r, result.taskId, actor);
      if (result.resultConfirmed) return err(taskErrors.resultConfirmedLocked());
      await r.results.delete(resultId, now);
      return ok({ resultId });
    });
  }

  resultFile(resultId: number, actor: TaskActor): Promise<Result<TaskResult>> {
    return this.read(async (r) => {
      const result = await r.results.findById(resultId);
      if (result === null) return err(taskErrors.resultNotFound());
      await this.visible(r, result.taskId, actor);
      return ok(result);
    });
  }

  taskResults(taskId: number, actor: TaskActor): Promise<Result<readonly TaskResult[]>> {
    return this.read(async (r) => {
      await this.visible(r, taskId, actor);
      return ok(await r.results.listByTask(taskId));
    });
  }

  listResults(
    query: ListQuery<TaskResultListFilter, 'resultId'>,
    actor: TaskActor,
  ): Promise<ListPage<TaskResultRow>> {
    return this.uow.transaction((r) => r.results.list(query, viewerOf(actor)));
  }

  /** getMajorTaskResultList: a task's results by discipline (those without one last). */
  majorResults(taskId: number, actor: TaskActor) {
    return this.read(async (r) => {
      const t = await this.visible(r, taskId, actor);
      const results = await r.results.listByTask(taskId);
      const groups: { majorId: number | null; majorName: string; results: TaskResult[] }[] =
        t.majorList.map((m) => ({
          majorId: m.majorId,
          majorName: m.majorName,
          results: [...results.filter((x) => x.majorId === m.majorId)],
        }));
      const other = results.filter(
        (x) => x.majorId === null || !t.majorList.some((m) => m.majorId === x.majorId),
      );
      if (other.length > 0) groups.push({ majorId: null, majorName: '其他', results: [...other] });
      return ok(groups);
    });
  }

  // ---- deliveries ----------------------------------------------------------------------------

  insertSongda(input: SongdaInput, actor: TaskActor): Promise<Result<readonly TaskSongda[]>> {
    return this.write(async (r, now) => {
      const t = await this.visible(r, input.taskId, actor, true);
      if (!isTaskConfirmed(t)) return err(taskErrors.notConfirmed());
      const date = (input.songdaDate ?? '').trim();
      if (date === '') return err(taskErrors.required('songdaDate'));
      if (!isValidApprovalDate(date)) return err(taskErrors.invalidDate('songdaDate'));
      const receiveUnit = (input.receiveUnit ?? '').trim();
      if (receiveUnit === '') return err(taskErrors.required('receiveUnit'));
      const texts = {
        receiveUnit,
        receiveUser: (input.receiveUser ?? '').trim(),
        content: (input.content ?? '').trim(),
      };
      for (const [k, v] of Object.entries(texts)) {
        const max = k === 'content' ? 1000 : 100;
        if (textLength(v) > max) return err(taskErrors.tooLong(k, max));
      }
      if (input.resultId !== null && input.resultId !== undefined) {
        const result = await r.results.findById(input.resultId);
        if (result === null || result.taskId !== t.taskId) return err(taskErrors.resultNotFound());
      }
      const files = await this.files(r, input.fileIds ?? [], 'fileList', true);
      const id = await r.results.insertSongda(
        {
          taskId: t.taskId,
          resultId: input.resultId ?? null,
          songdaDate: date,
          ...texts,
          userId: actor.userId,
        },
        now,
      );
      await r.results.linkFiles('songda', id, files, actor.userId, now);
      return ok(await r.results.listSongda(t.taskId));
    });
  }

  songdaList(taskId: number, actor: TaskActor): Promise<Result<readonly TaskSongda[]>> {
    return this.read(async (r) => {
      await this.visible(r, taskId, actor);
      return ok(await r.results.listSongda(taskId));
    });
  }

  // ---- result seals --------------------------------------------------------------------------

  /** insertResultSealV2: a new request (or, with resultSealId, an edit of a draft or refused one). */
  saveSeal(input: SealInput, actor: TaskActor): Promise<Result<ResultSeal>> {
    return this.write(async (r, now) => {
      const t = await this.visible(r, input.taskId, actor, true);
      if (!isTaskConfirmed(t)) return err(taskErrors.notConfirmed());
      const fields = checkSeal(input);
      if (!fields.ok) return fields;
      const img = await this.files(r, input.imgFileIds ?? [], 'imgFiles', true);
      let id: number;
      if (input.resultSealId === undefined) {
        id = await r.seals.insert(
          { ...fields.value, taskId: t.taskId, userId: actor.userId, userName: actor.userName },
          now,
        );
      } else {
        const seal = await r.seals.findById(input.resultSealId, true);
        if (seal === null || seal.taskId !== t.taskId) return err(taskErrors.sealNotFound());
        if (seal.userId !== actor.userId) return err(taskErrors.sealOwner());
        if (seal.status === 0 || seal.status === 1) return err(taskErrors.sealLocked());
        id = seal.resultSealId;
        await r.seals.update(id, fields.value, now);
        for (const f of await r.results.listFiles('sealImg', id))
          await r.results.unlinkFile(f.linkId, now);
      }
      await r.results.linkFiles('sealImg', id, img, actor.userId, now);
      return ok(await this.seal(r, id));
    });
  }

  /** updateResultSealToApproval: sends the request into approval 13_1; it is stamped when approved. */
  submitSeal(resultSealId: number, actor: TaskActor) {
    return this.write(async (r, now) => {
      const seal = await r.seals.findById(resultSealId, true);
      if (seal === null) return err(taskErrors.sealNotFound());
      await this.visible(r, seal.taskId, actor);
      const open = sealSubmitStateCheck(seal, actor.userId);
      if (!open.ok) return open;
      const approval = await r.approvals.submitSeal({
        title: `成果盖章：${seal.taskName}`,
        content: sealApprovalContent(seal),
        recordId: String(seal.resultSealId),
        drafterId: actor.userId,
        drafterDeptId: actor.deptId,
      });
      if (!approval.ok) return approval;
      await r.seals.update(
        resultSealId,
        { status: approval.value.status, approvalId: approval.value.approvalId, finishTime: null },
        now,
      );
      return ok(await this.seal(r, resultSealId));
    });
  }

  /** detailBySealId: the request; opening an approved one clears the caller's seal dot for it. */
  sealDetail(resultSealId: number, actor: TaskActor): Promise<Result<ResultSeal>> {
    return this.write(async (r, now) => {
      const seal = await r.seals.findById(resultSealId);
      if (seal === null) return err(taskErrors.sealNotFound());
      await this.visible(r, seal.taskId, actor);
      if (seal.status === 1) await r.seals.markSeen(resultSealId, actor.userId, now);
      return ok(seal);
    });
  }

  listSeals(
    query: ListQuery<ResultSealListFilter, 'resultSealId'>,
    actor: TaskActor,
  ): Promise<ListPage<ResultSeal>> {
    return this.uow.transaction((r) => r.seals.list(query, viewerOf(actor)));
  }

  async *exportSeals(filter: ResultSealListFilter, actor: TaskActor, batch = 1000) {
    let after = 0;
    for (;;) {
      const rows = await this.uow.transaction((r) =>
        r.seals.listBatch(filter, viewerOf(actor), after, batch),
      );
      yield* rows;
      const last = rows[rows.length - 1];
      if (rows.length < batch || last === undefined) return;
      after = last.resultSealId;
    }
  }

  /** uploadDesignResultSealAttach: the stamped scans of an approved request. */
  uploadSealAttach(resultSealId: number, fileIds: readonly string[], actor: TaskActor) {
    return this.write(async (r, now) => {
      const seal = await r.seals.findById(resultSealId, true);
      if (seal === null) return err(taskErrors.sealNotFound());
      await this.visible(r, seal.taskId, actor);
      if (seal.status !== 1) return err(taskErrors.sealNotApproved());
      const files = await this.files(r, fileIds, 'fileList');
      await r.results.linkFiles('sealScan', resultSealId, files, actor.userId, now);
      return ok(await this.seal(r, resultSealId));
    });
  }

  // ---- output value --------------------------------------------------------------------------

  insertPay(
    kind: TaskPayKind,
    input: PayInput,
    actor: TaskActor,
  ): Promise<Result<TaskConfirmDetail>> {
    return this.write(async (r, now) => {
      const t = await this.visible(r, input.taskId, actor, true);
      if (!isTaskConfirmed(t)) return err(taskErrors.notConfirmed());
      const amount = parseAmount(input.payAmount, 'payAmount');
      if (!amount.ok || amount.value.startsWith('-') || amount.value === '0')
        return err(taskErrors.invalidAmount('payAmount'));
      const date = (input.payDate ?? '').trim() || instituteDay(now, await r.timeZone());
      if (!isValidApprovalDate(date)) return err(taskErrors.invalidDate('payDate'));
      const remark = (input.remark ?? '').trim();
      if (textLength(remark) > 500) return err(taskErrors.tooLong('remark', 500));
      await this.checkValueConfirmer(r, t, actor);
      const value = await this.value(r, t);
      const allowed = checkPay(valueInput(value), kind, amount.value);
      if (!allowed.ok) return allowed;
      await r.results.insertPay(
        {
          taskId: t.taskId,
          kind,
          payAmount: amount.value,
          payDate: date,
          remark,
          userId: actor.userId,
          userName: actor.userName,
        },
        now,
      );
      return ok(await this.confirmDetailOf(r, t));
    });
  }

  updateConfirmFinishAmount(
    taskId: number,
    confirmFinishAmount: string,
    actor: TaskActor,
  ): Promise<Result<TaskConfirmDetail>> {
    return this.write(async (r, now) => {
      const t = await this.visible(r, taskId, actor, true);
      if (!isTaskConfirmed(t)) return err(taskErrors.notConfirmed());
      const amount = parseAmount(confirmFinishAmount, 'confirmFinishAmount');
      if (!amount.ok || amount.value.startsWith('-'))
        return err(taskErrors.invalidAmount('confirmFinishAmount'));
      await this.checkValueConfirmer(r, t, actor);
      const value = await this.value(r, t);
      const allowed = checkFinishAmount(valueInput(value), amount.value);
      if (!allowed.ok) return allowed;
      const saved = await this.save(r, t, { confirmFinishAmount: amount.value }, now);
      await r.results.appendFinishAmount({
        taskId,
        before: t.confirmFinishAmount,
        after: amount.value,
        userId: actor.userId,
        userName: actor.userName,
        at: now,
      });
      return ok(await this.confirmDetailOf(r, saved));
    });
  }

  /** valueOfConfirmList: confirmed tasks with their output value and what was paid. */
  valueList(query: TaskListQuery, actor: TaskActor): Promise<ListPage<TaskValueRow>> {
    return this.uow.transaction(async (r) => {
      const page = await r.tasks.list(
        { ...query, filter: { ...query.filter, confirmed: TASK_CONFIRM_STEPS.length } },
        viewerOf(actor),
      );
      const rows: TaskValueRow[] = [];
      for (const t of page.rows) rows.push(await this.value(r, t));
      return { total: page.total, rows };
    });
  }

  confirmDetail(taskId: number, actor: TaskActor): Promise<Result<TaskConfirmDetail>> {
    return this.read(async (r) => {
      const t = await this.visible(r, taskId, actor);
      return ok(await this.confirmDetailOf(r, t));
    });
  }

  /**
   * confirmDetail/export over the output value list's filter: every payment of the confirmed
   * tasks the list finds, task by task, read a batch of tasks at a time.
   */
  async *exportConfirmDetails(
    filter: TaskListFilter,
    actor: TaskActor,
    batch = 200,
  ): AsyncGenerator<{ readonly task: DesignTask; readonly pay: TaskPay }> {
    let after = 0;
    for (;;) {
      const chunk = await this.uow.transaction(async (r) => {
        const tasks = await r.tasks.listBatch(
          { ...filter, confirmed: TASK_CONFIRM_STEPS.length },
          viewerOf(actor),
          after,
          batch,
        );
        const pays: { task: DesignTask; pay: TaskPay }[] = [];
        for (const task of tasks) {
          const d = await this.confirmDetailOf(r, task);
          for (const pay of d.pays) pays.push({ task, pay });
        }
        return { tasks, pays };
      });
      yield* chunk.pays;
      const last = chunk.tasks[chunk.tasks.length - 1];
      if (chunk.tasks.length < batch || last === undefined) return;
      after = last.taskId;
    }
  }

  // ---- helpers -------------------------------------------------------------------------------

  private async checkInput(r: TaskRepositories, input: TaskInput, actor: TaskActor) {
    const v = validateTaskInput(input);
    if (!v.ok) throw new WriteAbort(v.error);
    const f = v.value;
    if (!(await r.directory.contractVisible(f.contractId, viewerOf(actor))))
      throw new WriteAbort(taskErrors.contractNotFound());
    if (!(await r.directory.userHasRole(f.designUserId, DESIGN_HOST_ROLE_KEY)))
      throw new WriteAbort(taskErrors.wrongRole('designUserId'));
    if (!(await r.directory.userHasRole(f.projectManagerId, PROJECT_MANAGER_ROLE_KEY)))
      throw new WriteAbort(taskErrors.wrongRole('projectManagerId'));
    const stageName = await r.directory.stageName(f.designStageId);
    if (stageName === null) throw new WriteAbort(taskErrors.invalidValue('designStageId'));
    const majors = await r.directory.majors(f.majorIds, f.designStageId);
    if (majors.length !== f.majorIds.length)
      throw new WriteAbort(taskErrors.invalidValue('majorIds'));
    return { fields: f, stageName, majors };
  }

  /** Output value is confirmed by the task's project manager or its department head. */
  private async checkValueConfirmer(r: TaskRepositories, t: DesignTask, actor: TaskActor) {
    const heads = confirmersOf(await r.tasks.signFlow(t.taskId)).department;
    if (t.projectManagerId !== actor.userId && !heads.includes(actor.userId))
      throw new WriteAbort(taskErrors.valueConfirmer());
  }

  private async value(r: TaskRepositories, t: DesignTask): Promise<TaskValueRow> {
    const pays = await r.results.listPays(t.taskId);
    const sum = (k: TaskPayKind) =>
      pays.filter((p) => p.kind === k).reduce((a, p) => addAmounts(a, p.payAmount), '0');
    const v = {
      taskAmount: t.taskAmount,
      confirmFinishAmount: t.confirmFinishAmount,
      qualityType: t.qualityType,
      qualityPaid: sum('quality'),
      readyPaid: sum('ready'),
    };
    return {
      task: t,
      qualityDeposit: qualityDeposit(v),
      qualityPaid: v.qualityPaid,
      readyPaid: v.readyPaid,
      readyPayLimit: readyPayLimit(v),
      qualityRemaining: remainingPay(v, 'quality'),
      readyRemaining: remainingPay(v, 'ready'),
    };
  }

  private async confirmDetailOf(r: TaskRepositories, t: DesignTask): Promise<TaskConfirmDetail> {
    return {
      ...(await this.value(r, t)),
      pays: await r.results.listPays(t.taskId),
      finishAmounts: await r.results.listFinishAmounts(t.taskId),
    };
  }

  private async result(r: TaskRepositories, resultId: number): Promise<TaskResult> {
    const x = await r.results.findById(resultId);
    if (x === null) throw new WriteAbort(taskErrors.resultNotFound());
    return x;
  }

  private async seal(r: TaskRepositories, id: number): Promise<ResultSeal> {
    const x = await r.seals.findById(id);
    if (x === null) throw new WriteAbort(taskErrors.sealNotFound());
    return x;
  }

  private async files(
    r: TaskRepositories,
    ids: readonly string[],
    field: string,
    optional = false,
  ): Promise<readonly TaskFileRef[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0 && !optional)
      throw new WriteAbort({ ...taskErrors.required(field), message: '请上传附件' });
    const found = await r.directory.files(unique);
    if (found.length !== unique.length) throw new WriteAbort(taskErrors.invalidValue(field));
    return found;
  }

  /** The task if the actor may see it (scope or participation); locked first when `lock`. */
  private async visible(
    r: TaskRepositories,
    taskId: number,
    actor: TaskActor,
    lock = false,
  ): Promise<DesignTask> {
    if (lock && !(await r.tasks.lock(taskId))) throw new WriteAbort(taskErrors.notFound());
    const t = await r.tasks.findById(taskId, viewerOf(actor));
    if (t === null) throw new WriteAbort(taskErrors.notFound());
    return t;
  }

  private locked(r: TaskRepositories, taskId: number, actor: TaskActor): Promise<DesignTask> {
    return this.visible(r, taskId, actor, true);
  }

  private async save(
    r: TaskRepositories,
    t: DesignTask,
    changes: Parameters<TaskRepositories['tasks']['save']>[2],
    now: Date,
  ): Promise<DesignTask> {
    const saved = await r.tasks.save(t.taskId, t.version, changes, now);
    if (!saved.ok) throw new WriteAbort(saved.error);
    if (saved.value === null) throw new WriteAbort(taskErrors.staleVersion());
    return saved.value;
  }

  private read<T>(fn: (r: TaskRepositories) => Promise<Result<T>>): Promise<Result<T>> {
    return this.write((r) => fn(r));
  }

  private write<T>(fn: (r: TaskRepositories, now: Date) => Promise<Result<T>>): Promise<Result<T>> {
    return runWrite(this.uow, () => this.clock.now(), fn);
  }
}

const valueInput = (v: TaskValueRow) => ({
  taskAmount: v.task.taskAmount,
  confirmFinishAmount: v.task.confirmFinishAmount,
  qualityType: v.task.qualityType,
  qualityPaid: v.qualityPaid,
  readyPaid: v.readyPaid,
});

/** The sign flow of a task: one step per confirmation, with the person whose turn it is. */
export function signSteps(t: DesignTask, deptHead: number, history: boolean) {
  return [
    {
      flowName: TASK_CONFIRM_STEP_NAMES.designHost,
      orderNo: 1,
      dealUserId: t.designUserId,
      ...(history ? { dealContent: '历史补录' } : {}),
    },
    {
      flowName: TASK_CONFIRM_STEP_NAMES.projectManager,
      orderNo: 2,
      dealUserId: t.projectManagerId,
    },
    { flowName: TASK_CONFIRM_STEP_NAMES.department, orderNo: 3, dealUserId: deptHead },
  ];
}

/** Who may confirm each step, from the stored sign flow. */
export function confirmersOf(flow: readonly TaskSignStep[]): TaskConfirmers {
  const of = (orderNo: number) =>
    flow.filter((s) => s.orderNo === orderNo).map((s) => s.dealUserId);
  return { designHost: of(1), projectManager: of(2), department: of(3) };
}

/** Checks the seal request's fields with core's `sealInputProblems`; the first refuses. */
function checkSeal(
  input: SealInput,
): Result<Omit<NewResultSeal, 'taskId' | 'userId' | 'userName'>> {
  const first = sealInputProblems(input)[0];
  if (first !== undefined) return err(first);
  const text = (v: string | null | undefined) => (v ?? '').trim();
  const sealTime = text(input.sealTime);
  return ok({
    drawContent: text(input.drawContent),
    drawNum: input.drawNum ?? 1,
    sealGoalContent: text(input.sealGoalContent),
    unGuidangShowImg: text(input.unGuidangShowImg),
    guidangShowImg: text(input.guidangShowImg),
    sealCategory: text(input.sealCategory),
    sealType: sealTypesOf(input.sealType),
    sealTime: sealTime === '' ? null : sealTime,
  });
}
