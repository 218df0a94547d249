import { describe, expect, it } from 'vitest';
import {
  CONTRACT_DOC_FIELDS_BY_TYPE,
  contractDocFieldLabel,
  contractDocFieldSpec,
  contractDocFieldSpecs,
  hasContractDocField,
  isContractDocFieldEditable,
  requiredContractDocFields,
  EMPTY_CONTRACT_DOC_VALUES,
} from './contract-doc-fields.js';
import { validateContractDoc } from './contract-doc-validation.js';
import { CONTRACT_DOC_TYPES } from './contract-doc-type.js';

const COMMON = [
  'signBySub',
  'signByMain',
  'contractName',
  'totalAmount',
  'upValue',
  'mainAddress',
  'mainPhone',
  'mainOpenBank',
  'mainOpenBankNum',
  'signDate',
  'subAddress',
  'subTaxpayerNum',
  'subOpenBank',
  'subOpenBankNum',
  'subPhone',
] as const;

describe('contract document fields', () => {
  it('every type has the common fields', () => {
    for (const type of CONTRACT_DOC_TYPES) {
      for (const field of COMMON) expect(hasContractDocField(type, field)).toBe(true);
    }
  });

  it('types 1-7 have a project and stage; type 8 has none', () => {
    for (const type of [1, 2, 3, 6, 7] as const) {
      for (const field of ['projectName', 'contractId', 'designStage', 'designStageId'] as const) {
        expect(hasContractDocField(type, field)).toBe(true);
      }
    }
    for (const field of ['projectName', 'contractId', 'designStage', 'designStageId'] as const) {
      expect(hasContractDocField(8, field)).toBe(false);
    }
  });

  it.each([
    [1, ['projectChildName']],
    [2, ['projectChildName', 'fwContent']],
    [3, ['fwContent']],
    [6, ['projectChildName', 'majorId', 'majorName']],
    [7, ['projectResultContent', 'totalNum', 'fwContent']],
    [
      8,
      [
        'fwContent',
        'withinAmount',
        'withinUpValue',
        'withinDay',
        'mainTaxpayerNum',
        'startTime',
        'endTime',
      ],
    ],
  ] as const)('type %i adds %o', (type, fields) => {
    for (const field of fields) expect(hasContractDocField(type, field)).toBe(true);
    const extras = [
      'projectChildName',
      'fwContent',
      'majorId',
      'majorName',
      'projectResultContent',
      'totalNum',
      'withinAmount',
      'withinDay',
      'mainTaxpayerNum',
      'startTime',
      'endTime',
    ] as const;
    for (const field of extras) {
      if (!(fields as readonly string[]).includes(field))
        expect(hasContractDocField(type, field)).toBe(false);
    }
  });

  it('has no field twice', () => {
    for (const type of CONTRACT_DOC_TYPES) {
      const fields = CONTRACT_DOC_FIELDS_BY_TYPE[type];
      expect(new Set(fields).size).toBe(fields.length);
    }
  });

  it('has the spec limits for party A and party B', () => {
    const max = (field: Parameters<typeof contractDocFieldSpec>[1]) =>
      contractDocFieldSpec(8, field).maxLength;
    expect([
      max('subTaxpayerNum'),
      max('subOpenBank'),
      max('subOpenBankNum'),
      max('subPhone'),
    ]).toEqual([15, 20, 20, 15]);
    expect([
      max('mainOpenBank'),
      max('mainOpenBankNum'),
      max('mainPhone'),
      max('mainTaxpayerNum'),
    ]).toEqual([20, 30, 15, 15]);
  });

  it('never lets party A or the amount words be edited; party B only when not read-only', () => {
    for (const type of CONTRACT_DOC_TYPES) {
      for (const spec of contractDocFieldSpecs(type)) {
        if (spec.party === 'A' || spec.kind === 'words') {
          expect(isContractDocFieldEditable(type, spec.name, false)).toBe(false);
        }
        if (spec.party === 'B') {
          expect(isContractDocFieldEditable(type, spec.name, false)).toBe(true);
          expect(isContractDocFieldEditable(type, spec.name, true)).toBe(false);
        }
        expect(isContractDocFieldEditable(type, spec.name, true)).toBe(false);
      }
    }
  });

  it('labels fwContent per type', () => {
    expect(contractDocFieldLabel(3, 'fwContent')).toBe('特殊技术服务内容');
    expect(contractDocFieldLabel(7, 'fwContent')).toBe('制作类型');
    expect(() => contractDocFieldSpec(1, 'fwContent')).toThrow(RangeError);
  });

  it('marks as required exactly what a submit refuses blank, party A aside (the server fills it)', () => {
    for (const type of CONTRACT_DOC_TYPES) {
      const r = validateContractDoc(type, EMPTY_CONTRACT_DOC_VALUES, 'submit');
      const partyA = new Set(
        contractDocFieldSpecs(type)
          .filter((s) => s.kind === 'partyA')
          .map((s) => s.name as string),
      );
      const refused = r.ok ? [] : r.error.errors.flatMap((e) => e.field ?? []);
      expect(requiredContractDocFields(type)).toEqual(refused.filter((f) => !partyA.has(f)));
      expect(validateContractDoc(type, EMPTY_CONTRACT_DOC_VALUES, 'save').ok).toBe(true);
    }
  });
});
