import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { AMOUNT_WORDS_OUT_OF_RANGE, AMOUNT_WORDS_ZERO, amountInWords } from './amount-in-words.js';

const DIGIT_WORDS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNIT_POWERS: Readonly<Record<string, bigint>> = { 拾: 10n, 佰: 100n, 仟: 1000n };

/** Whole yuan from the words before 元; throws on anything outside the grammar. */
function parseWhole(text: string): bigint {
  let total = 0n; // everything already multiplied by 亿
  let belowYi = 0n; // complete 万 groups below 亿
  let group = 0n; // the current group of four digits
  let digit: bigint | null = null;
  let lastSmallUnit = 10000n; // units inside a group must descend
  let zeroPending = false;
  for (const ch of text) {
    const d = DIGIT_WORDS.indexOf(ch);
    if (d === 0) {
      // 零 only stands for a run of zeros: never after a bare digit, never doubled.
      if (digit !== null || zeroPending) throw new Error(`misplaced 零 in '${text}'`);
      zeroPending = true;
    } else if (d > 0) {
      zeroPending = false;
      if (digit !== null) throw new Error(`two digits in a row in '${text}'`);
      digit = BigInt(d);
    } else if (ch in SMALL_UNIT_POWERS) {
      const unit = SMALL_UNIT_POWERS[ch] ?? 0n;
      if (digit === null) throw new Error(`unit without digit in '${text}'`);
      if (unit >= lastSmallUnit) throw new Error(`units out of order in '${text}'`);
      group += digit * unit;
      lastSmallUnit = unit;
      digit = null;
    } else if (ch === '万') {
      belowYi += (group + (digit ?? 0n)) * 10000n;
      group = 0n;
      digit = null;
      lastSmallUnit = 10000n;
    } else if (ch === '亿') {
      total = (total + belowYi + group + (digit ?? 0n)) * 100000000n;
      belowYi = 0n;
      group = 0n;
      digit = null;
      lastSmallUnit = 10000n;
    } else {
      throw new Error(`unexpected '${ch}' in '${text}'`);
    }
  }
  if (zeroPending) throw new Error(`trailing 零 in '${text}'`);
  return total + belowYi + group + (digit ?? 0n);
}

/** The test's own reader of 人民币大写: words back to yuan as a decimal string with 2 places. */
function wordsToYuan(words: string): string {
  const negative = words.startsWith('负');
  const body = negative ? words.slice(1) : words;
  let fen: bigint;
  if (body === '零元整') {
    fen = 0n;
  } else {
    const yuanAt = body.indexOf('元');
    const whole = yuanAt >= 0 ? parseWhole(body.slice(0, yuanAt)) : 0n;
    let tail = yuanAt >= 0 ? body.slice(yuanAt + 1) : body;
    if (tail === '整') tail = '';
    const m = /^(?:零?([壹贰叁肆伍陆柒捌玖])角)?(?:零?([壹贰叁肆伍陆柒捌玖])分)?$/.exec(tail);
    if (m === null) throw new Error(`bad decimal part in '${words}'`);
    const jiao = m[1] === undefined ? 0n : BigInt(DIGIT_WORDS.indexOf(m[1]));
    const cent = m[2] === undefined ? 0n : BigInt(DIGIT_WORDS.indexOf(m[2]));
    fen = whole * 100n + jiao * 10n + cent;
  }
  const text = fen.toString().padStart(3, '0');
  return `${negative ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** The words' grammar: no doubled 零, no 零 before a unit or 元, one unit per digit, 整 only after 元. */
const D = '[壹贰叁肆伍陆柒捌玖]';
const WHOLE = `${D}[拾佰仟]?(?:万亿|万|亿)?(?:零?${D}[拾佰仟]?(?:万亿|万|亿)?)*`;
const WORDS_GRAMMAR = new RegExp(
  `^负?(?:零元整|${WHOLE}元(?:整|${D}角(?:${D}分)?|零${D}分)|${D}角(?:${D}分)?|${D}分)$`,
);

/** An amount in 分 as 万元 with 6 decimals, written without a float. */
function fenToWan(fen: bigint): string {
  const negative = fen < 0n;
  const digits = (negative ? -fen : fen).toString().padStart(7, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`;
}

function fenToYuan(fen: bigint): string {
  const negative = fen < 0n;
  const digits = (negative ? -fen : fen).toString().padStart(3, '0');
  return `${negative && fen !== 0n ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

const LIMIT_FEN = 10n ** 17n; // 10^15 yuan

/** Amounts below the limit, in 分; half of them built from zero-heavy digit strings. */
const fenBelowLimit = fc.oneof(
  fc.bigInt({ min: 0n, max: LIMIT_FEN - 1n }),
  fc
    .array(fc.constantFrom('0', '0', '0', '0', '1', '2', '5', '9'), { minLength: 1, maxLength: 17 })
    .map((ds) => BigInt(ds.join(''))),
  fc.bigInt({ min: 0n, max: 100_000n }),
);
const signedFen = fc.tuple(fenBelowLimit, fc.boolean()).map(([f, neg]) => (neg ? -f : f));

describe('amountInWords: the examples of the spec and DESIGN §8', () => {
  it.each([
    ['0.001', '壹拾元整'], // 10 yuan: a leading 10-19 is 壹拾
    ['0.032504', '叁佰贰拾伍元零肆分'], // 零 between 元 and 分 when 角 is 0
    ['1.0005', '壹万零伍元整'],
    ['0.000004', '肆分'], // no 零元 below one yuan
    ['10000.0001', '壹亿零壹元整'], // one 零 across the 万 and 亿 groups
    ['12.3456', '壹拾贰万叁仟肆佰伍拾陆元整'], // 12.3456 万元 = 123456 元 exactly
  ])('%s 万元 → %s', (wan, words) => {
    expect(amountInWords(wan)).toBe(words);
  });
});

describe('amountInWords: PBOC cases and our choices', () => {
  it.each([
    ['0.168032', '壹仟陆佰捌拾元叁角贰分'], // 元 digit 0, 角 not 0: no 零 (PBOC allows either)
    ['10.700053', '壹拾万零柒仟元伍角叁分'],
    ['1000.1', '壹仟万零壹仟元整'],
    ['0.00005', '伍角'], // no 整 after 角
    ['0.000105', '壹元零伍分'],
    ['0.00015', '壹元伍角'],
    ['0.0011', '壹拾壹元整'],
    ['11', '壹拾壹万元整'],
    ['10', '壹拾万元整'],
    ['10000', '壹亿元整'],
    ['100000000', '壹万亿元整'], // 10^12 yuan: the 亿 group is empty yet 亿 is written
    ['100000000.0001', '壹万亿零壹元整'],
    ['100010000', '壹万零壹亿元整'],
    ['10010', '壹亿零壹拾万元整'],
    ['1', '壹万元整'],
    ['99999999999.999999', '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  ])('%s 万元 → %s', (wan, words) => {
    expect(amountInWords(wan)).toBe(words);
  });

  it('gives 零元整 for zero in any spelling', () => {
    for (const zero of ['0', '0.000000', '-0', '.0', '0.']) {
      expect(amountInWords(zero)).toBe(AMOUNT_WORDS_ZERO);
    }
  });

  it('rounds finer than one 分 half up', () => {
    expect(amountInWords('0.0000005')).toBe('壹分'); // 0.005 元
    expect(amountInWords('0.0000004')).toBe('零元整'); // 0.004 元
    expect(amountInWords('0.0001995')).toBe('贰元整'); // 1.995 元
  });

  it('prefixes 负 to a negative amount, but not to one that rounds to zero', () => {
    expect(amountInWords('-0.0001')).toBe('负壹元整');
    expect(amountInWords('-0.032504')).toBe('负叁佰贰拾伍元零肆分');
    expect(amountInWords('-0.0000004')).toBe('零元整');
  });

  it("answers the spec's 'out of range' from 10^15 yuan on, also after rounding", () => {
    expect(AMOUNT_WORDS_OUT_OF_RANGE).toBe('超出范围');
    expect(amountInWords('100000000000')).toBe('超出范围'); // 10^15 元
    expect(amountInWords('-100000000000')).toBe('超出范围');
    expect(amountInWords('99999999999.9999995')).toBe('超出范围'); // rounds to 10^15 元
    expect(amountInWords('123456789012345')).toBe('超出范围');
  });

  it('gives nothing for an empty or invalid field', () => {
    for (const bad of ['', '   ', 'abc', '1e3', '12.3.4', '-', '.', '1,000', '+5', '１２']) {
      expect(amountInWords(bad)).toBe('');
    }
  });

  it('reads what the input filter leaves while a person types', () => {
    expect(amountInWords('12.')).toBe('壹拾贰万元整');
    expect(amountInWords(' 0.5 ')).toBe('伍仟元整');
  });
});

describe('amountInWords: properties', () => {
  it('is well formed for every amount below the limit', () => {
    fc.assert(
      fc.property(signedFen, (fen) => {
        expect(amountInWords(fenToWan(fen))).toMatch(WORDS_GRAMMAR);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips through a reader of the words', () => {
    fc.assert(
      fc.property(signedFen, (fen) => {
        expect(wordsToYuan(amountInWords(fenToWan(fen)))).toBe(fenToYuan(fen));
      }),
      { numRuns: 2000 },
    );
  });

  it('never gives two different amounts the same words', () => {
    fc.assert(
      fc.property(signedFen, signedFen, (a, b) => {
        fc.pre(a !== b);
        expect(amountInWords(fenToWan(a))).not.toBe(amountInWords(fenToWan(b)));
      }),
      { numRuns: 2000 },
    );
  });

  it('does not depend on how the amount is spelt (trailing zeros)', () => {
    fc.assert(
      fc.property(fenBelowLimit, fc.integer({ min: 1, max: 3 }), (fen, zeros) => {
        const wan = fenToWan(fen);
        expect(amountInWords(wan + '0'.repeat(zeros))).toBe(amountInWords(wan));
      }),
    );
  });

  it('rounds a 7th decimal of 万元 half up to the 分', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: LIMIT_FEN - 2n }),
        fc.integer({ min: 0, max: 9 }),
        (fen, extra) => {
          const rounded = extra >= 5 ? fen + 1n : fen;
          expect(amountInWords(`${fenToWan(fen)}${extra}`)).toBe(amountInWords(fenToWan(rounded)));
        },
      ),
    );
  });

  it('answers out of range for every figure from 10^15 yuan', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: LIMIT_FEN, max: 10n ** 25n }), (fen) => {
        expect(amountInWords(fenToWan(fen))).toBe(AMOUNT_WORDS_OUT_OF_RANGE);
      }),
    );
  });
});
