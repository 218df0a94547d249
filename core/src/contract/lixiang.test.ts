import { describe, expect, it } from 'vitest';
import { lixiangFees, validateLixiang } from './lixiang.js';

describe('project filing rules', () => {
  it('checks a filing and names the field', () => {
    expect(validateLixiang({ projectName: ' ', bizSource: '1', totalAmount: '1' })).toMatchObject({
      ok: false,
      error: { field: 'projectName', message: '项目名称不能为空' },
    });
    expect(validateLixiang({ projectName: 'a', bizSource: '', totalAmount: '1' })).toMatchObject({
      ok: false,
      error: { field: 'bizSource', message: '业务来源不能为空' },
    });
    expect(validateLixiang({ projectName: 'a', bizSource: '3', totalAmount: '1e3' })).toMatchObject(
      {
        ok: false,
        error: { field: 'totalAmount' },
      },
    );
    expect(
      validateLixiang({
        projectName: 'a',
        bizSource: '1',
        totalAmount: '10',
        cleanAmount: '10.01',
      }),
    ).toMatchObject({
      ok: false,
      error: { field: 'cleanAmount', message: '合同净额不能大于合同金额' },
    });
    expect(validateLixiang({ projectName: 'a', bizSource: '3', totalAmount: '10' })).toMatchObject({
      ok: true,
      value: { cleanAmount: '10', directFee: '0', contractId: null },
    });
  });

  it('splits by the source rate set under the standard rule', () => {
    const f = validateLixiang({
      projectName: 'a',
      bizSource: '2',
      totalAmount: '50',
      cleanAmount: '45',
      directFee: '5',
    });
    if (!f.ok) throw new Error(f.error.message);
    const r = lixiangFees(f.value, {
      inner: {
        technicalFee_rate: '0',
        operateFee_rate: '0.1',
        expertFee_rate: '0',
        designFee_rate: '0.5',
      },
    });
    expect(r).toMatchObject({
      ok: true,
      value: { fees: { realAmount: '40', technicalFee: '0', operateFee: '4', designFee: '20' } },
    });
  });
});
