import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  FUND_PAY_REQUIRED_FIELDS,
  PAYMENT_PLAN_REQUIRED_FIELDS,
  fundPayInputProblems,
  paymentPlanInputProblems,
} from '@dpms/core';
import type { z } from 'zod';
import {
  fundPayBody,
  fundPayEditBody,
  paymentPlanBody,
  paymentPlanEditBody,
  paymentPlanRecord,
} from './fund-pay.js';

const fieldErrors = (r: z.ZodSafeParseResult<unknown>): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  if (r.success) return out;
  for (const i of r.error.issues) (out[String(i.path[0])] ??= []).push(i.message);
  return out;
};

describe('the payment plan bodies', () => {
  it("report every field's problem at once in core's words", () => {
    const r = paymentPlanBody.safeParse({
      planMonth: '2026-13',
      planPayAmount: '0',
      receiveCompanyName: '',
      remark: 'x'.repeat(501),
    });
    expect(fieldErrors(r)).toEqual({
      contractId: ['合同不能为空'],
      planMonth: ['计划月份格式应为yyyy-MM'],
      planPayAmount: ['计划付款金额必须大于0'],
      receiveCompanyName: ['收款单位不能为空'],
      remark: ['备注不能超过500个字'],
    });
  });

  it('refuses a number as an amount, naming the field once', () => {
    const r = paymentPlanBody.safeParse({
      contractId: 3,
      planMonth: '2026-05',
      planPayAmount: 12.5,
      receiveCompanyName: '某公司',
    });
    expect(fieldErrors(r)).toEqual({
      planPayAmount: ['计划付款金额格式不正确：请输入最多6位小数的金额（万元）'],
    });
  });

  it('lets an edit keep its stored contract and payee', () => {
    const r = paymentPlanEditBody.safeParse({
      paymentPlanId: 4,
      version: 1,
      planMonth: '2026-05',
      planPayAmount: '25',
    });
    expect(r.success).toBe(true);
  });

  it('marks the fields the rule refuses blank', () => {
    const r = paymentPlanBody.safeParse({});
    expect(Object.keys(fieldErrors(r)).sort()).toEqual([...PAYMENT_PLAN_REQUIRED_FIELDS].sort());
  });

  it('property: the schema accepts exactly what core finds no problem with', () => {
    const maybe = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    fc.assert(
      fc.property(
        fc.record({
          contractId: maybe(fc.integer({ min: 1, max: 99 })),
          planMonth: maybe(fc.constantFrom('2026-05', '2026-5', '2026-12', '', 'x')),
          planPayAmount: maybe(fc.constantFrom('1', '0', '0.1234567', '12.5', '-1', 'abc')),
          receiveCompanyName: maybe(fc.constantFrom('', '某公司', 'x'.repeat(201))),
          subjectName: maybe(fc.constantFrom('设计费', 'y'.repeat(201))),
        }),
        (input) => {
          const r = paymentPlanBody.safeParse(input);
          const problems = paymentPlanInputProblems(input);
          expect(r.success).toBe(problems.length === 0);
          expect(Object.keys(fieldErrors(r)).sort()).toEqual(
            [...new Set(problems.map((p) => p.field))].sort(),
          );
        },
      ),
    );
  });
});

describe('the fund payment bodies', () => {
  it("report every field's problem at once in core's words", () => {
    const r = fundPayBody.safeParse({
      payAmount: '1.1234567',
      reason: ' ',
      payTime: '2026-02-30',
      taxRate: '0.07',
    });
    expect(fieldErrors(r)).toEqual({
      paymentPlanId: ['请选择付款计划或分包付款项中的一项作为付款依据'],
      payAmount: ['本次付款金额格式不正确：请输入最多6位小数的金额（万元）'],
      reason: ['付款事由不能为空'],
      payTime: ['付款日期格式应为yyyy-MM-dd'],
    });
  });

  it('checks the tax rate and the approval type of a planned payment', () => {
    const r = fundPayEditBody.safeParse({
      payId: 2,
      paymentPlanId: 5,
      reason: '设计费',
      payAmount: '10',
      taxRate: '0.07',
      typeCode: '16_1',
    });
    expect(fieldErrors(r)).toEqual({
      taxRate: ['税率应为0到0.06之间的小数（最多6位小数），如0.03表示3%'],
      typeCode: ['审批类型不正确：计划内付款为20_1，分包付款项为16_1或16_2'],
    });
  });

  it('names what a payment form must fill', () => {
    const r = fundPayBody.safeParse({});
    expect(Object.keys(fieldErrors(r)).sort()).toEqual([...FUND_PAY_REQUIRED_FIELDS].sort());
    expect(fundPayInputProblems({ paymentPlanId: 1, reason: '付款', payAmount: '1' })).toEqual([]);
  });
});

describe('the payment plan record', () => {
  it('carries the payment count the list offers 删除 by', () => {
    const row = {
      paymentPlanId: 1,
      contractId: 2,
      contractName: '合同',
      contractNo: 'HT-1',
      contractChildId: null,
      contractChildNo: '',
      deptId: 3,
      deptName: '经营部',
      planMonth: '2026-05',
      subjectName: '',
      receiveCompanyName: '某公司',
      planPayAmount: '10',
      paidAmount: '0',
      pendingAmount: '0',
      canPayAmount: '10',
      remark: '',
      userId: 1,
      createBy: 'admin',
      createByName: '系统管理员',
      createTime: '2026-05-01T00:00:00.000Z',
      version: 0,
    };
    expect(paymentPlanRecord.safeParse(row).success).toBe(false);
    expect(paymentPlanRecord.parse({ ...row, paymentCount: 2 }).paymentCount).toBe(2);
  });
});
