import { z } from 'zod';
import {
  APPROVAL_FIELD_MESSAGES as M,
  APPROVAL_SORT_COLUMNS,
  APPROVAL_TYPE_CODES,
  FLOW_TEXT_LIMITS as FL,
  RECORD_PICKER_LABELS,
  approvalMessages,
  approvalRecordLink,
  SELF_APPROVAL_HANDLINGS,
  TEMPLATE_FIELD_TYPES,
  approvalOpinionProblem,
  flowInputErrors as FE,
  flowInputProblems,
  flowNodeInputProblems,
  type ContentEntry,
  type NodeCondition,
  type NodeFallback,
  type TemplateContent,
  type TemplateFile,
  type TemplateSection,
} from '@dpms/core';
import { closingCentreFields } from './closing.js';
import { contractChangeFields } from './contract-change.js';
import { coreProblems } from './core-problems.js';
import { loanCentreFields } from './fund.js';
import { fundPayCentreFields } from './fund-pay.js';
import { lixiangChangeFields } from './lixiang-change.js';
import { taskSealCentreFields } from './task.js';
import { pagingShape } from './paging.js';
import { id, numeric } from './primitives.js';

/*
 * The approval slice's wire contract (000 §7 "Approval flows" and "Approvals"): the flows and
 * their nodes, the forms of each template kind, the lists, the actions, the detail and the
 * personal signature. Built as the contract slice's (README): limits and messages from core.
 */

// ---- fields ---------------------------------------------------------------------------------------

/**
 * An id the engine keeps as text, sent as digits or as a number: read as its digits. Both forms
 * state their rule (a pattern, integer bounds), so the OpenAPI document says what is refused.
 */
const digitsId = (message: string) =>
  z
    .union(
      [
        z
          .string()
          .trim()
          .regex(/^\d{1,10}$/, { error: message }),
        z
          .number({ error: message })
          .int({ error: message })
          .min(0, { error: message })
          .max(9_999_999_999, { error: message }),
      ],
      { error: message },
    )
    .transform((v) => String(v));

/** An approval's id as the spec sends it: a string or a number of digits. */
export const approvalId = digitsId(M.invalidApprovalId);

/** An approval type code (`1_1` ...): text a form's select holds, one of core's codes. */
export const approvalTypeCode = z.string().pipe(z.enum(APPROVAL_TYPE_CODES));

/** A flow's status: '0' in use, '1' disabled (text, as a form's radio holds it). */
const flowStatus = z
  .string({ error: FE.statusChoice().message })
  .pipe(z.enum(['0', '1'], { error: FE.statusChoice().message }));

/** A flow form's text: trimmed, within core's limit, in core's words; `required` refuses blank. */
const flowText = (field: keyof typeof FL, required: boolean) => {
  const s = z
    .string({ error: FE.required(field).message })
    .trim()
    .max(FL[field], { error: FE.tooLong(field, FL[field]).message });
  return required ? s.min(1, { error: FE.required(field).message }) : s;
};

/** A user's id as the approval engine keeps it (a string of digits; a number is read too). */
export const approvalUserId = digitsId(M.invalidUserId);

/**
 * The approval opinion (000 §5: "Approval sign and opinion inputs have max length 20"): core's
 * rule, counted in characters after trimming, with core's message. Blank is no opinion.
 */
export const approvalOpinion = z.string().superRefine((v, ctx) => {
  const problem = approvalOpinionProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message });
});

const amountOp = z.enum(['gt', 'gte', 'lt', 'lte', 'eq']);
/** The form field a condition reads (core's words: 条件字段不能为空). */
const conditionField = z
  .string({ error: M.conditionFieldRequired })
  .min(1, { error: M.conditionFieldRequired })
  .max(100, { error: M.conditionFieldTooLong });
const leafCondition = z.union([
  z.object({
    kind: z.literal('contains'),
    refname: conditionField,
    value: z.string().max(100, { error: M.conditionValueTooLong }),
  }),
  z.object({
    kind: z.literal('amount'),
    refname: conditionField,
    op: amountOp,
    threshold: z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, { error: M.invalidThreshold }),
  }),
]);
const compose = <T extends z.ZodType>(inner: T) =>
  z.union([
    leafCondition,
    z.object({ kind: z.literal('all'), conditions: z.array(inner).max(20) }),
    z.object({ kind: z.literal('any'), conditions: z.array(inner).max(20) }),
    z.object({ kind: z.literal('not'), condition: inner }),
  ]);
/**
 * Core's NodeCondition, nested at most three levels deep: enough for any rule a flow needs, and
 * not recursive, so the OpenAPI document can spell it out.
 */
export const nodeCondition = compose(compose(leafCondition)) as unknown as z.ZodType<NodeCondition>;

export const flowActorKind = z.enum(
  ['role', 'users', 'drafterDeptHead', 'formPerson', 'formDeptHead'],
  {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? FE.required('actorKind').message
        : FE.actorKindChoice().message,
  },
);
export const signMode = z.enum(['or', 'all']);

/** Core's NodeFallback: the drafter's department head, a role's members or fixed users. */
export const nodeFallback = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('drafterDeptHead') }),
  z.object({ kind: z.literal('role'), roleKey: flowText('roleKey', true) }),
  z.object({
    kind: z.literal('users'),
    userIds: z
      .array(approvalUserId)
      .min(1, { error: FE.required('userIds').message })
      .max(50),
  }),
]) as unknown as z.ZodType<NodeFallback>;

/** The fields of a flow node as the node form sends them. */
export const approvalNodeFields = {
  nodeName: flowText('nodeName', true),
  actorKind: flowActorKind,
  roleKey: flowText('roleKey', false).nullable().optional(),
  userIds: z.array(approvalUserId).max(50).optional(),
  formField: flowText('formField', false).nullable().optional(),
  mode: signMode.optional(),
  condition: nodeCondition.nullable().optional(),
  conditionEffect: z.enum(['add', 'skip']).optional(),
  /** Separation of duties: when the node's holders include the drafter (default by kind). */
  selfApproval: z.enum(SELF_APPROVAL_HANDLINGS, { error: M.selfApprovalChoice }).optional(),
  /** Who takes the node when it resolves to nobody; null: nobody, the submission is refused. */
  fallback: nodeFallback.nullable().optional(),
};

const fileSchema = z
  .object({
    name: z.string().max(255).optional(),
    fileName: z.string().max(255).optional(),
    filePath: z.string().max(1000).optional(),
    fileId: z.string().max(100).optional(),
    url: z.string().max(1000).optional(),
  })
  .loose();

const contentEntry = z
  .object({
    label: z.string().max(200).optional(),
    value: z.union([
      z.string().max(20000),
      z.array(z.string().max(20000)).max(500),
      z.array(fileSchema).max(500),
    ]),
    selectValue: z.string().max(1000).optional(),
    type: z.enum(TEMPLATE_FIELD_TYPES).optional(),
  })
  .transform(
    // label and type may be left out: the engine takes them from the template (never trusting
    // the client's label; a type that disagrees with the template is refused there).
    (e) =>
      ({
        label: e.label ?? '',
        value: e.value,
        ...(e.type === undefined ? {} : { type: e.type }),
        ...(e.selectValue === undefined ? {} : { selectValue: e.selectValue }),
      }) as ContentEntry,
  );

/** A form's content: refname → entry; core's template validation checks it against the form. */
export const approvalContent = z
  .record(z.string().min(1).max(100), contentEntry)
  .refine((c) => Object.keys(c).length <= 300, { error: M.tooManyFields });

const sectionSchema = z
  .object({
    title: z.string().max(100).optional(),
    fields: z
      .array(
        z
          .object({
            type: z.enum(TEMPLATE_FIELD_TYPES),
            refname: z.string().min(1).max(100),
            label: z.string().max(200),
          })
          .loose(),
      )
      .max(300)
      .readonly(),
  })
  .loose();

const templateFields = {
  typeCode: approvalTypeCode,
  title: z.string().trim().max(200).optional(),
  content: approvalContent,
  files: z.array(fileSchema).max(200).readonly().optional(),
  templateContent: z.array(sectionSchema).max(50).readonly().optional(),
  recordKind: z.string().trim().min(1).max(40).optional(),
  recordId: z.string().trim().min(1).max(64).optional(),
  /**
   * The record's own fields where the form proposes more than its sections hold: a change's
   * proposed fields (12_x, 28_x), by the record's field names, checked with the record screen's own
   * schema (`CENTRE_RECORD_FIELDS`).
   */
  recordFields: z.record(z.string(), z.unknown()).optional(),
  submit: z.boolean().optional(),
};

/**
 * The record screen's schema of the fields 发起审批's form proposes, by type group: a loan takes
 * 申请借款's fields, a settlement or closing 结算结案's, a payment 新增付款's, a filing change
 * takes the 变更 dialog's fields, a contract change the change call's, a technical seal the seal
 * request's results. Other forms send none.
 */
const CENTRE_RECORD_FIELDS: Readonly<Record<string, z.ZodType>> = {
  '10': loanCentreFields,
  '11': closingCentreFields,
  '12': lixiangChangeFields,
  '16': fundPayCentreFields,
  '20': fundPayCentreFields,
  '25': taskSealCentreFields,
  '28': contractChangeFields,
};

/** `approvalId`, or the spec's `serviceId`, or `id`: whichever the caller sends. */
export const idOrServiceId = <S extends z.ZodRawShape>(shape: S) =>
  z.preprocess(
    (raw) => {
      if (typeof raw !== 'object' || raw === null) return raw;
      const r = raw as Record<string, unknown>;
      return { ...r, approvalId: r['approvalId'] ?? r['serviceId'] ?? r['id'] };
    },
    z.object({ ...shape, approvalId }),
  );

const approvalVersion = numeric(z.number().int().min(0).max(2_147_483_647));

// ---- requests -------------------------------------------------------------------------------------

/**
 * add{Kind}Template: a new approval of a template kind; submit=true sends it at once. A form core's
 * catalogue ties to a record names it (recordKind and recordId), in core's words
 * ("请选择关联合同"); which kinds the centre may link is the engine's to say.
 */
export const approvalCreateBody = z.object(templateFields).superRefine((b, ctx) => {
  if (b.recordFields !== undefined) {
    const schema = CENTRE_RECORD_FIELDS[b.typeCode.split('_')[0] ?? ''];
    if (schema === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['recordFields'],
        message: M.recordFieldsNotTaken,
      });
    } else {
      // Each field's problem under the field's own name, as the record's screen shows it.
      for (const issue of schema.safeParse(b.recordFields).error?.issues ?? [])
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  }
  const link = approvalRecordLink(b.typeCode);
  if (link === undefined || (b.recordKind !== undefined && b.recordId !== undefined)) return;
  ctx.addIssue({
    code: 'custom',
    path: ['recordId'],
    message: approvalMessages.recordRequired(RECORD_PICKER_LABELS[link.picker]).message,
  });
});

const updateShape = {
  version: approvalVersion,
  title: templateFields.title,
  content: approvalContent,
  files: templateFields.files,
  templateContent: templateFields.templateContent,
  submit: templateFields.submit,
};

/** update{Kind}Template: the drafter's edit of the version they read. */
export const approvalUpdateBody = idOrServiceId(updateShape);

export const PROCESS_ACTIONS = [
  'submit',
  'approve',
  'reject',
  'withdraw',
  'return',
  'transfer',
  'cc',
  'urge',
] as const;

const processShape = {
  action: z.enum(PROCESS_ACTIONS),
  version: approvalVersion,
  opinion: approvalOpinion.optional(),
  targetNodeId: z.union([z.string(), z.number()]).transform(String).optional(),
  toUserId: approvalUserId.optional(),
};

/** /project/approval/process: one action on the version the caller saw. */
export const approvalProcessBody = idOrServiceId(processShape);

/** deleteById and getCommonApprovalDetail: the approval, by any of its names. */
export const approvalIdQuery = idOrServiceId({});

export const approvalExportQuery = idOrServiceId({
  format: z.enum(['xlsx', 'pdf'], { error: M.exportFormat }).optional(),
});

/** The four lists of the approval centre. */
export const approvalListQuery = z.object({
  typeCode: approvalTypeCode.optional(),
  status: numeric(
    z
      .number()
      .int()
      .refine((s) => [-1, 0, 1, 2, 3].includes(s), { error: M.statusChoice }),
  ).optional(),
  title: z.string().trim().max(100).optional(),
  ...pagingShape(APPROVAL_SORT_COLUMNS),
});

export const notifyQuery = z.object({ currentUserId: z.string().max(20).optional() });

export const flowListQuery = z.object({
  typeCode: approvalTypeCode.optional(),
  flowName: z.string().trim().max(100).optional(),
  ...pagingShape(['typeCode', 'createTime']),
});

/*
 * The flow and node forms' bodies: shapes with core's limits and words, then core's rules
 * (`flowInputProblems`, `flowNodeInputProblems`) over the whole object, so a form shows every
 * field's problem at once. An update keeps what it leaves out, so its check reports only the
 * fields it carries; the use case checks the node merged with what is stored.
 */
export const flowAddBody = z
  .object({
    typeCode: z.string({ error: FE.required('typeCode').message }).pipe(
      z.enum(APPROVAL_TYPE_CODES, {
        error: (issue) =>
          issue.input === ''
            ? FE.required('typeCode').message
            : FE.unknownType(String(issue.input)).message,
      }),
    ),
    flowName: flowText('flowName', true),
    status: flowStatus.optional(),
    remark: flowText('remark', false).optional(),
  })
  .check(coreProblems((v) => flowInputProblems(v)));

export const flowUpdateBody = z
  .object({
    flowId: id(),
    flowName: flowText('flowName', true).optional(),
    status: flowStatus.optional(),
    remark: flowText('remark', false).optional(),
  })
  .check(coreProblems((v) => flowInputProblems(v, { patch: true }), { onlyPresent: true }));

export const flowIdQuery = z.object({ flowId: id() });

export const nodeGetQuery = z.object({
  nodeId: id().optional(),
  flowId: id().optional(),
  typeCode: approvalTypeCode.optional(),
});

export const nodeAddBody = z
  .object({ flowId: id(), ...approvalNodeFields })
  .check(coreProblems((v) => flowNodeInputProblems(v)));

export const nodeUpdateBody = z
  .object({
    nodeId: id(),
    nodeName: approvalNodeFields.nodeName.optional(),
    actorKind: approvalNodeFields.actorKind.optional(),
    roleKey: approvalNodeFields.roleKey,
    userIds: approvalNodeFields.userIds,
    formField: approvalNodeFields.formField,
    mode: approvalNodeFields.mode,
    condition: approvalNodeFields.condition,
    conditionEffect: approvalNodeFields.conditionEffect,
    selfApproval: approvalNodeFields.selfApproval,
    // 节点配置 sets, changes or clears (null) the node's fallback on an edit too.
    fallback: approvalNodeFields.fallback,
  })
  .check(coreProblems((v) => flowNodeInputProblems(v, { patch: true }), { onlyPresent: true }));

export const nodeIdQuery = z.object({ nodeId: id() });

export const nodeMoveQuery = z.object({
  nodeId: id(),
  direction: z.enum(['up', 'down']).optional(),
  type: z.enum(['up', 'down']).optional(),
});

export const signatureParams = z.object({ fileId: z.string().regex(/^[0-9a-f-]{36}$/) });

/**
 * The blocks a form sends as core's model (its content, files and sections): the schemas check
 * their shape and bounds and keep the fields they do not name (a section's field carries its
 * options, limits and rules), so their input type is core's.
 */
type CoreBlocks = {
  content: TemplateContent;
  files?: readonly TemplateFile[];
  templateContent?: readonly TemplateSection[];
};
type WithCoreBlocks<T> = Omit<T, keyof CoreBlocks> & CoreBlocks;
export type ApprovalCreateInput = WithCoreBlocks<z.input<typeof approvalCreateBody>>;
/** The approval a call names: `approvalId` (the spec's `serviceId` and `id` are read too). */
type NamesApproval = { approvalId: string | number };
export type ApprovalUpdateInput = WithCoreBlocks<z.input<z.ZodObject<typeof updateShape>>> &
  NamesApproval;
export type ApprovalProcessInput = z.input<z.ZodObject<typeof processShape>> & NamesApproval;
export type ApprovalListQueryInput = z.input<typeof approvalListQuery>;
export type FlowListQueryInput = z.input<typeof flowListQuery>;
export type FlowAddInput = z.input<typeof flowAddBody>;
export type FlowUpdateInput = z.input<typeof flowUpdateBody>;
export type NodeAddInput = z.input<typeof nodeAddBody>;
export type NodeUpdateInput = z.input<typeof nodeUpdateBody>;
