import type { Major } from '@dpms/http-client';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { cellText, DataTable, type Column } from '../../components/table/DataTable';
import { useListQuery } from '../../components/table/useListQuery';
import { HasPermi } from '../../components/auth/Access';
import { Button } from '../../components/ui/Button';
import { PageCard, SearchBar, SearchField, StatusTag } from '../../components/ui/Page';
import { FormDialog } from '../../components/widgets/FormDialog';
import { useCrud } from './useCrud';

/** 专业管理. */
export function MajorsPage() {
  const gateway = useService(TOKENS.MajorGateway);
  const list = useListQuery('majors', { majorName: '' }, (q) => gateway.list(q));
  const crud = useCrud(list.refetch);
  const columns: Column<Major>[] = [
    { key: 'majorId', title: '专业编号', width: 100 },
    { key: 'majorName', title: '专业名称' },
    { key: 'designStageId', title: '设计阶段' },
    { key: 'orderNum', title: '排序', align: 'right' },
    {
      key: 'status',
      title: '状态',
      render: (m) => <StatusTag status={m['status'] as string | undefined} />,
    },
    {
      key: 'actions',
      title: '操作',
      render: (m) => (
        <div className="flex gap-1">
          <HasPermi perms={['system:major:edit']}>
            <Button
              size="sm"
              variant="text"
              onClick={() =>
                crud.openEdit('修改专业', Number(m.majorId), {
                  majorName: String(m.majorName ?? ''),
                  orderNum: cellText(m['orderNum'] ?? 0),
                  status: cellText(m['status'] ?? '0'),
                })
              }
            >
              修改
            </Button>
          </HasPermi>
          <HasPermi perms={['system:major:remove']}>
            <Button
              size="sm"
              variant="text"
              className="text-danger-600!"
              onClick={() =>
                void crud.remove(`专业"${m.majorName ?? ''}"`, () =>
                  gateway.remove(Number(m.majorId)),
                )
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
      title="专业管理"
      actions={
        <HasPermi perms={['system:major:add']}>
          <Button
            variant="primary"
            onClick={() => crud.openAdd('添加专业', { orderNum: '0', status: '0' })}
          >
            新增
          </Button>
        </HasPermi>
      }
    >
      <SearchBar onSearch={list.search} onReset={list.reset}>
        <SearchField label="专业名称">
          <input
            className="input"
            value={list.draft.majorName}
            onChange={(e) => list.setDraft({ majorName: e.target.value })}
            placeholder="请输入专业名称"
          />
        </SearchField>
      </SearchBar>
      <DataTable
        columns={columns}
        rows={list.rows}
        rowKey="majorId"
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
            { key: 'majorName', label: '专业名称', required: true },
            { key: 'orderNum', label: '显示排序', type: 'number' },
            {
              key: 'status',
              label: '状态',
              type: 'radio',
              options: [
                { value: '0', label: '正常' },
                { value: '1', label: '停用' },
              ],
            },
          ]}
          onSubmit={async (v) => {
            const body = { ...v, orderNum: Number(v['orderNum'] ?? 0) };
            if (crud.editing?.id === undefined) await gateway.add(body);
            else await gateway.update({ ...body, majorId: crud.editing.id });
            crud.saved();
          }}
        />
      )}
    </PageCard>
  );
}
