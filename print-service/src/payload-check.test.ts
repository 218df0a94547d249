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

  it('refuses anything whose kind is neither, naming kind', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        fc.pre(
          !(typeof value === 'object' && value !== null && 'kind' in value) ||
            !['contractDocument', 'approvalSheet'].includes(String(value.kind)),
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
