import { describe, expect, it } from 'vitest';
import { approvalFormFieldLabel, nodeConditionText } from './node-condition-text.js';
import { SEAL_GENERAL_MANAGER_RULE } from './seal-rule.js';

describe('nodeConditionText', () => {
  it('names the field by the type form’s label, without its unit', () => {
    expect(
      nodeConditionText(
        { kind: 'amount', refname: 'totalAmount', op: 'gte', threshold: '100' },
        '1_1',
      ),
    ).toBe('合同金额 ≥ 100 万元');
  });

  it('names a choice by its text', () => {
    const rule = SEAL_GENERAL_MANAGER_RULE;
    expect(nodeConditionText(rule.when, rule.typeCodes[0]!)).toBe('印章类型 包含 公章');
  });

  it('joins and negates in words', () => {
    const big = { kind: 'amount', refname: 'totalAmount', op: 'gt', threshold: '50' } as const;
    const small = { kind: 'amount', refname: 'totalAmount', op: 'lt', threshold: '5' } as const;
    expect(nodeConditionText({ kind: 'any', conditions: [big, small] }, '1_1')).toBe(
      '合同金额 > 50 万元 或 合同金额 < 5 万元',
    );
    expect(nodeConditionText({ kind: 'not', condition: big }, '1_1')).toBe(
      '不满足（合同金额 > 50 万元）',
    );
    expect(nodeConditionText(null, '1_1')).toBe('');
  });

  it('keeps the refname where the form has no such field or the type is unknown', () => {
    expect(approvalFormFieldLabel('1_1', 'nothing')).toBe('nothing');
    expect(approvalFormFieldLabel('99_9', 'totalAmount')).toBe('totalAmount');
  });
});
