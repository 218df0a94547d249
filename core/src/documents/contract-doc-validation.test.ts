import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { amountInWords } from '../money/amount-in-words.js';
import { loadContractDoc, type ContractDocData } from './contract-doc-form.js';
import { contractDocPayload, isIsoDate, validateContractDoc } from './contract-doc-validation.js';
import { CONTRACT_DOC_FIELDS_BY_TYPE, type ContractDocValues } from './contract-doc-fields.js';
import type { ContractDocType } from './contract-doc-type.js';

const SETTINGS = {
  signBySub: '某某建筑设计研究院有限公司',
  subAddress: '某市某区设计路1号',
  subTaxpayerNum: '123456789012345',
  subOpenBank: '某银行某支行',
  subOpenBankNum: '6222000011112222',
  subPhone: '010-88886666',
};

const valuesOf = (type: ContractDocType, data: ContractDocData): ContractDocValues =>
  loadContractDoc({ type, data, settings: SETTINGS }).values;

const COMPLETE_1: ContractDocData = {
  signByMain: ' 某咨询有限公司 ',
  projectName: '滨江公园',
  contractId: '101',
  designStage: '方案设计',
  designStageId: '11',
  totalAmount: '12.5',
  signDate: '2024-02-29',
};

const COMPLETE_8: ContractDocData = {
  signByMain: '某培训机构',
  fwContent: 'BIM技术',
  totalAmount: '3.5',
  withinAmount: '1',
  withinDay: '15',
  startTime: '2024-03-01',
  endTime: '2024-06-30',
  signDate: '2024-02-20',
};

const errorsOf = (
  type: ContractDocType,
  data: ContractDocData,
  mode: 'save' | 'submit' = 'submit',
) => {
  const result = validateContractDoc(type, valuesOf(type, data), mode);
  return result.ok ? [] : result.error.errors;
};

describe('validateContractDoc', () => {
  it('accepts a complete document and gives its trimmed payload', () => {
    const result = validateContractDoc(1, valuesOf(1, COMPLETE_1), 'submit');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.signByMain).toBe('某咨询有限公司');
    expect(result.value.contractName).toBe('滨江公园技术咨询合同');
    expect(result.value.upValue).toBe('壹拾贰万伍仟元整');
    expect(Object.keys(result.value).sort()).toEqual([...CONTRACT_DOC_FIELDS_BY_TYPE[1]].sort());
    expect(validateContractDoc(8, valuesOf(8, COMPLETE_8), 'submit').ok).toBe(true);
  });

  it('lets a draft be saved empty but not submitted', () => {
    expect(errorsOf(2, {}, 'save')).toEqual([]);
    // The name is never empty: an empty one is still the type title.
    expect(errorsOf(2, {}, 'submit').map((e) => e.field)).toEqual([
      'signByMain',
      'projectName',
      'designStage',
      'totalAmount',
      'signDate',
    ]);
  });

  it('names the field in Chinese', () => {
    const result = validateContractDoc(1, valuesOf(1, { ...COMPLETE_1, signByMain: '' }), 'submit');
    expect(!result.ok && result.error).toMatchObject({
      code: 'VALIDATION.FAILED',
      message: '请输入乙方',
      field: 'signByMain',
    });
  });

  it('needs party A from the settings before submitting', () => {
    const values = loadContractDoc({ type: 1, data: COMPLETE_1 }).values;
    const result = validateContractDoc(1, values, 'submit');
    expect(!result.ok && result.error.errors[0]).toMatchObject({ field: 'signBySub' });
    expect(!result.ok && result.error.message).toContain('甲方未设置');
  });

  it.each([
    ['mainOpenBank', 'x'.repeat(21), '乙方开户银行不能超过20个字符'],
    ['mainOpenBankNum', '1'.repeat(31), '乙方银行账号不能超过30个字符'],
    ['mainPhone', '1'.repeat(16), '乙方电话不能超过15个字符'],
    ['signByMain', '名'.repeat(51), '乙方不能超过50个字符'],
    ['projectChildName', '子'.repeat(51), '子项名称不能超过50个字符'],
    ['signDate', '2024-2-1', '签订日期格式应为yyyy-MM-dd'],
    ['signDate', '2023-02-29', '签订日期格式应为yyyy-MM-dd'],
  ] as const)('limits %s', (field, value, message) => {
    expect(errorsOf(1, { ...COMPLETE_1, [field]: value })).toEqual([
      { code: expect.any(String) as string, message, field },
    ]);
  });

  it('limits party A as the spec says', () => {
    const values = {
      ...valuesOf(1, COMPLETE_1),
      subTaxpayerNum: '1'.repeat(16),
      subOpenBankNum: '1'.repeat(21),
    };
    const result = validateContractDoc(1, values, 'save');
    expect(!result.ok && result.error.errors.map((e) => e.message)).toEqual([
      '甲方纳税人识别号不能超过15个字符',
      '甲方银行账号不能超过20个字符',
    ]);
  });

  it('limits party B tax number on type 8', () => {
    expect(
      errorsOf(8, { ...COMPLETE_8, mainTaxpayerNum: '1'.repeat(16) }).map((e) => e.field),
    ).toEqual(['mainTaxpayerNum']);
  });

  it('checks amounts: format, decimals per type, range', () => {
    const values = valuesOf(8, COMPLETE_8);
    const bad = (patch: Partial<ContractDocValues>) => {
      const result = validateContractDoc(8, { ...values, ...patch }, 'save');
      return result.ok ? undefined : result.error.errors[0];
    };
    expect(bad({ totalAmount: '1.234' })?.message).toBe(
      '合同金额（万元）格式不正确，应为数字，最多保留2位小数',
    );
    expect(bad({ withinAmount: '1.2345' })).toBeUndefined();
    expect(bad({ totalAmount: '1e5' })?.field).toBe('totalAmount');
    expect(bad({ totalAmount: '100000000000' })?.code).toBe('VALIDATION.AMOUNT_RANGE');
    expect(bad({ totalAmount: '12.' })).toBeUndefined();
  });

  it('stores a half-typed amount without its dot, with the words recomputed', () => {
    const payload = contractDocPayload(1, {
      ...valuesOf(1, COMPLETE_1),
      totalAmount: '12.',
      upValue: '错',
    });
    expect(payload.totalAmount).toBe('12');
    expect(payload.upValue).toBe(amountInWords('12'));
  });

  it('checks type 7 production type and quantity', () => {
    const base = { ...COMPLETE_1, fwContent: '打印', totalNum: '3' };
    expect(errorsOf(7, base)).toEqual([]);
    expect(errorsOf(7, { ...base, totalNum: '0' }).map((e) => e.message)).toEqual([
      '数量必须为正整数',
    ]);
    const values = { ...valuesOf(7, base), fwContent: '雕塑' };
    const result = validateContractDoc(7, values, 'save');
    expect(!result.ok && result.error.message).toContain(
      '打印、复印、出图、效果图、画册、模型、动画',
    );
    expect(errorsOf(7, { ...base, fwContent: '' }).map((e) => e.message)).toEqual([
      '请选择制作类型',
    ]);
  });

  it('type 6 needs a discipline before submitting', () => {
    expect(errorsOf(6, COMPLETE_1).map((e) => e.message)).toEqual(['请选择专业']);
    expect(errorsOf(6, { ...COMPLETE_1, majorId: 'A', majorName: '建筑' })).toEqual([]);
  });

  it('type 8 period must not end before it starts', () => {
    expect(errorsOf(8, { ...COMPLETE_8, endTime: '2024-02-01' })).toEqual([
      {
        code: 'VALIDATION.DATE_ORDER',
        message: '服务结束日期不能早于服务开始日期',
        field: 'endTime',
      },
    ]);
  });

  it('trims before checking length', () => {
    expect(errorsOf(1, { ...COMPLETE_1, mainPhone: `  ${'1'.repeat(15)}  ` })).toEqual([]);
    expect(errorsOf(1, { ...COMPLETE_1, signByMain: '   ' }).map((e) => e.field)).toEqual([
      'signByMain',
    ]);
  });
});

describe('isIsoDate', () => {
  it('accepts real dates only', () => {
    expect(['2024-02-29', '2000-02-29', '1999-12-31'].every(isIsoDate)).toBe(true);
    expect(
      ['1900-02-29', '2024-13-01', '2024-04-31', '2024-00-10', '24-01-01', '2024/01/01'].some(
        isIsoDate,
      ),
    ).toBe(false);
  });

  it('agrees with the calendar for every day', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2199-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          expect(isIsoDate(date.toISOString().slice(0, 10))).toBe(true);
        },
      ),
    );
  });
});
