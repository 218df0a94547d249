import {
  multiplyAmount,
  subtractAmounts,
  toAmountString,
  toMoneyDecimal,
} from '../money/amount.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { FEE_ERROR_CODES, FEE_MESSAGES } from './fee-messages.js';

/**
 * The tips formulas of 001 §9, the figures the tips dialog explains. All amounts are decimal
 * strings in 万元, rates decimal fractions; they take values already checked at the edge, and a
 * string that is not a decimal throws a RangeError. Products round half up to 6 decimals (one 分),
 * the one subtraction to 4 decimals as the spec asks.
 */

/** Internal filing: the institute's amount is 10.1% of the contract amount. */
export const INTERNAL_FILING_RATE = '0.101';

/** Union (joint design) business has no operating fee. */
export const UNION_OPERATE_FEE = '0';

/** Reserve funds cover this many months of rigid costs. */
export const RESERVE_FUND_MONTHS = 2;

/** Market filing: the institute's actual amount = contract amount − business consulting fee. */
export const marketFilingActualAmount = (contractAmount: string, consultingFee: string): string =>
  subtractAmounts(contractAmount, consultingFee);

/** Internal filing: 10.1% of the contract amount. */
export const internalFilingAmount = (contractAmount: string): string =>
  multiplyAmount(contractAmount, INTERNAL_FILING_RATE);

/** Union business: the operating fee is 0, whatever the amounts. */
export const unionOperateFee = (): string => UNION_OPERATE_FEE;

/**
 * Declare net = pending amount / cleanAmount_rate. A rate of 0 has no quotient and is refused as
 * a value (`FEES.RATE_ZERO`) rather than thrown: it comes from editable rate settings.
 */
export function declareNetAmount(pendingAmount: string, cleanAmountRate: string): Result<string> {
  const rate = toMoneyDecimal(cleanAmountRate);
  if (rate.isZero()) {
    return err(
      domainError(
        FEE_ERROR_CODES.rateZero,
        FEE_MESSAGES.rateZero('cleanAmount_rate'),
        'cleanAmount_rate',
      ),
    );
  }
  return ok(toAmountString(toMoneyDecimal(pendingAmount).div(rate)));
}

/** Reserve funds = two months of rigid costs, given the rigid costs of one month. */
export const reserveFunds = (monthlyRigidCost: string): string =>
  toAmountString(toMoneyDecimal(monthlyRigidCost).times(RESERVE_FUND_MONTHS));

/** Allocation confirmation = payback rate × filing allocation. */
export const allocationConfirmation = (paybackRate: string, filingAllocation: string): string =>
  multiplyAmount(filingAllocation, paybackRate);
