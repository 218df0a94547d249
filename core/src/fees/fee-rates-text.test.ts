import { describe, expect, it } from 'vitest';
import { feeRatesText } from './fee-rates-text.js';

describe('feeRatesText', () => {
  it('names each fee kind and gives its rate as a percentage, in the split’s order', () => {
    expect(
      feeRatesText({ designFee_rate: '0.025', expertFee_rate: '0.02', technicalFee_rate: '0.05' }),
    ).toBe('技术费率 5%，专家费率 2%，设计费率 2.5%');
  });

  it('leaves out blank rates and keeps an unknown key readable', () => {
    expect(feeRatesText({ operateFee_rate: '', cleanAmount_rate: '0.9', other: '0.1' })).toBe(
      '净额比例 90%，other 10%',
    );
    expect(feeRatesText({})).toBe('');
  });
});
