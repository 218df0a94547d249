import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkContent,
  contentChoiceValues,
  effectiveFileLimit,
  fieldMaxLength,
  isValidApprovalDate,
  trimTemplateContent,
  validateContent,
} from './template-validation.js';
import type {
  ContentEntry,
  ContentValue,
  TemplateContent,
  TemplateField,
  TemplateFieldType,
  ValidatableTemplate,
} from './template.js';

const tpl = (fields: TemplateField[], defaultMaxLength?: number): ValidatableTemplate => ({
  templateContent: [{ fields }],
  ...(defaultMaxLength === undefined ? {} : { defaultMaxLength }),
});
const entry = (
  type: TemplateFieldType,
  value: ContentValue,
  selectValue?: string,
): ContentEntry => ({
  label: 'x',
  type,
  value,
  ...(selectValue === undefined ? {} : { selectValue }),
});
const one = (f: TemplateField, e: ContentEntry | undefined) =>
  validateContent(tpl([f]), e === undefined ? {} : { [f.refname]: e });

describe('validateContent: lengths', () => {
  const name: TemplateField = { type: 'input', refname: 'contractName', label: '合同名称' };
  const memo: TemplateField = { type: 'textarea', refname: 'memo', label: '备注' };

  it('takes an input of 50 and refuses 51, naming the label and the refname', () => {
    expect(one(name, entry('input', '合'.repeat(50)))).toEqual([]);
    const [e] = one(name, entry('input', '合'.repeat(51)));
    expect(e).toEqual({
      code: 'VALIDATION.MAX_LENGTH',
      message: '“合同名称”不能超过50个字',
      field: 'contractName',
    });
  });

  it('takes a textarea of 1000 and refuses 1001', () => {
    expect(one(memo, entry('textarea', 'a'.repeat(1000)))).toEqual([]);
    expect(one(memo, entry('textarea', 'a'.repeat(1001)))[0]?.code).toBe('VALIDATION.MAX_LENGTH');
  });

  it('measures after trimming, in characters (code points)', () => {
    expect(one(name, entry('input', `  ${'合'.repeat(50)}\u3000\n`))).toEqual([]);
    expect(one(name, entry('input', '𠀀'.repeat(50)))).toEqual([]);
  });

  it('lets a field set its own max and a template set 150 for inputs and textareas', () => {
    expect(fieldMaxLength(name)).toBe(50);
    expect(fieldMaxLength(memo)).toBe(1000);
    expect(fieldMaxLength(name, { defaultMaxLength: 150 })).toBe(150);
    expect(fieldMaxLength(memo, { defaultMaxLength: 150 })).toBe(150);
    expect(fieldMaxLength({ ...memo, maxlength: 1200 }, { defaultMaxLength: 150 })).toBe(1200);
    expect(fieldMaxLength({ type: 'text', refname: 't', label: 't' })).toBeUndefined();
    const t = tpl([memo], 150);
    expect(validateContent(t, { memo: entry('textarea', 'a'.repeat(150)) })).toEqual([]);
    expect(validateContent(t, { memo: entry('textarea', 'a'.repeat(151)) })).toHaveLength(1);
  });

  it('checks each text of a textareas field', () => {
    const f: TemplateField = { type: 'textareas', refname: 'items', label: '事项', maxlength: 35 };
    expect(one(f, entry('textareas', ['a'.repeat(35), 'b']))).toEqual([]);
    expect(one(f, entry('textareas', ['a', 'b'.repeat(36)]))[0]?.code).toBe(
      'VALIDATION.MAX_LENGTH',
    );
  });

  it('checks amount, integer and month formats', () => {
    const amt: TemplateField = {
      ...name,
      refname: 'payAmount',
      label: '付款金额',
      format: 'amount',
    };
    expect(one(amt, entry('input', '12.345678'))).toEqual([]);
    expect(one(amt, entry('input', '12.3456789'))[0]?.code).toBe('VALIDATION.AMOUNT_FORMAT');
    expect(one(amt, entry('input', '-1'))[0]?.code).toBe('VALIDATION.AMOUNT_FORMAT');
    expect(one(amt, entry('input', ''))).toEqual([]);
    const int: TemplateField = { ...name, refname: 'drawNum', label: '份数', format: 'integer' };
    expect(one(int, entry('input', '3.5'))[0]?.code).toBe('VALIDATION.INTEGER_FORMAT');
    const month: TemplateField = { ...name, refname: 'planMonth', label: '月份', format: 'month' };
    expect(one(month, entry('input', '2024-12'))).toEqual([]);
    expect(one(month, entry('input', '2024-13'))[0]?.code).toBe('VALIDATION.MONTH_FORMAT');
  });
});

describe('validateContent: choices, dates, files', () => {
  const invoiceType: TemplateField = {
    type: 'option',
    refname: 'invoiceType',
    label: '发票类型',
    options: [
      { text: '增值税普通发票', value: '1' },
      { text: '增值税专用发票', value: '2' },
    ],
  };

  it('requires a single choice to be among the options', () => {
    expect(one(invoiceType, entry('option', '2'))).toEqual([]);
    const [e] = one(invoiceType, entry('option', '增值税专用发票'));
    expect(e).toMatchObject({ code: 'VALIDATION.NOT_AN_OPTION', field: 'invoiceType' });
    expect(e?.message).toContain('发票类型');
  });

  it('checks static option sources and skips ones it cannot know unless given', () => {
    const seal: TemplateField = {
      type: 'options',
      refname: 'sealType',
      label: '印章类型',
      optionsource: 'sealTypeStore',
    };
    expect(one(seal, entry('options', ['1', '5']))).toEqual([]);
    expect(one(seal, entry('options', '1,4'))).toEqual([]);
    expect(one(seal, entry('options', ['1', '10']))[0]?.code).toBe('VALIDATION.NOT_AN_OPTION');
    const custom = validateContent(
      tpl([seal]),
      { sealType: entry('options', ['10']) },
      { optionSources: { sealTypeStore: [{ text: '合同章', value: '10' }] } },
    );
    expect(custom).toEqual([]);
    const tax: TemplateField = {
      type: 'option',
      refname: 'taxRate',
      label: '税率',
      optionsource: 'taxRateStore',
    };
    expect(one(tax, entry('option', '0.03'))).toEqual([]);
    const withDict = validateContent(
      tpl([tax]),
      { taxRate: entry('option', '0.05') },
      { optionSources: { taxRateStore: [{ text: '3%', value: '0.03' }] } },
    );
    expect(withDict[0]?.code).toBe('VALIDATION.NOT_AN_OPTION');
  });

  it('takes a cascader value that is an id anywhere in the tree', () => {
    const dept: TemplateField = {
      type: 'cascader',
      refname: 'dealDept',
      label: '承办部门',
      options: [{ label: '院', id: 1, children: [{ label: '一所', id: 11 }] }],
    };
    expect(one(dept, entry('cascader', '11'))).toEqual([]);
    expect(one(dept, entry('cascader', '12'))[0]?.code).toBe('VALIDATION.NOT_AN_OPTION');
  });

  it('optionInput: the choice must be an option; its text obeys the textarea limit', () => {
    const f: TemplateField = {
      type: 'optionInput',
      refname: 'sealAim',
      label: '盖章用途',
      keyvalue: '其他',
      options: [
        { text: '报建', value: '报建' },
        { text: '其他', value: '其他' },
      ],
      required: true,
    };
    expect(one(f, entry('optionInput', '', '报建'))).toEqual([]);
    expect(one(f, entry('optionInput', '', '其他'))[0]?.code).toBe('VALIDATION.REQUIRED');
    expect(one(f, entry('optionInput', '投标', '其他'))).toEqual([]);
    expect(one(f, entry('optionInput', 'a'.repeat(1001), '其他'))[0]?.code).toBe(
      'VALIDATION.MAX_LENGTH',
    );
    expect(one(f, entry('optionInput', '', '随便'))[0]?.code).toBe('VALIDATION.NOT_AN_OPTION');
  });

  it('valueOption: the appended select must be an option', () => {
    const f: TemplateField = {
      type: 'valueOption',
      refname: 'bank',
      label: '开户行',
      options: [{ text: '一', value: '1' }],
    };
    expect(one(f, entry('valueOption', '只读文字', '1'))).toEqual([]);
    expect(one(f, entry('valueOption', '只读文字', '2'))[0]?.code).toBe('VALIDATION.NOT_AN_OPTION');
  });

  it('takes real yyyy-MM-dd dates only', () => {
    const f: TemplateField = { type: 'timeSelect', refname: 'signTime', label: '签订日期' };
    expect(one(f, entry('timeSelect', '2024-02-29'))).toEqual([]);
    for (const bad of ['2023-02-29', '2024-13-01', '2024-1-1', '2024/01/01', '2024-04-31']) {
      expect(one(f, entry('timeSelect', bad))[0]?.code).toBe('VALIDATION.DATE_FORMAT');
    }
    expect(isValidApprovalDate('2000-02-29')).toBe(true);
    expect(isValidApprovalDate('1900-02-29')).toBe(false);
  });

  it('limits the file count; 1 is single, 0 and none are unlimited', () => {
    const files = (n: number) => Array.from({ length: n }, (_, i) => ({ fileName: `${i}.pdf` }));
    const single: TemplateField = { type: 'upload', refname: 'f', label: '附件', limit: 1 };
    expect(one(single, entry('upload', files(1)))).toEqual([]);
    const [e] = one(single, entry('upload', files(2)));
    expect(e?.code).toBe('VALIDATION.FILE_LIMIT');
    expect(e?.message).toBe('“附件”最多1个文件，文件数量超出限制，请先删除已上传文件再覆盖上传');
    expect(one({ ...single, limit: 0 }, entry('upload', files(40)))).toEqual([]);
    expect(one({ ...single, limit: 3 }, entry('upload', files(3)))).toEqual([]);
    expect(effectiveFileLimit({ limit: 0 })).toBeUndefined();
    expect(effectiveFileLimit({})).toBeUndefined();
  });

  it('reports required fields, wrong shapes and unknown keys', () => {
    const f: TemplateField = { type: 'input', refname: 'a', label: '甲方', required: true };
    expect(one(f, undefined)[0]).toEqual({
      code: 'VALIDATION.REQUIRED',
      message: '请填写“甲方”',
      field: 'a',
    });
    expect(one(f, entry('input', '   '))[0]?.code).toBe('VALIDATION.REQUIRED');
    expect(one(f, entry('textarea', 'x'))[0]?.code).toBe('VALIDATION.WRONG_SHAPE');
    expect(one(f, entry('input', [{ fileName: 'a' }]))[0]?.code).toBe('VALIDATION.WRONG_SHAPE');
    const r = validateContent(tpl([f]), { a: entry('input', 'x'), zz: entry('input', 'y') });
    expect(r).toEqual([expect.objectContaining({ code: 'VALIDATION.UNKNOWN_FIELD', field: 'zz' })]);
    expect(
      validateContent(
        tpl([f]),
        { a: entry('input', 'x'), zz: entry('input', 'y') },
        {
          allowUnknownFields: true,
        },
      ),
    ).toEqual([]);
  });

  it('checkContent answers the trimmed content labelled from the template, or every error', () => {
    const f: TemplateField = { type: 'input', refname: 'a', label: '甲方' };
    const good = checkContent(tpl([f]), { a: { label: '伪造', type: 'input', value: ' 某院 ' } });
    expect(good).toEqual({
      ok: true,
      value: { a: { label: '甲方', type: 'input', value: '某院' } },
    });
    const bad = checkContent(tpl([f, { ...f, refname: 'b' }]), {
      a: entry('input', 'x'.repeat(51)),
      b: entry('input', 'y'.repeat(51)),
    });
    expect(!bad.ok && bad.error.errors.map((e) => e.field)).toEqual(['a', 'b']);
    expect(!bad.ok && bad.error.code).toBe('VALIDATION.CONTENT');
  });
});

describe('contentChoiceValues', () => {
  it('reads a list or a comma-joined string', () => {
    expect(contentChoiceValues('公章, 技术章，出图章')).toEqual(['公章', '技术章', '出图章']);
    expect(contentChoiceValues(['公章', ''])).toEqual(['公章']);
    expect(contentChoiceValues(undefined)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

const ws = fc.constantFrom(' ', '\t', '\n', '\u3000', '');
const padded = (s: fc.Arbitrary<string>) =>
  fc
    .tuple(fc.array(ws, { maxLength: 3 }), s, fc.array(ws, { maxLength: 3 }))
    .map(([a, m, b]) => a.join('') + m + b.join(''));
const contentArb: fc.Arbitrary<TemplateContent> = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }),
  fc
    .record({
      label: fc.string(),
      type: fc.constantFrom<TemplateFieldType>('input', 'textarea', 'options', 'upload'),
      value: fc.oneof(
        padded(fc.string()),
        fc.array(padded(fc.string()), { maxLength: 3 }),
        fc.array(fc.record({ fileName: fc.string() }), { maxLength: 2 }),
      ),
      selectValue: fc.option(padded(fc.string()), { nil: undefined }),
    })
    .map(({ selectValue, ...rest }) =>
      selectValue === undefined ? rest : { ...rest, selectValue },
    ),
);

/** A non-blank character: CJK, Latin or outside the BMP; never whitespace, so trim keeps it. */
const charArb = fc.constantFrom('合', '同', 'a', 'Z', '9', '𠀀', '，');

describe('validateContent properties', () => {
  it('trimming is idempotent', () => {
    fc.assert(
      fc.property(contentArb, (c) => {
        const once = trimTemplateContent(c);
        expect(trimTemplateContent(once)).toEqual(once);
      }),
    );
  });

  it('a text at its limit passes and one over fails, whatever decides the limit', () => {
    const fieldArb = fc.record({
      type: fc.constantFrom<TemplateFieldType>('input', 'textarea', 'textareas', 'optionInput'),
      maxlength: fc.option(fc.integer({ min: 1, max: 1300 }), { nil: undefined }),
      templateDefault: fc.option(fc.constantFrom(150, 80), { nil: undefined }),
    });
    fc.assert(
      fc.property(fieldArb, charArb, padded(fc.constant('')), (spec, ch, pad) => {
        const f: TemplateField = {
          type: spec.type,
          refname: 'r',
          label: '字段',
          keyvalue: '其他',
          options: [{ text: '其他', value: '其他' }],
          ...(spec.maxlength === undefined ? {} : { maxlength: spec.maxlength }),
        };
        const t = tpl([f], spec.templateDefault);
        const max = fieldMaxLength(f, t);
        expect(max).toBeDefined();
        const make = (n: number): ContentEntry => {
          const s = pad + ch.repeat(n) + pad;
          return {
            label: '字段',
            type: spec.type,
            value: spec.type === 'textareas' ? ['', s] : s,
            ...(spec.type === 'optionInput' ? { selectValue: '其他' } : {}),
          };
        };
        expect(validateContent(t, { r: make(max!) })).toEqual([]);
        const over = validateContent(t, { r: make(max! + 1) });
        expect(over).toEqual([
          { code: 'VALIDATION.MAX_LENGTH', message: `“字段”不能超过${max}个字`, field: 'r' },
        ]);
      }),
    );
  });

  it('every real date written yyyy-MM-dd passes, and a day past the month fails', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2999-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          expect(isValidApprovalDate(iso)).toBe(true);
          const y = d.getUTCFullYear();
          const m = d.getUTCMonth();
          const daysInMonth = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
          const past = `${iso.slice(0, 8)}${String(daysInMonth + 1).padStart(2, '0')}`;
          expect(isValidApprovalDate(past)).toBe(false);
        },
      ),
    );
  });
});
