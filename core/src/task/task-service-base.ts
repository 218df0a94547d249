import { addAmounts } from '../money/amount.js';
import type { UnitOfWork } from '../platform/unit-of-work.port.js';
import { err, ok, type Result } from '../shared/result.js';
import {
  TASK_CONFIRM_STEP_NAMES,
  type DesignTask,
  type ResultSeal,
  type TaskFileRef,
  type TaskPayKind,
  type TaskResult,
  type TaskSignStep,
} from './task.js';
import { type TaskConfirmers } from './task-confirmation.js';
import { taskErrors } from './task-messages.js';
import { qualityDeposit, readyPayLimit, remainingPay } from './task-pay.js';
import {
  sealInputProblems,
  sealTypesOf,
  validateTaskInput,
  type TaskInput,
} from './task-validation.js';
import type { NewResultSeal, TaskRepositories } from './task.repository.port.js';
import { WriteAbort, runWrite } from '../shared/write.js';
import { UPLOAD_MESSAGES } from '../upload/upload-messages.js';
import { ALLOWED_UPLOAD_TYPES, checkUploadType } from '../upload/file-type.js';
import type {
  SealInput,
  TaskActor,
  TaskClock,
  TaskConfirmDetail,
  TaskValueRow,
} from './task-inputs.js';
import { DESIGN_HOST_ROLE_KEY, PROJECT_MANAGER_ROLE_KEY, viewerOf } from './task-inputs.js';

/**
 * What every design task use case stands on: the unit of work, the clock and the shared checks
 * and reads. TaskService (task.use-case.ts) builds on it, one layer per group of use cases.
 */
export abstract class TaskServiceBase {
  constructor(
    protected readonly uow: UnitOfWork<TaskRepositories>,
    protected readonly clock: TaskClock,
  ) {}

  protected async checkInput(r: TaskRepositories, input: TaskInput, actor: TaskActor) {
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
  protected async checkValueConfirmer(r: TaskRepositories, t: DesignTask, actor: TaskActor) {
    const heads = confirmersOf(await r.tasks.signFlow(t.taskId)).department;
    if (t.projectManagerId !== actor.userId && !heads.includes(actor.userId))
      throw new WriteAbort(taskErrors.valueConfirmer());
  }

  protected async value(r: TaskRepositories, t: DesignTask): Promise<TaskValueRow> {
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

  protected async confirmDetailOf(r: TaskRepositories, t: DesignTask): Promise<TaskConfirmDetail> {
    return {
      ...(await this.value(r, t)),
      pays: await r.results.listPays(t.taskId),
      finishAmounts: await r.results.listFinishAmounts(t.taskId),
    };
  }

  protected async result(r: TaskRepositories, resultId: number): Promise<TaskResult> {
    const x = await r.results.findById(resultId);
    if (x === null) throw new WriteAbort(taskErrors.resultNotFound());
    return x;
  }

  protected async seal(r: TaskRepositories, id: number): Promise<ResultSeal> {
    const x = await r.seals.findById(id);
    if (x === null) throw new WriteAbort(taskErrors.sealNotFound());
    return x;
  }

  protected async files(
    r: TaskRepositories,
    ids: readonly string[],
    field: string,
    optional = false,
    /** The extensions the record takes: the general list, or a result's with CAD drawings. */
    allowed: readonly string[] = ALLOWED_UPLOAD_TYPES,
  ): Promise<readonly TaskFileRef[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0 && !optional)
      throw new WriteAbort({
        ...taskErrors.required(field),
        message: UPLOAD_MESSAGES.resultFileRequired,
      });
    const found = await r.directory.files(unique);
    if (found.length !== unique.length) throw new WriteAbort(taskErrors.invalidValue(field));
    // A file uploaded for a result (a CAD drawing) is refused on any other record.
    for (const f of found) {
      const type = checkUploadType(f.name, allowed);
      if (!type.ok) throw new WriteAbort({ ...type.error, field });
    }
    return found;
  }

  /** The task if the actor may see it (scope or participation); locked first when `lock`. */
  protected async visible(
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

  protected locked(r: TaskRepositories, taskId: number, actor: TaskActor): Promise<DesignTask> {
    return this.visible(r, taskId, actor, true);
  }

  protected async save(
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

  protected read<T>(fn: (r: TaskRepositories) => Promise<Result<T>>): Promise<Result<T>> {
    return this.write((r) => fn(r));
  }

  protected write<T>(
    fn: (r: TaskRepositories, now: Date) => Promise<Result<T>>,
  ): Promise<Result<T>> {
    return runWrite(this.uow, () => this.clock.now(), fn);
  }
}

export const valueInput = (v: TaskValueRow) => ({
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
export function checkSeal(
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
