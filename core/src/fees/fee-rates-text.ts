import { displayRate } from '../money/amount-display.js';
import { FEE_FIELD_LABELS } from './fee-messages.js';
import { FEE_RATE_KEYS, type FeeRates } from './fee-rates.js';

/**
 * The rates a split was computed with, as people read them: each fee kind by its label and the
 * rate as a percentage, in the split's order ("技术费率 5%，经营费率 10%，设计费率 2.5%"). Keys
 * outside the rate set follow under their label or key; blank rates are left out.
 */
export function feeRatesText(rates: FeeRates | Readonly<Record<string, string | null>>): string {
  const known: readonly string[] = FEE_RATE_KEYS;
  const keys = [
    ...FEE_RATE_KEYS.filter((k) => k in rates),
    ...Object.keys(rates).filter((k) => !known.includes(k)),
  ];
  return keys
    .map((k) => [k, (rates as Record<string, string | null | undefined>)[k]] as const)
    .filter(([, r]) => r !== null && r !== undefined && r.trim() !== '')
    .map(([k, r]) => `${FEE_FIELD_LABELS[k] ?? k} ${displayRate(r)}`)
    .join('，');
}
