import { dictTypeCreateBody, dictTypeUpdateBody, type DictTypeCreateBody } from '@dpms/wire';
import type { DictType } from '@dpms/http-client';
import { Link } from 'react-router';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { CrudPage } from '../../components/crud/CrudPage';
import { StatusTag } from '../../components/ui/Page';
import { REMARK_FIELD, STATUS_FIELD } from './status-options';

/** 字典管理: the dictionary types, each linking to its data (/dict/type/data/{dictId}). */
export function DictTypesPage() {
  const gateway = useService(TOKENS.DictGateway);
  return (
    <CrudPage<DictType, { dictName: string; dictType: string }>
      title="字典管理"
      noun="字典类型"
      queryKey="dictTypes"
      gateway={{
        list: (q) => gateway.types(q),
        // The bodies passed the form's check with the wire schemas below.
        add: (t: DictTypeCreateBody, options) => gateway.addType(t, options),
        update: (t: object, options) => gateway.updateType(t, options),
        remove: (dictId, options) => gateway.removeType(dictId, options),
      }}
      filter={{ dictName: '', dictType: '' }}
      search={[
        { key: 'dictName', label: '字典名称' },
        { key: 'dictType', label: '字典类型' },
      ]}
      rowKey="dictId"
      columns={[
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
      ]}
      permissions={{
        add: 'system:dict:add',
        edit: 'system:dict:edit',
        remove: 'system:dict:remove',
      }}
      form={{
        idKey: 'dictId',
        schemas: { add: dictTypeCreateBody, edit: dictTypeUpdateBody },
        defaults: { status: '0' },
        toForm: (t) => ({
          dictName: t.dictName,
          dictType: t.dictType,
          status: t.status,
          remark: t.remark ?? '',
        }),
        fields: [
          { key: 'dictName', label: '字典名称', required: true },
          { key: 'dictType', label: '字典类型', required: true, maxLength: 100 },
          STATUS_FIELD,
          REMARK_FIELD,
        ],
      }}
      remove={{ what: (t) => `字典编号为"${t.dictId}"的数据项` }}
    />
  );
}
