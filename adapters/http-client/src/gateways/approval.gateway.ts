import {
  templateKindInfo,
  type ApprovalDetailAnswer,
  type ApprovalFlowNode,
  type SelfApprovalHandling,
  type ApprovalStatus,
  type NodeCondition,
  type ProcessActionType,
  type TemplateContent,
  type TemplateFile,
  type TemplateKind,
  type TemplateSection,
} from '@dpms/core';
import { z } from 'zod';
import type { HttpClient } from '../client.js';
import { dataOf, toPage, type Page, type PageQuery } from './page.js';

/** A row of the approval lists (getAllNeedApprovalList, getSelfCreateList, ...). */
export interface ApprovalRow {
  approvalId: string;
  serviceId: string;
  typeCode: string;
  typeName: string;
  kind: TemplateKind;
  title: string;
  status: ApprovalStatus;
  statusName: string;
  version: number;
  drafterId: string;
  drafterName: string;
  deptId: number | null;
  deptName: string | null;
  currentNodeName: string;
  recordKind: string | null;
  recordId: string | null;
  createTime: string;
  updateTime: string;
  submitTime: string | null;
  finishTime: string | null;
}

export interface ApprovalListQuery extends PageQuery {
  typeCode?: string;
  status?: number | string;
  title?: string;
}

/** getCommonApprovalDetail: core's answer plus the names of the users it mentions. */
export type ApprovalDetailResponse = ApprovalDetailAnswer & {
  userNames: Record<string, string>;
};

const outcomeSchema = z.object({
  approvalId: z.coerce.string(),
  status: z.number(),
  version: z.number(),
  currentNodeName: z.string().default(''),
});
export type ApprovalOutcomeAnswer = z.infer<typeof outcomeSchema>;

export interface ApprovalFormBody {
  typeCode: string;
  title?: string;
  content: TemplateContent;
  files?: readonly TemplateFile[];
  templateContent?: readonly TemplateSection[];
  recordKind?: string;
  recordId?: string;
  submit?: boolean;
}

export interface ApprovalProcessBody {
  approvalId: string;
  action: ProcessActionType;
  version: number;
  opinion?: string;
  targetNodeId?: string;
  toUserId?: string;
}

export interface FlowRow {
  flowId: number;
  typeCode: string;
  typeName: string;
  flowName: string;
  status: '0' | '1';
  remark: string;
  nodeCount: number;
  createTime: string;
  updateTime: string | null;
}

export interface FlowNodeInput {
  nodeName: string;
  actorKind: ApprovalFlowNode['actorKind'];
  roleKey?: string | null;
  userIds?: string[];
  formField?: string | null;
  mode?: 'or' | 'all';
  condition?: NodeCondition | null;
  conditionEffect?: 'add' | 'skip';
  /** Separation of duties: when the node's holders include the drafter; left out: by kind. */
  selfApproval?: SelfApprovalHandling;
}

const signatureSchema = z.object({
  signFileId: z.string().nullable(),
  signUrl: z.string().nullable(),
});
export type SignatureAnswer = z.infer<typeof signatureSchema>;

const uploadedSchema = z
  .object({
    fileId: z.string(),
    fileName: z.string(),
    originalFilename: z.string(),
    url: z.string(),
  })
  .loose();
export type UploadedFile = z.infer<typeof uploadedSchema>;

const idem = (key: string) => ({ headers: { 'Idempotency-Key': key } });
/**
 * A multipart body: the client's default JSON content type would make axios turn the FormData
 * into JSON; naming multipart lets the browser set it with its boundary.
 */
const multipart = { headers: { 'Content-Type': 'multipart/form-data' } };

/**
 * The approval engine's calls (000 §7 "Approval flows" and "Approvals") and the personal
 * signature image. Every write takes the Idempotency-Key of the user action it carries out, so a
 * retried request is answered once and applied once.
 */
export class ApprovalGateway {
  constructor(private readonly http: HttpClient) {}

  private async list(path: string, query: ApprovalListQuery): Promise<Page<ApprovalRow>> {
    const params = Object.fromEntries(
      Object.entries(query).filter(([, v]) => v !== '' && v !== undefined && v !== null),
    );
    return toPage<ApprovalRow>(await this.http.get(path, { params }));
  }

  /** 待我审批. */
  waiting(query: ApprovalListQuery = {}): Promise<Page<ApprovalRow>> {
    return this.list('/project/approval/getAllNeedApprovalList', query);
  }
  /** 我已审批. */
  done(query: ApprovalListQuery = {}): Promise<Page<ApprovalRow>> {
    return this.list('/project/approval/getDoneList', query);
  }
  /** 我发起的. */
  mine(query: ApprovalListQuery = {}): Promise<Page<ApprovalRow>> {
    return this.list('/project/approval/getSelfCreateList', query);
  }
  /** 全部审批 (by permission and data scope). */
  all(query: ApprovalListQuery = {}): Promise<Page<ApprovalRow>> {
    return this.list('/project/approval/getAllApprovalList', query);
  }

  async detail(approvalId: string): Promise<ApprovalDetailResponse> {
    const res = await this.http.get('/project/approval/getCommonApprovalDetail', {
      params: { serviceId: approvalId },
    });
    return dataOf<ApprovalDetailResponse>(res);
  }

  /** POST add{Kind}Template. */
  async create(
    kind: TemplateKind,
    body: ApprovalFormBody,
    key: string,
  ): Promise<ApprovalOutcomeAnswer> {
    const res = await this.http.post(templateKindInfo(kind).addPath, body, idem(key));
    return outcomeSchema.parse(res['data']);
  }

  /** POST update{Kind}Template (not for ArchivesApproval). */
  async update(
    kind: TemplateKind,
    body: Omit<ApprovalFormBody, 'typeCode' | 'recordKind' | 'recordId'> & {
      approvalId: string;
      version: number;
    },
    key: string,
  ): Promise<ApprovalOutcomeAnswer> {
    const path = templateKindInfo(kind).updatePath;
    if (path === undefined) throw new Error(`${kind} has no update call`);
    const res = await this.http.post(path, body, idem(key));
    return outcomeSchema.parse(res['data']);
  }

  async process(body: ApprovalProcessBody, key: string): Promise<ApprovalOutcomeAnswer> {
    const res = await this.http.post('/project/approval/process', body, idem(key));
    return outcomeSchema.parse(res['data']);
  }

  async remove(approvalId: string, key: string): Promise<void> {
    await this.http.get('/project/approval/deleteById', {
      params: { serviceId: approvalId },
      ...idem(key),
    });
  }

  // ---- flows and nodes ------------------------------------------------------------------------

  async flows(query: PageQuery & { typeCode?: string; flowName?: string } = {}) {
    const params = Object.fromEntries(
      Object.entries(query).filter(([, v]) => v !== '' && v !== undefined),
    );
    return toPage<FlowRow>(await this.http.get('/approval/flow/list', { params }));
  }
  async addFlow(flow: { typeCode: string; flowName: string; status?: string; remark?: string }) {
    await this.http.post('/approval/flow/add', flow);
  }
  async updateFlow(flow: { flowId: number; flowName?: string; status?: string; remark?: string }) {
    await this.http.post('/approval/flow/update', flow);
  }
  async removeFlow(flowId: number) {
    await this.http.get('/approval/flow/del', { params: { flowId } });
  }
  async nodes(flowId: number): Promise<{ flow: FlowRow; nodes: ApprovalFlowNode[] }> {
    const res = await this.http.get('/approval/node/get', { params: { flowId } });
    return dataOf<{ flow: FlowRow; nodes: ApprovalFlowNode[] }>(res);
  }
  async addNode(node: FlowNodeInput & { flowId: number }) {
    await this.http.post('/approval/node/add', node);
  }
  async updateNode(node: Partial<FlowNodeInput> & { nodeId: number }) {
    await this.http.post('/approval/node/update', node);
  }
  async removeNode(nodeId: number) {
    await this.http.get('/approval/node/del', { params: { nodeId } });
  }
  async moveNode(nodeId: number, direction: 'up' | 'down') {
    await this.http.get('/approval/node/moveFlowNodeOrder', { params: { nodeId, direction } });
  }

  // ---- personal signature and form files ------------------------------------------------------

  async signature(): Promise<SignatureAnswer> {
    const res = await this.http.get('/system/user/profile/signature');
    return signatureSchema.parse(res['data']);
  }
  async uploadSignature(form: FormData): Promise<SignatureAnswer> {
    const res = await this.http.post('/system/user/profile/signature', form, multipart);
    return signatureSchema.parse(res['data']);
  }
  /** POST /common/upload: one form attachment. */
  async uploadFile(form: FormData): Promise<UploadedFile> {
    const res = await this.http.post('/common/upload', form, multipart);
    return uploadedSchema.parse(res['data'] ?? res);
  }
}
