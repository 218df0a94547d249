import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contractInputProblems, requiredContractFields, type ContractStage } from '@dpms/core';
import {
  CONTRACT_SAVE_AND_SUBMIT_BODIES,
  CONTRACT_SAVE_BODIES,
  contractConvertQuery,
  contractRecord,
} from './contract.js';
import type { z } from 'zod';

const fieldErrors = (r: z.ZodSafeParseResult<unknown>): Record<string, string[]> => {
  const out: Record<string, string[]> = {};
  if (r.success) return out;
  for (const i of r.error.issues) (out[String(i.path[0])] ??= []).push(i.message);
  return out;
};

const BASE = {
  projectName: '滨江新城规划',
  contractName: '滨江新城规划设计合同',
  bizSource: '1',
  totalAmount: '100',
};

describe('the contract save schemas', () => {
  it("report every field's problem at once in core's words", () => {
    const r = CONTRACT_SAVE_BODIES.contract.safeParse({
      projectName: '',
      contractName: '  ',
      bizSource: '1',
      totalAmount: '',
      cleanAmount: '-3',
      signDate: '2024-02-30',
    });
    expect(fieldErrors(r)).toEqual({
      projectName: ['项目名称不能为空'],
      contractName: ['合同名称不能为空'],
      totalAmount: ['合同金额不能为空'],
      cleanAmount: ['合同净额应为不小于0的金额（万元，最多6位小数）'],
      signDate: ['签订日期格式应为yyyy-MM-dd'],
    });
  });

  it('give one message per rule: a text limit is named once, with core’s limit', () => {
    const r = CONTRACT_SAVE_BODIES.stay.safeParse({ ...BASE, contractNo: 'x'.repeat(65) });
    expect(fieldErrors(r)).toEqual({ contractNo: ['合同编号不能超过64个字符'] });
  });

  it('ask a contract sent for review, and a history contract, for both parties and the date', () => {
    expect(CONTRACT_SAVE_BODIES.contract.safeParse(BASE).success).toBe(true);
    expect(fieldErrors(CONTRACT_SAVE_AND_SUBMIT_BODIES.contract.safeParse(BASE))).toEqual({
      signByMain: ['甲方不能为空'],
      signBySub: ['乙方不能为空'],
      signDate: ['签订日期不能为空'],
    });
    expect(Object.keys(fieldErrors(CONTRACT_SAVE_BODIES.formal.safeParse(BASE)))).toEqual([
      'signByMain',
      'signBySub',
      'signDate',
    ]);
    // A declared project's filing sheet does not name the parties.
    expect(CONTRACT_SAVE_AND_SUBMIT_BODIES.declare.safeParse(BASE).success).toBe(true);
  });

  it('accept exactly what core accepts and refuse each field with core’s message', () => {
    const value = fc.oneof(
      fc.constant(''),
      fc.constant(' '),
      fc.string({ maxLength: 6 }),
      fc.constantFrom('1', '2', '7', '0.5', '-1', '12.1234567', '2024-05-01', '2023-02-29'),
    );
    const maybe = fc.option(value, { nil: undefined });
    const form = fc.record({
      projectName: maybe,
      contractName: maybe,
      signByMain: maybe,
      signBySub: maybe,
      bizSource: maybe,
      bizType: maybe,
      totalAmount: maybe,
      receiveAmount: maybe,
      cleanAmount: maybe,
      realAmountRate: maybe,
      signDate: maybe,
    });
    const cases: [z.ZodType, ContractStage, boolean][] = [
      [CONTRACT_SAVE_BODIES.stay, 'stay', false],
      [CONTRACT_SAVE_BODIES.contract, 'contract', false],
      [CONTRACT_SAVE_BODIES.formal, 'formal', false],
      [CONTRACT_SAVE_AND_SUBMIT_BODIES.contract, 'contract', true],
      [CONTRACT_SAVE_AND_SUBMIT_BODIES.declare, 'declare', true],
    ];
    fc.assert(
      fc.property(form, fc.constantFrom(...cases), (input, [schema, stage, review]) => {
        const r = schema.safeParse(input);
        const problems = contractInputProblems(input, stage, { review });
        const errors = fieldErrors(r);
        for (const p of problems) {
          // The shape refuses an unknown bizSource/bizType itself, with core's same message.
          expect(errors[p.field ?? '']).toEqual([p.message]);
        }
        expect(Object.keys(errors).sort()).toEqual(problems.map((p) => p.field).sort());
        for (const f of requiredContractFields(stage, { review })) {
          const v = (input as Record<string, string | undefined>)[f];
          if (v === undefined || v.trim() === '') expect(errors[f]).toBeDefined();
        }
      }),
    );
  });
});

describe('a value of the wrong type', () => {
  it('is refused on its field, and the other fields are still checked', () => {
    for (const wrong of [[], {}, 5, true]) {
      const r = CONTRACT_SAVE_BODIES.stay.safeParse({
        bizType: wrong,
        projectName: wrong,
        entrustList: wrong,
        files: wrong,
        serviceManagerId: wrong,
      });
      const errors = fieldErrors(r);
      expect(Object.keys(errors)).toEqual(
        expect.arrayContaining(['bizType', 'projectName', 'contractName', 'totalAmount']),
      );
      expect(errors.contractName).toEqual(['合同名称不能为空']);
    }
  });
});

describe('the convert query', () => {
  it('takes the parties and date a conversion fills in, refusing a date that is not one', () => {
    expect(contractConvertQuery.parse({ contractId: '7', signByMain: ' 甲 ' })).toEqual({
      contractId: 7,
      signByMain: '甲',
    });
    expect(
      fieldErrors(contractConvertQuery.safeParse({ contractId: 7, signDate: '2024-13-01' })),
    ).toEqual({ signDate: ['签订日期格式应为yyyy-MM-dd'] });
  });
});

describe('the contract record', () => {
  it('refuses an answer that lacks a field the screens read', () => {
    const r = contractRecord.safeParse({ contractId: 1, stage: 'contract' });
    expect(r.success).toBe(false);
    expect(fieldErrors(r)).toHaveProperty('signByMain');
  });
});
