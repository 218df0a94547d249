import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkContractAccount,
  checkEmployeeCostLine,
  checkInvoiceFields,
  contractAccountProblems,
  employeeCostProblems,
  invoiceInputProblems,
  requiredInvoiceFields,
} from './account-input.js';

const fieldsOf = (problems: readonly { field?: string | undefined }[]) =>
  problems.map((p) => p.field);

describe('every problem of a form at once, in core words', () => {
  it('names each blank required invoice field with "不能为空"', () => {
    const problems = invoiceInputProblems({ invoiceType: '2', invoiceDate: '' });
    expect(fieldsOf(problems)).toEqual(['invoiceAmount', 'invoiceTitle', 'taxNo', 'invoiceDate']);
    expect(problems.map((p) => p.message)).toEqual([
      '开票金额不能为空',
      '发票抬头不能为空',
      '纳税人识别号不能为空',
      '开票日期不能为空',
    ]);
  });

  it('a special VAT invoice requires the taxpayer number, an ordinary one does not', () => {
    expect(requiredInvoiceFields('2')).toContain('taxNo');
    expect(requiredInvoiceFields('1')).not.toContain('taxNo');
  });

  it('reports a contract account blank name, bank and number together', () => {
    expect(fieldsOf(contractAccountProblems({ party: '1' }))).toEqual([
      'accountName',
      'bankName',
      'accountNo',
    ]);
  });

  it('reports an employee cost line month and every bad amount together', () => {
    expect(
      fieldsOf(employeeCostProblems({ costMonth: '2026-13', salary: 'x', otherCost: '-1' })),
    ).toEqual(['costMonth', 'salary', 'otherCost']);
  });

  // The use case's refusal is the form's first problem: the server and the form agree.
  const anyValue = fc.oneof(
    fc.constant(undefined),
    fc.constant(''),
    fc.constantFrom('1', '2', '3', '0', '12.5', '2026-02-28', '2026-02-30', '2026-03'),
    fc.string({ maxLength: 8 }),
    fc.integer(),
  );
  it('checkInvoiceFields refuses with the first of invoiceInputProblems, and only then', () => {
    fc.assert(
      fc.property(
        fc.record({
          invoiceAmount: anyValue,
          invoiceType: anyValue,
          invoicePurpose: anyValue,
          invoiceTitle: anyValue,
          taxNo: anyValue,
          invoiceDate: anyValue,
        }),
        (input) => {
          const problems = invoiceInputProblems(input);
          const checked = checkInvoiceFields(input);
          expect(checked.ok).toBe(problems.length === 0);
          if (!checked.ok) expect(checked.error).toEqual(problems[0]);
        },
      ),
    );
  });
  it('checkContractAccount and checkEmployeeCostLine agree with their problem lists', () => {
    fc.assert(
      fc.property(
        fc.record({ accountName: anyValue, bankName: anyValue, accountNo: anyValue }),
        fc.record({ costMonth: anyValue, salary: anyValue, housingFund: anyValue }),
        (account, cost) => {
          const a = checkContractAccount(account);
          expect(a.ok).toBe(contractAccountProblems(account).length === 0);
          if (!a.ok) expect(a.error).toEqual(contractAccountProblems(account)[0]);
          const c = checkEmployeeCostLine(cost);
          expect(c.ok).toBe(employeeCostProblems(cost).length === 0);
          if (!c.ok) expect(c.error).toEqual(employeeCostProblems(cost)[0]);
        },
      ),
    );
  });
});
