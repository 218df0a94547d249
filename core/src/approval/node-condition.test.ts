import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  applyNodeRules,
  evaluateNodeCondition,
  type FlowNodeDefinition,
  type NodeCondition,
  type NodeRule,
} from './node-condition.js';
import {
  SEAL_GENERAL_MANAGER_NODE,
  applySealGeneralManagerRule,
  sealSelectionNeedsGeneralManager,
} from './seal-rule.js';
import { SEAL_TYPE_OPTIONS } from './template-options.js';
import { templateOptionValue, type ContentValue, type TemplateContent } from './template.js';

const node = (nodeId: string, nodeName = nodeId): FlowNodeDefinition => ({
  nodeId,
  nodeName,
  mode: 'or',
  approver: { kind: 'role', roleKey: nodeId },
});
const content = (refname: string, value: ContentValue): TemplateContent => ({
  [refname]: { label: refname, type: 'options', value },
});
const FLOW = [node('dept', '部门负责人'), node('tech', '技术负责人')];
const ids = (ns: readonly FlowNodeDefinition[]) => ns.map((n) => n.nodeId);

describe('evaluateNodeCondition', () => {
  it('contains is membership in the choices, not a substring', () => {
    const c: NodeCondition = { kind: 'contains', refname: 'sealType', value: '1' };
    expect(evaluateNodeCondition(c, content('sealType', ['4', '1']))).toBe(true);
    expect(evaluateNodeCondition(c, content('sealType', '4,1'))).toBe(true);
    expect(evaluateNodeCondition(c, content('sealType', ['10']))).toBe(false);
    expect(evaluateNodeCondition(c, {})).toBe(false);
  });

  it('compares amounts as decimals, and a missing or bad amount as false', () => {
    const gt: NodeCondition = { kind: 'amount', refname: 'payAmount', op: 'gt', threshold: '50' };
    const amt = (v: string): TemplateContent => ({
      payAmount: { label: '付款', type: 'input', value: v },
    });
    expect(evaluateNodeCondition(gt, amt('50.000001'))).toBe(true);
    expect(evaluateNodeCondition(gt, amt('50'))).toBe(false);
    expect(evaluateNodeCondition({ ...gt, op: 'gte' }, amt('50.0'))).toBe(true);
    expect(evaluateNodeCondition({ ...gt, op: 'eq' }, amt('50.00'))).toBe(true);
    expect(evaluateNodeCondition({ ...gt, op: 'lt' }, amt('9.99'))).toBe(true);
    expect(evaluateNodeCondition({ ...gt, op: 'lte' }, amt('51'))).toBe(false);
    expect(evaluateNodeCondition(gt, amt(''))).toBe(false);
    expect(evaluateNodeCondition(gt, amt('很多'))).toBe(false);
    expect(evaluateNodeCondition({ kind: 'not', condition: gt }, amt('很多'))).toBe(true);
  });

  it('combines with all and any', () => {
    const a: NodeCondition = { kind: 'contains', refname: 'x', value: '1' };
    const b: NodeCondition = { kind: 'contains', refname: 'x', value: '2' };
    const c = content('x', ['1']);
    expect(evaluateNodeCondition({ kind: 'all', conditions: [a, b] }, c)).toBe(false);
    expect(evaluateNodeCondition({ kind: 'any', conditions: [a, b] }, c)).toBe(true);
  });
});

describe('applyNodeRules', () => {
  const big: NodeRule = {
    id: 'big',
    typeCodes: ['23_1'],
    when: { kind: 'amount', refname: 'invoiceAmount', op: 'gte', threshold: '100' },
    effect: 'add',
    node: node('finance', '财务部'),
    position: { after: 'dept' },
  };
  const noTech: NodeRule = {
    id: 'noTech',
    typeCodes: ['23_1'],
    when: { kind: 'contains', refname: 'invoicePurpose', value: '1' },
    effect: 'skip',
    nodeId: 'tech',
  };
  const c = (amount: string, purpose: string): TemplateContent => ({
    invoiceAmount: { label: '开票金额', type: 'input', value: amount },
    invoicePurpose: { label: '开票内容', type: 'option', value: purpose },
  });

  it('adds after its anchor and skips while the condition holds, for its types only', () => {
    expect(ids(applyNodeRules(FLOW, [big, noTech], '23_1', c('120', '2')))).toEqual([
      'dept',
      'finance',
      'tech',
    ]);
    expect(ids(applyNodeRules(FLOW, [big, noTech], '23_1', c('20', '1')))).toEqual(['dept']);
    expect(ids(applyNodeRules(FLOW, [big, noTech], '1_1', c('120', '1')))).toEqual([
      'dept',
      'tech',
    ]);
  });
});

describe('the 25_1 rule', () => {
  const seal = (v: ContentValue) => content('sealType', v);

  it('appends the general manager when the seal type includes the company seal', () => {
    const out = applySealGeneralManagerRule(FLOW, seal(['4', '1']));
    expect(ids(out)).toEqual(['dept', 'tech', 'seal-general-manager']);
    expect(out.at(-1)).toEqual(SEAL_GENERAL_MANAGER_NODE);
    expect(out.at(-1)?.nodeName).toBe('总经理');
    expect(sealSelectionNeedsGeneralManager(seal('1'))).toBe(true);
  });

  it('removes it when the choice changes, and leaves other types alone', () => {
    const withGm = applySealGeneralManagerRule(FLOW, seal(['1']));
    expect(ids(applySealGeneralManagerRule(withGm, seal(['4'])))).toEqual(['dept', 'tech']);
    expect(ids(applySealGeneralManagerRule(FLOW, seal(['1']), '25_2'))).toEqual(['dept', 'tech']);
  });

  const sealValues = SEAL_TYPE_OPTIONS.map(templateOptionValue);
  const choiceArb = fc
    .subarray(sealValues)
    .chain((vs) => fc.constantFrom<ContentValue>(vs, vs.join(',')));
  const flowArb = fc
    .uniqueArray(fc.constantFrom('dept', 'tech', 'chief', 'ops', 'seal-general-manager'), {
      maxLength: 5,
    })
    .chain((base) =>
      // Sometimes the input already holds the GM step, even twice (a stale flow).
      fc.constantFrom(base, [...base, 'seal-general-manager', 'seal-general-manager']),
    )
    .map((xs) =>
      xs.map((x) => (x === 'seal-general-manager' ? SEAL_GENERAL_MANAGER_NODE : node(x))),
    );

  it('is idempotent, never yields two GM steps, and has one exactly when the company seal is chosen', () => {
    fc.assert(
      fc.property(flowArb, fc.array(choiceArb, { minLength: 1, maxLength: 5 }), (flow, choices) => {
        let current: readonly FlowNodeDefinition[] = flow;
        for (const choice of choices) {
          const once = applySealGeneralManagerRule(current, seal(choice));
          expect(applySealGeneralManagerRule(once, seal(choice))).toEqual(once);
          const gm = once.filter((n) => n.nodeId === SEAL_GENERAL_MANAGER_NODE.nodeId);
          const chosen = typeof choice === 'string' ? choice.split(',') : choice;
          expect(gm.length).toBe(chosen.includes('1') ? 1 : 0);
          // Every other node keeps its place.
          expect(once.filter((n) => n.nodeId !== SEAL_GENERAL_MANAGER_NODE.nodeId)).toEqual(
            current.filter((n) => n.nodeId !== SEAL_GENERAL_MANAGER_NODE.nodeId),
          );
          current = once;
        }
      }),
    );
  });

  it('generic rules are idempotent when anchors name configured nodes', () => {
    const configured = ['a', 'b', 'c', 'd'];
    const ruleArb: fc.Arbitrary<NodeRule> = fc.oneof(
      fc.record({
        id: fc.constant('r'),
        typeCodes: fc.constant(['22_1' as const]),
        when: fc.constantFrom<NodeCondition>(
          { kind: 'contains', refname: 'k', value: '1' },
          { kind: 'contains', refname: 'k', value: '2' },
        ),
        effect: fc.constant('add' as const),
        node: fc.constantFrom('x', 'y', 'z').map((id) => node(id)),
        position: fc.oneof(
          fc.constant({ at: 'end' as const }),
          fc.constantFrom(...configured).map((after) => ({ after })),
        ),
      }),
      fc.record({
        id: fc.constant('s'),
        typeCodes: fc.constant(['22_1' as const]),
        when: fc.constantFrom<NodeCondition>(
          { kind: 'contains', refname: 'k', value: '1' },
          { kind: 'contains', refname: 'k', value: '3' },
        ),
        effect: fc.constant('skip' as const),
        nodeId: fc.constantFrom(...configured),
      }),
    );
    fc.assert(
      fc.property(fc.array(ruleArb, { maxLength: 6 }), fc.subarray(['1', '2', '3']), (rules, k) => {
        const base = configured.map((id) => node(id));
        const once = applyNodeRules(base, rules, '22_1', content('k', k));
        expect(applyNodeRules(once, rules, '22_1', content('k', k))).toEqual(once);
        expect(new Set(ids(once)).size).toBe(once.length);
      }),
    );
  });
});
