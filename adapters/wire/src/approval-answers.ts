import { z } from 'zod';
import {
  SELF_APPROVAL_HANDLINGS,
  TEMPLATE_KINDS,
  type ApprovalDetailBO,
  type ApprovalNodeAssignment,
  type ApprovalSignRecord,
  type DesignTaskSignDetail,
  type DesignTaskSignFlow,
  type TemplateContent,
  type TemplateFile,
  type TemplateSection,
} from '@dpms/core';
import {
  PROCESS_ACTIONS,
  approvalTypeCode,
  flowActorKind,
  nodeCondition,
  signMode,
} from './approval.js';
import { okEnvelope, pageEnvelope, timestamp } from './envelope.js';

/*
 * The approval slice's answers: what the routes answer through and the client parses with
 * (the requests are in approval.ts).
 */

const status = z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const templateKind = z.enum(TEMPLATE_KINDS);

/** A row of the approval lists (待我审批, 我已审批, 我发起的, 全部审批). */
export const approvalRow = z
  .object({
    approvalId: z.string(),
    serviceId: z.string(),
    typeCode: z.string(),
    typeName: z.string(),
    kind: templateKind,
    title: z.string(),
    status,
    statusName: z.string(),
    version: z.number().int(),
    drafterId: z.string(),
    drafterName: z.string(),
    deptId: z.number().int().nullable(),
    deptName: z.string().nullable(),
    currentNodeName: z.string(),
    recordKind: z.string().nullable(),
    recordId: z.string().nullable(),
    createTime: timestamp(),
    updateTime: timestamp(),
    submitTime: timestamp().nullable(),
    finishTime: timestamp().nullable(),
  })
  .meta({ id: 'ApprovalRow' });

/** What every approval write answers: enough for the client to continue without a reload. */
export const approvalOutcome = z.object({
  approvalId: z.string(),
  status,
  version: z.number().int(),
  currentNodeName: z.string(),
});

/** A flow (one per approval type). */
export const flowRecord = z
  .object({
    flowId: z.number().int(),
    typeCode: z.string(),
    typeName: z.string(),
    flowName: z.string(),
    status: z.enum(['0', '1']),
    remark: z.string(),
    nodeCount: z.number().int(),
    createTime: timestamp(),
    updateTime: timestamp().nullable(),
  })
  .meta({ id: 'ApprovalFlow' });

/** A node of a flow, as core keeps it. */
export const flowNodeRecord = z
  .object({
    nodeId: z.number().int(),
    flowId: z.number().int(),
    nodeName: z.string(),
    orderNum: z.number().int(),
    actorKind: flowActorKind,
    roleKey: z.string().nullable(),
    userIds: z.array(z.string()).readonly(),
    formField: z.string().nullable(),
    mode: signMode,
    condition: nodeCondition.nullable(),
    conditionEffect: z.enum(['add', 'skip']),
    selfApproval: z.enum(SELF_APPROVAL_HANDLINGS),
  })
  .meta({ id: 'ApprovalFlowNode' });

export const flowWithNodes = z.object({ flow: flowRecord, nodes: z.array(flowNodeRecord) });

/**
 * A block core builds and the screens hand back to core (the form content, the sign footer, the
 * nodes): checked as an object or a list here and typed by core's model, so the screens and core
 * read one type; its fields are core's, not a second copy.
 */
const coreObject = <T>() => z.record(z.string(), z.unknown()) as unknown as z.ZodType<T>;
const coreList = <T>() => z.array(coreObject<T>()).readonly();

const approvalView = z.object({
  approvalId: z.string(),
  typeCode: approvalTypeCode,
  typeName: z.string(),
  kind: templateKind,
  title: z.string(),
  status,
  version: z.number().int(),
  round: z.number().int(),
  drafterId: z.string(),
  deptId: z.number().int().nullable(),
  recordKind: z.string().nullable(),
  recordId: z.string().nullable(),
  content: coreObject<TemplateContent>(),
  templateContent: coreList<TemplateSection>().nullable(),
  files: coreList<TemplateFile>(),
  nodes: coreList<ApprovalNodeAssignment>(),
  currentNodeIndex: z.number().int(),
  readers: z.array(z.string()).readonly(),
  createTime: timestamp(),
  updateTime: timestamp(),
  submitTime: timestamp().nullable(),
  finishTime: timestamp().nullable(),
});

const logEntry = z.object({
  action: z.string(),
  actorId: z.string(),
  round: z.number().int(),
  version: z.number().int(),
  nodeId: z.string().nullable(),
  nodeName: z.string().nullable(),
  opinion: z.string().nullable(),
  target: z.string().nullable(),
  signUrl: z.string().nullable(),
  createTime: timestamp(),
});

/** getCommonApprovalDetail: the approval, its sign footer, files, log and the names it mentions. */
export const approvalDetail = z
  .object({
    approval: approvalView,
    approvalDetailBO: coreObject<ApprovalDetailBO>(),
    attachmentList: coreList<TemplateFile>(),
    sealImagesList: coreList<TemplateFile>(),
    imgFiles: coreList<TemplateFile>(),
    currentSignRecord: coreObject<ApprovalSignRecord>().nullable(),
    designTaskSignFlowList: coreList<DesignTaskSignFlow>().optional(),
    designTaskSignDetailList: coreList<DesignTaskSignDetail>().optional(),
    log: z.array(logEntry).readonly(),
    allowedActions: z.array(z.enum(PROCESS_ACTIONS)).readonly(),
    userNames: z.record(z.string(), z.string()),
  })
  .meta({ id: 'ApprovalDetail' });

/** The shell's poll: the 待我审批 count, the seal dot and the urgent design tasks. */
export const approvalNotify = z.object({
  unDealCount: z.number().int().min(0),
  unLookSeal: z.boolean(),
  warnTaskList: z
    .array(z.object({ taskNo: z.string(), planFinishDate: z.string().meta({ format: 'date' }) }))
    .readonly(),
});

export const signatureRecord = z.object({
  signFileId: z.string().nullable(),
  signUrl: z.string().nullable(),
});

/** A success with nothing to carry (a delete). */
export const approvalDoneAnswer = z.object({ code: z.literal(200), msg: z.string() });

export const approvalPage = pageEnvelope(approvalRow);
export const approvalOutcomeAnswer = okEnvelope(approvalOutcome);
export const approvalDeleteAnswer = okEnvelope(z.object({ approvalId: z.string() }));
export const approvalDetailAnswer = okEnvelope(approvalDetail);
export const approvalNotifyAnswer = okEnvelope(approvalNotify);
export const flowPage = pageEnvelope(flowRecord);
export const flowAnswer = okEnvelope(flowRecord);
export const flowNodeAnswer = okEnvelope(flowNodeRecord);
/** moveFlowNodeOrder: the flow's nodes in their new order. */
export const flowNodesAnswer = okEnvelope(z.array(flowNodeRecord));
export const nodeGetAnswer = okEnvelope(z.union([flowWithNodes, flowNodeRecord]));
export const flowWithNodesAnswer = okEnvelope(flowWithNodes);
export const signatureAnswer = okEnvelope(signatureRecord);

export type ApprovalRow = z.infer<typeof approvalRow>;
export type ApprovalOutcome = z.infer<typeof approvalOutcome>;
export type ApprovalDetailRecord = z.infer<typeof approvalDetail>;
export type FlowRecord = z.infer<typeof flowRecord>;
export type FlowNodeRecord = z.infer<typeof flowNodeRecord>;
export type SignatureRecord = z.infer<typeof signatureRecord>;
export type ApprovalNotify = z.infer<typeof approvalNotify>;
