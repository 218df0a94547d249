import {
  NOTICE_STATUS_LABELS,
  NOTICE_TYPE_LABELS,
  SYS_NOTICE_PERMISSIONS as P,
  NOTICE_SORT_COLUMNS,
} from '@dpms/core';
import type { SysNoticeRecord } from '@dpms/http-client';
import { noticeCreateBody, noticeUpdateBody } from '@dpms/wire';
import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { CrudPage } from '../../components/crud/CrudPage';
import { useInstituteClock } from '../../components/time/institute-clock';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { HasPermi } from '../../components/auth/Access';
import { StatusTag } from '../../components/ui/Page';
import { NoticeHtml } from '../../components/widgets/NoticeHtml';
import type { FormFieldDef } from '../../components/widgets/FormDialog';
import { NoticeReadersDialog } from './NoticeReadersDialog';

const TYPE_OPTIONS = Object.entries(NOTICE_TYPE_LABELS).map(([value, label]) => ({ value, label }));
const STATUS_OPTIONS = Object.entries(NOTICE_STATUS_LABELS).map(([value, label]) => ({
  value,
  label,
}));

const FIELDS: FormFieldDef[] = [
  { key: 'noticeTitle', label: '公告标题', required: true, maxLength: 50 },
  { key: 'noticeType', label: '公告类型', type: 'select', options: TYPE_OPTIONS, required: true },
  { key: 'status', label: '状态', type: 'radio', options: STATUS_OPTIONS },
  {
    key: 'noticeContent',
    label: '内容',
    type: 'textarea',
    placeholder: '可用简单的 HTML 格式，如 <p>、<strong>、<a href="…">；脚本和样式会被去掉',
  },
];

export function TypeTag({ type }: { type: string }) {
  return (
    <span
      className={`inline-flex rounded px-2 py-0.5 text-xs ${type === '1' ? 'bg-warn-50 text-warn-600' : 'bg-success-50 text-success-600'}`}
    >
      {NOTICE_TYPE_LABELS[type as '1' | '2'] ?? type}
    </span>
  );
}

/**
 * 通知公告: the notices, their 新增/修改/删除 behind system:notice:*, 预览 of each and its 已读用户.
 */
export function NoticesPage() {
  const notices = useService(TOKENS.SysNoticeGateway);
  const clock = useInstituteClock();
  const [preview, setPreview] = useState<SysNoticeRecord | undefined>();
  const [readersOf, setReadersOf] = useState<SysNoticeRecord | undefined>();
  return (
    <CrudPage<SysNoticeRecord, { noticeTitle: string; createBy: string; noticeType: string }>
      title="通知公告"
      noun="公告"
      queryKey="sys-notices"
      sortColumns={NOTICE_SORT_COLUMNS}
      gateway={notices}
      filter={{ noticeTitle: '', createBy: '', noticeType: '' }}
      search={[
        { key: 'noticeTitle', label: '公告标题' },
        { key: 'createBy', label: '操作人员' },
        { key: 'noticeType', label: '类型', type: 'select', options: TYPE_OPTIONS },
      ]}
      rowKey="noticeId"
      table={{ testId: 'notice-table' }}
      columns={[
        { key: 'noticeId', title: '公告编号', width: 90 },
        { key: 'noticeTitle', title: '公告标题' },
        { key: 'noticeType', title: '公告类型', render: (n) => <TypeTag type={n.noticeType} /> },
        {
          key: 'status',
          title: '状态',
          render: (n) => <StatusTag status={n.status} labels={['正常', '关闭']} />,
        },
        { key: 'createByName', title: '创建者' },
        { key: 'createTime', title: '创建时间', render: (n) => clock.instant(n.createTime) },
      ]}
      permissions={{ add: P.add, edit: P.edit, remove: P.remove }}
      rowActions={(n) => (
        <>
          <Button size="sm" variant="text" onClick={() => setPreview(n)}>
            预览
          </Button>
          {/* RuoYi's readUsers/list asks system:notice:list. */}
          <HasPermi perms={[P.list]}>
            <Button size="sm" variant="text" onClick={() => setReadersOf(n)}>
              已读用户
            </Button>
          </HasPermi>
        </>
      )}
      form={{
        idKey: 'noticeId',
        schemas: { add: noticeCreateBody, edit: noticeUpdateBody },
        defaults: { noticeType: '1', status: '0', noticeContent: '' },
        toForm: (n) => ({
          noticeTitle: n.noticeTitle,
          noticeType: n.noticeType,
          status: n.status,
          noticeContent: n.noticeContent,
        }),
        fields: FIELDS,
        saved: { add: '新增成功', edit: '修改成功' },
      }}
      remove={{ what: (n) => `公告编号为"${n.noticeId}"的数据项` }}
    >
      {preview && (
        <Dialog
          open
          onClose={() => setPreview(undefined)}
          title="公告预览"
          width={760}
          testId="notice-preview"
        >
          <h2 className="mb-1 text-center text-lg font-semibold text-ink">{preview.noticeTitle}</h2>
          <p className="mb-4 flex justify-center gap-3 text-xs text-ink-soft">
            <TypeTag type={preview.noticeType} />
            <span>{preview.createByName}</span>
            <span className="tabular-nums">{clock.instant(preview.createTime)}</span>
          </p>
          <NoticeHtml html={preview.noticeContent} testId="notice-preview-content" />
        </Dialog>
      )}
      {readersOf && (
        <NoticeReadersDialog notice={readersOf} onClose={() => setReadersOf(undefined)} />
      )}
    </CrudPage>
  );
}
