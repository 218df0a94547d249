import type { ListPage } from '../platform/list-query.js';
import type { WarnTask } from '../notify/notify-response.js';
import { err, ok, type Result } from '../shared/result.js';
import { TASK_SHEET_TERMS, type DesignTask, type TaskConfirmStep } from './task.js';
import { applyConfirmation, initialConfirmState, stepIndex } from './task-confirmation.js';
import { taskErrors } from './task-messages.js';
import { taskStateCheck } from './task-actions.js';
import {
  DEFAULT_TASK_APPROVAL_TYPE_CODE,
  catalogueTypeCode,
  isTaskApprovalTypeCode,
  maySubmitTask,
  taskApprovalContent,
  taskApprovalLock,
  taskSubmitStateCheck,
  TASK_RECORD_KIND,
} from './task-approval.js';
import { qualityDeposit } from './task-pay.js';
import { warnUntil } from './task-warnings.js';
import { instituteDay } from '../platform/institute-clock.js';
import { textLength, type TaskInput } from './task-validation.js';
import type { DesignContract, TaskListFilter, TaskListQuery } from './task.repository.port.js';
import type { TaskActor, TaskDetail } from './task-inputs.js';
import { WARN_TASK_LIMIT, viewerOf } from './task-inputs.js';
import { TaskServiceBase, confirmersOf, signSteps } from './task-service-base.js';

/** The task sheets' use cases and the reads over them (TaskService's first layer). */
export abstract class TaskSheetsService extends TaskServiceBase {
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
      const locked = taskApprovalLock(t, 'confirm');
      if (!locked.ok) return locked;
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

  /**
   * updateToApproval: sends the sheet into approval (3_x, 3_1 by default) from its own screen, in
   * one transaction with the lock. The task's handler (approvalSent) locks it with the approval;
   * the approval's end moves it (task-approval.ts).
   */
  submit(
    taskId: number,
    typeCode: string | undefined,
    actor: TaskActor,
  ): Promise<Result<DesignTask>> {
    return this.write(async (r) => {
      const t = await this.locked(r, taskId, actor);
      if (!maySubmitTask(t, actor.userId)) return err(taskErrors.submitter());
      const open = taskSubmitStateCheck(t);
      if (!open.ok) return open;
      const code = typeCode ?? DEFAULT_TASK_APPROVAL_TYPE_CODE;
      if (!isTaskApprovalTypeCode(code)) return err(taskErrors.invalidValue('typeCode'));
      const a = await r.approvals.submit({
        kind: 'Common',
        typeCode: catalogueTypeCode(code),
        recordKind: TASK_RECORD_KIND,
        title: `设计任务单：${t.taskNo} ${t.taskName}`,
        content: taskApprovalContent(t),
        recordId: String(t.taskId),
        drafterId: actor.userId,
        drafterDeptId: actor.deptId,
        idempotencyScope: 'task.submitSheet',
      });
      if (!a.ok) return a;
      const sent = await r.tasks.findById(taskId, null);
      if (sent === null || sent.approvalId !== a.value.approvalId)
        throw new Error('the task handler did not lock the sheet with its approval');
      return ok(sent);
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
}
