import {
  SELF_APPROVAL_HANDLINGS,
  type ApprovalFlowNode,
  type NodeCondition,
  type SelfApprovalHandling,
} from '@dpms/core';
import type { FlowNodeInput } from '@dpms/http-client';

/* The node form's values: from a stored node, and as the node call's body. */

export interface NodeFormValues {
  nodeName: string;
  actorKind: string;
  roleKey: string;
  userIds: string;
  formField: string;
  mode: string;
  conditionKind: string;
  conditionField: string;
  conditionOp: string;
  conditionValue: string;
  conditionEffect: string;
  selfApproval: string;
  fallback: string;
}

/** A role or users fallback (set through the API) is kept as it is: the form offers no editor. */
export const FALLBACK_OPTIONS = (node?: ApprovalFlowNode): [string, string][] => [
  ['', '拒绝提交并提示填写'],
  ['drafterDeptHead', '改由拟稿人部门负责人审批'],
  ...(node?.fallback != null && node.fallback.kind !== 'drafterDeptHead'
    ? [['keep', '保持已配置的备用审批人'] as [string, string]]
    : []),
];

const isHandling = (v: string | undefined): v is SelfApprovalHandling =>
  (SELF_APPROVAL_HANDLINGS as readonly string[]).includes(v ?? '');

/** The node form's strings as the node call's body. */
export function nodeBody(v: Partial<NodeFormValues>): FlowNodeInput {
  const kind = (v.actorKind ?? 'role') as FlowNodeInput['actorKind'];
  const condKind = v.conditionKind ?? '';
  const refname = (v.conditionField ?? '').trim();
  const condition: NodeCondition | null =
    condKind === 'contains'
      ? { kind: 'contains', refname, value: (v.conditionValue ?? '').trim() }
      : condKind === 'amount'
        ? {
            kind: 'amount',
            refname,
            op: (v.conditionOp ?? 'gte') as 'gte',
            threshold: (v.conditionValue ?? '').trim(),
          }
        : null;
  return {
    nodeName: v.nodeName ?? '',
    actorKind: kind,
    roleKey: kind === 'role' ? (v.roleKey ?? '') : null,
    userIds:
      kind === 'users'
        ? (v.userIds ?? '')
            .split(/[,，\s]+/)
            .map((x) => x.trim())
            .filter(Boolean)
        : [],
    formField: kind === 'formPerson' || kind === 'formDeptHead' ? (v.formField ?? '') : null,
    mode: (v.mode ?? 'or') as 'or' | 'all',
    condition,
    conditionEffect: (v.conditionEffect ?? 'add') as 'add' | 'skip',
    // Left empty on a new node: the server gives the kind's default.
    ...(isHandling(v.selfApproval) ? { selfApproval: v.selfApproval } : {}),
    ...(v.fallback === undefined || v.fallback === 'keep'
      ? {}
      : { fallback: v.fallback === 'drafterDeptHead' ? { kind: 'drafterDeptHead' } : null }),
  };
}

/** The node form's values of a stored node (for editing). */
export function nodeValues(n: ApprovalFlowNode): NodeFormValues {
  const c = n.condition;
  return {
    nodeName: n.nodeName,
    actorKind: n.actorKind,
    roleKey: n.roleKey ?? '',
    userIds: n.userIds.join(','),
    formField: n.formField ?? '',
    mode: n.mode,
    conditionKind: c?.kind === 'contains' || c?.kind === 'amount' ? c.kind : '',
    conditionField: c?.kind === 'contains' || c?.kind === 'amount' ? c.refname : '',
    conditionOp: c?.kind === 'amount' ? c.op : 'gte',
    conditionValue: c?.kind === 'contains' ? c.value : c?.kind === 'amount' ? c.threshold : '',
    conditionEffect: n.conditionEffect,
    selfApproval: n.selfApproval,
    fallback:
      n.fallback == null ? '' : n.fallback.kind === 'drafterDeptHead' ? n.fallback.kind : 'keep',
  };
}

export const NEW_NODE: NodeFormValues = {
  nodeName: '',
  actorKind: 'role',
  roleKey: '',
  userIds: '',
  formField: '',
  mode: 'or',
  conditionKind: '',
  conditionField: '',
  conditionOp: 'gte',
  conditionValue: '',
  conditionEffect: 'add',
  selfApproval: '',
  fallback: '',
};
