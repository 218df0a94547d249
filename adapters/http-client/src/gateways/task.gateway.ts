import { z } from 'zod';
import type { TaskActionSubject } from '@dpms/core';
import {
  contractPage,
  taskAnswer,
  taskConfirmDetailAnswer,
  taskDetailAnswer,
  taskPage,
  taskResultAnswer,
  taskResultPage,
  taskSealAnswer,
  taskSealPage,
  taskValuePage,
  type TaskDetailRecord,
  type TaskFileRecord,
  type TaskListQueryInput,
  type TaskPayInput,
  type TaskRecord,
  type TaskResultInput,
  type TaskResultRow,
  type TaskSaveInput,
  type TaskSealInput,
  type TaskSealRecord,
  type TaskUpdateInput,
  type TaskValueRecord,
} from '@dpms/wire';
import type { Envelope, HttpClient } from '../client.js';
import { answerOf } from './answer.js';
import type { Page } from './page.js';

/*
 * The design task calls of 001 §7 for the task, result, seal and output value screens. The types
 * are the @dpms/wire schemas' (`z.infer`), and every answer is parsed with the schema the API
 * answers through, so a malformed answer is HTTP.MALFORMED_ANSWER naming the call.
 */

export type TaskRow = TaskRecord;
export type TaskDetail = TaskDetailRecord;
export type ResultRow = TaskResultRow;
export type SealRow = TaskSealRecord;
export type ValueRow = TaskValueRecord;
export type TaskFileView = TaskFileRecord;

/** A choice of a select: a contract, a person, a discipline. */
export interface TaskChoice {
  value: string;
  label: string;
}

/** A listed sheet as core's availability rule reads it (`status` is the count of confirmed steps). */
export const taskSubject = (t: TaskRow): TaskActionSubject => ({
  confirmed: t.status,
  history: t.history,
  designUserId: t.designUserId,
  projectManagerId: t.projectManagerId,
  deptConfirmerId: t.deptConfirmerId,
});

type Query = Record<string, string | number>;
const clean = (q: Query): Query =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined));

/** Answers of other slices the task screens read their choices from. */
const usersOfRoleAnswer = z
  .object({
    data: z.array(z.object({ userId: z.number(), nickName: z.string().optional() }).loose()),
  })
  .loose();
const majorTreeAnswer = z
  .object({ data: z.array(z.object({ id: z.number(), label: z.string() }).loose()) })
  .loose();

export class TaskGateway {
  constructor(private readonly http: HttpClient) {}

  private async read<S extends z.ZodType>(schema: S, url: string, q: Query = {}) {
    return answerOf(schema, await this.http.get<Envelope>(url, { params: clean(q) }), url);
  }
  private async send<S extends z.ZodType>(schema: S, url: string, body: unknown) {
    return answerOf(schema, await this.http.post<Envelope>(url, body), url);
  }
  private async page<S extends z.ZodType<{ total: number; rows: unknown[] }>>(
    schema: S,
    url: string,
    q: Query,
  ): Promise<Page<z.output<S>['rows'][number]>> {
    const r = await this.read(schema, url, q);
    return { total: r.total, rows: r.rows };
  }

  list = (q: TaskListQueryInput & Query) => this.page(taskPage, '/v4/design-task/list', q);
  add = async (body: TaskSaveInput) =>
    (await this.send(taskAnswer, '/v4/design-task/add', body)).data;
  update = async (body: TaskUpdateInput) =>
    (await this.send(taskAnswer, '/v4/design-task/update', body)).data;
  remove = async (taskId: number) =>
    (await this.read(taskAnswer, '/project/design-task/deleteById', { taskId })).data;
  detail = async (taskId: number) =>
    (await this.read(taskDetailAnswer, '/v4/design-task/detailById', { taskId })).data;

  async confirm(
    task: Pick<TaskRow, 'taskId' | 'currentStep' | 'history'>,
    dealContent: string,
  ): Promise<TaskRow> {
    const q = { taskId: task.taskId, dealContent };
    switch (task.currentStep) {
      case 'designHost':
        return (await this.read(taskAnswer, '/project/design-task/confirmByDesignZhuChi', q)).data;
      case 'projectManager':
        return (
          await this.read(
            taskAnswer,
            task.history
              ? '/project/design-task/confirmByProManagerHistory'
              : '/project/design-task/confirmByProManager',
            q,
          )
        ).data;
      default:
        return (await this.send(taskAnswer, '/v4/design-task/confirmTask', q)).data;
    }
  }

  results = (q: Query) => this.page(taskResultPage, '/v4/design-task/getTaskResultList', q);
  uploadResult = async (body: TaskResultInput) =>
    (await this.send(taskResultAnswer, '/project/design-task/uploadResultFileV2', body)).data;
  confirmResult = async (resultId: number, acceptance: boolean) =>
    (
      await this.read(
        taskResultAnswer,
        acceptance
          ? '/v4/design-task/confirmTaskResultOnAcceptanceFile'
          : '/v4/design-task/confirmTaskResult',
        { resultId },
      )
    ).data;

  seals = (q: Query) => this.page(taskSealPage, '/v4/design-task/getDesignResultSealList', q);
  addSeal = async (body: TaskSealInput) =>
    (await this.send(taskSealAnswer, '/project/design-task/insertResultSealV2', body)).data;
  submitSeal = async (resultSealId: number) =>
    (
      await this.send(taskSealAnswer, '/project/design-task/updateResultSealToApproval', {
        resultSealId,
      })
    ).data;
  sealDetail = async (resultSealId: number) =>
    (await this.read(taskSealAnswer, '/project/design-task/detailBySealId', { resultSealId })).data;

  values = (q: Query) => this.page(taskValuePage, '/v4/design-task/valueOfConfirmList', q);
  /** confirmDetail/export of the tasks the value list found with `q` (its page left out). */
  confirmDetailExportUrl(q: Query): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(clean(q)))
      if (k !== 'pageNum' && k !== 'pageSize') params.set(k, String(v));
    const s = params.toString();
    return `/v4/design-task/confirmDetail/export${s === '' ? '' : `?${s}`}`;
  }
  updateFinishAmount = async (taskId: number, confirmFinishAmount: string) =>
    (
      await this.read(taskConfirmDetailAnswer, '/project/design-task/updateConfirmFinishAmount', {
        taskId,
        confirmFinishAmount,
      })
    ).data;
  pay = async (kind: 'quality' | 'ready', body: TaskPayInput) =>
    (
      await this.send(
        taskConfirmDetailAnswer,
        kind === 'quality'
          ? '/v4/design-task/insertTaskQualityPay'
          : '/v4/design-task/insertTaskReadyPay',
        body,
      )
    ).data;

  /** Formal contracts for the sheet's 所属合同. */
  async contracts(): Promise<TaskChoice[]> {
    const p = await this.page(contractPage, '/v4/contract/list', {
      pageNum: 1,
      pageSize: 1000,
      stage: 'formal',
    });
    return p.rows.map((c) => ({
      value: String(c.contractId),
      label: `${c.projectName}（${c.contractName}）`,
    }));
  }

  /** Users of a role: 7 design hosts, 2 project managers (000 §6). */
  async usersOfRole(roleId: 2 | 7): Promise<TaskChoice[]> {
    const url = '/system/user/getUserIdByRoleId';
    const r = await this.http.get<Envelope>(url, { params: { roleId }, quiet: true });
    // A role the caller may not list answers without data: no choices, not an error.
    if (!Array.isArray(r['data'])) return [];
    return answerOf(usersOfRoleAnswer, r, url).data.map((u) => ({
      value: String(u.userId),
      label: u.nickName ?? (typeof u['userName'] === 'string' ? u['userName'] : String(u.userId)),
    }));
  }

  /** The disciplines of a design stage (top level of its tree). */
  async majors(designStageId: string): Promise<TaskChoice[]> {
    const url = '/system/major/listTreeByStageId';
    const r = await this.read(majorTreeAnswer, url, { stageId: designStageId });
    return r.data.map((m) => ({ value: String(m.id), label: m.label }));
  }
}
