import type { DictType } from '@dpms/http-client';
import { Link } from 'react-router';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListQuery } from '../../components/table/useListQuery';
import { HasPermi } from '../../components/auth/Access';
import { Button } from '../../components/ui/Button';
import { PageCard, SearchBar, SearchField, StatusTag } from '../../components/ui/Page';
import { FormDialog } from '../../components/widgets/FormDialog';
import { useCrud } from './useCrud';

/** 字典管理: the dictionary types, each linking to its data (/dict/type/data/{dictId}). */
export function DictTypesPage() {
  const gateway = useService(TOKENS.DictGateway);
  const list = useListQuery('dictTypes', { dictName: '', dictType: '' }, (q) => gateway.types(q));
  const crud = useCrud(list.refetch);
  const columns: Column<DictType>[] = [
    { key: 'dictId', title: '字典编号', width: 90 },
    { key: 'dictName', title: '字典名称' },
    {
      key: 'dictType',
      title: '字典类型',
      render: (t) => (
        <Link to={`/dict/type/data/${t.dictId}`} className="text-brand-600 hover:underline">
          {t.dictType}
        </Link>
      ),
    },
    { key: 'status', title: '状态', render: (t) => <StatusTag status={t.status} /> },
    { key: 'remark', title: '备注' },
    {
      key: 'actions',
      title: '操作',
      render: (t) => (
        <div className="flex gap-1">
          <HasPermi perms={['system:dict:edit']}>
            <Button
              size="sm"
              variant="text"
              onClick={() =>
                crud.openEdit('修改字典类型', t.dictId, {
                  dictName: t.dictName,
                  dictType: t.dictType,
                  status: t.status,
                  remark: t.remark ?? '',
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
                void crud.remove(`字典编号为"${t.dictId}"的数据项`, () =>
                  gateway.removeType(t.dictId),
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
      title="字典管理"
      actions={
        <HasPermi perms={['system:dict:add']}>
          <Button variant="primary" onClick={() => crud.openAdd('添加字典类型', { status: '0' })}>
            新增
          </Button>
        </HasPermi>
      }
    >
      <SearchBar onSearch={list.search} onReset={list.reset}>
        <SearchField label="字典名称">
          <input
            className="input"
            value={list.draft.dictName}
            onChange={(e) => list.setDraft({ ...list.draft, dictName: e.target.value })}
            placeholder="请输入字典名称"
          />
        </SearchField>
        <SearchField label="字典类型">
          <input
            className="input"
            value={list.draft.dictType}
            onChange={(e) => list.setDraft({ ...list.draft, dictType: e.target.value })}
            placeholder="请输入字典类型"
          />
        </SearchField>
      </SearchBar>
      <DataTable
        columns={columns}
        rows={list.rows}
        rowKey="dictId"
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
            { key: 'dictName', label: '字典名称', required: true },
            { key: 'dictType', label: '字典类型', required: true, maxLength: 100 },
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
            if (crud.editing?.id === undefined) await gateway.addType(v);
            else await gateway.updateType({ ...v, dictId: crud.editing.id });
            crud.saved();
          }}
        />
      )}
    </PageCard>
  );
}
