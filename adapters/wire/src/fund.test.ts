import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fundMovementProblems } from '@dpms/core';
import type { z } from 'zod';
import { aLoanRecord } from './testing.js';
import {
  allotLineBody,
  allotV2Body,
  backMoneyBody,
  loanBody,
  loanEditBody,
  loanRecord,
  readyMoneyBody,
  repaymentBody,
  requiredFundFields,
} from './fund.js';

const fieldErrors = (r: z.ZodSafeParseResult<unknown>): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  if (r.success) return out;
  for (const i of r.error.issues) (out[i.path.join('.')] ??= []).push(i.message);
  return out;
};

describe('the fund movement bodies', () => {
  it("report every field's problem at once in core's words", () => {
    expect(
      fieldErrors(
        backMoneyBody.safeParse({ contractId: 3, backAmount: 5, backDate: '2024-02-30' }),
      ),
    ).toEqual({
      backAmount: ['回款金额格式不正确：请输入最多6位小数的金额（万元）'],
      backDate: ['回款日期格式应为yyyy-MM-dd'],
    });
    expect(
      fieldErrors(
        loanBody.safeParse({
          loanDeptId: 110,
          loanAmount: '0',
          refundDate: '2024-6-1',
          reason: 'x'.repeat(501),
        }),
      ),
    ).toEqual({
      loanAmount: ['借款金额必须大于0'],
      refundDate: ['还款日期格式应为yyyy-MM-dd'],
      reason: ['借款事由不能超过500个字'],
    });
    expect(
      fieldErrors(repaymentBody.safeParse({ loanId: 'x', repaymentDate: '2024-13-01' })),
    ).toMatchObject({
      repaymentAmount: ['还款金额不能为空'],
      repaymentDate: ['还款日期格式应为yyyy-MM-dd'],
    });
  });

  it("names every blank required field at once, in core's 'X不能为空'", () => {
    expect(fieldErrors(loanBody.safeParse({ loanAmount: ' ', refundDate: '' }))).toEqual({
      loanDeptId: ['借款部门不能为空'],
      loanAmount: ['借款金额不能为空'],
      refundDate: ['还款日期不能为空'],
    });
    // A task's loan borrows for the task's team: no department is asked for.
    expect(
      fieldErrors(loanBody.safeParse({ taskId: 3, loanAmount: '1', refundDate: '2024-06-01' })),
    ).toEqual({});
    expect(fieldErrors(repaymentBody.safeParse({}))).toEqual({
      loanId: ['借款不能为空'],
      repaymentAmount: ['还款金额不能为空'],
      repaymentDate: ['还款日期不能为空'],
    });
    expect(fieldErrors(backMoneyBody.safeParse({ contractId: '' }))).toEqual({
      contractId: ['合同不能为空'],
      backAmount: ['回款金额不能为空'],
      backDate: ['回款日期不能为空'],
    });
    expect(
      fieldErrors(allotV2Body.safeParse({ backMoneyId: 1, list: [{ allotAmount: '2' }] })),
    ).toEqual({ 'list.0.deptId': ['设计部门不能为空'] });
  });

  it('marks exactly the fields whose blank the schema refuses', () => {
    const blanks = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, '']));
    const refused = (r: z.ZodSafeParseResult<unknown>) => Object.keys(fieldErrors(r)).sort();
    expect(refused(loanBody.safeParse(blanks(requiredFundFields.loan)))).toEqual(
      [...requiredFundFields.loan].sort(),
    );
    expect(refused(repaymentBody.safeParse(blanks(requiredFundFields.repayment)))).toEqual(
      [...requiredFundFields.repayment].sort(),
    );
    expect(refused(backMoneyBody.safeParse(blanks(requiredFundFields.backMoney)))).toEqual(
      [...requiredFundFields.backMoney].sort(),
    );
    expect(refused(allotLineBody.safeParse(blanks(requiredFundFields.allot)))).toEqual(
      [...requiredFundFields.allot].sort(),
    );
  });

  it('checks each allotment line, naming the line', () => {
    expect(
      fieldErrors(
        allotV2Body.safeParse({
          backMoneyId: 1,
          list: [
            { deptId: 110, allotAmount: '1' },
            { deptId: 112, allotAmount: '-2' },
          ],
        }),
      ),
    ).toEqual({ 'list.1.allotAmount': ['分配金额必须大于0'] });
    expect(fieldErrors(allotV2Body.safeParse({ backMoneyId: 1, list: [] }))).toEqual({
      list: ['请至少分配给一个设计部门'],
    });
  });

  it('lets an edit keep the stored amount and day, but not 改金额 without an amount', () => {
    expect(loanEditBody.safeParse({ loanId: 4, reason: '差旅' }).success).toBe(true);
    expect(fieldErrors(readyMoneyBody.safeParse({ loanId: 4 }))).toEqual({
      loanAmount: ['借款金额不能为空'],
    });
  });

  it('property: the repayment schema accepts exactly what core finds no problem with', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('1', '0', '0.1234567', '12.5', '-1', 'abc', '', undefined),
        fc.constantFrom('2024-06-01', '2024-13-01', '2024-6-1', '', undefined),
        fc.constantFrom('', '还款', 'x'.repeat(501), undefined),
        (repaymentAmount, repaymentDate, remark) => {
          const input = { loanId: 1, repaymentAmount, repaymentDate, remark };
          const problems = fundMovementProblems(input, {
            amount: 'repaymentAmount',
            date: 'repaymentDate',
            text: 'remark',
          });
          const r = repaymentBody.safeParse(input);
          expect(Object.keys(fieldErrors(r)).sort()).toEqual(
            problems.map((p) => p.field ?? '').sort(),
          );
        },
      ),
    );
  });

  it('documents a loan as answered, refusing a number where a decimal string belongs', () => {
    const row = aLoanRecord();
    expect(loanRecord.safeParse(row).success).toBe(true);
    expect(loanRecord.safeParse({ ...row, loanAmount: 5 }).success).toBe(false);
  });
});
