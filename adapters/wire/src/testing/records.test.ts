import { describe, expect, it } from 'vitest';
import { invoiceRecord } from '../account.js';
import { loanRecord } from '../fund.js';
import { taskRecord } from '../task-records.js';
import { aLoanRecord, anInvoiceRecord, aTaskRecord } from '../testing.js';

/** The shared builders are what the clients' tests take for an answer: each must be one. */
describe('the wire record builders', () => {
  it('build records their wire schemas accept, with the fields a test overrides', () => {
    expect(loanRecord.parse(aLoanRecord({ loanId: 3 })).loanId).toBe(3);
    expect(invoiceRecord.parse(anInvoiceRecord({ invoiceAmount: '1.5' })).invoiceAmount).toBe(
      '1.5',
    );
    expect(taskRecord.parse(aTaskRecord({ taskName: '方案设计' })).taskName).toBe('方案设计');
  });

  it('build records a schema refuses once a field breaks its rule', () => {
    expect(loanRecord.safeParse({ ...aLoanRecord(), loanAmount: 5 }).success).toBe(false);
    expect(invoiceRecord.safeParse({ ...anInvoiceRecord(), status: 7 }).success).toBe(false);
    expect(taskRecord.safeParse({ ...aTaskRecord(), taskId: 'x' }).success).toBe(false);
  });
});
