import { describe, expect, it } from 'vitest';
import { COMPANY_SETTING_KEYS, companySettingsFromConfig } from './company-settings.js';

describe('companySettingsFromConfig', () => {
  it('reads msg of code-200 answers and leaves the others empty', () => {
    const settings = companySettingsFromConfig({
      signBySub: { code: 200, msg: '某某建筑设计研究院有限公司' },
      subPhone: { code: 500, msg: '配置读取失败' },
      subAddress: { code: 200, msg: null },
    });
    expect(settings).toEqual({
      signBySub: '某某建筑设计研究院有限公司',
      subPhone: '',
      subAddress: '',
      subOpenBank: '',
      subOpenBankNum: '',
      subTaxpayerNum: '',
    });
  });

  it('asks for the six keys of the spec', () => {
    expect([...COMPANY_SETTING_KEYS].sort()).toEqual(
      [
        'signBySub',
        'subAddress',
        'subOpenBank',
        'subOpenBankNum',
        'subPhone',
        'subTaxpayerNum',
      ].sort(),
    );
  });
});
