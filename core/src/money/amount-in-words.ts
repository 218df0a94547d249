import { MoneyDecimal } from './money-decimal.js';

/**
 * The spec's 'out of range' (001 §5: figures of 10^15 or more), in the application's language.
 * Shown in place of the words, so it is Chinese like the rest of the screen.
 */
export const AMOUNT_WORDS_OUT_OF_RANGE = '超出范围';

/** The first figure, in yuan, that has no words: 10^15 元. */
export const AMOUNT_WORDS_LIMIT_YUAN = '1000000000000000';

/** The words of a zero amount: PBOC writes 零元整 for ¥0.00. */
export const AMOUNT_WORDS_ZERO = '零元整';

/** Prefix of a negative amount (a refund or a correction); PBOC has no rule, 负 is the usual word. */
export const AMOUNT_WORDS_NEGATIVE_PREFIX = '负';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'] as const;

/** Same leniency as the live input filter's output: '12.', '.5' and '-3' are amounts. */
const AMOUNT_PATTERN = /^-?(?:\d+\.?\d*|\.\d+)$/;

const digitWord = (digit: string): string => DIGITS.charAt(Number(digit));

/**
 * Words of a whole number of yuan, 1 ≤ n < 10^15, given as digits without leading zeros.
 *
 * Every run of zeros between two non-zero digits gives exactly one 零, wherever it falls, also
 * across the 万 and 亿 boundaries (100000001 → 壹亿零壹; 10001000 → 壹仟万零壹仟). PBOC allows
 * the 零 to be left out where a run ends on a 万 or 元 position; writing it always keeps one
 * spelling per amount. Trailing zeros give no 零 (10 → 壹拾). 拾 always has its digit (壹拾).
 */
function integerWords(digits: string): string {
  const n = digits.length;
  let words = '';
  let pendingZero = false;
  for (let i = 0; i < n; i += 1) {
    const power = n - 1 - i;
    const digit = digits.charAt(i);
    if (digit === '0') {
      pendingZero = true;
    } else {
      if (pendingZero) words += '零';
      pendingZero = false;
      words += digitWord(digit) + SMALL_UNITS[power % 4];
    }
    if (power === 8) {
      // The leading digit is non-zero, so anything at 10^8 or above is non-zero: 亿 is always due,
      // also when the 亿 group itself is all zeros (10^12 → 壹万亿).
      words += '亿';
    } else if (power === 4 || power === 12) {
      // 万 (and 万亿) only when its group of four digits holds a non-zero digit (10^8 → 壹亿, not 壹亿万).
      const group = digits.slice(Math.max(0, i - 3), i + 1);
      if (/[1-9]/.test(group)) words += '万';
    }
  }
  return words;
}

/**
 * 人民币大写 of an amount given in 万元, in yuan, without the 人民币 prefix (DESIGN §8, PBOC rules).
 *
 * - 万元 → 元 by decimal.js, exactly (12.3456 万元 = 123456 元), never through a float.
 * - Finer than one 分 (more than 6 decimals of 万元): rounded half up to the 分 first, because the
 *   words cannot show less than a 分 and a person reads 0.005 元 as one 分.
 * - 整 after 元 when there is no 角 and no 分; none after 角 (PBOC: optional) or after 分.
 * - 零 between 元 and 分 when 角 is 0 (325.04 → 叁佰贰拾伍元零肆分); when only the 元 digit is 0
 *   no 零 is added before 角 (1680.32 → 壹仟陆佰捌拾元叁角贰分; PBOC allows either).
 * - Below one yuan no 零元 (0.04 → 肆分, 0.5 → 伍角).
 * - Zero → 零元整. Negative → 负 + the words of the absolute value (−0.004 元 rounds to zero → 零元整).
 * - 10^15 元 or more (after rounding to the 分) → '超出范围'.
 * - Empty or invalid input → '' so a blank or half-typed field shows no words.
 */
export function amountInWords(wan: string): string {
  const text = wan.trim();
  if (!AMOUNT_PATTERN.test(text)) return '';
  const yuan = new MoneyDecimal(text).times(10_000).toDecimalPlaces(2, MoneyDecimal.ROUND_HALF_UP);
  if (yuan.abs().gte(AMOUNT_WORDS_LIMIT_YUAN)) return AMOUNT_WORDS_OUT_OF_RANGE;
  if (yuan.isZero()) return AMOUNT_WORDS_ZERO;

  const fen = yuan.abs().times(100).toFixed(0).padStart(3, '0');
  const whole = fen.slice(0, -2).replace(/^0+/, '');
  const jiao = fen.charAt(fen.length - 2);
  const cent = fen.charAt(fen.length - 1);

  let words = '';
  if (whole !== '') {
    words += `${integerWords(whole)}元`;
    if (jiao === '0' && cent === '0') words += '整';
    else if (jiao === '0') words += `零${digitWord(cent)}分`;
  }
  if (jiao !== '0') words += `${digitWord(jiao)}角`;
  if (cent !== '0' && (jiao !== '0' || whole === '')) words += `${digitWord(cent)}分`;

  return yuan.isNeg() ? AMOUNT_WORDS_NEGATIVE_PREFIX + words : words;
}
