import type { ContractDocType } from '../documents/contract-doc-type.js';

/** The amount fields of the contract documents that take typed input (001 §3, §5). */
export type AmountInputField = 'totalAmount' | 'withinAmount';

/**
 * How many decimals (of 万元) a contract document amount field keeps (001 §5).
 * - Types 1 and 3, 6 and 7: 4. Type 2 is not named by the spec; it is the technical service
 *   sibling of type 1 (same template family, same clauses), so it follows type 1.
 * - Type 8: totalAmount 2, withinAmount 4.
 * - withinAmount exists only on type 8; for any other type it follows that type's totalAmount.
 */
export function amountInputDecimals(docType: ContractDocType, field: AmountInputField): number {
  if (docType === 8) return field === 'totalAmount' ? 2 : 4;
  return 4;
}

/** Full-width digits and the full-width full stop, as a Chinese IME may type them. */
const FULL_WIDTH = /[\uFF10-\uFF19\uFF0E]/g;
const toHalfWidth = (ch: string): string => String.fromCharCode(ch.charCodeAt(0) - 0xfee0);

/**
 * The live input filter of the contract documents' amount fields (001 §5). It runs on every
 * keystroke and on load, so it must never block a keystroke that leads to a valid amount, and
 * running it twice changes nothing.
 *
 * 1. Full-width digits and '．' become ASCII (they are digits and a dot, just typed by an IME);
 *    then every other non-digit, non-dot character is removed and only the first dot is kept.
 * 2. Leading zeros of the whole part are removed ('007' → '7', '00.5' → '0.5'; '0.5' stays).
 * 3. A dot with nothing before it gets a '0' ('.5' → '0.5'). A trailing dot is kept ('12.' stays
 *    '12.'), because the person is about to type the decimals; the words and `parseAmount` read
 *    '12.' as 12.
 * 4. Extra decimals are cut off, not rounded, as an input filter does: the person sees the digit
 *    they typed refused rather than a neighbouring digit change.
 * 5. The spec's trailing-zero drops apply only once the decimals are complete (4 typed), since
 *    only then can no further digit follow; dropping earlier would make '12.005' untypable
 *    (its prefix '12.00' would turn into '12').
 *    - Type 3: a decimal part of '0000' is dropped with its dot ('12.0000' → '12').
 *    - Types 6 and 7: a full decimal part ending in '00' loses those two zeros ('12.3400' → '12.34',
 *      '12.0000' → '12.00').
 */
export function normalizeAmountInput(
  raw: string,
  docType: ContractDocType,
  field: AmountInputField,
): string {
  const cleaned = raw.replace(FULL_WIDTH, toHalfWidth).replace(/[^0-9.]/g, '');
  const dot = cleaned.indexOf('.');
  const rawWhole = dot < 0 ? cleaned : cleaned.slice(0, dot);
  const whole = rawWhole.replace(/^0+(?=\d)/, '');
  if (dot < 0) return whole;

  const maxDecimals = amountInputDecimals(docType, field);
  let decimals = cleaned
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, maxDecimals);
  const wholeOrZero = whole === '' ? '0' : whole;

  if (decimals.length === maxDecimals) {
    if (docType === 3 && decimals === '0000') return wholeOrZero;
    if ((docType === 6 || docType === 7) && decimals.endsWith('00')) {
      decimals = decimals.slice(0, -2);
    }
  }
  return `${wholeOrZero}.${decimals}`;
}
