import {
  feeCategoryOf,
  FEE_RATE_KEYS,
  type FeeRates,
  type FeeRateSets,
  type FeeSource,
} from '../fees/fee-rates.js';
import { splitFees, type FeeSplit } from '../fees/fee-split.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import type { ContractFees, ContractFields, ContractStage } from './contract.js';
import { CONTRACT_ERROR_CODES as C, CONTRACT_MESSAGES as M } from './contract-messages.js';

/** The computed fee fields a client may echo back; each is checked, never stored as sent. */
export const COMPUTED_FEE_FIELDS = [
  'realAmount',
  'technicalFee',
  'operateFee',
  'expertFee',
  'designFee',
] as const;
export type ComputedFeeField = (typeof COMPUTED_FEE_FIELDS)[number];
export type ClientFees = Partial<Record<ComputedFeeField | 'directFee', string | null | undefined>>;

/** A declared project splits by the declare rate set; every other stage by its business source. */
export const feeSourceOf = (
  stage: ContractStage,
  fields: Pick<ContractFields, 'bizSource'>,
): FeeSource => (stage === 'declare' ? 'declare' : fields.bizSource);

export interface ComputedContractFees {
  readonly fees: ContractFees;
  /** The one rate set used, as it was: stored beside the fees. */
  readonly rates: FeeRates;
  readonly split: FeeSplit;
}

/**
 * The stored fee split of a contract: core's `splitFees` over the stored inputs with the rate set
 * of its source (DESIGN §1: the server never trusts the browser's sums). Closing amounts start at
 * 0 (`closing` keeps them when a contract is edited after its case was closed).
 */
export function computeContractFees(
  fields: ContractFields,
  stage: ContractStage,
  rateSets: FeeRateSets,
  closing: Pick<ContractFees, 'settleAmount' | 'closedCaseAmount' | 'backAmount'> = {
    settleAmount: '0',
    closedCaseAmount: '0',
    backAmount: '0',
  },
): Result<ComputedContractFees> {
  const source = feeSourceOf(stage, fields);
  const category = feeCategoryOf(source);
  const rates: FeeRates = {};
  for (const key of FEE_RATE_KEYS) {
    const v = rateSets[category]?.[key];
    if (v !== undefined && v !== null && v.trim() !== '') rates[key] = v.trim();
  }
  const split = splitFees({
    bizSource: source,
    signDate: fields.signDate,
    totalAmount: fields.totalAmount,
    cleanAmount: fields.cleanAmount,
    directFee: fields.directFee,
    realAmountRate: fields.realAmountRate,
    rateSets: { [category]: rates },
  });
  if (!split.ok) return split;
  const s = split.value;
  return ok({
    rates,
    split: s,
    fees: {
      realAmount: s.realAmount,
      directFee: s.directFee,
      technicalFee: s.technicalFee,
      operateFee: s.operateFee,
      expertFee: s.expertFee,
      designFee: s.designFee,
      // Only the closing amounts: a whole stored contract may be passed as `closing`.
      settleAmount: closing.settleAmount,
      closedCaseAmount: closing.closedCaseAmount,
      backAmount: closing.backAmount,
    },
  });
}

const same = (a: string, b: string): boolean => new MoneyDecimal(a).eq(new MoneyDecimal(b));
const isDecimal = (v: string): boolean => /^-?(?:\d+\.?\d*|\.\d+)$/.test(v);

/**
 * Checks what the browser showed against the server's split. A directFee sent for a contract
 * whose directFee is computed (market, signed from 2024-04-01) must equal the computed one;
 * any computed fee sent must equal the server's. Blank values are not checked.
 */
export function checkClientFees(client: ClientFees, computed: ComputedContractFees): Result<void> {
  const sentDirect = (client.directFee ?? '').trim();
  if (computed.split.directFeeReadOnly && sentDirect !== '') {
    if (!isDecimal(sentDirect) || !same(sentDirect, computed.fees.directFee)) {
      return err(domainError(C.directFeeReadOnly, M.directFeeReadOnly, 'directFee'));
    }
  }
  for (const field of COMPUTED_FEE_FIELDS) {
    const sent = (client[field] ?? '').trim();
    if (sent === '') continue;
    const expected = computed.fees[field];
    if (!isDecimal(sent) || !same(sent, expected)) {
      return err(domainError(C.feeMismatch, M.feeMismatch(field, expected), field));
    }
  }
  return ok(undefined);
}

/** The rate sets as the seed keeps them: a dictionary per category, label = rate key, value = rate. */
export function rateSetFromDict(
  items: readonly { readonly dictLabel: string; readonly dictValue: string }[],
): FeeRates {
  const rates: FeeRates = {};
  for (const item of items) {
    if ((FEE_RATE_KEYS as readonly string[]).includes(item.dictLabel)) {
      rates[item.dictLabel as (typeof FEE_RATE_KEYS)[number]] = item.dictValue;
    }
  }
  return rates;
}
