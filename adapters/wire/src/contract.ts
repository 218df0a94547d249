import { z } from 'zod';
import {
  CONTRACT_BIZ_TYPES,
  CONTRACT_FILE_CATEGORIES,
  CONTRACT_MESSAGES as M,
  CONTRACT_SORT_COLUMNS,
  CONTRACT_STAGES,
  CONTRACT_TEXT_LIMITS,
  contractInputProblems,
  isIsoDate,
  type ContractInput,
  type ContractStage,
} from '@dpms/core';
import { blankAsAbsent, nullAsAbsent, okEnvelope, pageEnvelope, timestamp } from './envelope.js';
import { fileIdList } from './files.js';
import { pagingShape } from './paging.js';
import { id, optionalEnum, optionalId, textFilter, version } from './primitives.js';

/*
 * The contract slice's wire contract: contracts of every stage (未签合同 stay, 立项合同 declare,
 * 合同 contract, 历史合同 formal), their list, save, save-and-submit, submit and convert calls.
 *
 * The pattern other slices follow:
 * - the shape (types, enums, text limits) is written here with core's limits and core's messages;
 * - the rules (required fields, amounts, dates, sums, what the review sheet needs) are core's
 *   `contractInputProblems`, run by `coreRules` as one check on the whole object, so every field's
 *   problem is reported at once, one message per field, the same words on the server and in the form;
 * - the API validates with these schemas and documents them (RouteBook), answers are built through
 *   the response schemas, the http-client parses answers with them, and the web's forms resolve
 *   with the save schemas (react-hook-form's zodResolver). Types are `z.infer` of them: no
 *   hand-written copy of a wire shape.
 */

type TextField = keyof typeof CONTRACT_TEXT_LIMITS;

/** Optional text bounded by core's limit, with core's message; null is absent. */
const text = (field: TextField) =>
  z.preprocess(
    nullAsAbsent,
    z
      .string()
      .trim()
      .max(CONTRACT_TEXT_LIMITS[field], M.tooLong(field, CONTRACT_TEXT_LIMITS[field]))
      .optional(),
  );

/** An amount in 万元 as a decimal string (DESIGN §3); core's `contractAmount` checks it. */
const amount = () =>
  z
    .preprocess(nullAsAbsent, z.string().optional())
    .meta({ description: '万元，十进制字符串（不小于0，最多6位小数）' });

/** A yyyy-MM-dd date or blank; core's `isIsoDate` checks it. */
const date = () => z.preprocess(blankAsAbsent, z.string().optional()).meta({ format: 'date' });

/** A choice as core reads it: trimmed, blank or null is none. */
const choice = (v: unknown): unknown =>
  typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v === null ? undefined : v;

/** What the browser's live fee preview showed: checked against the server's split, never stored. */
const CLIENT_FEES = {
  realAmount: amount(),
  technicalFee: amount(),
  operateFee: amount(),
  expertFee: amount(),
  designFee: amount(),
};

/** The fields a contract form sends (001 §3). */
export const contractFieldsShape = {
  projectName: text('projectName'),
  contractName: text('contractName'),
  entrustBusinessName: text('entrustBusinessName'),
  contractNo: text('contractNo'),
  signByMain: text('signByMain'),
  signBySub: text('signBySub'),
  subBankName: text('subBankName'),
  bizSource: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : choice(v)),
    z.enum(['1', '2', '3'], { error: M.invalidValue('bizSource') }).optional(),
  ),
  location: text('location'),
  serviceManagerId: z.preprocess((v) => (v === '' ? null : v), id().nullable().optional()),
  serviceManagerName: text('serviceManagerName'),
  planArea: amount(),
  buildArea: amount(),
  sceneryArea: amount(),
  indoorArea: amount(),
  totalAmount: amount(),
  receiveAmount: amount(),
  cleanAmount: amount(),
  directFee: amount(),
  realAmountRate: z.preprocess(nullAsAbsent, z.string().trim().optional()),
  bizType: z.preprocess(
    choice,
    z.enum(CONTRACT_BIZ_TYPES, { error: M.invalidValue('bizType') }).optional(),
  ),
  entrustTask: text('entrustTask'),
  entrustList: z
    .array(
      z.object({
        designStageId: z.union([z.string(), z.number()]).transform((v) => String(v)),
        designStageName: z.string().max(100),
      }),
    )
    .max(50, M.tooLong('entrustList', 50))
    .optional(),
  termsContent: text('termsContent'),
  specialTerms: text('specialTerms'),
  instructions: text('instructions'),
  performContent: text('performContent'),
  trackRecord: text('trackRecord'),
  signDate: date(),
  files: fileIdList('files'),
  contractFiles: fileIdList('contractFiles'),
  ...CLIENT_FEES,
};

/**
 * Core's contract rules as one check over the whole object: each problem lands on its field,
 * unless the shape already refused that field (one message per field). It runs after the shape's
 * own refusals too (a value outside an enum, a text over its limit, a value of the wrong type),
 * so every field's problem is reported at once; core sees a wrongly typed value as absent.
 */
export function coreRules<T extends object>(
  stage: ContractStage,
  review: (value: T) => boolean = () => false,
) {
  return z.superRefine<T>(
    (value, ctx) => {
      const problems = contractInputProblems(readable(value), stage, { review: review(value) });
      for (const p of problems) {
        if (ctx.issues.some((i) => i.path?.[0] === p.field)) continue;
        ctx.addIssue({
          code: 'custom',
          path: p.field === undefined ? [] : [p.field],
          message: p.message,
        });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}

/** The fields core reads that are not text, with the type it reads them as. */
const NOT_TEXT: Readonly<Record<string, (v: unknown) => boolean>> = {
  entrustList: Array.isArray,
  files: Array.isArray,
  contractFiles: Array.isArray,
  serviceManagerId: (v) => v === null || typeof v === 'number',
};

/** What core can read of a parsed-or-refused object: a value of the wrong type is absent. */
function readable(value: object): ContractInput {
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => {
      const fits = NOT_TEXT[k] ?? ((x: unknown) => typeof x === 'string');
      return [k, fits(v) ? v : undefined];
    }),
  );
}

const saveShape = (stage: ContractStage) => z.object(contractFieldsShape).check(coreRules(stage));

/** add of each stage: stay/add, declare/add and addHistory, contract/addHistory (formal). */
export const CONTRACT_SAVE_BODIES = {
  stay: saveShape('stay'),
  declare: saveShape('declare'),
  contract: saveShape('contract'),
  formal: saveShape('formal'),
} as const satisfies Record<ContractStage, z.ZodType>;

/** stay/update and declare/update: the record's id and the version it was read at. */
export const contractUpdateBody = (stage: 'stay' | 'declare') =>
  z
    .object({ ...contractFieldsShape, contractId: id(), version: version() })
    .check(coreRules(stage));

export const CONTRACT_UPDATE_BODIES = {
  stay: contractUpdateBody('stay'),
  declare: contractUpdateBody('declare'),
} as const;

/** /v4/contract/add: a new contract, or with contractId an edit of a draft (the spec's call). */
export const contractAddBody = z
  .object({ ...contractFieldsShape, contractId: id().optional(), version: version() })
  .check(coreRules('contract'));

const typeCode = (group: '1' | '2') =>
  z.preprocess(
    blankAsAbsent,
    z
      .string()
      .regex(new RegExp(`^${group}_\\d$`), M.invalidValue('typeCode'))
      .optional(),
  );

/**
 * 保存并提交审批: the form (new, or an edit with contractId and version) saved and sent for review
 * in one call and one transaction. A contract is checked for the review sheet's fields with the
 * rest of the form, so every missing field is named at once.
 */
export const contractSaveAndSubmitBody = (stage: 'contract' | 'declare') =>
  z
    .object({
      ...contractFieldsShape,
      contractId: id().optional(),
      version: version(),
      typeCode: typeCode(stage === 'contract' ? '1' : '2'),
    })
    .check(coreRules(stage, () => true));

export const CONTRACT_SAVE_AND_SUBMIT_BODIES = {
  contract: contractSaveAndSubmitBody('contract'),
  declare: contractSaveAndSubmitBody('declare'),
} as const;

/** updateToApproval of a stored contract (1_x) or declared project (2_x). */
export const CONTRACT_SUBMIT_BODIES = {
  contract: z.object({ contractId: id(), typeCode: typeCode('1') }),
  declare: z.object({ contractId: id(), typeCode: typeCode('2') }),
} as const;

export const contractIdQuery = z.object({ contractId: id() });

/** modifyContractName: any stage, not while in approval; core's limit and messages. */
export const contractRenameBody = z.object({
  contractId: id(),
  contractName: z
    .string()
    .trim()
    .min(1, M.required('contractName'))
    .max(
      CONTRACT_TEXT_LIMITS.contractName,
      M.tooLong('contractName', CONTRACT_TEXT_LIMITS.contractName),
    ),
});

/**
 * convertByStaySign / convertByDeclareProject: the record, and what its review sheet will need
 * that it may lack (甲方, 乙方, 签订日期). A blank keeps the stored value; the server refuses a
 * conversion that would leave any of them blank.
 */
export const contractConvertQuery = z
  .object({
    contractId: id(),
    signByMain: text('signByMain'),
    signBySub: text('signBySub'),
    signDate: date(),
  })
  .check((payload) => {
    const d = payload.value.signDate;
    if (d !== undefined && !isIsoDate(d)) {
      payload.issues.push({
        code: 'custom',
        path: ['signDate'],
        message: M.invalidDate('signDate'),
        input: d,
      });
    }
  });

const dateFilter = () =>
  z.preprocess(
    blankAsAbsent,
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, M.invalidDate('signDate'))
      .optional(),
  );

/** The filters of every contract list (stay, unEffective, declare, contract) and its export. */
export const contractListQuery = z.object({
  ...pagingShape(CONTRACT_SORT_COLUMNS),
  projectName: textFilter(100),
  contractName: textFilter(100),
  contractNo: textFilter(64),
  entrustBusinessName: textFilter(100),
  bizSource: optionalEnum(['1', '2', '3']),
  bizType: optionalEnum(CONTRACT_BIZ_TYPES),
  serviceManagerId: optionalId(),
  deptId: optionalId(),
  status: optionalEnum(['-1', '0', '1', '2', '3']),
  effective: optionalEnum(['0', '1']),
  /** /v4/contract/list only: 'contract' (drafts and reviews) or 'formal'; both when absent. */
  stage: optionalEnum(['contract', 'formal']),
  signDateBegin: dateFilter(),
  signDateEnd: dateFilter(),
});

/** exportList: any one list (stay, declare, contract, formal); formal by default. */
export const contractExportListQuery = contractListQuery.extend({
  stage: optionalEnum(CONTRACT_STAGES),
});

// ---- answers ---------------------------------------------------------------------------------

const status = z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const decimal = () => z.string().meta({ description: '万元，十进制字符串' });

/** A contract as the API answers it: every list row, every write's answer, the detail's body. */
export const contractRecord = z
  .object({
    contractId: z.number().int(),
    stage: z.enum(CONTRACT_STAGES),
    stageName: z.string(),
    status,
    statusName: z.string(),
    effective: z.enum(['0', '1']),
    convertedFrom: z.enum(['stay', 'declare']).nullable(),
    approvalId: z.string().nullable(),
    projectName: z.string(),
    contractName: z.string(),
    entrustBusinessName: z.string(),
    contractNo: z.string(),
    signByMain: z.string(),
    signBySub: z.string(),
    subBankName: z.string(),
    bizSource: z.enum(['1', '2', '3']),
    bizSourceName: z.string(),
    location: z.string(),
    serviceManagerId: z.number().int().nullable(),
    serviceManagerName: z.string(),
    planArea: decimal(),
    buildArea: decimal(),
    sceneryArea: decimal(),
    indoorArea: decimal(),
    totalAmount: decimal(),
    receiveAmount: decimal(),
    cleanAmount: decimal(),
    realAmount: decimal(),
    realAmountRate: z.string(),
    bizType: z.union([z.enum(CONTRACT_BIZ_TYPES), z.literal('')]),
    bizTypeName: z.string(),
    entrustTask: z.string(),
    entrustList: z
      .array(z.object({ designStageId: z.string(), designStageName: z.string() }))
      .readonly(),
    termsContent: z.string(),
    specialTerms: z.string(),
    instructions: z.string(),
    performContent: z.string(),
    trackRecord: z.string(),
    signDate: z.string().meta({ format: 'date' }).nullable(),
    files: z.array(z.string()).readonly(),
    contractFiles: z.array(z.string()).readonly(),
    /** The contract as PDF: its contract document printed with its signatures. */
    pdfUrl: z.string(),
    directFee: decimal(),
    technicalFee: decimal(),
    expertFee: decimal(),
    operateFee: decimal(),
    designFee: decimal(),
    settleAmount: decimal(),
    closedCaseAmount: decimal(),
    backAmount: decimal(),
    feeRates: z.record(z.string(), z.string().nullable()),
    version: z.number().int(),
    deptId: z.number().int().nullable(),
    userId: z.number().int(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp(),
    updateTime: timestamp(),
  })
  .meta({ id: 'ContractRecord' });

/** One line of a contract's history: who did what, when, and which fields changed. */
export const contractHistoryEntry = z.object({
  action: z.string(),
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()]).readonly()).readonly(),
  userId: z.number().int(),
  userName: z.string(),
  /** Who acted, by name: what the history line shows. */
  createByName: z.string(),
  time: timestamp(),
});

export const contractDetail = contractRecord
  .extend({ history: z.array(contractHistoryEntry) })
  .meta({ id: 'ContractDetail' });

/** A contract change (28_1) and its approval: the proposed and previous fields as entered. */
export const contractChangeRecord = z.object({
  changeId: z.number().int(),
  contractId: z.number().int(),
  proposed: z.record(z.string(), z.unknown()),
  previous: z.record(z.string(), z.unknown()),
  reason: z.string(),
  status,
  statusName: z.string(),
  approvalId: z.string().nullable(),
  createBy: z.string(),
  /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
  createByName: z.string(),
  createTime: timestamp(),
});

/** A contract, government or design file linked to a contract. */
export const contractFileRecord = z.object({
  contractFileId: z.number().int(),
  contractId: z.number().int(),
  category: z.enum(CONTRACT_FILE_CATEGORIES),
  categoryName: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  remark: z.string(),
  url: z.string(),
  createBy: z.string(),
  /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
  createByName: z.string(),
  createTime: timestamp(),
});

/** The side panel's totals (万元, by the caller's data scope). */
export const contractSummary = z.object({
  unEffectiveTotalAmount: decimal(),
  stayTotalAmount: decimal(),
  stayReceiveAmount: decimal(),
  declTotalAmount: decimal(),
  declDesignFee: decimal(),
  declOperateFee: decimal(),
});

export const contractAnswer = okEnvelope(contractRecord);
export const contractPage = pageEnvelope(contractRecord);
export const contractDetailAnswer = okEnvelope(contractDetail);
export const contractChangesAnswer = okEnvelope(z.array(contractChangeRecord));
export const contractChangeAddAnswer = okEnvelope(
  z.object({ contract: contractRecord, change: contractChangeRecord }),
);
export const contractFilesAnswer = okEnvelope(z.array(contractFileRecord));
export const contractFileAnswer = okEnvelope(contractFileRecord);
export const contractSummaryAnswer = okEnvelope(contractSummary);

export type ContractRecord = z.infer<typeof contractRecord>;
export type ContractHistoryEntry = z.infer<typeof contractHistoryEntry>;
export type ContractDetail = z.infer<typeof contractDetail>;
export type ContractChangeRecord = z.infer<typeof contractChangeRecord>;
export type ContractFileRecord = z.infer<typeof contractFileRecord>;
export type ContractSummary = z.infer<typeof contractSummary>;
export type ContractStageCode = ContractRecord['stage'];
/** What a contract form holds and sends (before the server's parse). */
export type ContractSaveInput = z.input<(typeof CONTRACT_SAVE_BODIES)['contract']>;
export type ContractListQueryInput = z.input<typeof contractListQuery>;
export type ContractConvertFill = Pick<
  z.input<typeof contractConvertQuery>,
  'signByMain' | 'signBySub' | 'signDate'
>;
