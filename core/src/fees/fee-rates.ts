import { ok, type Result } from '../shared/result.js';
import type { MoneyDecimal } from '../money/money-decimal.js';
import { parseRate } from './fee-values.js';

/** Where a contract's business comes from (001 §3): '1' market, '2' internal, '3' joint design. */
export const BIZ_SOURCES = { market: '1', internal: '2', joint: '3' } as const;
export type BizSource = (typeof BIZ_SOURCES)[keyof typeof BIZ_SOURCES];

/**
 * What a fee split is computed for: a contract's business source, or a declared project
 * ('declare'), which has a rate set of its own but no business source rule.
 */
export type FeeSource = BizSource | 'declare';

/** The rate-set categories of 001 §3 and §9. */
export const FEE_CATEGORIES = ['declare', 'market', 'inner', 'union'] as const;
export type FeeCategory = (typeof FEE_CATEGORIES)[number];

/** The rate keys of every rate set (001 §3, "analytic rate settings"). */
export const FEE_RATE_KEYS = [
  'technicalFee_rate',
  'operateFee_rate',
  'expertFee_rate',
  'designFee_rate',
] as const;
export type FeeRateKey = (typeof FEE_RATE_KEYS)[number];

/** One rate set as stored: decimal fractions as strings; a key may be missing or blank. */
export type FeeRates = Partial<Record<FeeRateKey, string | null>>;

/** The four rate sets, by category. */
export type FeeRateSets = Partial<Record<FeeCategory, FeeRates>>;

/** A rate set with every rate resolved (missing ones at their default of 1). */
export type ResolvedFeeRates = Readonly<Record<FeeRateKey, MoneyDecimal>>;

/** 001 §9: "A missing rate defaults to 1." */
export const DEFAULT_FEE_RATE = '1';

/** The session keys the rate sets are kept under (001 §9). */
export const FEE_RATE_SESSION_KEYS = {
  declare: 'declareRates',
  market: 'marketRates',
  inner: 'innerRates',
  union: 'unionRates',
} as const satisfies Record<FeeCategory, string>;

/**
 * The dictionary types fetched at startup that hold the rate sets (000 §7 lists bizSource_market,
 * bizSource_inner, bizSource_union, bizSource_declare beside the session keys above; the spec does
 * not say so outright, so this pairing is our reading).
 */
export const FEE_RATE_DICT_TYPES = {
  declare: 'bizSource_declare',
  market: 'bizSource_market',
  inner: 'bizSource_inner',
  union: 'bizSource_union',
} as const satisfies Record<FeeCategory, string>;

/** The rate set a source uses: market '1' → market, internal '2' → inner, joint '3' → union. */
export function feeCategoryOf(source: FeeSource): FeeCategory {
  switch (source) {
    case '1':
      return 'market';
    case '2':
      return 'inner';
    case '3':
      return 'union';
    case 'declare':
      return 'declare';
  }
}

/**
 * Every rate of a set as a decimal; a missing or blank rate is 1 (the spec's default). A rate that
 * is not a non-negative decimal fraction is refused with the rate key as the field.
 */
export function resolveFeeRates(rates: FeeRates | undefined): Result<ResolvedFeeRates> {
  const resolved: Partial<Record<FeeRateKey, MoneyDecimal>> = {};
  for (const key of FEE_RATE_KEYS) {
    const rate = parseRate(rates?.[key], key, DEFAULT_FEE_RATE);
    if (!rate.ok) return rate;
    resolved[key] = rate.value;
  }
  return ok(resolved as ResolvedFeeRates);
}
