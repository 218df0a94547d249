import type { ClosingFeeKey } from '@dpms/core';
import type { HttpClient, Page } from '@dpms/http-client';

export type ClosingKind = 'closed' | 'settle';
export type Fees = Record<ClosingFeeKey, string>;

/** A closed case or settlement as the server answers it (closed-case.routes.ts). */
export interface ClosingRecord {
  closedId: number;
  settleId: number;
  kind: ClosingKind;
  kindName: string;
  contractId: number;
  contractNo: string;
  contractName: string;
  projectName: string;
  closedCaseAmount: string;
  backAmount: string;
  settleAmount: string;
  originalFees: Fees;
  fees: Fees;
  remark: string;
  status: 0 | 1 | 2 | 3;
  statusName: string;
  approvalId: string | null;
  createBy: string;
  createTime: string | null;
  approvedTime: string | null;
  version: number;
}

export interface ClosingContractInfo {
  contract: {
    contractId: number;
    stage: string;
    contractNo: string;
    contractName: string;
    projectName: string;
    fees: Fees;
    backAmount: string;
  };
  record: ClosingRecord | null;
}

export interface ContractOption {
  contractId: number;
  contractName: string;
  projectName: string;
  contractNo: string;
}

export interface FinishTaskRow {
  taskId: number;
  taskNo: string;
  taskName: string;
  designStageName: string;
  deptName: string;
  confirmed: number;
  taskAmount: string;
  confirmFinishAmount: string;
  confirmableAmount: string;
  readyPaid: string;
  backAllotted: string;
}

export interface FinishFileRow {
  finishFileId: number;
  fileId: string;
  fileName: string;
  url: string;
  createBy: string;
  createTime: string | null;
}

export interface FinishOverview {
  contract: {
    contractId: number;
    contractName: string;
    contractNo: string;
    projectName: string;
    totalAmount: string;
    backAmount: string;
    finished: boolean;
    finishStatusName: string;
    finishTime: string | null;
    finishBy: string;
  };
  tasks: FinishTaskRow[];
  files: FinishFileRow[];
  blockers: string[];
  canFinish: boolean;
}

/** A row of 合同完工 (serviceManagelist). */
export type FinishRow = FinishOverview['contract'] & {
  taskAmount: string;
  confirmFinishAmount: string;
  fileCount: number;
};

export interface FinishConfirmationRow {
  id: number;
  taskId: number;
  taskNo: string;
  taskName: string;
  confirmFinishAmount: string;
  beforeAmount: string;
  afterAmount: string;
  remark: string;
  userName: string;
  createTime: string | null;
}

export interface UncollectedSummary {
  rows: {
    taskId: number;
    taskNo: string;
    taskName: string;
    taskAmount: string;
    performedAmount: string;
    collectedAmount: string;
    uncollectedAmount: string;
  }[];
  performedAmount: string;
  backAmount: string;
  uncollectedAmount: string;
}

export interface ApprovalLogEntry {
  action: string;
  nodeName: string | null;
  actorId: string;
  opinion: string | null;
  createTime: string;
  round: number;
}
export interface ApprovalSummary {
  approval: { approvalId: string; status: number; title: string; round: number };
  log: ApprovalLogEntry[];
  userNames: Record<string, string>;
}

type Query = Record<string, string | number>;
const clean = (q: Query): Query =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined));

const PATHS = {
  closed: {
    base: '/v4/contract/closedCase',
    info: '/v4/contract/closedCase/detailByContractId',
    add: '/v4/contract/closedCase/add',
    id: 'closedId',
  },
  settle: {
    base: '/contract/settle',
    info: '/contract/settle/getContractInfo',
    add: '/contract/settle/insertContractSettle',
    id: 'settleId',
  },
} as const;

/** The closed case, settlement and finish confirmation calls of 001 §7. */
export class ClosingGateway {
  constructor(private readonly http: HttpClient) {}

  private async data<T>(url: string, params: Query = {}): Promise<T> {
    return (await this.http.get<{ data: T }>(url, { params })).data;
  }
  private async send<T>(url: string, body: unknown): Promise<T> {
    return (await this.http.post<{ data: T }>(url, body)).data;
  }

  async list(kind: ClosingKind, q: Query): Promise<Page<ClosingRecord>> {
    const r = await this.http.get<{ total: number; rows: ClosingRecord[] }>(
      `${PATHS[kind].base}/list`,
      { params: clean(q) },
    );
    return { total: r.total, rows: r.rows };
  }
  info = (kind: ClosingKind, contractId: number) =>
    this.data<ClosingContractInfo>(PATHS[kind].info, { contractId });
  save = (kind: ClosingKind, body: Record<string, unknown>) =>
    this.send<ClosingRecord>(PATHS[kind].add, body);
  submit = (kind: ClosingKind, id: number) =>
    this.send<ClosingRecord>(`${PATHS[kind].base}/updateToApproval`, { [PATHS[kind].id]: id });
  detail = (kind: ClosingKind, id: number) =>
    this.data<ClosingRecord>(`${PATHS[kind].base}/detailById`, { [PATHS[kind].id]: id });
  remove = (kind: ClosingKind, id: number) =>
    this.data<unknown>(`${PATHS[kind].base}/deleteById`, { [PATHS[kind].id]: id });
  exportPath = (kind: ClosingKind) => `${PATHS[kind].base}/export`;

  approval = (approvalId: string) =>
    this.data<ApprovalSummary>('/project/approval/getCommonApprovalDetail', {
      serviceId: approvalId,
    });
  /** The approval sheet as PDF, through the print service (an API path for the file gateway). */
  sheetPdfPath = (approvalId: string) =>
    `/project/approval/export?approvalId=${approvalId}&format=pdf`;

  /** Formal contracts, for the closing form's 合同. */
  async contracts(): Promise<ContractOption[]> {
    const r = await this.http.get<{ rows: ContractOption[] }>('/v4/contract/list', {
      params: { pageNum: 1, pageSize: 1000, stage: 'formal' },
    });
    return r.rows;
  }

  async manageList(q: Query): Promise<Page<FinishRow>> {
    const r = await this.http.get<{ total: number; rows: FinishRow[] }>(
      '/project/contract/serviceManagelist',
      { params: clean(q) },
    );
    return { total: r.total, rows: r.rows };
  }
  finishOverview = (contractId: number) =>
    this.data<FinishOverview>('/v4/contract/listByContractId', { contractId });
  uncollected = (contractId: number) =>
    this.data<UncollectedSummary>('/v4/contract/performUncollectedList', { contractId });
  confirmations = (contractId: number) =>
    this.data<FinishConfirmationRow[]>('/v4/contract/confirmFinishAmountList', { contractId });
  confirmAmount = (body: {
    contractId: number;
    taskId: number;
    confirmFinishAmount: string;
    remark?: string;
  }) => this.send<FinishConfirmationRow>('/v4/contract/confirmFinishAmount', body);
  deleteConfirmation = (id: number) =>
    this.data<unknown>('/project/contract/deleteConfirmFinishAmount', { id });
  uploadFinishFiles = (contractId: number, fileIds: string[]) =>
    this.send<FinishFileRow[]>('/project/contract/uploadContractFinishFile', {
      contractId,
      fileIds,
    });
  confirmFinish = (contractId: number) =>
    this.data<unknown>('/project/contract/confirmContractFinish', { contractId });
}
