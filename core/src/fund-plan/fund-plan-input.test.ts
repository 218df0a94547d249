import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPlanLine,
  fundPerformInputProblems,
  fundPlanInputProblems,
  fundPlanLineProblems,
  requiredFundPlanLineFields,
} from './fund-plan-input.js';

const fieldsOf = (ps: readonly { field?: string | undefined }[]) => ps.map((p) => p.field);

describe('a fund plan as entered', () => {
  it('reports every field of every line at once, each named by its line', () => {
    const ps = fundPlanInputProblems({
      planMonth: '2026-13',
      lines: [
        { lineKind: 'rigid', subjectName: '', amount: '0' },
        { lineKind: 'income', subjectName: '回款', amount: '1', paybackRate: '1.5' },
        { lineKind: 'bonus', subjectName: '奖金', amount: 3 },
      ],
    });
    expect(fieldsOf(ps)).toEqual([
      'planMonth',
      'lines[0].subjectName',
      'lines[0].amount',
      'lines[1].contractId',
      'lines[1].paybackRate',
      'lines[2].lineKind',
      'lines[2].amount',
    ]);
    expect(ps.map((p) => p.message)).toContain('第1行科目名称不能为空');
    expect(ps.map((p) => p.message)).toContain('第1行金额必须大于0');
  });

  it('asks for at least one line, and no more than 200', () => {
    expect(fieldsOf(fundPlanInputProblems({ planMonth: '2026-01' }))).toEqual(['lines']);
    const many = Array.from({ length: 201 }, () => ({ lineKind: 'rigid' }));
    expect(fieldsOf(fundPlanInputProblems({ planMonth: '2026-01', lines: many }))).toEqual([
      'lines',
    ]);
  });

  it('marks the contract required of income lines only', () => {
    expect(requiredFundPlanLineFields('income')).toContain('contractId');
    expect(requiredFundPlanLineFields('rigid')).not.toContain('contractId');
  });

  it('refuses a line by its first problem exactly when it has any (checkPlanLine)', () => {
    const text = fc.oneof(
      fc.constant(''),
      fc.constant('工资'),
      fc.string(),
      fc.constant(undefined),
    );
    const amount = fc.oneof(
      fc.constantFrom('1', '0', '-1', '1.0000001', '12.5', 'x', ''),
      fc.double(),
      fc.constant(undefined),
    );
    const line = fc.record({
      lineKind: fc.constantFrom('income', 'rigid', 'loan', 'payment', 'bonus', undefined),
      subjectName: text,
      contractId: fc.constantFrom(1, null, undefined),
      amount,
      paybackRate: fc.constantFrom('0.5', '1.5', '', undefined, 'x'),
      allotAmount: amount,
      remark: text,
    });
    fc.assert(
      fc.property(line, fc.nat(199), (l, i) => {
        const problems = fundPlanLineProblems(l, i);
        const checked = checkPlanLine(l, i);
        expect(checked.ok).toBe(problems.length === 0);
        if (!checked.ok) expect(checked.error).toEqual(problems[0]);
        for (const p of problems)
          expect(p.field).toMatch(new RegExp(`^lines\\[${String(i)}\\]\\.`));
        // At most one problem per field.
        expect(new Set(fieldsOf(problems)).size).toBe(problems.length);
      }),
    );
  });
});

describe('an execution sheet as entered', () => {
  it('reports the plan, kind, date and every line problem at once', () => {
    const ps = fundPerformInputProblems({
      lineKind: 'bonus',
      performDate: '2026-02-30',
      lines: [{ amount: '1' }, { planLineId: 7, amount: '-1' }, { planLineId: 7, amount: '2' }],
    });
    expect(fieldsOf(ps)).toEqual([
      'planId',
      'lineKind',
      'performDate',
      'lines[0].planLineId',
      'lines[1].amount',
      'lines[2].planLineId',
    ]);
    expect(ps[0]?.message).toBe('资金计划不能为空');
  });

  it('passes a complete sheet', () => {
    expect(
      fundPerformInputProblems({
        planId: 1,
        lineKind: 'rigid',
        performDate: '2026-02-28',
        lines: [{ planLineId: 3, amount: '2.5' }],
      }),
    ).toEqual([]);
  });
});
