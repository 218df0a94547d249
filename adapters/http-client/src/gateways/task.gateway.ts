import { z } from 'zod';
import type { ResultSealTypeCode, TaskActionSubject } from '@dpms/core';
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
  type TaskSealAttachInput,
  type TaskSealInput,
  type TaskSubmitInput,
  type TaskSealRecord,
  type TaskUpdateInput,
  type TaskValueRecord,
} from '@dpms/wire';
import { keyed, type HttpClient, type WriteOptions } from '../client.js';
import { answerOf } from './answer.js';
import type { Page, PageQuery } from './page.js';
import { cleanQuery, ParsedCalls } from './parsed-calls.js';

/*
 * The design task calls of 001 §7 for the task, result, seal and output value screens. The types
 * are the @dpms/wire schemas' (`z.infer`/`z.input`), every answer is parsed with the schema the
 * API answers through (a malformed answer is HTTP.MALFORMED_ANSWER naming the call), and every
 * write takes the user action's Idempotency-Key, the writes the spec sends as GET (the
 * confirmations, 确认完成产值, deleteById) included.
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
  approvalStatus: t.approvalStatus,
});

/** An export's URL: the list's filters of `q`, its paging left out. */
function exportUrlOf(path: string, q: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(cleanQuery(q)))
    if (k !== 'pageNum' && k !== 'pageSize') params.set(k, String(v));
  const s = params.toString();
  return `${path}${s === '' ? '' : `?${s}`}`;
}

/** Answers of other slices the task screens read their choices from. */
const usersOfRoleAnswer = z
  .object({
    data: z.array(z.object({ userId: z.number(), nickName: z.string().optional() }).loose()),
  })
  .loose();
const majorTreeAnswer = z
  .object({ data: z.array(z.object({ id: z.number(), label: z.string() }).loose()) })
  .loose();

const rowsOf = <R>(p: { total: number; rows: R[] }): Page<R> => ({ total: p.total, rows: p.rows });

export class TaskGateway {
  private readonly calls: ParsedCalls;
  constructor(private readonly http: HttpClient) {
    this.calls = new ParsedCalls(http);
  }

  /** A write the spec sends as GET, answered with a record: keyed like a POST. */
  private async getWrite<S extends z.ZodType<{ data: unknown }>>(
    schema: S,
    path: string,
    params: Record<string, unknown>,
    options?: WriteOptions,
  ): Promise<z.output<S>['data']> {
    const res = await this.http.get(path, { params: cleanQuery(params), ...keyed(options) });
    return answerOf(schema, res, path).data;
  }

  list = async (q: TaskListQueryInput & PageQuery) =>
    rowsOf(await this.calls.page(taskPage, '/v4/design-task/list', q));
  add = (body: TaskSaveInput, options?: WriteOptions) =>
    this.calls.post(taskAnswer, '/v4/design-task/add', body, options);
  update = (body: TaskUpdateInput, options?: WriteOptions) =>
    this.calls.post(taskAnswer, '/v4/design-task/update', body, options);
  remove = (taskId: number, options?: WriteOptions) =>
    this.getWrite(taskAnswer, '/project/design-task/deleteById', { taskId }, options);
  detail = (taskId: number) =>
    this.calls.get(taskDetailAnswer, '/v4/design-task/detailById', { taskId });
  /** 提交审批: the sheet goes into approval 3_x (3_1 when no type is given). */
  submit = (body: TaskSubmitInput, options?: WriteOptions) =>
    this.calls.post(taskAnswer, '/project/design-task/updateToApproval', body, options);

  /** The confirmation whose turn it is: 设计主持确认, 项目经理确认 (or its history variant), 部门确认. */
  confirm(
    task: Pick<TaskRow, 'taskId' | 'currentStep' | 'history'>,
    dealContent: string,
    options?: WriteOptions,
  ): Promise<TaskRow> {
    const q = { taskId: task.taskId, dealContent };
    switch (task.currentStep) {
      case 'designHost':
        return this.getWrite(taskAnswer, '/project/design-task/confirmByDesignZhuChi', q, options);
      case 'projectManager':
        return this.getWrite(
          taskAnswer,
          task.history
            ? '/project/design-task/confirmByProManagerHistory'
            : '/project/design-task/confirmByProManager',
          q,
          options,
        );
      default:
        return this.calls.post(taskAnswer, '/v4/design-task/confirmTask', q, options);
    }
  }

  results = async (q: PageQuery) =>
    rowsOf(await this.calls.page(taskResultPage, '/v4/design-task/getTaskResultList', q));
  uploadResult = (body: TaskResultInput, options?: WriteOptions) =>
    this.calls.post(taskResultAnswer, '/project/design-task/uploadResultFileV2', body, options);
  confirmResult = (resultId: number, acceptance: boolean, options?: WriteOptions) =>
    this.getWrite(
      taskResultAnswer,
      acceptance
        ? '/v4/design-task/confirmTaskResultOnAcceptanceFile'
        : '/v4/design-task/confirmTaskResult',
      { resultId },
      options,
    );

  seals = async (q: PageQuery) =>
    rowsOf(await this.calls.page(taskSealPage, '/v4/design-task/getDesignResultSealList', q));
  addSeal = (body: TaskSealInput, options?: WriteOptions) =>
    this.calls.post(taskSealAnswer, '/project/design-task/insertResultSealV2', body, options);
  /** 提交审批 of a seal request: 13_1 by default, or the technical seal 25_1/25_2. */
  submitSeal = (resultSealId: number, options?: WriteOptions, typeCode?: ResultSealTypeCode) =>
    this.calls.post(
      taskSealAnswer,
      '/project/design-task/updateResultSealToApproval',
      typeCode === undefined ? { resultSealId } : { resultSealId, typeCode },
      options,
    );
  /** 上传盖章扫描件: an approved request's scans, uploaded back on the result they stamp. */
  uploadSealScans = (body: TaskSealAttachInput, options?: WriteOptions) =>
    this.calls.post(taskSealAnswer, '/v4/design-task/uploadDesignResultSealAttach', body, options);
  sealDetail = (resultSealId: number) =>
    this.calls.get(taskSealAnswer, '/project/design-task/detailBySealId', { resultSealId });

  values = async (q: PageQuery) =>
    rowsOf(await this.calls.page(taskValuePage, '/v4/design-task/valueOfConfirmList', q));
  /** confirmDetail/export: the value list as found with `q` (its page left out). */
  confirmDetailExportUrl(q: Record<string, unknown>): string {
    return exportUrlOf('/v4/design-task/confirmDetail/export', q);
  }
  /** 导出 of the task sheet list: the sheets the list found with `q`, as the list shows them. */
  exportUrl(q: Record<string, unknown>): string {
    return exportUrlOf('/v4/design-task/export', q);
  }
  /** exportRealSeal: the approved result seals the seal list found with `q`. */
  sealExportUrl(q: Record<string, unknown>): string {
    return exportUrlOf('/project/design-task/exportRealSeal', q);
  }
  updateFinishAmount = (taskId: number, confirmFinishAmount: string, options?: WriteOptions) =>
    this.getWrite(
      taskConfirmDetailAnswer,
      '/project/design-task/updateConfirmFinishAmount',
      { taskId, confirmFinishAmount },
      options,
    );
  pay = (kind: 'quality' | 'ready', body: TaskPayInput, options?: WriteOptions) =>
    this.calls.post(
      taskConfirmDetailAnswer,
      kind === 'quality'
        ? '/v4/design-task/insertTaskQualityPay'
        : '/v4/design-task/insertTaskReadyPay',
      body,
      options,
    );

  /** Formal contracts for the sheet's 所属合同. */
  async contracts(): Promise<TaskChoice[]> {
    const p = await this.calls.page(contractPage, '/v4/contract/list', {
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
    const r = await this.http.get(url, { params: { roleId }, quiet: true });
    // A role the caller may not list answers without data: no choices, not an error.
    if (!Array.isArray(r['data'])) return [];
    return answerOf(usersOfRoleAnswer, r, url).data.map((u) => ({
      value: String(u.userId),
      label: u.nickName ?? (typeof u['userName'] === 'string' ? u['userName'] : String(u.userId)),
    }));
  }

  /** The disciplines of a design stage (top level of its tree). */
  async majors(designStageId: string): Promise<TaskChoice[]> {
    const r = await this.calls.get(majorTreeAnswer, '/system/major/listTreeByStageId', {
      stageId: designStageId,
    });
    return r.map((m) => ({ value: String(m.id), label: m.label }));
  }
}
