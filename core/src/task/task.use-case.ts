import { parseAmount } from '../money/amount.js';
import type { ListPage, ListQuery } from '../platform/list-query.js';
import { isValidApprovalDate } from '../approval/template-validation.js';
import { err, ok, type Result } from '../shared/result.js';
import { TASK_CONFIRM_STEPS, type ResultSeal, type TaskPayKind } from './task.js';
import { isTaskConfirmed } from './task-confirmation.js';
import { taskErrors } from './task-messages.js';
import { sealSubmitStateCheck } from './task-actions.js';
import { checkFinishAmount, checkPay } from './task-pay.js';
import { instituteDay } from '../platform/institute-clock.js';
import { textLength } from './task-validation.js';
import type {
  ResultSealListFilter,
  TaskListFilter,
  TaskListQuery,
} from './task.repository.port.js';
import type {
  PayInput,
  SealInput,
  TaskActor,
  TaskConfirmDetail,
  TaskValueRow,
} from './task-inputs.js';
import { sealApprovalContent, viewerOf } from './task-inputs.js';
import { checkSeal, valueInput } from './task-service-base.js';
import { WriteAbort } from '../shared/write.js';
import type { TaskRepositories } from './task.repository.port.js';
import { TaskResultsService } from './task-results.service.js';

// The slice's inputs, constants and seal-approval work (task-inputs.ts) and the sign flow rules
// (task-service-base.ts), as this module has always exported them.
export {
  DESIGN_HOST_ROLE_KEY,
  moveSealOnApproval,
  PROJECT_MANAGER_ROLE_KEY,
  RESULT_SEAL_RECORD_KIND,
  RESULT_SEAL_TYPE_CODE,
  RESULT_SEAL_TYPE_CODES,
  RESULT_SEAL_TITLES,
  sealApprovalContent,
  type ResultSealTypeCode,
  WARN_TASK_LIMIT,
} from './task-inputs.js';
import {
  RESULT_SEAL_RECORD_KIND,
  RESULT_SEAL_TITLES,
  RESULT_SEAL_TYPE_CODE,
  type ResultSealTypeCode,
} from './task-inputs.js';
export type {
  PayInput,
  ResultSealApprovalEvent,
  ResultUploadInput,
  SealInput,
  SongdaInput,
  TaskActor,
  TaskClock,
  TaskConfirmDetail,
  TaskDetail,
  TaskValueRow,
} from './task-inputs.js';
export { confirmersOf, signSteps } from './task-service-base.js';

/**
 * The design task use cases (001 §4, §7 "Design tasks"): task sheets and their sign flow, the
 * three confirmations in order, results and acceptance files, deliveries, seal requests through
 * the approval engine, output value and its pay items. Every call is scoped by the caller's role
 * (a participant always sees their own tasks); every write is one transaction.
 */
export class TaskService extends TaskResultsService {
  // ---- result seals --------------------------------------------------------------------------

  /** insertResultSealV2: a new request (or, with resultSealId, an edit of a draft or refused one). */
  saveSeal(input: SealInput, actor: TaskActor): Promise<Result<ResultSeal>> {
    return this.write(async (r, now) => {
      const id = await this.saveSealIn(r, now, input, actor);
      return id.ok ? ok(await this.seal(r, id.value)) : id;
    });
  }

  /**
   * 发起审批's technical seal (25_x): a new request on the task's named results, sent at once, in
   * one transaction (the seal screen's save and submit, with their rules): a refused send leaves no
   * request behind.
   */
  requestSeal(
    input: SealInput,
    typeCode: ResultSealTypeCode,
    actor: TaskActor,
  ): Promise<Result<ResultSeal>> {
    return this.write(async (r, now) => {
      const id = await this.saveSealIn(r, now, { ...input, resultSealId: undefined }, actor);
      if (!id.ok) return id;
      return this.submitSealIn(r, now, id.value, actor, typeCode);
    });
  }

  private async saveSealIn(
    r: TaskRepositories,
    now: Date,
    input: SealInput,
    actor: TaskActor,
  ): Promise<Result<number>> {
    const t = await this.visible(r, input.taskId, actor, true);
    if (!isTaskConfirmed(t)) return err(taskErrors.notConfirmed());
    const fields = checkSeal(input);
    if (!fields.ok) return fields;
    const img = await this.files(r, input.imgFileIds ?? [], 'imgFiles', true);
    const resultIds = await this.sealResults(r, t.taskId, input);
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
    if (resultIds !== null) await r.seals.setResults(id, resultIds);
    return ok(id);
  }

  /**
   * The results a request names: each a confirmed result of its task (a seal stamps what the
   * project manager accepted). Null (not sent): an edit keeps those it had. A request naming none
   * stamps its task, as requests from before results were named do.
   */
  private async sealResults(
    r: TaskRepositories,
    taskId: number,
    input: SealInput,
  ): Promise<readonly number[] | null> {
    const ids = [...new Set(input.resultIds ?? [])];
    if (ids.length === 0)
      return input.resultIds === undefined || input.resultIds === null ? null : [];
    for (const resultId of ids) {
      const x = await r.results.findById(resultId);
      if (x === null || x.taskId !== taskId || !x.resultConfirmed)
        throw new WriteAbort(taskErrors.sealResultNotConfirmed());
    }
    return ids;
  }

  /**
   * updateResultSealToApproval: sends the request into approval 13_1 (or 25_x, the technical
   * seal); either names the results it stamps, and they are stamped when it is approved.
   */
  submitSeal(
    resultSealId: number,
    actor: TaskActor,
    typeCode: ResultSealTypeCode = RESULT_SEAL_TYPE_CODE,
  ) {
    return this.write((r, now) => this.submitSealIn(r, now, resultSealId, actor, typeCode));
  }

  private async submitSealIn(
    r: TaskRepositories,
    now: Date,
    resultSealId: number,
    actor: TaskActor,
    typeCode: ResultSealTypeCode,
  ): Promise<Result<ResultSeal>> {
    const seal = await r.seals.findById(resultSealId, true);
    if (seal === null) return err(taskErrors.sealNotFound());
    await this.visible(r, seal.taskId, actor);
    const open = sealSubmitStateCheck(seal, actor.userId);
    if (!open.ok) return open;
    const approval = await r.approvals.submit({
      kind: 'Seal',
      typeCode,
      recordKind: RESULT_SEAL_RECORD_KIND,
      title: `${RESULT_SEAL_TITLES[typeCode]}：${seal.taskName}`,
      content: sealApprovalContent(seal),
      recordId: String(seal.resultSealId),
      drafterId: actor.userId,
      drafterDeptId: actor.deptId,
      idempotencyScope: 'task.submitSeal',
    });
    if (!approval.ok) return approval;
    await r.seals.update(
      resultSealId,
      { status: approval.value.status, approvalId: approval.value.approvalId, finishTime: null },
      now,
    );
    return ok(await this.seal(r, resultSealId));
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

  /**
   * uploadDesignResultSealAttach: the stamped scans of an approved request, uploaded back on the
   * result they stamp (`resultId`, one of the request's; it may be left out when the request
   * names one result). A request from before results were named keeps its scans on itself only.
   */
  uploadSealAttach(
    resultSealId: number,
    fileIds: readonly string[],
    actor: TaskActor,
    resultId?: number,
  ) {
    return this.write(async (r, now) => {
      const seal = await r.seals.findById(resultSealId, true);
      if (seal === null) return err(taskErrors.sealNotFound());
      await this.visible(r, seal.taskId, actor);
      if (seal.status !== 1) return err(taskErrors.sealNotApproved());
      let target: number | null = null;
      if (resultId !== undefined) {
        if (!seal.results.some((x) => x.resultId === resultId))
          return err(taskErrors.scanResultNotSealed());
        target = resultId;
      } else if (seal.results.length === 1) {
        target = seal.results[0]?.resultId ?? null;
      } else if (seal.results.length > 1) {
        return err(taskErrors.required('resultId'));
      }
      const files = await this.files(r, fileIds, 'fileList');
      await r.results.linkFiles('sealScan', resultSealId, files, actor.userId, now);
      if (target !== null)
        await r.results.linkFiles('resultScan', target, files, actor.userId, now);
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
   * confirmDetail/export over the output value list's filter: the list as the screen shows it,
   * one row per confirmed task with its output value and what was paid, a batch at a time.
   */
  async *exportValues(
    filter: TaskListFilter,
    actor: TaskActor,
    batch = 200,
  ): AsyncGenerator<TaskValueRow> {
    let after = 0;
    for (;;) {
      const chunk = await this.uow.transaction(async (r) => {
        const tasks = await r.tasks.listBatch(
          { ...filter, confirmed: TASK_CONFIRM_STEPS.length },
          viewerOf(actor),
          after,
          batch,
        );
        const rows: TaskValueRow[] = [];
        for (const task of tasks) rows.push(await this.value(r, task));
        return { tasks, rows };
      });
      yield* chunk.rows;
      const last = chunk.tasks[chunk.tasks.length - 1];
      if (chunk.tasks.length < batch || last === undefined) return;
      after = last.taskId;
    }
  }
}
