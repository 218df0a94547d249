import type { ApprovalTypeCode } from './approval-type-catalogue.js';
import {
  applyNodeRules,
  evaluateNodeCondition,
  type FlowNodeDefinition,
  type NodeRule,
} from './node-condition.js';
import { COMPANY_SEAL_VALUE } from './template-options.js';
import type { TemplateContent } from './template.js';

/**
 * The general manager step the 25_1 rule appends. Its role key is the seed's 总经理 role (zjl);
 * its node id is the rule's own, so removing it never touches a configured node.
 */
export const SEAL_GENERAL_MANAGER_NODE: FlowNodeDefinition = {
  nodeId: 'seal-general-manager',
  nodeName: '总经理',
  mode: 'or',
  approver: { kind: 'role', roleKey: 'zjl' },
};

/**
 * 000 §4 / 001 §4: for template 25_1, choosing a seal type that contains the company-seal value
 * appends a general manager approval step; choosing otherwise removes it. Appended at the end:
 * the general manager signs last, after the technical checks of the seal request.
 */
export const SEAL_GENERAL_MANAGER_RULE: NodeRule = {
  id: 'seal-25_1-company-seal-general-manager',
  typeCodes: ['25_1'],
  when: { kind: 'contains', refname: 'sealType', value: COMPANY_SEAL_VALUE },
  effect: 'add',
  node: SEAL_GENERAL_MANAGER_NODE,
  position: { at: 'end' },
};

/** The rules core knows of; the server adds those configured under /approval/node. */
export const BUILT_IN_NODE_RULES: readonly NodeRule[] = [SEAL_GENERAL_MANAGER_RULE];

/** True when the seal selection includes the company seal. */
export const sealSelectionNeedsGeneralManager = (content: TemplateContent): boolean =>
  evaluateNodeCondition(SEAL_GENERAL_MANAGER_RULE.when, content);

/**
 * The 25_1 rule alone, for the form's live preview of its flow: the general manager step is
 * there exactly once when the seal type includes the company seal, and absent otherwise. Other
 * type codes pass through unchanged.
 */
export const applySealGeneralManagerRule = (
  nodes: readonly FlowNodeDefinition[],
  content: TemplateContent,
  typeCode: ApprovalTypeCode = '25_1',
): readonly FlowNodeDefinition[] =>
  applyNodeRules(nodes, [SEAL_GENERAL_MANAGER_RULE], typeCode, content);
