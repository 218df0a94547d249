import { dictDataCreateBody, dictDataUpdateBody, type DictDataCreateBody } from '@dpms/wire';
import { useQuery } from '@tanstack/react-query';
import type { DictData } from '@dpms/http-client';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useView } from '../../app/view-context';
import { CrudPage } from '../../components/crud/CrudPage';
import { StatusTag } from '../../components/ui/Page';
import { REMARK_FIELD, STATUS_FIELD } from './status-options';

/** 字典数据 of one dictionary type (/dict/type/data/{dictId}). */
export function DictDataPage() {
  const gateway = useService(TOKENS.DictGateway);
  const dictId = Number(useView().params['dictId']);
  const type = useQuery({ queryKey: ['dictType', dictId], queryFn: () => gateway.type(dictId) });
  const dictType = type.data?.dictType ?? '';
  return (
    <CrudPage<DictData, { dictLabel: string; dictType: string }>
      // A new list (and filter) once the type is known.
      key={dictType}
      title={`字典数据${type.data ? `：${type.data.dictName}（${dictType}）` : ''}`}
      noun="字典数据"
      queryKey={`dictData:${dictType}`}
      gateway={{
        list: (q) =>
          q.dictType || dictType
            ? gateway.data({ ...q, dictType: q.dictType || dictType })
            : Promise.resolve({ rows: [], total: 0 }),
        // The bodies passed the form's check with the wire schemas below.
        add: (d: DictDataCreateBody, options) => gateway.addData(d, options),
        update: (d: object, options) => gateway.updateData(d, options),
        remove: (dictCode, options) => gateway.removeData(dictCode, options),
      }}
      filter={{ dictLabel: '', dictType }}
      search={[{ key: 'dictLabel', label: '字典标签' }]}
      rowKey="dictCode"
      columns={[
        { key: 'dictCode', title: '字典编码', width: 90 },
        { key: 'dictLabel', title: '字典标签' },
        { key: 'dictValue', title: '字典键值' },
        { key: 'dictSort', title: '字典排序', align: 'right', sum: true },
        { key: 'status', title: '状态', render: (d) => <StatusTag status={d.status} /> },
        { key: 'remark', title: '备注' },
      ]}
      permissions={{
        add: 'system:dict:add',
        edit: 'system:dict:edit',
        remove: 'system:dict:remove',
      }}
      addDisabled={!dictType}
      form={{
        idKey: 'dictCode',
        schemas: { add: dictDataCreateBody, edit: dictDataUpdateBody },
        defaults: { dictSort: '0', status: '0' },
        toForm: (d) => ({
          dictLabel: d.dictLabel,
          dictValue: d.dictValue,
          dictSort: String(d.dictSort ?? 0),
          status: d.status ?? '0',
          remark: d.remark ?? '',
        }),
        toBody: (v) => ({ ...v, dictType, dictSort: Number(v['dictSort'] ?? 0) }),
        fields: [
          { key: 'dictLabel', label: '数据标签', required: true, maxLength: 100 },
          { key: 'dictValue', label: '数据键值', required: true, maxLength: 100 },
          { key: 'dictSort', label: '显示排序', type: 'number', required: true },
          STATUS_FIELD,
          REMARK_FIELD,
        ],
      }}
      remove={{ what: (d) => `字典编码为"${d.dictCode}"的数据项` }}
      table={{ decimals: 0, testId: 'dict-data-table', loading: type.isFetching }}
    />
  );
}
