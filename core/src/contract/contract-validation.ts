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
 * Checks and normalises a contract as entered (DESIGN "Validation at the edges": core owns the
 * rules both the web and the server call). Text is trimmed and bounded; projectName and
 * contractName are required; bizSource is '1', '2' or '3'; totalAmount is required; cleanAmount
 * defaults to totalAmount and may not exceed it, nor may receiveAmount; signDate is a real
 * yyyy-MM-dd date. Every refusal names its field.
 */
export function validateContractInput(
  input: ContractInput,
  stage: ContractStage,
): Result<ContractFields> {
  const t: Partial<Record<TextField, string>> = {};
  for (const [field, max] of Object.entries(CONTRACT_TEXT_LIMITS) as [TextField, number][]) {
    const value = text(input[field]);
    if (value.length > max) return err(domainError(C.tooLong, M.tooLong(field, max), field));
    t[field] = value;
  }
  for (const field of REQUIRED_ALWAYS) {
    if (t[field] === '') return err(domainError(C.required, M.required(field), field));
  }

  const source = text(input.bizSource);
  if (source === '') return err(domainError(C.required, M.required('bizSource'), 'bizSource'));
  if (source !== '1' && source !== '2' && source !== '3') {
    return err(domainError(C.invalidValue, M.invalidValue('bizSource'), 'bizSource'));
  }
  const bizSource: BizSource = source;

  const bizTypeText = text(input.bizType);
  if (bizTypeText !== '' && !(CONTRACT_BIZ_TYPES as readonly string[]).includes(bizTypeText)) {
    return err(domainError(C.invalidValue, M.invalidValue('bizType'), 'bizType'));
  }
  const bizType = bizTypeText as ContractBizType | '';

  const amounts: Record<string, string> = {};
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
    if (!a.ok) return a;
    amounts[field] = a.value;
  }
  const totalAmount = amounts.totalAmount ?? '0';
  const clean = contractAmount(input.cleanAmount, 'cleanAmount', totalAmount);
  if (!clean.ok) return clean;
  const gt = (a: string, b: string) => new MoneyDecimal(a).gt(new MoneyDecimal(b));
  if (gt(clean.value, totalAmount)) {
    return err(
      domainError(C.amountExceeds, M.amountExceeds('cleanAmount', 'totalAmount'), 'cleanAmount'),
    );
  }
  const receiveAmount = amounts.receiveAmount ?? '0';
  if (gt(receiveAmount, totalAmount)) {
    return err(
      domainError(
        C.amountExceeds,
        M.amountExceeds('receiveAmount', 'totalAmount'),
        'receiveAmount',
      ),
    );
  }
  const rateText = text(input.realAmountRate);
  if (rateText !== '' && !/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/.test(rateText)) {
    return err(domainError(C.invalidValue, M.invalidValue('realAmountRate'), 'realAmountRate'));
  }

  const signDateText = text(input.signDate);
  if (signDateText !== '' && !isIsoDate(signDateText)) {
    return err(domainError(C.invalidDate, M.invalidDate('signDate'), 'signDate'));
  }

  const entrustList = input.entrustList ?? [];
  if (entrustList.length > MAX_ENTRUST_STAGES) {
    return err(domainError(C.tooLong, M.tooLong('entrustList', MAX_ENTRUST_STAGES), 'entrustList'));
  }
  for (const field of ['files', 'contractFiles'] as const) {
    if ((input[field]?.length ?? 0) > MAX_FILES) {
      return err(domainError(C.tooLong, M.tooLong(field, MAX_FILES), field));
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
    totalAmount,
    receiveAmount,
    cleanAmount: clean.value,
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
  // A formal contract (addHistory) was signed: it must name its parties and date like a review.
  if (stage === 'formal') {
    const missing = missingForReview(fields);
    if (missing !== null) return err(missing);
  }
  return ok(fields);
}

/** The first field a contract review sheet needs that is still blank, as the error to show. */
export function missingForReview(
  fields: Pick<ContractFields, 'signByMain' | 'signBySub' | 'signDate'>,
): DomainError | null {
  for (const field of REQUIRED_FOR_REVIEW) {
    const v = fields[field as 'signByMain' | 'signBySub' | 'signDate'];
    if (v === null || v === '') return domainError(C.required, M.required(field), field);
  }
  return null;
}
