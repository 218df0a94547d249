import { z } from 'zod';
import {
  APPROVAL_SORT_COLUMNS,
  APPROVAL_TYPE_CODES,
  SELF_APPROVAL_HANDLINGS,
  SELF_APPROVAL_HANDLING_LABELS,
  TEMPLATE_FIELD_TYPES,
  type ContentEntry,
  type NodeCondition,
} from '@dpms/core';
import { pagingShape } from '../../http/paging.js';
import { numeric } from '../../http/schemas.js';

/** The approval routes' request schemas. */
// ---- schemas ---------------------------------------------------------------------------------------

export const approvalIdSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,10}$/, { error: '审批编号无效' }));

export const typeCode = z.enum(APPROVAL_TYPE_CODES);

export const amountOp = z.enum(['gt', 'gte', 'lt', 'lte', 'eq']);
export const leafCondition = z.union([
  z.object({
    kind: z.literal('contains'),
    refname: z.string().min(1).max(100),
    value: z.string().max(100),
  }),
  z.object({
    kind: z.literal('amount'),
    refname: z.string().min(1).max(100),
    op: amountOp,
    threshold: z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, { error: '金额阈值格式不正确' }),
  }),
]);
export const compose = <T extends z.ZodType>(inner: T) =>
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

export const userIdString = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,10}$/, { error: '用户编号无效' }));

export const nodeFields = {
  nodeName: z.string().trim().min(1).max(50),
  actorKind: z.enum(['role', 'users', 'drafterDeptHead', 'formPerson']),
  roleKey: z.string().trim().max(100).nullable().optional(),
  userIds: z.array(userIdString).max(50).optional(),
  formField: z.string().trim().max(100).nullable().optional(),
  mode: z.enum(['or', 'all']).optional(),
  condition: nodeCondition.nullable().optional(),
  conditionEffect: z.enum(['add', 'skip']).optional(),
  /** Separation of duties: when the node's holders include the drafter (default by kind). */
  selfApproval: z
    .enum(SELF_APPROVAL_HANDLINGS, {
      error: `拟稿人为审批人时只能选择${Object.values(SELF_APPROVAL_HANDLING_LABELS).join('、')}`,
    })
    .optional(),
};

export const fileSchema = z
  .object({
    name: z.string().max(255).optional(),
    fileName: z.string().max(255).optional(),
    filePath: z.string().max(1000).optional(),
    fileId: z.string().max(100).optional(),
    url: z.string().max(1000).optional(),
  })
  .loose();

export const contentEntry = z
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

export const contentSchema = z
  .record(z.string().min(1).max(100), contentEntry)
  .refine((c) => Object.keys(c).length <= 300, { error: '表单字段过多' });

export const sectionSchema = z
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
      .max(300),
  })
  .loose();

export const templateBody = {
  typeCode,
  title: z.string().trim().max(200).optional(),
  content: contentSchema,
  files: z.array(fileSchema).max(200).optional(),
  templateContent: z.array(sectionSchema).max(50).optional(),
  recordKind: z.string().trim().min(1).max(40).optional(),
  recordId: z.string().trim().min(1).max(64).optional(),
  submit: z.boolean().optional(),
};

/** `approvalId`, or the spec's `serviceId`, or `id`: whichever the caller sends. */
export const idOrServiceId = <S extends z.ZodRawShape>(shape: S) =>
  z.preprocess(
    (raw) => {
      if (typeof raw !== 'object' || raw === null) return raw;
      const r = raw as Record<string, unknown>;
      return { ...r, approvalId: r['approvalId'] ?? r['serviceId'] ?? r['id'] };
    },
    z.object({ ...shape, approvalId: approvalIdSchema }),
  );

export const listQuery = z.object({
  typeCode: typeCode.optional(),
  status: numeric(
    z
      .number()
      .int()
      .refine((s) => [-1, 0, 1, 2, 3].includes(s), {
        error: '参数 status 必须是 -1、0、1、2、3 之一',
      }),
  ).optional(),
  title: z.string().trim().max(100).optional(),
  ...pagingShape(APPROVAL_SORT_COLUMNS),
});
