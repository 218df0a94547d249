import fc from 'fast-check';
import { CONTRACT_DOC_TYPES } from '@dpms/core';
import { describe, expect, it } from 'vitest';
import { checkPrintPayload } from './payload-check.js';
import { parsePdfFonts } from './testing/pdf-inspect.js';
import { approvalSheetPayload, contractPayload } from './testing/sample-payloads.js';

describe('checkPrintPayload', () => {
  it('accepts every contract type and an approval sheet', () => {
    for (const t of CONTRACT_DOC_TYPES) expect(checkPrintPayload(contractPayload(t)).ok).toBe(true);
    expect(checkPrintPayload(approvalSheetPayload()).ok).toBe(true);
  });

  it('accepts a formal contract over its approval sheet, and refuses one without the sheet', () => {
    const { kind: _kind, ...sheet } = approvalSheetPayload();
    void _kind;
    const record = {
      kind: 'contractRecord',
      institute: '华东示范建筑设计研究院有限公司',
      contractNo: 'HT-1',
      contractName: '滨江花园二期设计合同',
      deptName: '建筑一所',
      approvalSheet: sheet,
      issued: true,
    };
    expect(checkPrintPayload(record).ok).toBe(true);
    const without = checkPrintPayload({ ...record, approvalSheet: null });
    expect(without.ok ? '' : without.message).toContain('approvalSheet');
    const unnamed = checkPrintPayload({ ...record, contractNo: 7 });
    expect(unnamed.ok ? '' : unnamed.message).toContain('contractNo');
  });

  it('refuses anything whose kind is none of them, naming kind', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        fc.pre(
          !(typeof value === 'object' && value !== null && 'kind' in value) ||
            !['contractDocument', 'approvalSheet', 'contractRecord'].includes(String(value.kind)),
        );
        const checked = checkPrintPayload(value);
        expect(checked.ok).toBe(false);
      }),
    );
  });

  it('refuses a contract type outside 1, 2, 3, 6, 7, 8, naming type', () => {
    fc.assert(
      fc.property(fc.anything(), (type) => {
        fc.pre(!(CONTRACT_DOC_TYPES as readonly unknown[]).includes(type));
        const checked = checkPrintPayload({ ...contractPayload(1), type });
        expect(checked).toMatchObject({ ok: false });
        expect(checked.ok ? '' : checked.message).toContain('type');
      }),
    );
  });
});

describe('parsePdfFonts', () => {
  it('reads types that contain spaces and the embedded and subset columns', () => {
    const out = [
      'name                                 type              encoding         emb sub uni object ID',
      '------------------------------------ ----------------- ---------------- --- --- --- ---------',
      'AAAAAA+WenQuanYiZenHei               CID TrueType      Identity-H       yes yes yes      4  0',
      '[none]                               Type 3            Custom           yes no  no       9  0',
    ].join('\n');
    expect(parsePdfFonts(out)).toEqual([
      { name: 'AAAAAA+WenQuanYiZenHei', type: 'CID TrueType', embedded: true, subset: true },
      { name: '[none]', type: 'Type 3', embedded: true, subset: false },
    ]);
  });
});
