import { z } from 'zod';
import { LIXIANG_CHANGEABLE_FIELDS, lixiangChangeErrors } from '@dpms/core';
import { okEnvelope, timestamp } from './envelope.js';
import { lixiangFieldsShape, lixiangRecord } from './lixiang.js';
import { approvalStatus, approvalTypeCode } from './record-fields.js';
import { id } from './primitives.js';

/*
 * The filing change (备案变更, 12_x) calls' wire contract: the 变更 dialog's body (the proposed
 * fields with the filing form's own shapes, the reason in core's words) and the change record the
 * calls answer. 发起审批's 12_x form sends the same `fields` (as its `recordFields`).
 */

type ChangeableShape = Pick<typeof lixiangFieldsShape, (typeof LIXIANG_CHANGEABLE_FIELDS)[number]>;

/** The fields a change may propose, each with the filing form's own schema; absent: unchanged. */
export const lixiangChangeFields = z
  .object(
    Object.fromEntries(
      LIXIANG_CHANGEABLE_FIELDS.map((f) => [f, lixiangFieldsShape[f]]),
    ) as ChangeableShape,
  )
  .partial();

/** 变更原因: required, at most 2000 characters (core's words). */
const reason = z
  .string({ error: lixiangChangeErrors.reason().message })
  .trim()
  .min(1, lixiangChangeErrors.reason().message)
  .max(2000, lixiangChangeErrors.reasonLong().message);

/** /v4/lixiang/change/add: a formal filing, the fields it changes, the reason, the type (12_x). */
export const lixiangChangeBody = z.object({
  lxId: id(),
  reason,
  typeCode: approvalTypeCode('12'),
  fields: lixiangChangeFields,
});

export const lixiangChangeListQuery = z.object({ lxId: id() });

/** A filing change as the API answers it: what it proposed and replaced, and its approval. */
export const lixiangChangeRecord = z
  .object({
    changeId: z.number().int(),
    lxId: z.number().int(),
    proposed: z.record(z.string(), z.unknown()),
    previous: z.record(z.string(), z.unknown()),
    reason: z.string(),
    status: approvalStatus,
    statusName: z.string(),
    approvalId: z.string().nullable(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp(),
  })
  .meta({ id: 'LixiangChangeRecord' });

export const lixiangChangeAddAnswer = okEnvelope(
  z.object({ filing: lixiangRecord, change: lixiangChangeRecord }),
);
export const lixiangChangesAnswer = okEnvelope(z.array(lixiangChangeRecord));

export type LixiangChangeRecord = z.infer<typeof lixiangChangeRecord>;
/** What the 变更 dialog holds and sends (before the server's parse). */
export type LixiangChangeInput = z.input<typeof lixiangChangeBody>;
