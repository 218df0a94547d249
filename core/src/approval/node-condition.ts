import { compareAmounts, isAmountString } from '../money/amount.js';
import type { ApprovalUserId, SignMode } from './approval-state-machine.js';
import type { ApprovalTypeCode } from './approval-type-catalogue.js';
import type { TemplateContent } from './template.js';
import { contentChoiceValues } from './template-validation.js';

/**
 * Flow nodes as configured (/approval/flow, /approval/node) and the conditions that add or skip
 * them (DESIGN §5b). The server's flow engine evaluates them on the form's content when the
 * approval is submitted or resubmitted, then resolves each node's approver into users
 * (ApprovalNodeAssignment).
 */

/** Who acts at a node. */
export type NodeApprover =
  | { readonly kind: 'role'; readonly roleKey: string }
  | { readonly kind: 'users'; readonly userIds: readonly ApprovalUserId[] }
  | { readonly kind: 'drafterDeptHead' }
  /** A person chosen on the form (design host, project manager), by the field's refname. */
  | { readonly kind: 'formField'; readonly refname: string };

export interface FlowNodeDefinition {
  readonly nodeId: string;
  readonly nodeName: string;
  readonly mode: SignMode;
  readonly approver: NodeApprover;
}

export type AmountComparison = 'gt' | 'gte' | 'lt' | 'lte' | 'eq';

/** A condition on the form's content. */
export type NodeCondition =
  /** The field's choice(s) include `value`: a multi-select holds it, a single choice equals it. */
  | { readonly kind: 'contains'; readonly refname: string; readonly value: string }
  /** The field is an amount that compares to `threshold` (decimal strings, never floats). */
  | {
      readonly kind: 'amount';
      readonly refname: string;
      readonly op: AmountComparison;
      readonly threshold: string;
    }
  | { readonly kind: 'all'; readonly conditions: readonly NodeCondition[] }
  | { readonly kind: 'any'; readonly conditions: readonly NodeCondition[] }
  | { readonly kind: 'not'; readonly condition: NodeCondition };

/** Where an added node goes: at the end of the flow, or right after a named node. */
export type NodePosition = { readonly at: 'end' } | { readonly after: string };

export type NodeRule =
  | {
      readonly id: string;
      /** The approval types the rule applies to. */
      readonly typeCodes: readonly ApprovalTypeCode[];
      readonly when: NodeCondition;
      /**
       * Add `node` while the condition holds; remove it while it does not, so re-evaluating
       * after the drafter changes a choice undoes the addition. The rule owns its node's id.
       */
      readonly effect: 'add';
      readonly node: FlowNodeDefinition;
      readonly position: NodePosition;
    }
  | {
      readonly id: string;
      readonly typeCodes: readonly ApprovalTypeCode[];
      readonly when: NodeCondition;
      /** Skip the configured node `nodeId` while the condition holds. */
      readonly effect: 'skip';
      readonly nodeId: string;
    };

/**
 * "Contains" is membership in the field's choices, not a substring test: seal type values are
 * codes ('1' is the company seal) and '1' must not be found inside '10'.
 */
function fieldChoices(content: TemplateContent, refname: string): readonly string[] {
  const entry = content[refname];
  if (entry === undefined) return [];
  const fromValue = contentChoiceValues(entry.value);
  return entry.selectValue === undefined || entry.selectValue.trim() === ''
    ? fromValue
    : [...fromValue, entry.selectValue.trim()];
}

/** Evaluates a condition on the content. A missing or non-amount value compares as false. */
export function evaluateNodeCondition(condition: NodeCondition, content: TemplateContent): boolean {
  switch (condition.kind) {
    case 'contains':
      return fieldChoices(content, condition.refname).includes(condition.value);
    case 'amount': {
      const raw = content[condition.refname]?.value;
      if (typeof raw !== 'string' || raw.trim() === '' || !isAmountString(raw)) return false;
      const c = compareAmounts(raw, condition.threshold);
      switch (condition.op) {
        case 'gt':
          return c > 0;
        case 'gte':
          return c >= 0;
        case 'lt':
          return c < 0;
        case 'lte':
          return c <= 0;
        case 'eq':
          return c === 0;
      }
      return false;
    }
    case 'all':
      return condition.conditions.every((c) => evaluateNodeCondition(c, content));
    case 'any':
      return condition.conditions.some((c) => evaluateNodeCondition(c, content));
    case 'not':
      return !evaluateNodeCondition(condition.condition, content);
  }
}

function insertAt(
  nodes: readonly FlowNodeDefinition[],
  node: FlowNodeDefinition,
  position: NodePosition,
): FlowNodeDefinition[] {
  if ('after' in position) {
    const i = nodes.findIndex((n) => n.nodeId === position.after);
    // An anchor that is absent (skipped, or not configured) puts the node at the end.
    if (i >= 0) return [...nodes.slice(0, i + 1), node, ...nodes.slice(i + 1)];
  }
  return [...nodes, node];
}

/**
 * The flow after the rules that apply to `typeCode`: skip rules first, then add rules in rule
 * order. Idempotent (applying the rules to their own result changes nothing) and an added node
 * appears at most once however often the rules run or whatever the input held. Skips go first
 * so that an add anchored after a skipped node lands in the same place on every run; for the
 * same reason an add's anchor must be a configured node, not another rule's added node.
 */
export function applyNodeRules(
  nodes: readonly FlowNodeDefinition[],
  rules: readonly NodeRule[],
  typeCode: ApprovalTypeCode,
  content: TemplateContent,
): readonly FlowNodeDefinition[] {
  const applicable = rules.filter((r) => r.typeCodes.includes(typeCode));
  let out: readonly FlowNodeDefinition[] = nodes;
  for (const rule of applicable) {
    if (rule.effect === 'skip' && evaluateNodeCondition(rule.when, content)) {
      out = out.filter((n) => n.nodeId !== rule.nodeId);
    }
  }
  for (const rule of applicable) {
    if (rule.effect !== 'add') continue;
    const without = out.filter((n) => n.nodeId !== rule.node.nodeId);
    out = evaluateNodeCondition(rule.when, content)
      ? insertAt(without, rule.node, rule.position)
      : without;
  }
  return out;
}
