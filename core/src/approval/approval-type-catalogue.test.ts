import { describe, expect, it } from 'vitest';
import {
  APPROVAL_TYPE_CATALOGUE,
  APPROVAL_TYPE_CODES,
  TEMPLATE_KIND_CATALOGUE,
  TEMPLATE_KINDS,
  approvalTypeInfo,
  approvalTypeLabel,
  approvalTypesOfKind,
  isApprovalTypeCode,
  templateKindInfo,
} from './approval-type-catalogue.js';

/** 000 §3, group by group: the ranges as the spec writes them. */
// prettier-ignore
const SPEC_RANGES: readonly [number, number][] = [
  [1, 8], [2, 5], [3, 5], [4, 3], [5, 3], [8, 2], [9, 2], [10, 1], [11, 2], [12, 3], [13, 1],
  [16, 2], [17, 3], [18, 1], [19, 1], [20, 1], [21, 1], [22, 1], [23, 1], [24, 1], [25, 2],
  [26, 3], [27, 1], [28, 1],
];

describe('approval type catalogue', () => {
  it('holds exactly the codes of 000 §3, once each', () => {
    const expected = SPEC_RANGES.flatMap(([g, n]) =>
      Array.from({ length: n }, (_, i) => `${g}_${i + 1}`),
    );
    expect(APPROVAL_TYPE_CATALOGUE.map((t) => t.code)).toEqual(expected);
    expect([...APPROVAL_TYPE_CODES]).toEqual(expected);
    expect(new Set(expected).size).toBe(expected.length);
  });

  it('splits each code into group and variant and names it in Chinese', () => {
    for (const t of APPROVAL_TYPE_CATALOGUE) {
      expect(t.code).toBe(`${t.group}_${t.variant}`);
      expect(t.name).toMatch(/[\u4e00-\u9fff]/);
      expect(TEMPLATE_KINDS).toContain(t.kind);
    }
    expect(approvalTypeInfo('11_1').name).toBe('结算审核');
    expect(approvalTypeInfo('11_2').name).toBe('结案审核');
    expect(approvalTypeInfo('25_1')).toMatchObject({ name: '技术章', kind: 'Seal' });
    expect(approvalTypeInfo('23_1')).toMatchObject({ name: '开票申请', kind: 'Invoice' });
    expect(approvalTypeInfo('27_1')).toMatchObject({
      name: '调档承诺书',
      kind: 'ArchivesApproval',
    });
    expect(approvalTypeInfo('28_1')).toMatchObject({ name: '合同变更', kind: 'ContractChange' });
  });

  it('creates every kind through at least one code', () => {
    for (const kind of TEMPLATE_KINDS) expect(approvalTypesOfKind(kind).length).toBeGreaterThan(0);
  });

  it('recognises codes and labels shared names by their place', () => {
    expect(isApprovalTypeCode('1_8')).toBe(true);
    expect(isApprovalTypeCode('1_9')).toBe(false);
    expect(isApprovalTypeCode('6_1')).toBe(false);
    expect(approvalTypeLabel('23_1')).toBe('开票申请');
    expect(approvalTypeLabel('1_2')).toBe('合同评审单（二）');
    // Codes of two groups that share a name count on across both: 5_1..5_3, then 16_1.
    expect(approvalTypeLabel('16_1')).toBe('付款合同（四）');
    expect(approvalTypeLabel('26_1')).toBe('资金执行单（三）');
    expect(approvalTypeLabel('nope')).toBe('nope');
  });

  it('gives every code its own label, none of them showing a code', () => {
    const labels = APPROVAL_TYPE_CATALOGUE.map((t) => approvalTypeLabel(t.code));
    expect(new Set(labels).size).toBe(APPROVAL_TYPE_CATALOGUE.length);
    for (const label of labels) expect(label).not.toMatch(/\d_\d/);
  });
});

describe('template kinds', () => {
  it('has add for every kind and update for all but ArchivesApproval', () => {
    expect(TEMPLATE_KIND_CATALOGUE).toHaveLength(11);
    for (const k of TEMPLATE_KIND_CATALOGUE) {
      expect(k.addPath).toBe(`/project/approval/add${k.kind}Template`);
      expect(k.hasUpdate).toBe(k.kind !== 'ArchivesApproval');
      expect(k.updatePath).toBe(
        k.hasUpdate ? `/project/approval/update${k.kind}Template` : undefined,
      );
    }
    expect(templateKindInfo('ArchivesApproval').hasUpdate).toBe(false);
  });
});
