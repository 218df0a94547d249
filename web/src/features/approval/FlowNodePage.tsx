import {
  FLOW_ACTOR_KIND_LABELS as ACTOR_LABELS,
  SELF_APPROVAL_HANDLING_LABELS,
  approvalFormFieldLabel,
  nodeConditionText,
  nodeFallbackLabel,
  type ApprovalFlowNode,
} from '@dpms/core';
import { errorMessage } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { DataTable, type Column } from '../../components/table/DataTable';
import { Button } from '../../components/ui/Button';
import { PageCard, SearchField } from '../../components/ui/Page';
import { useCrudDialog as useCrud } from '../../components/crud/useCrudDialog';
import { useUserChoices } from './ApprovalDetailParts';
import { NodeFormDialog } from './FlowFormDialogs';
import { TYPE_OPTIONS } from './flow-options';
import { RowActions } from '../../components/table/RowActions';

/** Role keys and user ids by the names people know them by (the key or id where unknown). */
function useActorNames() {
  const users = useService(TOKENS.UserGateway);
  const roles = useQuery({
    queryKey: ['userFormOptions'],
    queryFn: () => users.get(''),
    staleTime: 300_000,
  });
  const people = useUserChoices(true);
  return useMemo(() => {
    const roleNames = new Map((roles.data?.roles ?? []).map((r) => [r.roleKey, r.roleName]));
    const userNames = new Map((people.data ?? []).map((u) => [u.userId, u.nickName]));
    return {
      role: (key: string | null | undefined) => (key ? (roleNames.get(key) ?? key) : ''),
      users: (ids: readonly (string | number)[]) =>
        ids.map((id) => userNames.get(String(id)) ?? String(id)).join('、'),
    };
  }, [roles.data, people.data]);
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
  // The node dialog: null closed, {} adding, {node} editing.
  const [editing, setEditing] = useState<{ node?: ApprovalFlowNode } | null>(null);
  const move = async (nodeId: number, direction: 'up' | 'down') => {
    try {
      await gateway.moveNode(nodeId, direction);
      refetch();
    } catch (e) {
      feedback.error(errorMessage(e));
    }
  };
  const rows = nodes.data?.nodes ?? [];
  const names = useActorNames();
  const columns: Column<ApprovalFlowNode>[] = [
    { key: 'nodeName', title: '节点名称' },
    { key: 'actorKind', title: '审批人', render: (n) => ACTOR_LABELS[n.actorKind] },
    {
      key: 'actor',
      title: '审批人设置',
      render: (n) =>
        n.actorKind === 'role'
          ? names.role(n.roleKey)
          : n.actorKind === 'users'
            ? names.users(n.userIds)
            : n.actorKind === 'formPerson' || n.actorKind === 'formDeptHead'
              ? n.formField
                ? approvalFormFieldLabel(typeCode, n.formField)
                : ''
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
          ? `${n.conditionEffect === 'add' ? '满足时加入' : '满足时跳过'}：${nodeConditionText(n.condition, typeCode)}`
          : '始终',
    },
    {
      key: 'fallback',
      title: '节点无审批人时',
      render: (n) =>
        n.fallback == null
          ? '拒绝提交'
          : n.fallback.kind === 'users'
            ? `${nodeFallbackLabel(n.fallback)}（${names.users(n.fallback.userIds)}）`
            : n.fallback.kind === 'role'
              ? `角色（${names.role(n.fallback.roleKey)}）`
              : nodeFallbackLabel(n.fallback),
    },
    {
      key: 'selfApproval',
      title: '拟稿人为审批人时',
      render: (n) => SELF_APPROVAL_HANDLING_LABELS[n.selfApproval],
    },
    {
      key: 'actions',
      title: '操作',
      render: (n, i) => (
        <RowActions>
          <HasPermi perms={['approval:node:edit']}>
            <Button size="sm" variant="text" onClick={() => setEditing({ node: n })}>
              修改
            </Button>
          </HasPermi>
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
          <HasPermi perms={['approval:node:remove']}>
            <Button
              size="sm"
              variant="text"
              className="text-danger-600!"
              onClick={() =>
                void crud.remove(`节点"${n.nodeName}"`, (idempotencyKey) =>
                  gateway.removeNode(n.nodeId, { idempotencyKey }),
                )
              }
            >
              删除
            </Button>
          </HasPermi>
        </RowActions>
      ),
    },
  ];
  return (
    <PageCard
      title="节点配置"
      actions={
        <HasPermi perms={['approval:node:add']}>
          <Button variant="primary" disabled={flowId === undefined} onClick={() => setEditing({})}>
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
      {editing && flowId !== undefined && (
        <NodeFormDialog
          flowId={flowId}
          node={editing.node}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            crud.saved();
          }}
        />
      )}
    </PageCard>
  );
}
