import type { FlowRow } from '@dpms/http-client';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListQuery } from '../../components/table/useListQuery';
import { Button } from '../../components/ui/Button';
import { PageCard, SearchBar, SearchField, StatusTag } from '../../components/ui/Page';
import { FormDialog } from '../../components/widgets/FormDialog';
import { useCrudDialog as useCrud } from '../../components/crud/useCrudDialog';
import { TYPE_OPTIONS } from './flow-options';

export { ApprovalNodePage, SELF_APPROVAL_OPTIONS, conditionText, nodeBody } from './FlowNodePage';

/** 流程配置: one flow per approval type. */
export function ApprovalFlowPage() {
  const gateway = useService(TOKENS.ApprovalGateway);
  const list = useListQuery('approval-flows', { typeCode: '', flowName: '' }, (q) =>
    gateway.flows(q),
  );
  const crud = useCrud(list.refetch);
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
        <div className="flex gap-1">
          <HasPermi perms={['approval:flow:edit']}>
            <Button
              size="sm"
              variant="text"
              onClick={() =>
                crud.openEdit('修改流程', f.flowId, {
                  typeCode: f.typeCode,
                  flowName: f.flowName,
                  status: f.status,
                  remark: f.remark,
                })
              }
            >
              修改
            </Button>
          </HasPermi>
          <HasPermi perms={['approval:flow:remove']}>
            <Button
              size="sm"
              variant="text"
              className="text-danger-600!"
              onClick={() =>
                void crud.remove(`流程"${f.flowName}"`, () => gateway.removeFlow(f.flowId))
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
      title="流程配置"
      actions={
        <HasPermi perms={['approval:flow:add']}>
          <Button variant="primary" onClick={() => crud.openAdd('新增流程', { status: '0' })}>
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
      <DataTable
        columns={columns}
        rows={list.rows}
        rowKey="flowId"
        loading={list.loading}
        total={list.total}
        pageNum={list.pageNum}
        pageSize={list.pageSize}
        onPageChange={list.onPageChange}
        error={list.error}
      />
      {crud.editing && (
        <FormDialog
          open
          title={crud.editing.title}
          initial={crud.editing.initial}
          onClose={crud.close}
          fields={[
            ...(crud.editing.id === undefined
              ? [
                  {
                    key: 'typeCode',
                    label: '审批类型',
                    type: 'select' as const,
                    options: TYPE_OPTIONS,
                    required: true,
                  },
                ]
              : []),
            { key: 'flowName', label: '流程名称', required: true, maxLength: 100 },
            {
              key: 'status',
              label: '状态',
              type: 'radio',
              options: [
                { value: '0', label: '正常' },
                { value: '1', label: '停用' },
              ],
            },
            { key: 'remark', label: '备注', type: 'textarea', maxLength: 500 },
          ]}
          onSubmit={async (v) => {
            if (crud.editing?.id === undefined)
              await gateway.addFlow({
                typeCode: v['typeCode'] ?? '',
                flowName: v['flowName'] ?? '',
                status: v['status'] ?? '0',
                remark: v['remark'] ?? '',
              });
            else
              await gateway.updateFlow({
                flowId: crud.editing.id,
                flowName: v['flowName'] ?? '',
                status: v['status'] ?? '0',
                remark: v['remark'] ?? '',
              });
            crud.saved();
          }}
        />
      )}
    </PageCard>
  );
}
