import { POST_SORT_COLUMNS } from '@dpms/core';
import type { SysPost } from '@dpms/http-client';
import { postCreateBody, postUpdateBody } from '@dpms/wire';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { CrudPage } from '../../components/crud/CrudPage';
import { HasPermi } from '../../components/auth/Access';
import { downloadExport } from '../../components/upload/download';
import { useInstituteClock } from '../../components/time/institute-clock';
import { Button } from '../../components/ui/Button';
import { StatusTag } from '../../components/ui/Page';
import { REMARK_FIELD, STATUS_FIELD, STATUS_OPTIONS } from './status-options';

/** 岗位管理. */
export function PostsPage() {
  const posts = useService(TOKENS.PostGateway);
  const clock = useInstituteClock();
  return (
    <CrudPage<SysPost, { postCode: string; postName: string; status: string }>
      title="岗位管理"
      noun="岗位"
      queryKey="posts"
      sortColumns={POST_SORT_COLUMNS}
      gateway={posts}
      filter={{ postCode: '', postName: '', status: '' }}
      search={[
        { key: 'postCode', label: '岗位编码' },
        { key: 'postName', label: '岗位名称' },
        { key: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      ]}
      rowKey="postId"
      columns={[
        { key: 'postId', title: '岗位编号', width: 90 },
        { key: 'postCode', title: '岗位编码' },
        { key: 'postName', title: '岗位名称' },
        { key: 'postSort', title: '岗位排序', width: 90, align: 'right' },
        { key: 'status', title: '状态', render: (p) => <StatusTag status={p.status} /> },
        { key: 'createTime', title: '创建时间', render: (p) => clock.instant(p.createTime) },
      ]}
      permissions={{
        add: 'system:post:add',
        edit: 'system:post:edit',
        remove: 'system:post:remove',
      }}
      form={{
        idKey: 'postId',
        schemas: { add: postCreateBody, edit: postUpdateBody },
        defaults: { status: '0', postSort: '0' },
        toForm: (p) => ({
          postName: p.postName,
          postCode: p.postCode,
          postSort: String(p.postSort),
          status: p.status,
          remark: p.remark,
        }),
        toBody: (v) => ({
          ...v,
          postSort: v['postSort'] === '' ? undefined : Number(v['postSort']),
        }),
        fields: [
          { key: 'postName', label: '岗位名称', required: true, maxLength: 50 },
          { key: 'postCode', label: '岗位编码', required: true, maxLength: 64 },
          { key: 'postSort', label: '岗位顺序', type: 'number', required: true },
          STATUS_FIELD,
          REMARK_FIELD,
        ],
        saved: { add: '新增成功', edit: '修改成功' },
      }}
      headerActions={
        <HasPermi perms={['system:post:export']}>
          <Button onClick={() => void downloadExport('/system/post/export', '岗位数据.xlsx')}>
            导出
          </Button>
        </HasPermi>
      }
      remove={{ what: (p) => `岗位编号为"${p.postId}"的数据项` }}
    />
  );
}
