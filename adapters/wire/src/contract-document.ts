import { z } from 'zod';
import {
  CONTRACT_DOC_FIELD_NAMES,
  CONTRACT_DOC_TYPES,
  CONTRACT_DOCUMENT_SORT_COLUMNS,
  contractDocFieldSpecs,
  isContractDocType,
  toContractDocValues,
  validateContractDoc,
  type ContractDocFieldName,
  type ContractDocType,
} from '@dpms/core';
import { coreProblems } from './core-problems.js';
import { nullAsAbsent, okEnvelope, pageEnvelope, timestamp } from './envelope.js';
import { pagingShape } from './paging.js';
import { id, numeric, optionalEnum, optionalId, textFilter, version } from './primitives.js';

/*
 * The contract documents' wire contract (/v4/contract-document/*, types 1, 2, 3, 6, 7, 8). The
 * fields' rules are core's `validateContractDoc` (lengths, dates, amounts in the type's decimals,
 * what a submit needs), run as one check over the whole body so a form shows every field's
 * problem at once; the use case runs them again after filling party A from the company settings.
 */

/** A field as a client sends it: text, or a number for ids and amounts; null is absent. */
const fieldValue = z.preprocess(
  nullAsAbsent,
  z.union([z.string(), z.number().transform(String)]).optional(),
);

export const CONTRACT_DOC_TYPE_MESSAGE = '合同类型只能是 1、2、3、6、7、8';

const docType = numeric(
  z
    .number({ error: CONTRACT_DOC_TYPE_MESSAGE })
    .int()
    .refine((n): n is ContractDocType => (CONTRACT_DOC_TYPES as readonly number[]).includes(n), {
      message: CONTRACT_DOC_TYPE_MESSAGE,
    }),
);

/** The approval types a document may go into (contract review 1_x, 5_x, 24_1). */
const typeCode = z
  .string()
  .regex(/^(1_[1-8]|5_[1-3]|24_1)$/, { error: '审批类型只能是 1_1…1_8、5_1…5_3 或 24_1' })
  .optional();

const fieldShape = Object.fromEntries(
  CONTRACT_DOC_FIELD_NAMES.map((name) => [name, fieldValue]),
) as Record<ContractDocFieldName, typeof fieldValue>;

/**
 * Core's document rules over the body: a draft checks what is filled, a submit also what a
 * printed contract needs. Party A is filled by the server from the company settings, so its
 * blanks are not the sender's problem here.
 */
const documentRules = (v: Record<string, unknown>) => {
  const type = v['docType'];
  if (!isContractDocType(type)) return [];
  const values = Object.fromEntries(
    CONTRACT_DOC_FIELD_NAMES.map((n) => [n, typeof v[n] === 'string' ? v[n] : '']),
  );
  const r = validateContractDoc(
    type,
    toContractDocValues(values),
    v['submit'] === true ? 'submit' : 'save',
  );
  if (r.ok) return [];
  const partyA = new Set(
    contractDocFieldSpecs(type)
      .filter((s) => s.kind === 'partyA')
      .map((s) => s.name as string),
  );
  return r.error.errors.filter((e) => e.field === undefined || !partyA.has(e.field));
};

/** 保存合同文本 (add, or edit with documentId); submit=true also sends it into approval. */
export const contractDocumentSaveBody = z
  .object({
    ...fieldShape,
    documentId: id().optional(),
    version: version(),
    docType,
    /** Save and send into approval in one call. */
    submit: z.boolean().optional(),
    typeCode,
  })
  .check(coreProblems(documentRules));

/** The fields a document's form marks with `*` (core's list: what a submit needs typed). */
export { requiredContractDocFields } from '@dpms/core';

export const contractDocumentSubmitBody = z.object({ documentId: id(), typeCode });
export const contractDocumentIdQuery = z.object({ documentId: id() });

export const contractDocumentListQuery = z.object({
  ...pagingShape(CONTRACT_DOCUMENT_SORT_COLUMNS),
  docType: optionalEnum(['1', '2', '3', '6', '7', '8']),
  status: optionalEnum(['-1', '0', '1', '2', '3']),
  contractId: optionalId(),
  contractName: textFilter(100),
});

// ---- answers -------------------------------------------------------------------------------------

const int = () => z.number().int();

/** A document as the screens read it: its fields flat, its state beside them. */
export const contractDocumentRecord = z
  .object({
    ...(Object.fromEntries(CONTRACT_DOC_FIELD_NAMES.map((n) => [n, z.string()])) as Record<
      ContractDocFieldName,
      z.ZodString
    >),
    documentId: int(),
    docType: z
      .number()
      .int()
      .refine((n): n is ContractDocType => isContractDocType(n)),
    docTypeName: z.string(),
    /** The project contract's id as text; '' for none (type 8). */
    contractId: z.string(),
    contractName: z.string(),
    totalAmount: z.string().meta({ description: '万元，十进制字符串' }),
    status: z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
    statusName: z.string(),
    editable: z.boolean(),
    approvalId: z.string().nullable(),
    version: int(),
    deptId: int().nullable(),
    userId: int(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp(),
    updateTime: timestamp(),
  })
  .meta({ id: 'ContractDocumentRecord' });

export const contractDocumentAnswer = okEnvelope(contractDocumentRecord);
export const contractDocumentPage = pageEnvelope(contractDocumentRecord);
/** A delete's answer: the id of the document deleted. */
export const contractDocumentDeleteAnswer = okEnvelope(z.object({ documentId: int() }));

export type ContractDocumentWireRecord = z.infer<typeof contractDocumentRecord>;
export type ContractDocumentSaveInput = z.input<typeof contractDocumentSaveBody>;
export type ContractDocumentListInput = z.input<typeof contractDocumentListQuery>;
