import type { ApprovalEndedEvent } from '../approval/approval.repository.port.js';
import { formText } from '../approval/centre-form-content.js';
import { onForm, type CentreFormHandler } from '../approval/centre-forms.use-case.js';
import type { ContentEntry, TemplateContent } from '../approval/template.js';
import { parseAmount } from '../money/amount.js';
import { err, ok, type Result } from '../shared/result.js';
import { WriteAbort } from '../shared/write.js';
import type { DesignTask } from './task.js';
import type { TaskActor } from './task-inputs.js';
import { isTaskConfirmed } from './task-confirmation.js';
import { taskErrors } from './task-messages.js';
import { checkFinishAmount } from './task-pay.js';
import type { TaskRepositories } from './task.repository.port.js';
import { catalogueTypeCode } from './task-approval.js';
import { TaskServiceBase, valueInput } from './task-service-base.js';

/** The linked record kind of output value confirmations (产值确认, 4_x). */
export const TASK_VALUE_RECORD_KIND = 'task.value';
export const TASK_VALUE_TYPE_CODES = ['4_1', '4_2', '4_3'] as const;

const entry = (
  label: string,
  value: string,
  type: ContentEntry['type'] = 'text',
): ContentEntry => ({
  label,
  value,
  type,
});

/**
 * What the approvers of an output value confirmation read: the task, the amount before and the
 * one asked for, and who asked. `projectManagerId` names the flow's 项目经理 node.
 */
export function valueApprovalContent(
  t: DesignTask,
  amount: string,
  drafterName: string,
): TemplateContent {
  return {
    taskNo: entry('任务单号', t.taskNo),
    taskName: entry('任务名称', t.taskName),
    contractName: entry('合同名称', t.contractName),
    taskAmount: entry('任务产值（万元）', t.taskAmount),
    confirmFinishAmountBefore: entry('原确认完成产值（万元）', t.confirmFinishAmount),
    confirmFinishAmount: entry('确认完成产值（万元）', amount, 'input'),
    projectManagerId: entry('项目经理', String(t.projectManagerId)),
    projectManagerName: entry('项目经理', t.projectManagerName),
    userName: entry('申请人', drafterName),
  };
}

/**
 * Output value confirmation through approval (产值确认, 4_x): the task's project manager or
 * department head asks for a confirmed finish amount; the same rule as the value screen's direct
 * confirmation (the task confirmed by its three, at most the task amount, covering what was paid)
 * holds when asked and again, under the task's lock, when approved, which writes the same history
 * row the screen writes, in the approval's transaction.
 */
export class TaskValueApprovals extends TaskServiceBase {
  request(
    taskId: number,
    confirmFinishAmount: string | undefined,
    typeCode: string,
    actor: TaskActor,
  ): Promise<Result<{ readonly approvalId: string }>> {
    return this.write(async (r) => {
      if (!(TASK_VALUE_TYPE_CODES as readonly string[]).includes(typeCode))
        return err(taskErrors.invalidValue('typeCode'));
      const t = await this.locked(r, taskId, actor);
      if (!isTaskConfirmed(t)) return err(taskErrors.notConfirmed());
      const amount = parseAmount(confirmFinishAmount ?? '', 'confirmFinishAmount');
      if (!amount.ok || amount.value.startsWith('-'))
        return err(taskErrors.invalidAmount('confirmFinishAmount'));
      await this.checkValueConfirmer(r, t, actor);
      const allowed = checkFinishAmount(valueInput(await this.value(r, t)), amount.value);
      if (!allowed.ok) return allowed;
      const sent = await r.approvals.submit({
        kind: 'Common',
        typeCode: catalogueTypeCode(typeCode),
        recordKind: TASK_VALUE_RECORD_KIND,
        title: `产值确认：${t.taskNo} ${t.taskName} ${amount.value}万元`,
        content: valueApprovalContent(t, amount.value, actor.userName),
        recordId: String(t.taskId),
        drafterId: actor.userId,
        drafterDeptId: actor.deptId,
        idempotencyScope: 'task.submitValue',
      });
      if (!sent.ok) return sent;
      return ok({ approvalId: sent.value.approvalId });
    });
  }

  /**
   * The approval ended: approved confirms the amount (checked again against the task now) and
   * writes the history row under the drafter's name; rejected or withdrawn changes nothing.
   */
  async approved(r: TaskRepositories, event: ApprovalEndedEvent): Promise<Result<void>> {
    if (event.status !== 1) return ok(undefined);
    const t = await r.tasks.findById(Number(event.recordId), null);
    if (t === null) return err(taskErrors.notFound());
    const amount = formText(event.content, 'confirmFinishAmount') ?? '';
    const allowed = checkFinishAmount(valueInput(await this.value(r, t)), amount);
    if (!allowed.ok) return allowed;
    try {
      await this.save(r, t, { confirmFinishAmount: amount }, event.at);
    } catch (e) {
      if (e instanceof WriteAbort) return err(e.error);
      throw e;
    }
    await r.results.appendFinishAmount({
      taskId: t.taskId,
      before: t.confirmFinishAmount,
      after: amount,
      userId: Number(event.drafterId),
      userName: formText(event.content, 'userName') ?? '',
      at: event.at,
    });
    return ok(undefined);
  }
}

/**
 * 发起审批's 4_x: picks the task and asks for the confirmed finish amount through
 * `TaskValueApprovals.request`, the same rule as the value screen.
 */
export function taskValueCentreForm<A>(
  values: TaskValueApprovals,
  actorOf: (actor: A) => TaskActor,
): CentreFormHandler<A> {
  return async (request, actor) => {
    const made = await values.request(
      Number(request.recordId),
      formText(request.content, 'confirmFinishAmount'),
      request.typeCode,
      actorOf(actor),
    );
    return made.ok ? made : err(onForm(made.error, { taskId: 'recordId' }));
  };
}
