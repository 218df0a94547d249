import fc from 'fast-check';
import { invoiceInputProblems } from '@dpms/core';
import { describe, expect, it } from 'vitest';
import {
  contractAccountAddBody,
  employeeCostAddBody,
  employeeCostUpdateBody,
  invoiceAddBody,
  invoiceEditBody,
  invoicePage,
} from './account.js';

type Parsed = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (r: Parsed) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('the account wire contract carries core rules', () => {
  it('names every invoice field problem at once, in core words', () => {
    expect(messages(invoiceAddBody.safeParse({ invoiceType: '2', invoiceAmount: '0' }))).toEqual({
      contractId: '合同不能为空',
      invoiceAmount: '开票金额必须大于0',
      invoiceTitle: '发票抬头不能为空',
      taxNo: '纳税人识别号不能为空',
      invoiceDate: '开票日期不能为空',
    });
  });

  it('an invoice edit checks only what it carries (the rest keeps its stored value)', () => {
    expect(invoiceEditBody.safeParse({ invoiceId: 5, invoiceTitle: '杭州某公司' }).success).toBe(
      true,
    );
    expect(
      messages(invoiceEditBody.safeParse({ invoiceId: 5, invoiceDate: '2026-02-30' })),
    ).toEqual({
      invoiceDate: '开票日期格式应为yyyy-MM-dd',
    });
  });

  it("the schema's problems are core's, field for field, for any invoice as entered", () => {
    const value = fc.oneof(
      fc.constant(undefined),
      fc.constantFrom('', '1', '2', '12.5', '0', '2026-03-01', '91330100MA2H123456'),
      fc.string({ maxLength: 6 }),
    );
    fc.assert(
      fc.property(
        fc.record({
          invoiceAmount: value,
          invoiceType: value,
          invoiceTitle: value,
          taxNo: value,
          invoiceDate: value,
        }),
        (input) => {
          const body = { contractId: 7, ...input };
          const fromCore: Record<string, string> = {};
          for (const p of invoiceInputProblems(body)) fromCore[p.field ?? ''] = p.message;
          expect(messages(invoiceAddBody.safeParse(body))).toEqual(fromCore);
        },
      ),
    );
  });

  it('names a contract account blank fields together', () => {
    expect(Object.keys(messages(contractAccountAddBody.safeParse({ contractId: 1 })))).toEqual([
      'accountName',
      'bankName',
      'accountNo',
    ]);
  });

  it('names the employee, the month and a bad amount of a cost line together', () => {
    expect(
      messages(employeeCostAddBody.safeParse({ costMonth: '2026-13', salary: '1.1234567' })),
    ).toEqual({
      employeeId: '员工不能为空',
      costMonth: '月份格式应为yyyy-MM',
      salary: '工资格式不正确：请输入不小于0、最多6位小数的金额（万元）',
    });
    expect(employeeCostUpdateBody.safeParse({ costId: 3, salary: '2' }).success).toBe(true);
  });

  it('an invoice list answer with a float amount is refused', () => {
    expect(
      invoicePage.safeParse({ code: 200, msg: 'ok', total: 1, rows: [{ invoiceAmount: 1 }] })
        .success,
    ).toBe(false);
  });
});
