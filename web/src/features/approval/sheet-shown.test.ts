import type { ApprovalSheet, TemplateSection } from '@dpms/core';
import { describe, expect, it } from 'vitest';
import { sheetShown } from './sheet-shown';

const sheet = (source: 'record' | 'form'): ApprovalSheet => ({
  recordKind: 'fund.loan',
  recordId: '1',
  source,
  title: '借款协议',
  sections: [],
});
const common: TemplateSection[] = [
  { title: '审批事项', fields: [{ type: 'input', refname: 'subject', label: '事由' }] },
];

describe('which the detail shows', () => {
  it('shows a sheet read from the record rather than the form', () => {
    expect(sheetShown(sheet('record'), {}, common)?.source).toBe('record');
  });

  it('shows the form when its sections show every field it holds', () => {
    const content = { subject: { label: '事由', value: '采购', type: 'input' as const } };
    expect(sheetShown(sheet('form'), content, common)).toBeUndefined();
  });

  it('shows the form as a sheet when its template does not name its fields (never blank)', () => {
    const content = {
      loanAmount: { label: '借款金额（万元）', value: '5', type: 'input' as const },
    };
    expect(sheetShown(sheet('form'), content, common)?.source).toBe('form');
  });

  it('shows the form when the answer has no sheet', () => {
    expect(sheetShown(undefined, {}, common)).toBeUndefined();
  });
});
