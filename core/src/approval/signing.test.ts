import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ApprovalDetailBO } from './approval-detail.js';
import { computeSignFooter, parseApprovalSignType } from './signing.js';

const detail: ApprovalDetailBO = {
  creatorSignUrl: '/sign/drafter.png',
  approvalNodeList: [
    { nodeId: 'dept', nodeName: '部门负责人', content: '同意', approvalUserSignUrl: '/sign/a.png' },
    { nodeId: 'ops', nodeName: '运营部', content: '', approvalUserSignUrl: '/sign/b.png' },
  ],
  unApprovalList: [
    { nodeId: 'tech', nodeName: '技术负责人' },
    { nodeId: 'gm', nodeName: '总经理' },
  ],
  currentNodeName: '技术负责人',
};

const editable = (signtype: number) =>
  computeSignFooter(signtype, detail)
    .rows.filter((r) => r.editable)
    .map((r) => `${r.kind}:${r.label}`);

describe('computeSignFooter', () => {
  it('shows nothing for signtype 0 or an unknown one', () => {
    expect(computeSignFooter(0, detail)).toEqual({ visible: false, rows: [] });
    expect(computeSignFooter(7, detail).visible).toBe(false);
    expect(computeSignFooter(undefined, detail).visible).toBe(false);
    expect(computeSignFooter('3', detail).visible).toBe(true);
    expect(parseApprovalSignType(' 2 ')).toBe(2);
    expect(parseApprovalSignType('')).toBeUndefined();
  });

  it('starts with the drafter, "同意" by default, with the creator signature', () => {
    const [first] = computeSignFooter(2, detail).rows;
    expect(first).toMatchObject({
      kind: 'drafter',
      label: '拟稿人',
      text: '同意',
      signUrl: '/sign/drafter.png',
      maxLength: 20,
    });
    expect(computeSignFooter(1, detail, '  ').rows[0]?.text).toBe('同意');
    expect(computeSignFooter(1, detail, '已核').rows[0]?.text).toBe('已核');
  });

  it('drafting (1): only the drafter writes; the pending node is read-only', () => {
    expect(editable(1)).toEqual(['drafter:拟稿人']);
    expect(computeSignFooter(1, detail).rows.map((r) => r.kind)).toEqual([
      'drafter',
      'finished',
      'finished',
      'pending',
      'pending',
    ]);
  });

  it('viewing (2): the current node is editable, finished nodes with content are not', () => {
    expect(editable(2)).toEqual(['finished:运营部', 'pending:技术负责人']);
    const rows = computeSignFooter(2, detail).rows;
    expect(rows[1]).toMatchObject({ text: '同意', signUrl: '/sign/a.png', editable: false });
    expect(rows.find((r) => r.label === '技术负责人')?.current).toBe(true);
    expect(rows.some((r) => r.kind === 'opinion')).toBe(false);
  });

  it('approving (3): adds the opinion row labelled with the current node', () => {
    const rows = computeSignFooter(3, detail).rows;
    expect(rows.at(-1)).toMatchObject({
      kind: 'opinion',
      label: '技术负责人',
      editable: true,
      maxLength: 20,
    });
    expect(editable(3)).toEqual(['finished:运营部', 'pending:技术负责人', 'opinion:技术负责人']);
  });

  const detailArb: fc.Arbitrary<ApprovalDetailBO> = fc
    .record({
      creatorSignUrl: fc.option(fc.constant('/s.png'), { nil: null }),
      approvalNodeList: fc.array(
        fc.record({
          nodeId: fc.string(),
          nodeName: fc.constantFrom('甲', '乙', '丙'),
          content: fc.constantFrom('', ' ', '同意', '不同意'),
          approvalUserSignUrl: fc.option(fc.constant('/a.png'), { nil: null }),
        }),
        { maxLength: 4 },
      ),
      unApprovalList: fc.array(
        fc.record({ nodeId: fc.string(), nodeName: fc.constantFrom('甲', '乙', '丙') }),
        { maxLength: 4 },
      ),
    })
    .chain((d) =>
      fc
        .constantFrom('', ...d.unApprovalList.map((n) => n.nodeName))
        .map((currentNodeName) => ({ ...d, currentNodeName })),
    );

  it('holds the reading-mode rules for any detail', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1, max: 4 }), detailArb, (signtype, d) => {
        const footer = computeSignFooter(signtype, d);
        expect(footer.visible).toBe(signtype >= 1 && signtype <= 3);
        if (!footer.visible) return;
        expect(footer.rows[0]?.kind).toBe('drafter');
        expect(footer.rows[0]?.editable).toBe(signtype === 1);
        for (const r of footer.rows) {
          if (r.kind === 'finished' && r.text.trim() !== '') expect(r.editable).toBe(false);
          if (r.kind === 'pending' && r.editable) expect(r.current).toBe(true);
          if (signtype === 1 && r.kind !== 'drafter') expect(r.editable).toBe(false);
        }
        const pendingEditable = footer.rows.filter((r) => r.kind === 'pending' && r.editable);
        expect(pendingEditable.length).toBeLessThanOrEqual(1);
        if (signtype !== 1 && d.currentNodeName !== '') expect(pendingEditable).toHaveLength(1);
        const opinion = footer.rows.filter((r) => r.kind === 'opinion');
        expect(opinion.length).toBe(signtype === 3 ? 1 : 0);
        if (signtype === 3 && d.currentNodeName !== '') {
          expect(opinion[0]?.label).toBe(d.currentNodeName);
        }
      }),
    );
  });
});
