import { parseAmount } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { isIsoDate } from '../fees/fee-values.js';
import type { BizSource } from '../fees/fee-rates.js';
import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import {
  CONTRACT_BIZ_TYPES,
  type ContractBizType,
  type ContractFields,
  type ContractStage,
  type EntrustStage,
} from './contract.js';
import { CONTRACT_ERROR_CODES as C, CONTRACT_MESSAGES as M } from './contract-messages.js';

/** What a client sends for a contract: every field optional and untrusted. */
export interface ContractInput {
  readonly projectName?: string | null | undefined;
  readonly contractName?: string | null | undefined;
  readonly entrustBusinessName?: string | null | undefined;
  readonly contractNo?: string | null | undefined;
  readonly signByMain?: string | null | undefined;
  readonly signBySub?: string | null | undefined;
  readonly subBankName?: string | null | undefined;
  readonly bizSource?: string | null | undefined;
  readonly location?: string | null | undefined;
  readonly serviceManagerId?: number | null | undefined;
  readonly serviceManagerName?: string | null | undefined;
  readonly planArea?: string | null | undefined;
  readonly buildArea?: string | null | undefined;
  readonly sceneryArea?: string | null | undefined;
  readonly indoorArea?: string | null | undefined;
  readonly totalAmount?: string | null | undefined;
  readonly receiveAmount?: string | null | undefined;
  readonly cleanAmount?: string | null | undefined;
  readonly directFee?: string | null | undefined;
  readonly realAmountRate?: string | null | undefined;
  readonly bizType?: string | null | undefined;
  readonly entrustTask?: string | null | undefined;
  readonly entrustList?: readonly EntrustStage[] | null | undefined;
  readonly termsContent?: string | null | undefined;
  readonly specialTerms?: string | null | undefined;
  readonly instructions?: string | null | undefined;
  readonly performContent?: string | null | undefined;
  readonly trackRecord?: string | null | undefined;
  readonly signDate?: string | null | undefined;
  readonly files?: readonly string[] | null | undefined;
  readonly contractFiles?: readonly string[] | null | undefined;
}

/** Text limits (characters) of the contract fields; the columns are sized from these. */
export const CONTRACT_TEXT_LIMITS = {
  projectName: 200,
  contractName: 200,
  entrustBusinessName: 200,
  contractNo: 64,
  signByMain: 200,
  signBySub: 200,
  subBankName: 100,
  location: 200,
  serviceManagerName: 64,
  entrustTask: 2000,
  termsContent: 5200,
  specialTerms: 5200,
  instructions: 5200,
  performContent: 5200,
  trackRecord: 5200,
} as const satisfies Partial<Record<keyof ContractFields, number>>;

type TextField = keyof typeof CONTRACT_TEXT_LIMITS;

/** Fields required in every stage; more are required to send a contract for review. */
const REQUIRED_ALWAYS: readonly TextField[] = ['projectName', 'contractName'];
/** The contract review sheet (1_x) needs both parties (the approval template requires them). */
export const REQUIRED_FOR_REVIEW: readonly (keyof ContractFields)[] = [
  'signByMain',
  'signBySub',
  'signDate',
];

const MAX_ENTRUST_STAGES = 50;
const MAX_FILES = 50;

const text = (v: string | null | undefined): string => (v ?? '').trim();

/** A non-negative amount in 万元 (blank gives `fallback`); the error names the field. */
export function contractAmount(
  raw: string | null | undefined,
  field: string,
  fallback: string | null,
): Result<string> {
  const t = text(raw);
  if (t === '') {
    return fallback === null
      ? err(domainError(C.required, M.required(field), field))
      : ok(fallback);
  }
  const parsed = parseAmount(t, field);
  if (!parsed.ok || parsed.value.startsWith('-')) {
    return err(domainError(C.invalidAmount, M.invalidAmount(field), field));
  }
  return ok(parsed.value);
}

/**
 * What a save checks beyond the fields: `review` when the same call sends the contract for review
 * (save and submit), which then needs what the review sheet needs (REQUIRED_FOR_REVIEW).
 */
export interface ContractCheckOptions {
  readonly review?: boolean | undefined;
}

/** Whether saving in `stage` (with `options`) needs the review sheet's fields. */
export const needsReviewFields = (stage: ContractStage, options: ContractCheckOptions = {}) =>
  stage === 'formal' || (stage === 'contract' && options.review === true);

/** The fields a save in `stage` requires (the web marks them; the checks below refuse blanks). */
export function requiredContractFields(
  stage: ContractStage,
  options: ContractCheckOptions = {},
): readonly (keyof ContractFields)[] {
  return [
    ...REQUIRED_ALWAYS,
    'bizSource',
    'totalAmount',
    ...(needsReviewFields(stage, options) ? REQUIRED_FOR_REVIEW : []),
  ];
}

type Checked =
  | { readonly ok: true; readonly fields: ContractFields }
  | { readonly ok: false; readonly problems: readonly DomainError[] };

/**
 * Every rule of a contract as entered, each field checked on its own so a form can show every
 * problem at once (the wire schemas call this; the server calls it again through
 * validateContractInput). Text is trimmed and bounded; projectName and contractName are required;
 * bizSource is '1', '2' or '3'; totalAmount is required; cleanAmount defaults to totalAmount and
 * may not exceed it, nor may receiveAmount; signDate is a real yyyy-MM-dd date; a formal contract,
 * or a contract sent for review in the same call, names both parties and its sign date. Every
 * problem names its field, at most one problem per field.
 */
function checkContract(
  input: ContractInput,
  stage: ContractStage,
  options: ContractCheckOptions,
): Checked {
  const problems: DomainError[] = [];
  const refuse = (e: DomainError) => {
    if (!problems.some((p) => p.field === e.field)) problems.push(e);
  };
  const t: Partial<Record<TextField, string>> = {};
  for (const [field, max] of Object.entries(CONTRACT_TEXT_LIMITS) as [TextField, number][]) {
    const value = text(input[field]);
    if (value.length > max) refuse(domainError(C.tooLong, M.tooLong(field, max), field));
    t[field] = value;
  }
  for (const field of REQUIRED_ALWAYS) {
    if (t[field] === '') refuse(domainError(C.required, M.required(field), field));
  }

  const source = text(input.bizSource);
  if (source === '') refuse(domainError(C.required, M.required('bizSource'), 'bizSource'));
  else if (source !== '1' && source !== '2' && source !== '3') {
    refuse(domainError(C.invalidValue, M.invalidValue('bizSource'), 'bizSource'));
  }
  const bizSource = source as BizSource;

  const bizTypeText = text(input.bizType);
  if (bizTypeText !== '' && !(CONTRACT_BIZ_TYPES as readonly string[]).includes(bizTypeText)) {
    refuse(domainError(C.invalidValue, M.invalidValue('bizType'), 'bizType'));
  }
  const bizType = bizTypeText as ContractBizType | '';

  const amounts: Record<string, string | undefined> = {};
  const amountFields: readonly [string, string | null][] = [
    ['totalAmount', null],
    ['receiveAmount', '0'],
    ['directFee', '0'],
    ['planArea', '0'],
    ['buildArea', '0'],
    ['sceneryArea', '0'],
    ['indoorArea', '0'],
  ];
  for (const [field, fallback] of amountFields) {
    const a = contractAmount(
      input[field as keyof ContractInput] as string | undefined,
      field,
      fallback,
    );
    if (a.ok) amounts[field] = a.value;
    else refuse(a.error);
  }
  const totalAmount = amounts.totalAmount;
  const clean = contractAmount(input.cleanAmount, 'cleanAmount', totalAmount ?? '0');
  if (!clean.ok) refuse(clean.error);
  const gt = (a: string, b: string) => new MoneyDecimal(a).gt(new MoneyDecimal(b));
  if (clean.ok && totalAmount !== undefined && gt(clean.value, totalAmount)) {
    refuse(
      domainError(C.amountExceeds, M.amountExceeds('cleanAmount', 'totalAmount'), 'cleanAmount'),
    );
  }
  const receiveAmount = amounts.receiveAmount;
  if (receiveAmount !== undefined && totalAmount !== undefined && gt(receiveAmount, totalAmount)) {
    refuse(
      domainError(
        C.amountExceeds,
        M.amountExceeds('receiveAmount', 'totalAmount'),
        'receiveAmount',
      ),
    );
  }
  const rateText = text(input.realAmountRate);
  if (rateText !== '' && !/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/.test(rateText)) {
    refuse(domainError(C.invalidValue, M.invalidValue('realAmountRate'), 'realAmountRate'));
  }

  const signDateText = text(input.signDate);
  if (signDateText !== '' && !isIsoDate(signDateText)) {
    refuse(domainError(C.invalidDate, M.invalidDate('signDate'), 'signDate'));
  }

  const entrustList = input.entrustList ?? [];
  if (entrustList.length > MAX_ENTRUST_STAGES) {
    refuse(domainError(C.tooLong, M.tooLong('entrustList', MAX_ENTRUST_STAGES), 'entrustList'));
  }
  for (const field of ['files', 'contractFiles'] as const) {
    if ((input[field]?.length ?? 0) > MAX_FILES) {
      refuse(domainError(C.tooLong, M.tooLong(field, MAX_FILES), field));
    }
  }
  const serviceManagerId = input.serviceManagerId ?? null;

  const fields: ContractFields = {
    projectName: t.projectName ?? '',
    contractName: t.contractName ?? '',
    entrustBusinessName: t.entrustBusinessName ?? '',
    contractNo: t.contractNo ?? '',
    signByMain: t.signByMain ?? '',
    signBySub: t.signBySub ?? '',
    subBankName: t.subBankName ?? '',
    bizSource,
    location: t.location ?? '',
    serviceManagerId,
    serviceManagerName: t.serviceManagerName ?? '',
    planArea: amounts.planArea ?? '0',
    buildArea: amounts.buildArea ?? '0',
    sceneryArea: amounts.sceneryArea ?? '0',
    indoorArea: amounts.indoorArea ?? '0',
    totalAmount: totalAmount ?? '0',
    receiveAmount: receiveAmount ?? '0',
    cleanAmount: clean.ok ? clean.value : '0',
    directFee: amounts.directFee ?? '0',
    realAmountRate: rateText,
    bizType,
    entrustTask: t.entrustTask ?? '',
    entrustList: entrustList.map((e) => ({
      designStageId: String(e.designStageId).trim().slice(0, 64),
      designStageName: String(e.designStageName).trim().slice(0, 100),
    })),
    termsContent: t.termsContent ?? '',
    specialTerms: t.specialTerms ?? '',
    instructions: t.instructions ?? '',
    performContent: t.performContent ?? '',
    trackRecord: t.trackRecord ?? '',
    signDate: signDateText === '' ? null : signDateText,
    files: [...(input.files ?? [])],
    contractFiles: [...(input.contractFiles ?? [])],
  };
  // A formal contract (addHistory) was signed, and a contract sent for review in the same call
  // goes on the review sheet: both must name their parties and date.
  if (needsReviewFields(stage, options)) {
    for (const problem of reviewProblems(fields)) refuse(problem);
  }
  return problems.length === 0 ? { ok: true, fields } : { ok: false, problems };
}

/**
 * Every problem of a contract as entered (empty when it would be saved): what a form shows beside
 * its fields, and what the wire schemas report, one message per field.
 */
export function contractInputProblems(
  input: ContractInput,
  stage: ContractStage,
  options: ContractCheckOptions = {},
): readonly DomainError[] {
  const checked = checkContract(input, stage, options);
  return checked.ok ? [] : checked.problems;
}

/**
 * Checks and normalises a contract as entered (DESIGN "Validation at the edges": core owns the
 * rules both the web and the server call); the refusal is the first problem
 * `contractInputProblems` finds.
 */
export function validateContractInput(
  input: ContractInput,
  stage: ContractStage,
  options: ContractCheckOptions = {},
): Result<ContractFields> {
  const checked = checkContract(input, stage, options);
  if (checked.ok) return ok(checked.fields);
  return err(checked.problems[0] ?? domainError(C.invalidValue, M.invalidValue('contract')));
}

/** Every field a contract review sheet needs that is still blank, as the errors to show. */
export function reviewProblems(
  fields: Pick<ContractFields, 'signByMain' | 'signBySub' | 'signDate'>,
): readonly DomainError[] {
  const problems: DomainError[] = [];
  for (const field of REQUIRED_FOR_REVIEW) {
    const v = fields[field as 'signByMain' | 'signBySub' | 'signDate'];
    if (v === null || v === '') problems.push(domainError(C.required, M.required(field), field));
  }
  return problems;
}

/** The first field a contract review sheet needs that is still blank, as the error to show. */
export function missingForReview(
  fields: Pick<ContractFields, 'signByMain' | 'signBySub' | 'signDate'>,
): DomainError | null {
  return reviewProblems(fields)[0] ?? null;
}
