import { describe, expect, it } from 'vitest';
import { ARCHIVE_PLEDGE_MAX_LENGTH, approvalTextLength } from './approval-limits.js';
import { TEMPLATE_KINDS } from './approval-type-catalogue.js';
import {
  ARCHIVE_BORROWING_TEMPLATE,
  CONTRACT_APPROVAL_TEMPLATE,
  CONTRACT_CHANGE_TEMPLATE,
  DEFAULT_ARCHIVE_PLEDGE,
  DRAWING_PRINT_TEMPLATE,
  INVOICE_REQUEST_TEMPLATE,
  PAYMENT_REQUEST_TEMPLATE,
  TEMPLATE_DEFINITIONS,
  templateDefinitionForKind,
  templateDefinitionForType,
  type TemplateDefinition,
} from './template-definitions.js';
import {
  BLUEPRINT_COLOUR_OPTIONS,
  COMPANY_SEAL_VALUE,
  DEFAULT_SEAL_PURPOSE,
  OPTION_SOURCE_ORIGINS,
  SEAL_TYPE_OPTIONS,
  drawFileExtensions,
  defaultOptionsOf,
} from './template-options.js';
import {
  OPTION_SOURCES,
  TEMPLATE_FIELD_TYPES,
  findTemplateField,
  initialContent,
  templateOptionText,
  templateOptionValue,
  templateFields,
} from './template.js';
import { validateContent } from './template-validation.js';

const refnames = (d: TemplateDefinition) => templateFields(d).map((f) => f.refname);

/** The field sets of 000 §3, as the spec lists them (drawContent listed twice there). */
// prettier-ignore
const SPEC_FIELD_SETS: Record<string, string[]> = {
  drawingPrint: [
    'drawContent', 'drawingNum', 'drawNum', 'sealAim', 'sealTarget', 'drawFileType',
    'unGuidangShowImg', 'guidangShowImg', 'sealCategory', 'sealType', 'sealTime',
    'buildSignDecorate', 'structure', 'equipment', 'electric', 'remarksOne', 'remarksTwo',
    'remarksThree', 'productionCompany', 'taskName', 'userName', 'contractName', 'drawContent',
    'sealGoalContent', 'imgFiles',
    // Ours beside the spec's: the results a result seal (13_1, 25_x) stamps, so the sheet names them.
    'resultList',
  ],
  paymentRequest: [
    'reason', 'contractName', 'planMonth', 'subjectName', 'applyDeptId', 'payTime',
    'totalAmount', 'planPayAmount', 'totalPayAmount', 'payAmount', 'taxRate', 'realPayAmount',
    'payCompanyName', 'receiveCompanyName', 'remark',
  ],
  invoiceRequest: [
    'invoiceDate', 'contractNo', 'contractName', 'totalAmount', 'payCompanyName',
    'alreadyPayAmount', 'receiveCompanyName', 'invoiceType', 'receiveBankNum', 'invoicePurpose',
    'invoiceAmount', 'taxNo', 'memo', 'otherMemo',
  ],
  contractApproval: [
    'contractName', 'contractNo', 'signByMain', 'signBySub', 'totalAmount', 'receiveAmount',
    'dealDept', 'signTime', 'contractContent',
  ],
  // Ours beside the spec's: the new amount a change from 发起审批 proposes.
  contractChange: ['contractName', 'totalAmount', 'contractContent', 'files'],
  // Ours beside the spec's: the purpose and period the borrowing's rules hold.
  archiveBorrowing: [
    'archivesName', 'archivesCategory', 'userName', 'createTime', 'purpose', 'startDate',
    'endDate', 'remark',
  ],
};

describe('template definitions', () => {
  it('carry exactly the field sets of 000 §3, each refname once', () => {
    for (const d of TEMPLATE_DEFINITIONS) {
      const names = refnames(d);
      expect(new Set(names).size).toBe(names.length);
      expect(new Set(names)).toEqual(new Set(SPEC_FIELD_SETS[d.id]));
    }
  });

  it('use only the field types and option sources of the spec, with Chinese labels', () => {
    for (const d of TEMPLATE_DEFINITIONS) {
      for (const f of templateFields(d)) {
        expect(TEMPLATE_FIELD_TYPES).toContain(f.type);
        if (f.optionsource !== undefined) expect(OPTION_SOURCES).toContain(f.optionsource);
        expect(f.label).toMatch(/[\u4e00-\u9fff]/);
      }
    }
  });

  it('start every form from content that passes, but for the fields it must be given', () => {
    for (const d of TEMPLATE_DEFINITIONS) {
      const errors = validateContent(d, initialContent(d));
      const required = templateFields(d).filter(
        (f) => f.required === true && f.value === undefined,
      );
      expect(errors.map((e) => e.field)).toEqual(required.map((f) => f.refname));
      for (const e of errors) expect(e.code).toBe('VALIDATION.REQUIRED');
    }
  });

  it('hold the spec constants: seal purpose, invoice types and purposes, the pledge', () => {
    expect(findTemplateField(DRAWING_PRINT_TEMPLATE, 'sealAim')?.value).toBe(
      '其他相关设计技术文件',
    );
    expect(DEFAULT_SEAL_PURPOSE).toBe('其他相关设计技术文件');
    const inv = (r: string) =>
      findTemplateField(INVOICE_REQUEST_TEMPLATE, r)?.options?.map(templateOptionText);
    expect(inv('invoiceType')).toEqual(['增值税普通发票', '增值税专用发票']);
    expect(inv('invoicePurpose')).toEqual(['设计费', '咨询费']);
    const pledge = findTemplateField(ARCHIVE_BORROWING_TEMPLATE, 'remark');
    expect(pledge?.maxlength).toBe(1200);
    expect(approvalTextLength(DEFAULT_ARCHIVE_PLEDGE)).toBeLessThanOrEqual(
      ARCHIVE_PLEDGE_MAX_LENGTH,
    );
    expect(DRAWING_PRINT_TEMPLATE.defaultMaxLength).toBe(150);
    expect(findTemplateField(CONTRACT_CHANGE_TEMPLATE, 'files')?.limit).toBe(0);
  });

  it('maps kinds to field sets; Common, Declare and TechnicalManage use stored templates', () => {
    expect(templateDefinitionForKind('Seal')).toBe(DRAWING_PRINT_TEMPLATE);
    expect(templateDefinitionForKind('ShowImage')).toBe(DRAWING_PRINT_TEMPLATE);
    expect(templateDefinitionForKind('FundMonthPlan')).toBe(PAYMENT_REQUEST_TEMPLATE);
    expect(templateDefinitionForKind('ContractSeal')).toBe(CONTRACT_APPROVAL_TEMPLATE);
    expect(templateDefinitionForType('25_1')).toBe(DRAWING_PRINT_TEMPLATE);
    expect(templateDefinitionForType('23_1')).toBe(INVOICE_REQUEST_TEMPLATE);
    const without = TEMPLATE_KINDS.filter((k) => templateDefinitionForKind(k) === undefined);
    expect(without).toEqual(['Common', 'Declare', 'TechnicalManage']);
  });
});

describe('option sources', () => {
  it('cover every source of the spec', () => {
    expect(Object.keys(OPTION_SOURCE_ORIGINS).sort()).toEqual([...OPTION_SOURCES].sort());
  });

  it('list the nine seal types and the two blueprint colours', () => {
    expect(SEAL_TYPE_OPTIONS.map(templateOptionValue)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    expect(COMPANY_SEAL_VALUE).toBe('1');
    // prettier-ignore
    expect(SEAL_TYPE_OPTIONS.map(templateOptionText)).toEqual([
      '公章', '节能章', '审图章', '出图章', '技术章', '工艺图章', '施工准备章', '注册建筑师章',
      '注册结构工程师章',
    ]);
    expect(BLUEPRINT_COLOUR_OPTIONS.map(templateOptionText)).toEqual(['白图', '蓝图']);
    expect(defaultOptionsOf('guidangStore')).toBe(BLUEPRINT_COLOUR_OPTIONS);
    expect(defaultOptionsOf('deptlist')).toBeUndefined();
    expect(drawFileExtensions('3')).toEqual(['dwg', 'dxf', 'zip']);
    expect(drawFileExtensions('1')).toEqual(['jpg', 'png', 'pdf']);
    expect(drawFileExtensions('不存在')).toEqual([]);
  });
});
