import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  childPayInputProblems,
  contractChildInputProblems,
  extendSubContractInputProblems,
  lixiangInputProblems,
} from '@dpms/core';
import type { z } from 'zod';
import {
  lixiangRecord,
  lixiangSaveBody,
  lixiangUpdateBody,
  requiredLixiangFields,
} from './lixiang.js';
import {
  childPayAddBody,
  contractChildRow,
  contractChildSaveBody,
  contractChildTaxBody,
  contractChildUpdateBody,
  extendSubContractSaveBody,
  extendSubContractUpdateBody,
  requiredContractChildFields,
  requiredExtendSubContractFields,
} from './sub-contract.js';
import { aLixiangRecord, aContractChildRow } from './testing.js';

const fieldErrors = (r: z.ZodSafeParseResult<unknown>): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  if (r.success) return out;
  for (const i of r.error.issues) (out[String(i.path[0])] ??= []).push(i.message);
  return out;
};

describe('a filing body reports every field at once in core words', () => {
  it('names 项目名称, 业务来源 and 合同金额 together, one message each', () => {
    expect(fieldErrors(lixiangSaveBody.safeParse({ projectName: ' ', bizSource: '' }))).toEqual({
      projectName: ['项目名称不能为空'],
      bizSource: ['业务来源不能为空'],
      totalAmount: ['合同金额不能为空'],
    });
  });

  it('keeps the shape refusal and core problems of other fields side by side', () => {
    expect(
      fieldErrors(
        lixiangUpdateBody.safeParse({
          lxId: 3,
          projectName: 'x'.repeat(201),
          bizSource: '7',
          totalAmount: '5',
          cleanAmount: '6',
        }),
      ),
    ).toEqual({
      projectName: ['项目名称不能超过200个字符'],
      bizSource: ['业务来源的取值不正确'],
      cleanAmount: ['合同净额不能大于合同金额'],
    });
  });

  it('marks what core requires', () => {
    expect(requiredLixiangFields).toEqual(['projectName', 'bizSource', 'totalAmount']);
  });
});

describe('sub-contract, pay and extension bodies report every field at once in core words', () => {
  it('a sub-contract names 所属合同, 分包类型, 收款单位 and 分包金额 together', () => {
    expect(fieldErrors(contractChildSaveBody.safeParse({ childType: 'x' }))).toEqual({
      contractId: ['所属合同不能为空'],
      childType: ['分包类型的取值不正确'],
      receiveCompanyName: ['收款单位不能为空'],
      totalAmount: ['分包金额不能为空'],
    });
    // An edit keeps its contract: only the fields are checked.
    expect(
      fieldErrors(
        contractChildUpdateBody.safeParse({
          contractChildId: 1,
          childType: 9,
          receiveCompanyName: '某咨询公司',
          totalAmount: '1',
        }),
      ),
    ).toEqual({ childType: ['分包类型的取值不正确'] });
    expect(requiredContractChildFields).toEqual([
      'contractId',
      'childType',
      'receiveCompanyName',
      'totalAmount',
    ]);
  });

  it('a pay item names 付款金额, 税率 and 付款日期 together', () => {
    expect(
      fieldErrors(
        childPayAddBody.safeParse({ contractChildId: 1, taxRate: '0.1', payDate: '2024-02-30' }),
      ),
    ).toEqual({
      payAmount: ['付款金额不能为空'],
      taxRate: ['税率应为0到0.06之间的小数'],
      payDate: ['付款日期格式应为yyyy-MM-dd'],
    });
    expect(
      fieldErrors(contractChildTaxBody.safeParse({ contractChildId: 1, taxRate: '0.07' })),
    ).toEqual({
      taxRate: ['税率应为0到0.06之间的小数'],
    });
  });

  it('an extension names 分包合同, 补充内容 and 补充金额 in its own words', () => {
    expect(
      fieldErrors(
        extendSubContractSaveBody.safeParse({ content: 'x'.repeat(5201), signDate: '2024-1-1' }),
      ),
    ).toEqual({
      contractChildId: ['分包合同不能为空'],
      content: ['补充内容不能超过5200个字符'],
      extendAmount: ['补充金额不能为空'],
      signDate: ['签订日期格式应为yyyy-MM-dd'],
    });
    expect(
      fieldErrors(
        extendSubContractUpdateBody.safeParse({ extendId: 2, content: 'c', extendAmount: '1' }),
      ),
    ).toEqual({});
    expect(requiredExtendSubContractFields).toEqual(['contractChildId', 'content', 'extendAmount']);
  });
});

const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const someText = fc.oneof(fc.constantFrom('', ' ', '项目'), fc.string({ maxLength: 6 }));
const someAmount = fc.constantFrom('', '0', '5', '12.5', '-1', '1.1234567', 'x');

describe('a body refuses a field exactly when core finds a problem with it', () => {
  it('holds for any filing, sub-contract, pay item and extension', () => {
    fc.assert(
      fc.property(
        fc.record({
          projectName: maybe(someText),
          bizSource: maybe(fc.constantFrom('', '1', '3', '4')),
          totalAmount: maybe(someAmount),
          cleanAmount: maybe(someAmount),
          contractId: maybe(fc.integer({ min: 1, max: 9 })),
          childType: maybe(fc.integer({ min: 0, max: 9 })),
          content: maybe(someText),
          payAmount: maybe(someAmount),
          taxRate: maybe(fc.constantFrom('', '0.03', '0.07')),
          contractChildId: maybe(fc.integer({ min: 1, max: 9 })),
          extendAmount: maybe(someAmount),
        }),
        (input) => {
          const cases = [
            [lixiangSaveBody, lixiangInputProblems(input)],
            [contractChildSaveBody, contractChildInputProblems(input)],
            [childPayAddBody, childPayInputProblems(input)],
            [extendSubContractSaveBody, extendSubContractInputProblems(input)],
          ] as const;
          for (const [schema, problems] of cases) {
            const errors = fieldErrors(schema.safeParse(input));
            // A pay item names its sub-contract by its id (the shape's field, not core's rule).
            if (schema === childPayAddBody) delete errors['contractChildId'];
            expect(errors).toEqual(
              Object.fromEntries(problems.map((p) => [p.field ?? '', [p.message]])),
            );
          }
        },
      ),
    );
  });
});

describe('the answers the clients parse', () => {
  it('accept the shared test records and refuse a malformed one', () => {
    expect(lixiangRecord.safeParse(aLixiangRecord()).success).toBe(true);
    expect(contractChildRow.safeParse(aContractChildRow()).success).toBe(true);
    expect(lixiangRecord.safeParse({ ...aLixiangRecord(), totalAmount: 5 }).success).toBe(false);
  });
});
