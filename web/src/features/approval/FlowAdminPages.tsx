import type { FlowRow } from '@dpms/http-client';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListQuery } from '../../components/table/useListQuery';
import { Button } from '../../components/ui/Button';
import { PageCard, SearchBar, SearchField, StatusTag } from '../../components/ui/Page';
import { useCrudDialog as useCrud } from '../../components/crud/useCrudDialog';
import { useState } from 'react';
import { FlowFormDialog } from './FlowFormDialogs';
import { TYPE_OPTIONS } from './flow-options';
import { RowActions } from '../../components/table/RowActions';

export { ApprovalNodePage } from './FlowNodePage';
export { SELF_APPROVAL_OPTIONS, nodeBody } from './FlowFormDialogs';

/** 流程配置: one flow per approval type. */
export function ApprovalFlowPage() {
  const gateway = useService(TOKENS.ApprovalGateway);
  const list = useListQuery('approval-flows', { typeCode: '', flowName: '' }, (q) =>
    gateway.flows(q),
  );
  const crud = useCrud(list.refetch);
  // The flow dialog: null closed, {} adding, {flow} editing.
  const [editing, setEditing] = useState<{ flow?: FlowRow } | null>(null);
  const columns: Column<FlowRow>[] = [
    { key: 'typeCode', title: '类型编码', width: 90 },
    { key: 'typeName', title: '审批类型' },
    { key: 'flowName', title: '流程名称' },
    { key: 'nodeCount', title: '节点数', align: 'right' },
    { key: 'status', title: '状态', render: (f) => <StatusTag status={f.status} /> },
    { key: 'remark', title: '备注' },
    {
      key: 'actions',
      title: '操作',
      render: (f) => (
        <RowActions>
          <HasPermi perms={['approval:flow:edit']}>
            <Button size="sm" variant="text" onClick={() => setEditing({ flow: f })}>
              修改
            </Button>
          </HasPermi>
          <HasPermi perms={['approval:flow:remove']}>
            <Button
              size="sm"
              variant="text"
              className="text-danger-600!"
              onClick={() =>
                void crud.remove(`流程"${f.flowName}"`, (idempotencyKey) =>
                  gateway.removeFlow(f.flowId, { idempotencyKey }),
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
      title="流程配置"
      actions={
        <HasPermi perms={['approval:flow:add']}>
          <Button variant="primary" onClick={() => setEditing({})}>
            新增
          </Button>
        </HasPermi>
      }
    >
      <SearchBar onSearch={list.search} onReset={list.reset}>
        <SearchField label="审批类型">
          <select
            className="input"
            value={list.draft.typeCode}
            onChange={(e) => list.setDraft({ ...list.draft, typeCode: e.target.value })}
          >
            <option value="">全部</option>
            {TYPE_OPTIONS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </SearchField>
        <SearchField label="流程名称">
          <input
            className="input"
            value={list.draft.flowName}
            onChange={(e) => list.setDraft({ ...list.draft, flowName: e.target.value })}
            placeholder="请输入流程名称"
          />
        </SearchField>
      </SearchBar>
      <DataTable {...list.table} columns={columns} rowKey="flowId" />
      {editing && (
        <FlowFormDialog
          flow={editing.flow}
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
