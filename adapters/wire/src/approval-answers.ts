import { z } from 'zod';
import {
  APPROVAL_NOTICE_KINDS,
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
import type { z as zod } from 'zod';
import {
  PROCESS_ACTIONS,
  approvalTypeCode,
  flowActorKind,
  nodeFallback,
  nodeCondition,
  signMode,
} from './approval.js';
import { approvalSheet } from './approval-sheet.js';
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
    fallback: nodeFallback.nullable().optional(),
  })
  .meta({ id: 'ApprovalFlowNode' });

export const flowWithNodes = z.object({ flow: flowRecord, nodes: z.array(flowNodeRecord) });

/**
 * The form's own blocks (its content keyed by field refname, and its sections with their
 * options, limits and rules) are core's template model, which the screens hand back to core:
 * checked as an object or a list here and typed by core's model, so there is one copy of it.
 */
const coreObject = <T>() => z.record(z.string(), z.unknown()) as unknown as z.ZodType<T>;
const coreList = <T>() => z.array(coreObject<T>()).readonly();

/**
 * Each block the answer builds from the approval's record and log has its own schema below, so
 * a malformed one is refused at the gateway by field. `Exactly<S, T>` holds each schema to core's
 * type: a field core adds or renames fails the build here, not on screen.
 */
type Exactly<S extends zod.ZodType, T> = [zod.infer<S>] extends [T]
  ? [T] extends [zod.infer<S>]
    ? S
    : never
  : never;
const exactly =
  <T>() =>
  <S extends zod.ZodType>(schema: Exactly<S, T>) =>
    schema;

const userId = z.string();
const signUrl = z.string().nullable();

/**
 * A stored file a form or the detail names (DESIGN §6: by the id the server issued). Loose: a
 * file saved by an older client may carry its download address (`url`), which the screens read.
 */
export const templateFile: zod.ZodType<TemplateFile & { readonly url?: string }> = z
  .object({
    name: z.string().optional(),
    fileName: z.string().optional(),
    filePath: z.string().optional(),
    fileId: z.string().optional(),
    url: z.string().optional(),
  })
  .loose();

/** What separation of duties did at a node that fell to the drafter (or the record's author). */
const selfApprovalNote = z.object({
  handling: z.enum(SELF_APPROVAL_HANDLINGS),
  outcome: z.enum(['escalated', 'others', 'skipped', 'fallback']),
  reason: z.string(),
});

/** A node of a running approval: who holds it, how they sign, and what the rule did. */
export const approvalNodeAssignment = exactly<ApprovalNodeAssignment>()(
  z.object({
    nodeId: z.string(),
    nodeName: z.string(),
    mode: signMode,
    assignees: z.array(userId).readonly(),
    selfApproval: selfApprovalNote.optional(),
  }),
);

/** approvalDetailBO (000 §3): the signature rows, the nodes to come and the rule's notes. */
export const approvalDetailBO = exactly<ApprovalDetailBO>()(
  z.object({
    creatorSignUrl: signUrl,
    approvalNodeList: z
      .array(
        z.object({
          nodeId: z.string(),
          nodeName: z.string(),
          content: z.string(),
          approvalUserSignUrl: signUrl,
          approvalUserId: userId.optional(),
          approvalUserName: z.string().optional(),
          approvalTime: timestamp().optional(),
        }),
      )
      .readonly(),
    unApprovalList: z
      .array(
        z.object({
          nodeId: z.string(),
          nodeName: z.string(),
          assignees: z.array(userId).readonly().optional(),
          assigneeNames: z.array(z.string()).readonly().optional(),
        }),
      )
      .readonly(),
    currentNodeName: z.string(),
    nodeNotes: z
      .array(
        selfApprovalNote.extend({
          nodeId: z.string(),
          nodeName: z.string(),
          earlierRound: z.number().int().optional(),
          assignees: z.array(userId).readonly(),
          assigneeNames: z.array(z.string()).readonly().optional(),
        }),
      )
      .readonly()
      .optional(),
  }),
);

/** The signer's own record at the current node. */
export const approvalSignRecord = exactly<ApprovalSignRecord>()(
  z.object({ nodeId: z.string(), nodeName: z.string(), content: z.string(), signUrl }),
);

/** A step of a design task's sign flow (the task record's block, 000 §3). */
export const designTaskSignFlow = exactly<DesignTaskSignFlow>()(
  z.object({
    flowId: z.string(),
    flowName: z.string(),
    orderNo: z.number().int(),
    dealUserId: userId,
    taskId: z.string(),
  }),
);

/** A signature in a design task's sign flow. */
export const designTaskSignDetail = exactly<DesignTaskSignDetail>()(
  z.object({
    flowId: z.string(),
    dealContent: z.string(),
    createTime: timestamp(),
    dealUserSignUrl: signUrl,
  }),
);

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
  files: z.array(templateFile).readonly(),
  nodes: z.array(approvalNodeAssignment).readonly(),
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
    approvalDetailBO,
    attachmentList: z.array(templateFile).readonly(),
    sealImagesList: z.array(templateFile).readonly(),
    imgFiles: z.array(templateFile).readonly(),
    currentSignRecord: approvalSignRecord.nullable(),
    designTaskSignFlowList: z.array(designTaskSignFlow).readonly().optional(),
    designTaskSignDetailList: z.array(designTaskSignDetail).readonly().optional(),
    log: z.array(logEntry).readonly(),
    allowedActions: z.array(z.enum(PROCESS_ACTIONS)).readonly(),
    userNames: z.record(z.string(), z.string()),
    /**
     * What is being approved: the linked record's labelled figures read now (or the form as
     * filed when there is no record). Absent from older answers.
     */
    sheet: approvalSheet.optional(),
  })
  .meta({ id: 'ApprovalDetail' });

/** One unread 抄送/催办 notice in the shell's bell: the approval, who sent it, when. */
export const approvalNoticeItem = z
  .object({
    noticeId: z.string(),
    approvalId: z.string(),
    approvalTitle: z.string(),
    kind: z.enum(APPROVAL_NOTICE_KINDS),
    senderId: z.string(),
    senderName: z.string(),
    createTime: timestamp(),
  })
  .meta({ id: 'ApprovalNotice' });

/**
 * The shell's poll: the 待我审批 count, the seal dot, the urgent design tasks, and the unread
 * 抄送/催办 notices (count and newest list; absent from an older server's answer: none).
 */
export const approvalNotify = z.object({
  unDealCount: z.number().int().min(0),
  noticeCount: z.number().int().min(0).default(0),
  noticeList: z.array(approvalNoticeItem).readonly().default([]),
  unLookSeal: z.boolean(),
  warnTaskList: z
    .array(z.object({ taskNo: z.string(), planFinishDate: z.string().meta({ format: 'date' }) }))
    .readonly(),
});

export const signatureRecord = z.object({
  signFileId: z.string().nullable(),
  signUrl: z.string().nullable(),
  /** When the current image was set (uploaded or drawn); null with no image. */
  setAt: timestamp().nullable().optional(),
});

/** A success with nothing to carry (a delete). */
export const approvalDoneAnswer = z.object({ code: z.literal(200), msg: z.string() });

export const approvalPage = pageEnvelope(approvalRow);
export const approvalOutcomeAnswer = okEnvelope(approvalOutcome);
export const approvalDeleteAnswer = okEnvelope(z.object({ approvalId: z.string() }));
export const approvalDetailAnswer = okEnvelope(approvalDetail);
export const approvalNotifyAnswer = okEnvelope(approvalNotify);
/**
 * 转办's candidates for the current node (core's transferCandidates), with their names and
 * departments (the picker shows "张三（建筑一所）"; null for a user without a department).
 */
export const transferCandidate = z
  .object({ userId: z.string(), nickName: z.string(), deptName: z.string().nullable() })
  .meta({ id: 'ApprovalTransferCandidate' });
export const transferCandidatesAnswer = okEnvelope(z.array(transferCandidate));
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
export type TransferCandidate = z.infer<typeof transferCandidate>;
export type ApprovalNoticeItem = z.infer<typeof approvalNoticeItem>;
