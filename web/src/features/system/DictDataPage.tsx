import { useQuery } from '@tanstack/react-query';
import type { DictData } from '@dpms/http-client';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useView } from '../../app/view-context';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListQuery } from '../../components/table/useListQuery';
import { HasPermi } from '../../components/auth/Access';
import { Button } from '../../components/ui/Button';
import { PageCard, SearchBar, SearchField, StatusTag } from '../../components/ui/Page';
import { FormDialog } from '../../components/widgets/FormDialog';
import { useCrud } from './useCrud';

/** 字典数据 of one dictionary type (/dict/type/data/{dictId}). */
export function DictDataPage() {
  const gateway = useService(TOKENS.DictGateway);
  const dictId = Number(useView().params['dictId']);
  const type = useQuery({ queryKey: ['dictType', dictId], queryFn: () => gateway.type(dictId) });
  const dictType = type.data?.dictType ?? '';
  const list = useListQuery(`dictData:${dictType}`, { dictLabel: '', dictType }, (q) =>
    q.dictType || dictType
      ? gateway.data({ ...q, dictType: q.dictType || dictType })
      : Promise.resolve({ rows: [], total: 0 }),
  );
  const crud = useCrud(list.refetch);
  const columns: Column<DictData>[] = [
    { key: 'dictCode', title: '字典编码', width: 90 },
    { key: 'dictLabel', title: '字典标签' },
    { key: 'dictValue', title: '字典键值' },
    { key: 'dictSort', title: '字典排序', align: 'right', sum: true },
    { key: 'status', title: '状态', render: (d) => <StatusTag status={d.status} /> },
    { key: 'remark', title: '备注' },
    {
      key: 'actions',
      title: '操作',
      render: (d) => (
        <div className="flex gap-1">
          <HasPermi perms={['system:dict:edit']}>
            <Button
              size="sm"
              variant="text"
              onClick={() =>
                crud.openEdit('修改字典数据', Number(d.dictCode), {
                  dictLabel: d.dictLabel,
                  dictValue: d.dictValue,
                  dictSort: String(d.dictSort ?? 0),
                  status: d.status ?? '0',
                  remark: d.remark ?? '',
                })
              }
            >
              修改
            </Button>
          </HasPermi>
          <HasPermi perms={['system:dict:remove']}>
            <Button
              size="sm"
              variant="text"
              className="text-danger-600!"
              onClick={() =>
                void crud.remove(`字典编码为"${d.dictCode}"的数据项`, () =>
                  gateway.removeData(Number(d.dictCode)),
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
      title={`字典数据${type.data ? `：${type.data.dictName}（${dictType}）` : ''}`}
      actions={
        <HasPermi perms={['system:dict:add']}>
          <Button
            variant="primary"
            disabled={!dictType}
            onClick={() => crud.openAdd('添加字典数据', { dictSort: '0', status: '0' })}
          >
            新增
          </Button>
        </HasPermi>
      }
    >
      <SearchBar onSearch={list.search} onReset={list.reset}>
        <SearchField label="字典标签">
          <input
            className="input"
            value={list.draft.dictLabel}
            onChange={(e) => list.setDraft({ ...list.draft, dictLabel: e.target.value })}
            placeholder="请输入字典标签"
          />
        </SearchField>
      </SearchBar>
      <DataTable
        columns={columns}
        rows={list.rows}
        rowKey="dictCode"
        loading={list.loading || type.isFetching}
        total={list.total}
        pageNum={list.pageNum}
        pageSize={list.pageSize}
        onPageChange={list.onPageChange}
        error={list.error}
        decimals={0}
        testId="dict-data-table"
      />
      {crud.editing && (
        <FormDialog
          open
          title={crud.editing.title}
          initial={crud.editing.initial}
          onClose={crud.close}
          fields={[
            { key: 'dictLabel', label: '数据标签', required: true, maxLength: 100 },
            { key: 'dictValue', label: '数据键值', required: true, maxLength: 100 },
            { key: 'dictSort', label: '显示排序', type: 'number', required: true },
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
            const body = { ...v, dictType, dictSort: Number(v['dictSort'] ?? 0) };
            if (crud.editing?.id === undefined) await gateway.addData(body);
            else await gateway.updateData({ ...body, dictCode: crud.editing.id });
            crud.saved();
          }}
        />
      )}
    </PageCard>
  );
}
