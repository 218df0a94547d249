import {
  APPROVAL_TYPE_CATALOGUE,
  approvalTypeLabel,
  SEAL_GENERAL_MANAGER_RULE,
  defaultSelfApprovalHandling,
  type ApprovalTypeCode,
  type FlowActorKind,
  type NodeCondition,
} from '@dpms/core';
import type { Transaction } from 'kysely';
import type { Database } from '../database/schema.js';

/**
 * The seeded approval flows: one per type code of core's catalogue, with nodes taken from the roles
 * the spec names for each form (000 §6): business dept (xs_jybfzr), finance (cw), operations (yy),
 * general affairs (zhswb), technical lead (jsfzr), general manager (zjl), design host and project
 * manager (the person chosen on the form), department head (the drafter's, or for fund plans the plan's department's), chief engineer (zgcs),
 * general business department (zhjyb). Administrators change them under /approval/flow and /node.
 */

type SeedNode =
  | { name: string; role: string; mode?: 'or' | 'all'; when?: NodeCondition }
  | { name: string; deptHead: true; when?: NodeCondition }
  | { name: string; formField: string; fallback?: 'drafterDeptHead'; when?: NodeCondition }
  | { name: string; deptHeadOf: string; when?: NodeCondition };

const deptHead = (when?: NodeCondition): SeedNode => ({
  name: '部门负责人',
  deptHead: true,
  ...(when ? { when } : {}),
});
/** The head of the department the form names (a fund plan's own department, not the drafter's). */
const formDeptHead: SeedNode = { name: '部门负责人', deptHeadOf: 'applyDeptId' };
const role = (name: string, key: string, when?: NodeCondition): SeedNode => ({
  name,
  role: key,
  ...(when ? { when } : {}),
});
const business = role('经营部', 'xs_jybfzr');
const finance = role('财务部', 'cw');
const operations = role('运营部', 'yy');
const affairs = role('综合事务部', 'zhswb');
const techLead = role('技术负责人', 'jsfzr');
const chiefEngineer = role('总工程师', 'zgcs');
const generalBusiness = role('综合经营部', 'zhjyb');
const generalManager = role('总经理', 'zjl');
const designHost: SeedNode = { name: '设计主持', formField: 'designUserId' };
const projectManager: SeedNode = { name: '项目经理', formField: 'projectManagerId' };
/**
 * A settlement's or closing's 项目经理: the contract's design tasks name them; a contract without
 * a design task has none, and its drafter's department head approves instead (shown on the sheet).
 */
const closingProjectManager: SeedNode = { ...projectManager, fallback: 'drafterDeptHead' };

/** 100 万元 and more brings the general manager in (contract review, payments). */
const amountAtLeast = (refname: string, threshold: string): NodeCondition => ({
  kind: 'amount',
  refname,
  op: 'gte',
  threshold,
});
const bigContractManager = role('总经理', 'zjl', amountAtLeast('totalAmount', '100'));
const bigPaymentManager = role('总经理', 'zjl', amountAtLeast('payAmount', '100'));
/** 25_1: the 25_1 company-seal rule of core, stored as the node's condition. */
const sealManager = role(
  SEAL_GENERAL_MANAGER_RULE.effect === 'add' ? SEAL_GENERAL_MANAGER_RULE.node.nodeName : '总经理',
  'zjl',
  SEAL_GENERAL_MANAGER_RULE.when,
);

const BY_GROUP: Readonly<Record<number, readonly SeedNode[]>> = {
  1: [deptHead(), business, finance, bigContractManager],
  2: [deptHead(), business, operations],
  3: [projectManager, designHost, deptHead()],
  4: [projectManager, deptHead(), operations],
  5: [deptHead(), business, finance, bigContractManager],
  8: [formDeptHead, operations, finance, bigPaymentManager],
  9: [formDeptHead, operations, finance, bigPaymentManager],
  10: [deptHead(), finance, generalManager],
  11: [closingProjectManager, business, finance],
  12: [deptHead(), business, operations],
  13: [designHost, techLead, affairs],
  16: [business, affairs],
  17: [chiefEngineer, techLead, generalBusiness],
  18: [techLead, chiefEngineer],
  19: [deptHead(), affairs, generalManager],
  20: [deptHead(), operations, finance],
  21: [deptHead(), affairs, generalManager],
  22: [deptHead()],
  23: [business, finance],
  24: [deptHead(), business, finance, bigContractManager],
  25: [deptHead(), techLead, affairs],
  26: [formDeptHead, operations, finance, bigPaymentManager],
  27: [deptHead(), affairs],
  28: [deptHead(), business, generalManager],
};

export function seedFlowNodes(code: ApprovalTypeCode): readonly SeedNode[] {
  const group = Number(code.split('_')[0]);
  const nodes = BY_GROUP[group] ?? [deptHead()];
  return code === '25_1' ? [...nodes, sealManager] : nodes;
}

/** Inserts the flows of every type code that has none yet. */
export async function seedApprovalFlows(trx: Transaction<Database>): Promise<number> {
  let created = 0;
  for (const t of APPROVAL_TYPE_CATALOGUE) {
    const flow = await trx
      .insertInto('approval_flow')
      .values({
        type_code: t.code,
        flow_name: `${approvalTypeLabel(t.code)}审批流程`,
        create_by: 'seed',
      })
      .onConflict((oc) => oc.column('type_code').doNothing())
      .returning('flow_id')
      .executeTakeFirst();
    if (flow === undefined) continue;
    created += 1;
    const nodes = seedFlowNodes(t.code);
    const kindOf = (n: SeedNode): FlowActorKind =>
      'role' in n
        ? 'role'
        : 'deptHead' in n
          ? 'drafterDeptHead'
          : 'deptHeadOf' in n
            ? 'formDeptHead'
            : 'formPerson';
    await trx
      .insertInto('approval_flow_node')
      .values(
        nodes.map((n, i) => ({
          flow_id: flow.flow_id,
          node_name: n.name,
          order_num: i + 1,
          actor_kind: kindOf(n),
          role_key: 'role' in n ? n.role : null,
          user_ids: '[]',
          form_field: 'formField' in n ? n.formField : 'deptHeadOf' in n ? n.deptHeadOf : null,
          mode: 'role' in n ? (n.mode ?? 'or') : 'or',
          condition: n.when === undefined ? null : JSON.stringify(n.when),
          condition_effect: 'add' as const,
          fallback: 'fallback' in n && n.fallback ? JSON.stringify({ kind: n.fallback }) : null,
          // Separation of duties: each kind's default (department head escalates, others others).
          self_approval: defaultSelfApprovalHandling(kindOf(n)),
        })),
      )
      .execute();
  }
  return created;
}
