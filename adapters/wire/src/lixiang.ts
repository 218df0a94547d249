import { z } from 'zod';
import {
  fieldMessagesOf,
  REQUIRED_LIXIANG_FIELDS,
  LIXIANG_SORT_COLUMNS,
  LIXIANG_TEXT_LIMITS,
  lixiangInputProblems,
} from '@dpms/core';
import { coreChecks, isNumberOrNull } from './core-rules.js';
import { blankAsAbsent, okEnvelope, pageEnvelope, timestamp } from './envelope.js';
import {
  amountText,
  approvalStatus,
  approvalTypeCode,
  boundedText,
  decimalText,
} from './record-fields.js';
import { pagingShape } from './paging.js';
import { id, optionalEnum, optionalId, textFilter } from './primitives.js';

/*
 * The project filing (立项备案) slice's wire contract: its save, update, submit and list calls and
 * the record every one of them answers. Built as the contract slice is (README): the shape from
 * core's limits and words, the rules from core's `lixiangInputProblems`, every field's problem at
 * once.
 */

const M = fieldMessagesOf();

/** The fields a filing form marks with `*` (core's list: the ones its rules refuse blank). */
export const requiredLixiangFields: readonly string[] = REQUIRED_LIXIANG_FIELDS;

/** '1', '2' or '3' (a number is read as its text); blank is none, which core refuses. */
const bizSource = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : blankAsAbsent(v)),
    z.enum(['1', '2', '3'], { error: M.invalidValue('bizSource') }).optional(),
  );

const L = LIXIANG_TEXT_LIMITS;

/** The fields a filing form sends (001 §3). */
export const lixiangFieldsShape = {
  /** The declared project or contract the filing belongs to; blank or null is none. */
  contractId: z.preprocess((v) => (v === '' ? null : v), id().nullable().optional()),
  lxNo: boundedText('lxNo', L.lxNo),
  projectName: boundedText('projectName', L.projectName),
  bizSource: bizSource(),
  totalAmount: amountText(),
  cleanAmount: amountText(),
  directFee: amountText(),
  remark: boundedText('remark', L.remark),
};

const lixiangRules = <T extends object>() =>
  coreChecks<T>((i) => lixiangInputProblems(i), { contractId: isNumberOrNull });

/** /v4/lixiang/add and /project/lixiang/addHistory. */
export const lixiangSaveBody = z.object(lixiangFieldsShape).check(lixiangRules());

/** /project/lixiang/updateV2: the filing's id and its fields. */
export const lixiangUpdateBody = z
  .object({ ...lixiangFieldsShape, lxId: id() })
  .check(lixiangRules());

/** /project/lixiang/updateToApprovalV2 (2_x, 2_1 by default). */
export const lixiangSubmitBody = z.object({ lxId: id(), typeCode: approvalTypeCode('2') });

/**
 * /project/lixiang/saveAndSubmit (保存并提交审批): the filing's fields, `lxId` when it edits a
 * stored one, and the approval type (2_x, 2_1 by default); saved and submitted in one transaction.
 */
export const lixiangSaveAndSubmitBody = z
  .object({ ...lixiangFieldsShape, lxId: optionalId(), typeCode: approvalTypeCode('2') })
  .check(lixiangRules());

export const lixiangIdQuery = z.object({ lxId: id() });

const lixiangFilters = {
  projectName: textFilter(100),
  lxNo: textFilter(64),
  bizSource: optionalEnum(['1', '2', '3']),
  status: optionalEnum(['-1', '0', '1', '2', '3']),
  contractId: optionalId(),
};

export const lixiangListQuery = z.object({
  ...pagingShape(LIXIANG_SORT_COLUMNS),
  ...lixiangFilters,
});
export const lixiangExportQuery = z.object(lixiangFilters);

// ---- answers ---------------------------------------------------------------------------------

/** A filing as the API answers it: every list row, every write's answer, the detail. */
export const lixiangRecord = z
  .object({
    lxId: z.number().int(),
    contractId: z.number().int().nullable(),
    lxNo: z.string(),
    projectName: z.string(),
    bizSource: z.enum(['1', '2', '3']),
    bizSourceName: z.string(),
    totalAmount: decimalText(),
    cleanAmount: decimalText(),
    realAmount: decimalText(),
    directFee: decimalText(),
    technicalFee: decimalText(),
    expertFee: decimalText(),
    operateFee: decimalText(),
    designFee: decimalText(),
    feeRates: z.record(z.string(), z.string().nullable()),
    remark: z.string(),
    /** Recorded after the fact (补录): approved at once. */
    history: z.boolean(),
    status: approvalStatus,
    statusName: z.string(),
    approvalId: z.string().nullable(),
    version: z.number().int(),
    deptId: z.number().int().nullable(),
    userId: z.number().int(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp(),
    updateTime: timestamp(),
  })
  .meta({ id: 'LixiangRecord' });

export const lixiangAnswer = okEnvelope(lixiangRecord);
export const lixiangPage = pageEnvelope(lixiangRecord);

export type LixiangRecord = z.infer<typeof lixiangRecord>;
/** What a filing form holds and sends (before the server's parse). */
export type LixiangSaveInput = z.input<typeof lixiangSaveBody>;
export type LixiangUpdateInput = z.input<typeof lixiangUpdateBody>;
export type LixiangSaveAndSubmitInput = z.input<typeof lixiangSaveAndSubmitBody>;
