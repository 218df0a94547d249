import {
  SELF_APPROVAL_HANDLINGS,
  SELF_APPROVAL_HANDLING_LABELS,
  defaultSelfApprovalHandling,
  type ApprovalFlowNode,
  type SelfApprovalHandling,
  type NodeCondition,
} from '@dpms/core';
import type { FlowNodeInput } from '@dpms/http-client';
import { errorMessage } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { DataTable, type Column } from '../../components/table/DataTable';
import { Button } from '../../components/ui/Button';
import { PageCard, SearchField } from '../../components/ui/Page';
import { FormDialog, type FormValues } from '../../components/widgets/FormDialog';
import { useCrudDialog as useCrud } from '../../components/crud/useCrudDialog';
import { TYPE_OPTIONS } from './flow-options';

const ACTOR_LABELS: Record<ApprovalFlowNode['actorKind'], string> = {
  role: '角色',
  users: '指定用户',
  drafterDeptHead: '拟稿人部门负责人',
  formPerson: '表单选择的人员',
};

/** A node's condition in words. */
export function conditionText(c: NodeCondition | null): string {
  if (c === null) return '';
  switch (c.kind) {
    case 'contains':
      return `${c.refname} 包含 ${c.value}`;
    case 'amount': {
      const op = { gt: '>', gte: '≥', lt: '<', lte: '≤', eq: '=' }[c.op];
      return `${c.refname} ${op} ${c.threshold} 万元`;
    }
    case 'all':
      return c.conditions.map(conditionText).join(' 且 ');
    case 'any':
      return c.conditions.map(conditionText).join(' 或 ');
    case 'not':
      return `非（${conditionText(c.condition)}）`;
  }
}

/** The node form's strings as the node call's body. */
export function nodeBody(v: FormValues): FlowNodeInput {
  const kind = (v['actorKind'] ?? 'role') as FlowNodeInput['actorKind'];
  const condKind = v['conditionKind'] ?? '';
  const refname = (v['conditionField'] ?? '').trim();
  const condition: NodeCondition | null =
    condKind === 'contains'
      ? { kind: 'contains', refname, value: (v['conditionValue'] ?? '').trim() }
      : condKind === 'amount'
        ? {
            kind: 'amount',
            refname,
            op: (v['conditionOp'] ?? 'gte') as 'gte',
            threshold: (v['conditionValue'] ?? '').trim(),
          }
        : null;
  return {
    nodeName: v['nodeName'] ?? '',
    actorKind: kind,
    roleKey: kind === 'role' ? (v['roleKey'] ?? '') : null,
    userIds:
      kind === 'users'
        ? (v['userIds'] ?? '')
            .split(/[,，\s]+/)
            .map((x) => x.trim())
            .filter(Boolean)
        : [],
    formField: kind === 'formPerson' ? (v['formField'] ?? '') : null,
    mode: (v['mode'] ?? 'or') as 'or' | 'all',
    condition,
    conditionEffect: (v['conditionEffect'] ?? 'add') as 'add' | 'skip',
    // Left empty on a new node: the server gives the kind's default.
    ...(isHandling(v['selfApproval']) ? { selfApproval: v['selfApproval'] } : {}),
  };
}

const isHandling = (v: string | undefined): v is SelfApprovalHandling =>
  (SELF_APPROVAL_HANDLINGS as readonly string[]).includes(v ?? '');

/** The separation-of-duties choices of the node form, in the spec's words. */
export const SELF_APPROVAL_OPTIONS = SELF_APPROVAL_HANDLINGS.map((value) => ({
  value,
  label: SELF_APPROVAL_HANDLING_LABELS[value],
}));

function nodeValues(n: ApprovalFlowNode): FormValues {
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
  };
}

/** 节点配置: the nodes of one type's flow, in order, with who acts, how, and when. */
export function ApprovalNodePage() {
  const gateway = useService(TOKENS.ApprovalGateway);
  const feedback = useService(TOKENS.Feedback);
  const [typeCode, setTypeCode] = useState<string>('1_1');
  const flows = useQuery({
    queryKey: ['approval-flow-of', typeCode],
    queryFn: () => gateway.flows({ typeCode }),
  });
  const flowId = flows.data?.rows[0]?.flowId;
  const nodes = useQuery({
    queryKey: ['approval-nodes', flowId],
    enabled: flowId !== undefined,
    queryFn: () => gateway.nodes(flowId ?? 0),
  });
  const refetch = () => void nodes.refetch();
  const crud = useCrud(refetch);
  const move = async (nodeId: number, direction: 'up' | 'down') => {
    try {
      await gateway.moveNode(nodeId, direction);
      refetch();
    } catch (e) {
      feedback.error(errorMessage(e));
    }
  };
  const rows = nodes.data?.nodes ?? [];
  const columns: Column<ApprovalFlowNode>[] = [
    { key: 'nodeName', title: '节点名称' },
    { key: 'actorKind', title: '审批人', render: (n) => ACTOR_LABELS[n.actorKind] },
    {
      key: 'actor',
      title: '审批人设置',
      render: (n) =>
        n.actorKind === 'role'
          ? (n.roleKey ?? '')
          : n.actorKind === 'users'
            ? n.userIds.join(',')
            : n.actorKind === 'formPerson'
              ? (n.formField ?? '')
              : '-',
    },
    {
      key: 'mode',
      title: '方式',
      render: (n) => (n.mode === 'all' ? '会签（全部）' : '或签（任一）'),
    },
    {
      key: 'condition',
      title: '条件',
      render: (n) =>
        n.condition
          ? `${n.conditionEffect === 'add' ? '满足时加入' : '满足时跳过'}：${conditionText(n.condition)}`
          : '始终',
    },
    {
      key: 'selfApproval',
      title: '拟稿人为审批人时',
      render: (n) => SELF_APPROVAL_HANDLING_LABELS[n.selfApproval],
    },
    {
      key: 'ops',
      title: '操作',
      render: (n, i) => (
        <div className="flex gap-1">
          <HasPermi perms={['approval:node:move']}>
            <Button
              size="sm"
              variant="text"
              disabled={i === 0}
              onClick={() => void move(n.nodeId, 'up')}
            >
              上移
            </Button>
            <Button
              size="sm"
              variant="text"
              disabled={i === rows.length - 1}
              onClick={() => void move(n.nodeId, 'down')}
            >
              下移
            </Button>
          </HasPermi>
          <HasPermi perms={['approval:node:edit']}>
            <Button
              size="sm"
              variant="text"
              onClick={() => crud.openEdit('修改节点', n.nodeId, nodeValues(n))}
            >
              修改
            </Button>
          </HasPermi>
          <HasPermi perms={['approval:node:remove']}>
            <Button
              size="sm"
              variant="text"
              className="text-danger-600!"
              onClick={() =>
                void crud.remove(`节点"${n.nodeName}"`, () => gateway.removeNode(n.nodeId))
              }
            >
              删除
            </Button>
          </HasPermi>
        </div>
      ),
    },
  ];
  return (
    <PageCard
      title="节点配置"
      actions={
        <HasPermi perms={['approval:node:add']}>
          <Button
            variant="primary"
            disabled={flowId === undefined}
            onClick={() =>
              crud.openAdd('新增节点', { actorKind: 'role', mode: 'or', conditionEffect: 'add' })
            }
          >
            新增节点
          </Button>
        </HasPermi>
      }
    >
      <div className="mb-4 flex flex-wrap items-end gap-4">
        <SearchField label="审批类型">
          <select
            className="input"
            aria-label="审批类型"
            value={typeCode}
            onChange={(e) => setTypeCode(e.target.value)}
          >
            {TYPE_OPTIONS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </SearchField>
        <p className="pb-2 text-sm text-ink-soft">
          {flows.data && flowId === undefined
            ? '该审批类型没有审批流程，请先在流程配置中新增。'
            : (nodes.data?.flow.flowName ?? '')}
        </p>
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey="nodeId"
        loading={nodes.isFetching}
        error={flows.error ?? nodes.error ?? undefined}
      />
      {crud.editing && (
        <FormDialog
          open
          width={640}
          title={crud.editing.title}
          initial={crud.editing.initial}
          onClose={crud.close}
          fields={[
            { key: 'nodeName', label: '节点名称', required: true, maxLength: 50 },
            {
              key: 'actorKind',
              label: '审批人类型',
              type: 'select',
              required: true,
              options: Object.entries(ACTOR_LABELS).map(([value, label]) => ({ value, label })),
            },
            { key: 'roleKey', label: '角色权限字符', placeholder: '审批人类型为角色时填写，如 cw' },
            { key: 'userIds', label: '用户编号', placeholder: '指定用户时填写，多个用逗号分隔' },
            { key: 'formField', label: '表单字段', placeholder: '表单人员时填写，如 designUserId' },
            {
              key: 'mode',
              label: '审批方式',
              type: 'radio',
              options: [
                { value: 'or', label: '或签（任一人）' },
                { value: 'all', label: '会签（全部人）' },
              ],
            },
            {
              key: 'conditionKind',
              label: '条件',
              type: 'select',
              options: [
                { value: '', label: '无（始终参与）' },
                { value: 'contains', label: '字段包含某值' },
                { value: 'amount', label: '金额比较' },
              ],
            },
            { key: 'conditionField', label: '条件字段', placeholder: '如 sealType、totalAmount' },
            {
              key: 'conditionOp',
              label: '比较方式',
              type: 'select',
              options: [
                { value: 'gte', label: '≥' },
                { value: 'gt', label: '>' },
                { value: 'lte', label: '≤' },
                { value: 'lt', label: '<' },
                { value: 'eq', label: '=' },
              ],
            },
            { key: 'conditionValue', label: '条件值', placeholder: '包含的值，或金额阈值（万元）' },
            {
              key: 'conditionEffect',
              label: '条件成立时',
              type: 'radio',
              options: [
                { value: 'add', label: '加入该节点' },
                { value: 'skip', label: '跳过该节点' },
              ],
            },
            {
              // Nobody approves their own approval: what the node does when it falls to the drafter.
              key: 'selfApproval',
              label: '拟稿人为审批人时',
              type: 'select',
              options: [
                ...(crud.editing.id === undefined
                  ? [
                      {
                        value: '',
                        label: `按审批人类型默认（部门负责人：${SELF_APPROVAL_HANDLING_LABELS[defaultSelfApprovalHandling('drafterDeptHead')]}；其他：${SELF_APPROVAL_HANDLING_LABELS[defaultSelfApprovalHandling('role')]}）`,
                      },
                    ]
                  : []),
                ...SELF_APPROVAL_OPTIONS,
              ],
            },
          ]}
          onSubmit={async (v) => {
            const body = nodeBody(v);
            if (crud.editing?.id === undefined)
              await gateway.addNode({ ...body, flowId: flowId ?? 0 });
            else await gateway.updateNode({ ...body, nodeId: crud.editing.id });
            crud.saved();
          }}
        />
      )}
    </PageCard>
  );
}
