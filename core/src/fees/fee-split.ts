import { AMOUNT_DECIMALS, SUBTRACTION_DECIMALS, toAmountString } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { FEE_ERROR_CODES, FEE_MESSAGES } from './fee-messages.js';
import {
  feeCategoryOf,
  resolveFeeRates,
  type FeeCategory,
  type FeeRateSets,
  type FeeSource,
} from './fee-rates.js';
import { isBlank, isIsoDate, parseFeeAmount, parseRate } from './fee-values.js';

/** From this sign date on, market business splits by fixed percentages (001 §5, §9). */
export const MARKET_RULE_START_DATE = '2024-04-01';
/** Market rule: realAmount = 10.1% of cleanAmount. */
export const MARKET_REAL_AMOUNT_RATE = '0.101';
/** Market rule: designFee = 2.5% of totalAmount. */
export const MARKET_DESIGN_FEE_RATE = '0.025';
/** Joint business with no realAmountRate chosen: like a missing rate, it defaults to 1. */
export const DEFAULT_REAL_AMOUNT_RATE = '1';

/**
 * Which rule computed a split:
 * - 'market2024': market business signed on or after 2024-04-01 (fixed percentages);
 * - 'joint': joint design business (realAmount = cleanAmount × realAmountRate);
 * - 'standard': everything else (realAmount = cleanAmount − directFee).
 */
export type FeeSplitRule = 'market2024' | 'joint' | 'standard';

export interface FeeSplitInput {
  /** '1' market, '2' internal, '3' joint design, or 'declare' for a declared project. */
  readonly bizSource: FeeSource;
  /** yyyy-MM-dd; blank when not signed yet. */
  readonly signDate?: string | null;
  /** 万元. */
  readonly totalAmount: string;
  /** 万元. */
  readonly cleanAmount: string;
  /** 万元, as entered; blank is 0. Ignored (computed) under the 2024 market rule. */
  readonly directFee?: string | null;
  /** Joint business only: the chosen fraction of cleanAmount (realAmountRate_list); blank is 1. */
  readonly realAmountRate?: string | null;
  /** The four rate sets; only the source's own set is read. */
  readonly rateSets: FeeRateSets;
}

/** A fee split: every amount a canonical decimal string in 万元. */
export interface FeeSplit {
  readonly rule: FeeSplitRule;
  readonly category: FeeCategory;
  /** True when directFee is computed and the form must not let it be edited. */
  readonly directFeeReadOnly: boolean;
  readonly realAmount: string;
  readonly directFee: string;
  readonly technicalFee: string;
  readonly operateFee: string;
  readonly expertFee: string;
  readonly designFee: string;
}

/**
 * 001 §5: directFee is read-only for market-source contracts with a sign date on or after
 * 2024-04-01, because the 2024 market rule computes it. A blank or malformed sign date is not
 * "on or after" anything, so directFee stays editable until a valid date is entered.
 */
export function isDirectFeeReadOnly(
  bizSource: string,
  signDate: string | null | undefined,
): boolean {
  if (bizSource !== '1' || isBlank(signDate)) return false;
  const date = signDate.trim();
  // yyyy-MM-dd strings sort like the dates they name.
  return isIsoDate(date) && date >= MARKET_RULE_START_DATE;
}

const round = (value: MoneyDecimal, decimals: number): MoneyDecimal =>
  value.toDecimalPlaces(decimals, MoneyDecimal.ROUND_HALF_UP);
const ZERO = new MoneyDecimal(0);

/**
 * The fee split of 001 §9.
 *
 * Rules
 * - Market ('1') signed on or after 2024-04-01: realAmount = 10.1% × cleanAmount; designFee =
 *   2.5% × totalAmount; directFee = cleanAmount − realAmount − designFee, floored at 0 ("the
 *   remainder": what is left of cleanAmount once the other two are taken); directFee is read-only.
 * - Joint ('3'): realAmount = cleanAmount × realAmountRate; directFee is kept as entered.
 * - Otherwise (market before that date or undated, internal '2', declare): realAmount =
 *   cleanAmount − directFee; a directFee above cleanAmount is refused (it would make every fee
 *   negative).
 * - technicalFee = realAmount × technicalFee_rate; 0 for internal.
 * - operateFee = (realAmount − technicalFee) × operateFee_rate; 0 for joint.
 * - expertFee = (realAmount − technicalFee) × expertFee_rate; for joint, realAmount × rate.
 * - designFee (except under the 2024 market rule) = (realAmount − technicalFee) × designFee_rate:
 *   the same base as the operating and expert fees, so that when those three rates add up to 1
 *   technicalFee + operateFee + expertFee + designFee = realAmount.
 * - Rates come from the source's own set (market, inner, union, declare); a missing rate is 1.
 *
 * Rounding (half away from zero)
 * - realAmount = cleanAmount − directFee is a subtraction of two entered amounts: 4 decimals, as
 *   the spec asks (exact for anything typed through the 4-decimal input filters).
 * - Every product of an amount and a rate (realAmount under the market and joint rules, designFee
 *   at 2.5%, every fee by rate): 6 decimals, one 分.
 * - The 2024 market directFee remainder is not rounded: it is a difference of 6-decimal values,
 *   hence exact at 6 decimals, and rounding it to 4 would break realAmount + designFee + directFee
 *   = cleanAmount by up to half a yuan.
 * - Inner differences (realAmount − technicalFee) are exact. Each fee is computed from the rounded
 *   values shown beside it, so a reader can redo the sums from the screen.
 */
export function splitFees(input: FeeSplitInput): Result<FeeSplit> {
  const category = feeCategoryOf(input.bizSource);
  const rates = resolveFeeRates(input.rateSets[category]);
  if (!rates.ok) return rates;
  const totalAmount = parseFeeAmount(input.totalAmount, 'totalAmount');
  if (!totalAmount.ok) return totalAmount;
  const cleanAmount = parseFeeAmount(input.cleanAmount, 'cleanAmount');
  if (!cleanAmount.ok) return cleanAmount;
  const enteredDirectFee = isBlank(input.directFee)
    ? ok(ZERO)
    : parseFeeAmount(input.directFee, 'directFee');
  if (!enteredDirectFee.ok) return enteredDirectFee;
  if (!isBlank(input.signDate) && !isIsoDate(input.signDate.trim())) {
    return err(
      domainError(FEE_ERROR_CODES.invalidSignDate, FEE_MESSAGES.invalidSignDate, 'signDate'),
    );
  }

  const clean = cleanAmount.value;
  const { technicalFee_rate, operateFee_rate, expertFee_rate, designFee_rate } = rates.value;
  const directFeeReadOnly = isDirectFeeReadOnly(input.bizSource, input.signDate);
  const isJoint = input.bizSource === '3';

  let rule: FeeSplitRule;
  let realAmount: MoneyDecimal;
  let directFee: MoneyDecimal;
  let fixedDesignFee: MoneyDecimal | undefined;
  if (directFeeReadOnly) {
    rule = 'market2024';
    realAmount = round(clean.times(MARKET_REAL_AMOUNT_RATE), AMOUNT_DECIMALS);
    fixedDesignFee = round(totalAmount.value.times(MARKET_DESIGN_FEE_RATE), AMOUNT_DECIMALS);
    directFee = MoneyDecimal.max(ZERO, clean.minus(realAmount).minus(fixedDesignFee));
  } else if (isJoint) {
    rule = 'joint';
    const rate = parseRate(input.realAmountRate, 'realAmountRate', DEFAULT_REAL_AMOUNT_RATE);
    if (!rate.ok) return rate;
    realAmount = round(clean.times(rate.value), AMOUNT_DECIMALS);
    directFee = enteredDirectFee.value;
  } else {
    rule = 'standard';
    directFee = enteredDirectFee.value;
    if (directFee.gt(clean)) {
      return err(
        domainError(
          FEE_ERROR_CODES.directFeeExceedsCleanAmount,
          FEE_MESSAGES.directFeeExceedsCleanAmount,
          'directFee',
        ),
      );
    }
    realAmount = round(clean.minus(directFee), SUBTRACTION_DECIMALS);
  }

  const technicalFee =
    input.bizSource === '2' ? ZERO : round(realAmount.times(technicalFee_rate), AMOUNT_DECIMALS);
  const afterTechnical = realAmount.minus(technicalFee);
  const operateFee = isJoint ? ZERO : round(afterTechnical.times(operateFee_rate), AMOUNT_DECIMALS);
  const expertFee = round(
    (isJoint ? realAmount : afterTechnical).times(expertFee_rate),
    AMOUNT_DECIMALS,
  );
  const designFee = fixedDesignFee ?? round(afterTechnical.times(designFee_rate), AMOUNT_DECIMALS);

  return ok({
    rule,
    category,
    directFeeReadOnly,
    realAmount: toAmountString(realAmount),
    directFee: toAmountString(directFee),
    technicalFee: toAmountString(technicalFee),
    operateFee: toAmountString(operateFee),
    expertFee: toAmountString(expertFee),
    designFee: toAmountString(designFee),
  });
}
