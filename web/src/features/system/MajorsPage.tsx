import { MAJOR_SORT_COLUMNS } from '@dpms/core';
import { majorCreateBody, majorUpdateBody } from '@dpms/wire';
import type { Major } from '@dpms/http-client';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { CrudPage } from '../../components/crud/CrudPage';
import { cellText } from '../../components/table/DataTable';
import { StatusTag } from '../../components/ui/Page';
import { STATUS_FIELD } from './status-options';

/** 专业管理. */
export function MajorsPage() {
  const gateway = useService(TOKENS.MajorGateway);
  return (
    <CrudPage<Major, { majorName: string }>
      title="专业管理"
      noun="专业"
      queryKey="majors"
      sortColumns={MAJOR_SORT_COLUMNS}
      gateway={gateway}
      filter={{ majorName: '' }}
      search={[{ key: 'majorName', label: '专业名称' }]}
      rowKey="majorId"
      columns={[
        { key: 'majorId', title: '专业编号', width: 100 },
        { key: 'majorName', title: '专业名称' },
        { key: 'designStageId', title: '设计阶段' },
        { key: 'orderNum', title: '排序', align: 'right' },
        {
          key: 'status',
          title: '状态',
          render: (m) => <StatusTag status={m['status']} />,
        },
      ]}
      permissions={{
        add: 'system:major:add',
        edit: 'system:major:edit',
        remove: 'system:major:remove',
      }}
      form={{
        idKey: 'majorId',
        schemas: { add: majorCreateBody, edit: majorUpdateBody },
        defaults: { orderNum: '0', status: '0' },
        toForm: (m) => ({
          majorName: String(m.majorName ?? ''),
          orderNum: cellText(m['orderNum'] ?? 0),
          status: cellText(m['status'] ?? '0'),
        }),
        toBody: (v) => ({ ...v, orderNum: Number(v['orderNum'] ?? 0) }),
        fields: [
          { key: 'majorName', label: '专业名称', required: true },
          { key: 'orderNum', label: '显示排序', type: 'number' },
          STATUS_FIELD,
        ],
      }}
      remove={{ what: (m) => `专业"${m.majorName ?? ''}"` }}
    />
  );
}
