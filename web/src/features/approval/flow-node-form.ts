import {
  SELF_APPROVAL_HANDLINGS,
  type ApprovalFlowNode,
  type NodeCondition,
  type NodeFallback,
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
  /** fallback 'role': the role key whose members take the node. */
  fallbackRoleKey: string;
  /** fallback 'users': the users who take the node, ids separated by commas. */
  fallbackUserIds: string;
}

/** 节点无审批人时 (备用审批人): refuse the submission, or who takes the node instead. */
export const FALLBACK_OPTIONS: [string, string][] = [
  ['', '拒绝提交并提示填写'],
  ['drafterDeptHead', '改由拟稿人部门负责人审批'],
  ['role', '改由指定角色审批'],
  ['users', '改由指定用户审批'],
];

const idList = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/[,，\s]+/)
    .map((x) => x.trim())
    .filter(Boolean);

/** The form's fallback choice as the node call's (null: refuse the submission). */
function fallbackOf(v: Partial<NodeFormValues>): NodeFallback | null {
  switch (v.fallback) {
    case 'drafterDeptHead':
      return { kind: 'drafterDeptHead' };
    case 'role':
      return { kind: 'role', roleKey: (v.fallbackRoleKey ?? '').trim() };
    case 'users':
      return { kind: 'users', userIds: idList(v.fallbackUserIds) };
    default:
      return null;
  }
}

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
    userIds: kind === 'users' ? idList(v.userIds) : [],
    formField: kind === 'formPerson' || kind === 'formDeptHead' ? (v.formField ?? '') : null,
    mode: (v.mode ?? 'or') as 'or' | 'all',
    condition,
    conditionEffect: (v.conditionEffect ?? 'add') as 'add' | 'skip',
    // Left empty on a new node: the server gives the kind's default.
    ...(isHandling(v.selfApproval) ? { selfApproval: v.selfApproval } : {}),
    ...(v.fallback === undefined ? {} : { fallback: fallbackOf(v) }),
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
    fallback: n.fallback?.kind ?? '',
    fallbackRoleKey: n.fallback?.kind === 'role' ? n.fallback.roleKey : '',
    fallbackUserIds: n.fallback?.kind === 'users' ? n.fallback.userIds.join(',') : '',
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
  fallbackRoleKey: '',
  fallbackUserIds: '',
};
