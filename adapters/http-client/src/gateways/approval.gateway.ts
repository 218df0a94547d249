import { templateKindInfo, type TemplateKind } from '@dpms/core';
import {
  approvalDeleteAnswer,
  approvalDetailAnswer,
  approvalDoneAnswer,
  approvalOutcomeAnswer,
  approvalPage,
  flowAnswer,
  flowNodeAnswer,
  flowNodesAnswer,
  flowPage,
  flowWithNodesAnswer,
  signatureAnswer,
  transferCandidatesAnswer,
  type ApprovalCreateInput,
  type ApprovalDetailRecord,
  type ApprovalListQueryInput,
  type ApprovalOutcome,
  type ApprovalProcessInput,
  type ApprovalRow as WireApprovalRow,
  type ApprovalUpdateInput,
  type FlowAddInput,
  type FlowListQueryInput,
  type FlowNodeRecord,
  type FlowRecord,
  type FlowUpdateInput,
  type NodeAddInput,
  type NodeUpdateInput,
  type SignatureRecord,
  type TransferCandidate,
} from '@dpms/wire';
import { keyed, type HttpClient, type WriteOptions } from '../client.js';
import { answerOf } from './answer.js';
import type { Page, PageQuery } from './page.js';

/*
 * The approval slice's wire types are the @dpms/wire schemas' (`z.infer` of the answers,
 * `z.input` of the requests): the schemas the API validates with and answers through, and this
 * gateway parses every JSON answer with (a malformed one is HTTP.MALFORMED_ANSWER).
 */

/** A row of the approval lists (getAllNeedApprovalList, getSelfCreateList, ...). */
export type ApprovalRow = WireApprovalRow;
export type ApprovalListQuery = ApprovalListQueryInput & PageQuery;
/** getCommonApprovalDetail: core's answer plus the names of the users it mentions. */
export type ApprovalDetailResponse = ApprovalDetailRecord;
export type ApprovalOutcomeAnswer = ApprovalOutcome;
export type ApprovalFormBody = ApprovalCreateInput;
export type ApprovalProcessBody = ApprovalProcessInput;
export type FlowRow = FlowRecord;
/** A node as the node form sends it; selfApproval left out takes its actor kind's default. */
export type FlowNodeInput = Omit<NodeAddInput, 'flowId'>;
export type SignatureAnswer = SignatureRecord;

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
    const { rows, total } = answerOf(approvalPage, await this.http.get(path, { params }), path);
    return { rows, total };
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
    const path = '/project/approval/getCommonApprovalDetail';
    const res = await this.http.get(path, { params: { serviceId: approvalId } });
    return answerOf(approvalDetailAnswer, res, path).data;
  }

  /** POST add{Kind}Template. */
  async create(
    kind: TemplateKind,
    body: ApprovalFormBody,
    key: string,
  ): Promise<ApprovalOutcomeAnswer> {
    const path = templateKindInfo(kind).addPath;
    const res = await this.http.post(path, body, idem(key));
    return answerOf(approvalOutcomeAnswer, res, path).data;
  }

  /** POST update{Kind}Template (not for ArchivesApproval). */
  async update(
    kind: TemplateKind,
    body: Omit<ApprovalUpdateInput, 'version'> & { approvalId: string; version: number },
    key: string,
  ): Promise<ApprovalOutcomeAnswer> {
    const path = templateKindInfo(kind).updatePath;
    if (path === undefined) throw new Error(`${kind} has no update call`);
    const res = await this.http.post(path, body, idem(key));
    return answerOf(approvalOutcomeAnswer, res, path).data;
  }

  async process(body: ApprovalProcessBody, key: string): Promise<ApprovalOutcomeAnswer> {
    const path = '/project/approval/process';
    const res = await this.http.post(path, body, idem(key));
    return answerOf(approvalOutcomeAnswer, res, path).data;
  }

  /** 转办's candidates for the current node (only its holders may ask), by name and department. */
  async transferCandidates(approvalId: string): Promise<TransferCandidate[]> {
    const path = '/project/approval/transferCandidates';
    const res = await this.http.get(path, { params: { approvalId } });
    return [...answerOf(transferCandidatesAnswer, res, path).data];
  }

  async remove(approvalId: string, key: string): Promise<void> {
    const path = '/project/approval/deleteById';
    const res = await this.http.get(path, { params: { serviceId: approvalId }, ...idem(key) });
    answerOf(approvalDeleteAnswer, res, path);
  }

  // ---- flows and nodes ------------------------------------------------------------------------

  async flows(query: FlowListQueryInput & PageQuery = {}): Promise<Page<FlowRow>> {
    const path = '/approval/flow/list';
    const params = Object.fromEntries(
      Object.entries(query).filter(([, v]) => v !== '' && v !== undefined),
    );
    const { rows, total } = answerOf(flowPage, await this.http.get(path, { params }), path);
    return { rows, total };
  }
  /** A flow or node write takes its dialog's Idempotency-Key, kept across that save's retries. */
  async addFlow(flow: FlowAddInput, options?: WriteOptions): Promise<FlowRow> {
    const path = '/approval/flow/add';
    return answerOf(flowAnswer, await this.http.post(path, flow, keyed(options)), path).data;
  }
  async updateFlow(flow: FlowUpdateInput, options?: WriteOptions): Promise<FlowRow> {
    const path = '/approval/flow/update';
    return answerOf(flowAnswer, await this.http.post(path, flow, keyed(options)), path).data;
  }
  async removeFlow(flowId: number, options?: WriteOptions): Promise<void> {
    const path = '/approval/flow/del';
    const res = await this.http.get(path, { params: { flowId }, ...keyed(options) });
    answerOf(approvalDoneAnswer, res, path);
  }
  async nodes(flowId: number): Promise<{ flow: FlowRow; nodes: FlowNodeRecord[] }> {
    const path = '/approval/node/get';
    const res = await this.http.get(path, { params: { flowId } });
    return answerOf(flowWithNodesAnswer, res, path).data;
  }
  async addNode(node: NodeAddInput, options?: WriteOptions): Promise<FlowNodeRecord> {
    const path = '/approval/node/add';
    return answerOf(flowNodeAnswer, await this.http.post(path, node, keyed(options)), path).data;
  }
  async updateNode(node: NodeUpdateInput, options?: WriteOptions): Promise<FlowNodeRecord> {
    const path = '/approval/node/update';
    return answerOf(flowNodeAnswer, await this.http.post(path, node, keyed(options)), path).data;
  }
  async removeNode(nodeId: number, options?: WriteOptions): Promise<void> {
    const path = '/approval/node/del';
    const res = await this.http.get(path, { params: { nodeId }, ...keyed(options) });
    answerOf(approvalDoneAnswer, res, path);
  }
  /** Swaps a node with its neighbour; answers the flow's nodes in their new order. */
  async moveNode(nodeId: number, direction: 'up' | 'down'): Promise<FlowNodeRecord[]> {
    const path = '/approval/node/moveFlowNodeOrder';
    const res = await this.http.get(path, { params: { nodeId, direction } });
    return answerOf(flowNodesAnswer, res, path).data;
  }

  // ---- personal signature ------------------------------------------------------

  async signature(): Promise<SignatureAnswer> {
    const path = '/system/user/profile/signature';
    return answerOf(signatureAnswer, await this.http.get(path), path).data;
  }
  async uploadSignature(form: FormData): Promise<SignatureAnswer> {
    const path = '/system/user/profile/signature';
    return answerOf(signatureAnswer, await this.http.post(path, form, multipart), path).data;
  }
}
