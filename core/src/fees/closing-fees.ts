import { toAmountString } from '../money/amount.js';
import { MoneyDecimal } from '../money/money-decimal.js';
import { domainError, err, ok, type Result } from '../shared/result.js';
import { FEE_ERROR_CODES, FEE_MESSAGES } from './fee-messages.js';
import { parseFeeAmount } from './fee-values.js';

/** One 分 is 10^-6 万元: amounts are counted in whole 分 to split them without losing any. */
const FEN_PER_WAN = new MoneyDecimal(1_000_000);
const toFen = (wan: MoneyDecimal): bigint => BigInt(wan.times(FEN_PER_WAN).toFixed(0));
const fenToWan = (fen: bigint): string =>
  toAmountString(new MoneyDecimal(fen.toString()).div(FEN_PER_WAN));

/**
 * Closing a case (001 §9): each fee = closedCaseAmount / backAmount × the original fee.
 *
 * - backAmount 0 is refused (`FEES.BACK_AMOUNT_ZERO`): nothing came back, so there is no ratio.
 * - Every amount must be a non-negative amount of at most 6 decimals (whole 分).
 * - closedCaseAmount above backAmount is allowed (the ratio is then above 1); the spec sets no cap.
 * - Rounding to the 分 by largest remainder: each fee is first cut down to the 分, then the 分
 *   still missing to reach the rounded (half up) exact total go one each to the fees with the
 *   largest cut-off remainders (ties in the order of the keys). So the closing fees add up to the
 *   scaled total rounded to the 分, and each differs from its exact share by less than one 分.
 *   When closedCaseAmount = backAmount the original fees come back unchanged.
 */
export function closingFees<K extends string>(
  closedCaseAmount: string,
  backAmount: string,
  fees: Readonly<Record<K, string>>,
): Result<Record<K, string>> {
  const closed = parseFeeAmount(closedCaseAmount, 'closedCaseAmount');
  if (!closed.ok) return closed;
  const back = parseFeeAmount(backAmount, 'backAmount');
  if (!back.ok) return back;
  if (back.value.isZero()) {
    return err(
      domainError(FEE_ERROR_CODES.backAmountZero, FEE_MESSAGES.backAmountZero, 'backAmount'),
    );
  }

  const keys = Object.keys(fees) as K[];
  const originals: bigint[] = [];
  for (const key of keys) {
    const fee = parseFeeAmount(fees[key], key);
    if (!fee.ok) return fee;
    originals.push(toFen(fee.value));
  }

  const closedFen = toFen(closed.value);
  const backFen = toFen(back.value);
  const numerators = originals.map((fee) => closedFen * fee);
  const shares = numerators.map((n) => n / backFen); // bigint division: cut down to the 分
  const remainders = numerators.map((n) => n % backFen);
  const exactTotal = numerators.reduce((a, b) => a + b, 0n);
  // Half up: floor((2 × total + back) / (2 × back)).
  const roundedTotal = (2n * exactTotal + backFen) / (2n * backFen);
  let missing = roundedTotal - shares.reduce((a, b) => a + b, 0n);

  const byRemainder = keys
    .map((_, i) => i)
    .sort((a, b) => {
      const ra = remainders[a] ?? 0n;
      const rb = remainders[b] ?? 0n;
      return ra === rb ? a - b : ra > rb ? -1 : 1;
    });
  for (const i of byRemainder) {
    if (missing <= 0n) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    missing -= 1n;
  }

  const result = {} as Record<K, string>;
  keys.forEach((key, i) => {
    result[key] = fenToWan(shares[i] ?? 0n);
  });
  return ok(result);
}
