import type { TaskActionSubject } from '@dpms/core';
import type { HttpClient, Page } from '@dpms/http-client';

/** A task sheet row as the list and detail answer it (adapters/http-api task.routes.ts). */
export interface TaskRow {
  taskId: number;
  contractId: number;
  projectName: string;
  contractName: string;
  taskNo: string;
  taskName: string;
  subItemName: string;
  taskResultName: string;
  designStageId: string;
  designStageName: string;
  qualityType: '0' | '1';
  qualityTypeName: string;
  designUserId: number;
  designUserName: string;
  projectManagerId: number;
  projectManagerName: string;
  planFinishDate: string;
  remark: string;
  taskAmount: string;
  confirmFinishAmount: string;
  majorList: { majorId: number; majorName: string }[];
  status: number;
  statusName: string;
  currentStep: 'designHost' | 'projectManager' | 'department' | null;
  history: boolean;
  finished: boolean;
  deptName: string;
  /** Who signs 部门确认 (the sign flow's department step). */
  deptConfirmerId: number | null;
  version: number;
}

/** A listed sheet as core's availability rule reads it (`status` is the count of confirmed steps). */
export const taskSubject = (t: TaskRow): TaskActionSubject => ({
  confirmed: t.status,
  history: t.history,
  designUserId: t.designUserId,
  projectManagerId: t.projectManagerId,
  deptConfirmerId: t.deptConfirmerId,
});

export interface SignFlowView {
  designTaskSignFlowList: {
    flowId: string;
    flowName: string;
    orderNo: number;
    dealUserId: string;
    dealUserName: string;
  }[];
  designTaskSignDetailList: {
    flowId: string;
    dealContent: string;
    createTime: string | null;
    dealUserSignUrl: string | null;
  }[];
  currentFlowName: string | null;
}

export interface FileView {
  fileId: string;
  name: string;
  url: string;
}

export interface ResultRow {
  resultId: number;
  taskId: number;
  taskNo?: string;
  taskName?: string;
  majorName: string;
  fileName: string;
  fileProp: string;
  memo: string;
  fileList: FileView[];
  acceptanceFileList: FileView[];
  resultConfirmed: boolean;
  acceptanceConfirmed: boolean;
  userName: string;
  createTime: string;
}

export interface TaskDetail extends TaskRow, SignFlowView {
  resultList: ResultRow[];
  terms: string[];
  qualityDeposit: string;
}

export interface SealRow {
  resultSealId: number;
  taskId: number;
  taskNo: string;
  taskName: string;
  contractName: string;
  drawContent: string;
  drawNum: number;
  sealGoalContent: string;
  sealType: string[];
  sealTime: string | null;
  imgFiles: FileView[];
  sealImagesList: FileView[];
  status: number;
  statusName: string;
  userId: number;
  userName: string;
}

export interface ValueRow extends TaskRow {
  qualityDeposit: string;
  qualityPaid: string;
  readyPaid: string;
  readyPayLimit: string;
  qualityRemaining: string;
  readyRemaining: string;
}

export interface Option {
  value: string;
  label: string;
}

type Query = Record<string, string | number>;
const clean = (q: Query): Query =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined));

/** The design task calls of 001 §7, for the task, result, seal and output value screens. */
export class TaskGateway {
  constructor(private readonly http: HttpClient) {}

  private async page<T>(url: string, q: Query): Promise<Page<T>> {
    const r = await this.http.get<{ total: number; rows: T[] }>(url, { params: clean(q) });
    return { total: r.total, rows: r.rows };
  }
  private async data<T>(url: string, params: Query = {}): Promise<T> {
    return (await this.http.get<{ data: T }>(url, { params })).data;
  }
  private async send<T>(url: string, body: unknown): Promise<T> {
    return (await this.http.post<{ data: T }>(url, body)).data;
  }

  list = (q: Query) => this.page<TaskRow>('/v4/design-task/list', q);
  add = (body: Record<string, unknown>) => this.send<TaskRow>('/v4/design-task/add', body);
  update = (body: Record<string, unknown>) => this.send<TaskRow>('/v4/design-task/update', body);
  remove = (taskId: number) => this.data('/project/design-task/deleteById', { taskId });
  detail = (taskId: number) => this.data<TaskDetail>('/v4/design-task/detailById', { taskId });

  confirm(task: Pick<TaskRow, 'taskId' | 'currentStep' | 'history'>, dealContent: string) {
    const q = { taskId: task.taskId, dealContent };
    switch (task.currentStep) {
      case 'designHost':
        return this.data<TaskRow>('/project/design-task/confirmByDesignZhuChi', q);
      case 'projectManager':
        return this.data<TaskRow>(
          task.history
            ? '/project/design-task/confirmByProManagerHistory'
            : '/project/design-task/confirmByProManager',
          q,
        );
      default:
        return this.send<TaskRow>('/v4/design-task/confirmTask', q);
    }
  }

  results = (q: Query) => this.page<ResultRow>('/v4/design-task/getTaskResultList', q);
  uploadResult = (body: Record<string, unknown>) =>
    this.send<ResultRow>('/project/design-task/uploadResultFileV2', body);
  confirmResult = (resultId: number, acceptance: boolean) =>
    this.data<ResultRow>(
      acceptance
        ? '/v4/design-task/confirmTaskResultOnAcceptanceFile'
        : '/v4/design-task/confirmTaskResult',
      { resultId },
    );

  seals = (q: Query) => this.page<SealRow>('/v4/design-task/getDesignResultSealList', q);
  addSeal = (body: Record<string, unknown>) =>
    this.send<SealRow>('/project/design-task/insertResultSealV2', body);
  submitSeal = (resultSealId: number) =>
    this.send<SealRow>('/project/design-task/updateResultSealToApproval', { resultSealId });
  sealDetail = (resultSealId: number) =>
    this.data<SealRow>('/project/design-task/detailBySealId', { resultSealId });

  values = (q: Query) => this.page<ValueRow>('/v4/design-task/valueOfConfirmList', q);
  /** confirmDetail/export of the tasks the value list found with `q` (its page left out). */
  confirmDetailExportUrl(q: Query): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(clean(q)))
      if (k !== 'pageNum' && k !== 'pageSize') params.set(k, String(v));
    const s = params.toString();
    return `/v4/design-task/confirmDetail/export${s === '' ? '' : `?${s}`}`;
  }
  updateFinishAmount = (taskId: number, confirmFinishAmount: string) =>
    this.data('/project/design-task/updateConfirmFinishAmount', { taskId, confirmFinishAmount });
  pay = (kind: 'quality' | 'ready', body: Record<string, unknown>) =>
    this.send(
      kind === 'quality'
        ? '/v4/design-task/insertTaskQualityPay'
        : '/v4/design-task/insertTaskReadyPay',
      body,
    );

  /** Formal contracts for the sheet's 所属合同. */
  async contracts(): Promise<Option[]> {
    const p = await this.page<{ contractId: number; projectName: string; contractName: string }>(
      '/v4/contract/list',
      { pageNum: 1, pageSize: 1000, stage: 'formal' },
    );
    return p.rows.map((c) => ({
      value: String(c.contractId),
      label: `${c.projectName}（${c.contractName}）`,
    }));
  }

  /** Users of a role: 7 design hosts, 2 project managers (000 §6). */
  async usersOfRole(roleId: 2 | 7): Promise<Option[]> {
    const r = await this.http.get<{ data?: unknown; rows?: unknown }>(
      '/system/user/getUserIdByRoleId',
      {
        params: { roleId },
        quiet: true,
      },
    );
    const list = (Array.isArray(r.data) ? r.data : Array.isArray(r.rows) ? r.rows : []) as {
      userId: number;
      nickName?: string;
      userName?: string;
    }[];
    return list.map((u) => ({
      value: String(u.userId),
      label: u.nickName ?? u.userName ?? String(u.userId),
    }));
  }

  /** The disciplines of a design stage (top level of its tree). */
  async majors(designStageId: string): Promise<Option[]> {
    const tree = await this.data<{ id: number; label: string }[]>(
      '/system/major/listTreeByStageId',
      { stageId: designStageId },
    );
    return tree.map((m) => ({ value: String(m.id), label: m.label }));
  }
}
