import type { SysConfig } from '@dpms/http-client';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListQuery } from '../../components/table/useListQuery';
import { HasPermi } from '../../components/auth/Access';
import { Button } from '../../components/ui/Button';
import { PageCard, SearchBar, SearchField } from '../../components/ui/Page';
import { FormDialog } from '../../components/widgets/FormDialog';
import { useCrud } from './useCrud';

/** 参数设置. */
export function ConfigsPage() {
  const gateway = useService(TOKENS.ConfigGateway);
  const list = useListQuery('configs', { configName: '', configKey: '' }, (q) => gateway.list(q));
  const crud = useCrud(list.refetch);
  const columns: Column<SysConfig>[] = [
    { key: 'configId', title: '参数主键', width: 90 },
    { key: 'configName', title: '参数名称' },
    { key: 'configKey', title: '参数键名' },
    { key: 'configValue', title: '参数键值' },
    { key: 'configType', title: '系统内置', render: (c) => (c.configType === 'Y' ? '是' : '否') },
    { key: 'remark', title: '备注' },
    {
      key: 'actions',
      title: '操作',
      render: (c) => (
        <div className="flex gap-1">
          <HasPermi perms={['system:config:edit']}>
            <Button
              size="sm"
              variant="text"
              onClick={() =>
                crud.openEdit('修改参数', Number(c.configId), {
                  configName: c.configName,
                  configKey: c.configKey,
                  configValue: c.configValue,
                  configType: c.configType ?? 'N',
                  remark: c.remark ?? '',
                })
              }
            >
              修改
            </Button>
          </HasPermi>
          <HasPermi perms={['system:config:remove']}>
            <Button
              size="sm"
              variant="text"
              className="text-danger-600!"
              onClick={() =>
                void crud.remove(`参数编号为"${c.configId}"的数据项`, () =>
                  gateway.remove(Number(c.configId)),
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
      title="参数设置"
      actions={
        <HasPermi perms={['system:config:add']}>
          <Button variant="primary" onClick={() => crud.openAdd('添加参数', { configType: 'N' })}>
            新增
          </Button>
        </HasPermi>
      }
    >
      <SearchBar onSearch={list.search} onReset={list.reset}>
        <SearchField label="参数名称">
          <input
            className="input"
            value={list.draft.configName}
            onChange={(e) => list.setDraft({ ...list.draft, configName: e.target.value })}
            placeholder="请输入参数名称"
          />
        </SearchField>
        <SearchField label="参数键名">
          <input
            className="input"
            value={list.draft.configKey}
            onChange={(e) => list.setDraft({ ...list.draft, configKey: e.target.value })}
            placeholder="请输入参数键名"
          />
        </SearchField>
      </SearchBar>
      <DataTable
        columns={columns}
        rows={list.rows}
        rowKey="configId"
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
            { key: 'configName', label: '参数名称', required: true, maxLength: 100 },
            { key: 'configKey', label: '参数键名', required: true, maxLength: 100 },
            {
              key: 'configValue',
              label: '参数键值',
              required: true,
              type: 'textarea',
              maxLength: 500,
            },
            {
              key: 'configType',
              label: '系统内置',
              type: 'radio',
              options: [
                { value: 'Y', label: '是' },
                { value: 'N', label: '否' },
              ],
            },
            { key: 'remark', label: '备注', type: 'textarea', maxLength: 500 },
          ]}
          onSubmit={async (v) => {
            if (crud.editing?.id === undefined) await gateway.add(v);
            else await gateway.update({ ...v, configId: crud.editing.id });
            crud.saved();
          }}
        />
      )}
    </PageCard>
  );
}
