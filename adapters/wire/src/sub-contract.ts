import { z } from 'zod';
import {
  CHILD_PAY_TEXT_LIMITS,
  childPayInputProblems,
  CONTRACT_CHILD_SORT_COLUMNS,
  CONTRACT_CHILD_TEXT_LIMITS,
  contractChildInputProblems,
  EXTEND_SORT_COLUMNS,
  EXTEND_SUB_CONTRACT_TEXT_LIMITS,
  extendSubContractInputProblems,
  fieldMessagesOf,
  REQUIRED_CHILD_PAY_FIELDS,
  REQUIRED_CONTRACT_CHILD_FIELDS,
  REQUIRED_EXTEND_SUB_CONTRACT_FIELDS,
  taxRateProblem,
} from '@dpms/core';
import { coreChecks, isArray, isNumber } from './core-rules.js';
import { nullAsAbsent, okEnvelope, pageEnvelope, timestamp } from './envelope.js';
import { fileIdList } from './files.js';
import {
  amountText,
  approvalStatus,
  approvalTypeCode,
  boundedText,
  dateText,
  decimalText,
} from './record-fields.js';
import { pagingShape } from './paging.js';
import { id, numeric, optionalEnum, optionalId, textFilter, version } from './primitives.js';

/*
 * The sub-contract slice's wire contract: sub-contracts (分包合同, childType 1-7), their pay items
 * (分包付款) and extended sub-contracts (补充分包合同). Built as the contract slice is (README): the
 * shape from core's limits and words, the rules from core's `…InputProblems`, every field's
 * problem at once.
 */

const M = fieldMessagesOf();
/** An extended sub-contract's content is 补充内容 (a sub-contract's is 分包内容). */
const EXTEND_M = fieldMessagesOf({ content: '补充内容' });

/** The fields each form marks with `*` (core's lists: the ones its rules refuse blank). */
export const requiredContractChildFields: readonly string[] = REQUIRED_CONTRACT_CHILD_FIELDS;
export const requiredChildPayFields: readonly string[] = REQUIRED_CHILD_PAY_FIELDS;
export const requiredExtendSubContractFields: readonly string[] =
  REQUIRED_EXTEND_SUB_CONTRACT_FIELDS;

// ---- sub-contracts ---------------------------------------------------------------------------

const CL = CONTRACT_CHILD_TEXT_LIMITS;

/** The fields a sub-contract form sends (001 §3), besides the contract it belongs to. */
export const contractChildFieldsShape = {
  contractChildNo: boundedText('contractChildNo', CL.contractChildNo),
  childType: numeric(
    z
      .number({ error: M.invalidValue('childType') })
      .int(M.invalidValue('childType'))
      .optional(),
  ),
  paymentMethod: boundedText('paymentMethod', CL.paymentMethod),
  content: boundedText('content', CL.content),
  receiveCompanyName: boundedText('receiveCompanyName', CL.receiveCompanyName),
  totalAmount: amountText(),
};

const childRules = <T extends object>(parent: boolean) =>
  coreChecks<T>((i) => contractChildInputProblems(i, { parent }), {
    contractId: isNumber,
    childType: isNumber,
  });

/** /v4/contractChild/add and /project/contractChild/addHistory. */
export const contractChildSaveBody = z
  .object({ contractId: optionalId(), ...contractChildFieldsShape })
  .check(childRules(true));

/** /v4/contractChild/update: the sub-contract's id, the version it was read at, its fields. */
export const contractChildUpdateBody = z
  .object({ contractChildId: id(), version: version(), ...contractChildFieldsShape })
  .check(childRules(false));

/**
 * /v4/contractChild/saveAndSubmit (保存并提交审批): the sub-contract's fields with its contract,
 * `contractChildId` and `version` when it edits a stored one, and the approval type (5_x, 5_1 by
 * default); saved and submitted in one transaction. The contract is named in either case (the
 * form always has it; an edit keeps the stored one).
 */
export const contractChildSaveAndSubmitBody = z
  .object({
    contractId: optionalId(),
    contractChildId: optionalId(),
    version: version(),
    typeCode: approvalTypeCode('5'),
    ...contractChildFieldsShape,
  })
  .check(childRules(true));

/** /v4/contractChild/updateToApproval (付款合同 5_x, 5_1 by default). */
export const contractChildSubmitBody = z.object({
  contractChildId: id(),
  typeCode: approvalTypeCode('5'),
});

/** A tax rate from 0 to 0.06, required (core's `taxRateProblem`). */
const requiredTaxRate = () =>
  z
    .string({ error: M.required('taxRate') })
    .trim()
    .min(1, M.required('taxRate'))
    .check((payload) => {
      const problem = taxRateProblem(payload.value);
      if (problem)
        payload.issues.push({ code: 'custom', message: problem.message, input: payload.value });
    });

/** /v4/contractChild/updateExpensesOfTaxation: the payee's invoice tax rate. */
export const contractChildTaxBody = z.object({ contractChildId: id(), taxRate: requiredTaxRate() });

export const contractChildIdQuery = z.object({ contractChildId: id() });
export const childContractIdQuery = z.object({ contractId: id() });

const childFilters = {
  contractId: optionalId(),
  childType: optionalEnum(['1', '2', '3', '4', '5', '6', '7']),
  status: optionalEnum(['-1', '0', '1', '2', '3']),
  contractChildNo: textFilter(64),
  receiveCompanyName: textFilter(100),
};
export const contractChildListQuery = z.object({
  ...pagingShape(CONTRACT_CHILD_SORT_COLUMNS),
  ...childFilters,
});
export const contractChildExportQuery = z.object(childFilters);

// ---- pay items -------------------------------------------------------------------------------

/** The fields a pay form sends; files are ids the upload routes issued. */
export const childPayFieldsShape = {
  payAmount: amountText(),
  /** A fraction from 0 to 0.06; blank is the sub-contract's rate. */
  taxRate: z.preprocess(nullAsAbsent, z.string().trim().optional()),
  payDate: dateText(),
  remark: boundedText('remark', CHILD_PAY_TEXT_LIMITS.remark),
  files: fileIdList(),
};

const payRules = <T extends object>() =>
  coreChecks<T>((i) => childPayInputProblems(i), { files: isArray });

/** /project/contractChild/insertChildPay. */
export const childPayAddBody = z
  .object({ contractChildId: id(), ...childPayFieldsShape })
  .check(payRules());

/** /project/contractChild/updateChildPay (files left out keep the attachments). */
export const childPayUpdateBody = z
  .object({ payId: id(), ...childPayFieldsShape })
  .check(payRules());

export const childPayIdQuery = z.object({ payId: id() });

// ---- extended sub-contracts --------------------------------------------------------------------

const EL = EXTEND_SUB_CONTRACT_TEXT_LIMITS;

/** The fields an extended sub-contract form sends. */
export const extendSubContractFieldsShape = {
  extendNo: boundedText('extendNo', EL.extendNo, EXTEND_M),
  content: boundedText('content', EL.content, EXTEND_M),
  reason: boundedText('reason', EL.reason, EXTEND_M),
  extendAmount: amountText(),
  signDate: dateText(),
  files: fileIdList(),
};

const extendRules = <T extends object>(parent: boolean) =>
  coreChecks<T>((i) => extendSubContractInputProblems(i, { parent }), {
    contractChildId: isNumber,
    files: isArray,
  });

/** /v4/extendSubContract/add. */
export const extendSubContractSaveBody = z
  .object({ contractChildId: optionalId(), ...extendSubContractFieldsShape })
  .check(extendRules(true));

/** /v4/extendSubContract/update: the record's id, the version it was read at, its fields. */
export const extendSubContractUpdateBody = z
  .object({ extendId: id(), version: version(), ...extendSubContractFieldsShape })
  .check(extendRules(false));

export const extendIdQuery = z.object({ extendId: id() });

const extendFilters = {
  contractChildId: optionalId(),
  contractId: optionalId(),
  extendNo: textFilter(64),
};
export const extendSubContractListQuery = z.object({
  ...pagingShape(EXTEND_SORT_COLUMNS),
  ...extendFilters,
});
export const extendSubContractExportQuery = z.object(extendFilters);

// ---- answers ---------------------------------------------------------------------------------

/** A sub-contract as written: every write's answer. */
export const contractChildRecord = z
  .object({
    contractChildId: z.number().int(),
    contractId: z.number().int(),
    contractChildNo: z.string(),
    childType: z.number().int(),
    childTypeName: z.string(),
    paymentMethod: z.string(),
    content: z.string(),
    receiveCompanyName: z.string(),
    totalAmount: decimalText(),
    taxRate: z.string(),
    /** Recorded after the fact (补录): final, like an approved one. */
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
  })
  .meta({ id: 'ContractChildRecord' });

/** A list row: the sub-contract with its contract's name and what is paid, added and payable. */
export const contractChildRow = contractChildRecord
  .extend({
    contractName: z.string(),
    /** 已付金额: the paid fund payments on it (the figures read model's 已付). */
    paidAmount: decimalText(),
    /** 付款项合计: Σ its pay items, what the 可付 caps are held to. */
    payItemsAmount: decimalText(),
    extendAmount: decimalText(),
    canPayAmount: decimalText(),
  })
  .meta({ id: 'ContractChildRow' });

export const childPayRecord = z
  .object({
    payId: z.number().int(),
    contractChildId: z.number().int(),
    payAmount: decimalText(),
    taxRate: z.string(),
    realPayAmount: decimalText(),
    payDate: z.string().meta({ format: 'date' }).nullable(),
    remark: z.string(),
    files: z.array(z.string()).readonly(),
    createTime: timestamp(),
  })
  .meta({ id: 'ChildPayRecord' });

export const payAttachmentRecord = z.object({
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  url: z.string(),
  createTime: timestamp(),
});

/** What a sub-contract may still pay: its amount + extensions − its pay items. */
export const childCanPay = z.object({
  contractChildId: z.number().int(),
  totalAmount: decimalText(),
  extendAmount: decimalText(),
  paidAmount: decimalText(),
  payItemsAmount: decimalText(),
  canPayAmount: decimalText(),
});

export const extendSubContractRecord = z
  .object({
    extendId: z.number().int(),
    contractChildId: z.number().int(),
    contractId: z.number().int(),
    extendNo: z.string(),
    content: z.string(),
    reason: z.string(),
    extendAmount: decimalText(),
    signDate: z.string().meta({ format: 'date' }).nullable(),
    files: z.array(z.string()).readonly(),
    version: z.number().int(),
    deptId: z.number().int().nullable(),
    userId: z.number().int(),
    createBy: z.string(),
    /** The author by name (nick name; the demo seed's rows read 系统); `createBy` keeps the login. */
    createByName: z.string(),
    createTime: timestamp(),
    updateTime: timestamp(),
  })
  .meta({ id: 'ExtendSubContractRecord' });

/** A list row: the extension beside its sub-contract and contract. */
export const extendSubContractRow = extendSubContractRecord
  .extend({
    contractChildNo: z.string(),
    childType: z.number().int(),
    childTypeName: z.string(),
    receiveCompanyName: z.string(),
    childTotalAmount: decimalText(),
    contractName: z.string(),
  })
  .meta({ id: 'ExtendSubContractRow' });

export const contractChildAnswer = okEnvelope(contractChildRecord);
export const contractChildListAnswer = okEnvelope(z.array(contractChildRecord));
export const contractChildPage = pageEnvelope(contractChildRow);
export const contractChildDetailAnswer = okEnvelope(
  contractChildRow.extend({ pays: z.array(childPayRecord) }),
);
export const contractChildTaxAnswer = okEnvelope(
  contractChildRecord.extend({ pays: z.array(childPayRecord) }),
);
export const childCanPayAnswer = okEnvelope(childCanPay);
export const childPayAnswer = okEnvelope(childPayRecord);
export const payAttachmentsAnswer = okEnvelope(z.array(payAttachmentRecord));
export const extendSubContractAnswer = okEnvelope(extendSubContractRecord);
export const extendSubContractRowAnswer = okEnvelope(extendSubContractRow);
export const extendSubContractPage = pageEnvelope(extendSubContractRow);
export const extendSubContractsOfChildAnswer = okEnvelope(
  z.object({
    contractChildId: z.number().int(),
    contractId: z.number().int(),
    contractChildNo: z.string(),
    childType: z.number().int(),
    childTypeName: z.string(),
    receiveCompanyName: z.string(),
    totalAmount: decimalText(),
    extensions: z.array(extendSubContractRow),
  }),
);

export type ContractChildRecord = z.infer<typeof contractChildRecord>;
export type ContractChildRow = z.infer<typeof contractChildRow>;
export type ContractChildDetail = z.infer<typeof contractChildDetailAnswer>['data'];
export type ChildPayRecord = z.infer<typeof childPayRecord>;
export type PayAttachmentRecord = z.infer<typeof payAttachmentRecord>;
export type ExtendSubContractRecord = z.infer<typeof extendSubContractRecord>;
export type ExtendSubContractRow = z.infer<typeof extendSubContractRow>;
/** What each form holds and sends (before the server's parse). */
export type ContractChildSaveInput = z.input<typeof contractChildSaveBody>;
export type ContractChildUpdateInput = z.input<typeof contractChildUpdateBody>;
export type ChildPayAddInput = z.input<typeof childPayAddBody>;
export type ChildPayUpdateInput = z.input<typeof childPayUpdateBody>;
export type ExtendSubContractSaveInput = z.input<typeof extendSubContractSaveBody>;
export type ExtendSubContractUpdateInput = z.input<typeof extendSubContractUpdateBody>;
