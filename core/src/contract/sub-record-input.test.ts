import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateChildPay, validateContractChild } from './contract-child.js';
import { validateExtendSubContract } from './extend-sub-contract.js';
import { validateLixiang } from './lixiang.js';
import {
  childPayInputProblems,
  contractChildInputProblems,
  extendSubContractInputProblems,
  lixiangInputProblems,
  REQUIRED_CHILD_PAY_FIELDS,
  REQUIRED_CONTRACT_CHILD_FIELDS,
  REQUIRED_EXTEND_SUB_CONTRACT_FIELDS,
  REQUIRED_LIXIANG_FIELDS,
  TAX_RATE_MAX_LENGTH,
  taxRateProblem,
} from './sub-record-input.js';

const byField = (
  problems: readonly { field?: string | undefined; message: string }[],
): Record<string, string> => Object.fromEntries(problems.map((p) => [p.field ?? '', p.message]));

describe('every problem of a sub-record at once, in the contract slice words', () => {
  it('a filing names 项目名称, 业务来源, 合同金额 and the too long 立项编号 together', () => {
    expect(
      byField(lixiangInputProblems({ projectName: ' ', lxNo: 'x'.repeat(65), bizSource: '9' })),
    ).toEqual({
      projectName: '项目名称不能为空',
      lxNo: '立项编号不能超过64个字符',
      bizSource: '业务来源的取值不正确',
      totalAmount: '合同金额不能为空',
    });
    expect(
      byField(
        lixiangInputProblems({
          projectName: 'a',
          bizSource: '1',
          totalAmount: '5',
          cleanAmount: '6',
        }),
      ),
    ).toEqual({ cleanAmount: '合同净额不能大于合同金额' });
  });

  it('a sub-contract names 所属合同, 分包类型, 收款单位 and 分包金额 together', () => {
    expect(byField(contractChildInputProblems({ childType: '', totalAmount: '-1' }))).toEqual({
      contractId: '所属合同不能为空',
      childType: '分包类型不能为空',
      receiveCompanyName: '收款单位不能为空',
      totalAmount: '分包金额应为不小于0的金额（万元，最多6位小数）',
    });
    expect(byField(contractChildInputProblems({ childType: 8 }, { parent: false }))).toEqual({
      childType: '分包类型的取值不正确',
      receiveCompanyName: '收款单位不能为空',
      totalAmount: '分包金额不能为空',
    });
  });

  it('a pay item names 付款金额, 税率 and 付款日期 together', () => {
    expect(
      byField(
        childPayInputProblems({ taxRate: '0.07', payDate: '2024-02-30', remark: 'x'.repeat(501) }),
      ),
    ).toEqual({
      payAmount: '付款金额不能为空',
      taxRate: '税率应为0到0.06之间的小数',
      payDate: '付款日期格式应为yyyy-MM-dd',
      remark: '备注不能超过500个字符',
    });
  });

  it('an extended sub-contract names 分包合同, 补充内容 and 补充金额 together', () => {
    expect(byField(extendSubContractInputProblems({ content: ' ', signDate: '2024-1-1' }))).toEqual(
      {
        contractChildId: '分包合同不能为空',
        content: '补充内容不能为空',
        extendAmount: '补充金额不能为空',
        signDate: '签订日期格式应为yyyy-MM-dd',
      },
    );
  });
});

const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const someText = fc.oneof(fc.constant(''), fc.constant(' '), fc.string({ maxLength: 8 }));
const someAmount = fc.oneof(
  fc.constant(''),
  fc.constantFrom('0', '5', '12.5', '-1', '1.1234567', 'x', '999'),
);

describe('the problems are the refusal: a save is refused exactly when a problem is found', () => {
  it('holds for filings, with every blank required field named', () => {
    fc.assert(
      fc.property(
        fc.record({
          projectName: maybe(someText),
          lxNo: maybe(someText),
          bizSource: maybe(fc.constantFrom('', '1', '2', '3', '4')),
          totalAmount: maybe(someAmount),
          cleanAmount: maybe(someAmount),
          directFee: maybe(someAmount),
          remark: maybe(someText),
        }),
        (input) => {
          const problems = lixiangInputProblems(input);
          const r = validateLixiang(input);
          if (r.ok) expect(problems).toEqual([]);
          else expect(r.error).toEqual(problems[0]);
          const fields = problems.map((p) => p.field);
          expect(new Set(fields).size).toBe(fields.length);
          for (const f of REQUIRED_LIXIANG_FIELDS) {
            if ((input[f] ?? '').trim() === '') expect(fields).toContain(f);
          }
        },
      ),
    );
  });

  it('holds for sub-contracts, pay items and extended sub-contracts', () => {
    fc.assert(
      fc.property(
        fc.record({
          contractId: maybe(fc.integer({ min: 1, max: 9 })),
          childType: maybe(fc.oneof(fc.integer({ min: 0, max: 9 }), fc.constantFrom('', '3', 'x'))),
          content: maybe(someText),
          totalAmount: maybe(someAmount),
          payAmount: maybe(someAmount),
          taxRate: maybe(fc.constantFrom('', '0', '0.03', '0.06', '0.07', '1')),
          payDate: maybe(fc.constantFrom('', '2024-02-29', '2023-02-29', '2024-1-1')),
          contractChildId: maybe(fc.integer({ min: 1, max: 9 })),
          extendAmount: maybe(someAmount),
          signDate: maybe(fc.constantFrom('', '2024-12-31', '2024-13-01')),
        }),
        (input) => {
          const cases = [
            [
              contractChildInputProblems(input),
              validateContractChild(input),
              REQUIRED_CONTRACT_CHILD_FIELDS,
            ],
            [childPayInputProblems(input), validateChildPay(input), REQUIRED_CHILD_PAY_FIELDS],
            [
              extendSubContractInputProblems(input),
              validateExtendSubContract(input),
              REQUIRED_EXTEND_SUB_CONTRACT_FIELDS,
            ],
          ] as const;
          for (const [problems, r, required] of cases) {
            if (r.ok) expect(problems).toEqual([]);
            else expect(r.error).toEqual(problems[0]);
            const fields = problems.map((p) => p.field);
            for (const f of required) {
              const v = (input as Record<string, string | number | undefined>)[f];
              if (v === undefined || String(v).trim() === '') expect(fields).toContain(f);
            }
          }
        },
      ),
    );
  });
});

describe('a tax rate fits the pay form\'s input', () => {
  it('accepts every rate from 0 to the highest with the most decimals the input lets one type', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60000 }), (millionths) => {
        const rate = (millionths / 1_000_000).toFixed(6);
        expect(rate.length).toBeLessThanOrEqual(TAX_RATE_MAX_LENGTH);
        expect(taxRateProblem(rate)).toBeNull();
      }),
    );
  });

  it('refuses a rate with one decimal more than the input allows', () => {
    expect(taxRateProblem(`0.${'0'.repeat(TAX_RATE_MAX_LENGTH - 1)}`)?.field).toBe('taxRate');
  });
});
