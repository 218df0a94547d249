import {
  APPROVAL_STATUS_LABELS,
  APPROVAL_TYPE_CATALOGUE,
  approvalTypeLabel,
  type TemplateKind,
  APPROVAL_SORT_COLUMNS,
} from '@dpms/core';
import type { ApprovalListQuery, ApprovalRow, Page } from '@dpms/http-client';
import { useEffect, useRef, useState } from 'react';
import { useAskedRecord } from '../../app/use-asked-record';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useView } from '../../app/view-context';
import { HasPermi } from '../../components/auth/Access';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListQuery } from '../../components/table/useListQuery';
import { Button } from '../../components/ui/Button';
import { PageCard, SearchBar, SearchField } from '../../components/ui/Page';
import { ApprovalDetailDialog } from './ApprovalDetail';
import { StatusPill } from '../../components/widgets/StatusPill';
import { ApprovalForm } from './ApprovalForm';
import { useInstituteClock } from '../../components/time/institute-clock';

type ListName = 'todo' | 'done' | 'mine' | 'all';

interface Filter extends Record<string, unknown> {
  title: string;
  typeCode: string;
  status: string;
}

const EMPTY: Filter = { title: '', typeCode: '', status: '' };

/** One approval list on the shared table, with its filters and the detail dialog. */
function ApprovalList({
  list,
  actionLabel,
  onOpen,
}: {
  list: ListName;
  actionLabel: string;
  onOpen: (row: ApprovalRow) => void;
}) {
  const gateway = useService(TOKENS.ApprovalGateway);
  const clock = useInstituteClock();
  const time = (iso: string | null) => clock.instant(iso) || '-';
  const { active } = useView();
  const load = (q: Filter & { pageNum: number; pageSize: number }): Promise<Page<ApprovalRow>> => {
    const query: ApprovalListQuery = { ...q, orderByColumn: 'updateTime', isAsc: 'desc' };
    return list === 'todo'
      ? gateway.waiting(query)
      : list === 'done'
        ? gateway.done(query)
        : list === 'mine'
          ? gateway.mine(query)
          : gateway.all(query);
  };
  const rows = useListQuery(`approval-list-${list}`, EMPTY, load, {
    sortColumns: APPROVAL_SORT_COLUMNS,
  });
  // Kept-alive views: a list shown again reads the server again (others may have acted).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (active) rows.refetch();
  }, [active]);
  const columns: Column<ApprovalRow>[] = [
    { key: 'title', title: '标题' },
    {
      key: 'typeName',
      title: '审批类型',
      render: (r) => r.typeName || approvalTypeLabel(r.typeCode),
    },
    { key: 'drafterName', title: '拟稿人' },
    { key: 'deptName', title: '部门' },
    { key: 'currentNodeName', title: '当前节点' },
    { key: 'status', title: '状态', render: (r) => <StatusPill status={r.status} /> },
    { key: 'submitTime', title: '提交时间', render: (r) => time(r.submitTime) },
    { key: 'updateTime', title: '更新时间', render: (r) => time(r.updateTime) },
    {
      key: 'actions',
      title: '操作',
      render: (r) => (
        <Button size="sm" variant="text" onClick={() => onOpen(r)} data-testid="open-approval">
          {actionLabel}
        </Button>
      ),
    },
  ];
  return (
    <div data-testid={`approval-list-${list}`}>
      <SearchBar onSearch={rows.search} onReset={rows.reset}>
        <SearchField label="标题">
          <input
            className="input"
            value={rows.draft.title}
            onChange={(e) => rows.setDraft({ ...rows.draft, title: e.target.value })}
            placeholder="请输入标题"
            maxLength={100}
          />
        </SearchField>
        <SearchField label="审批类型">
          <select
            className="input"
            value={rows.draft.typeCode}
            onChange={(e) => rows.setDraft({ ...rows.draft, typeCode: e.target.value })}
          >
            <option value="">全部</option>
            {APPROVAL_TYPE_CATALOGUE.map((t) => (
              <option key={t.code} value={t.code}>
                {approvalTypeLabel(t.code)}
              </option>
            ))}
          </select>
        </SearchField>
        {list !== 'todo' && (
          <SearchField label="状态">
            <select
              className="input"
              value={rows.draft.status}
              onChange={(e) => rows.setDraft({ ...rows.draft, status: e.target.value })}
            >
              <option value="">全部</option>
              {([-1, 0, 1, 2, 3] as const).map((s) => (
                <option key={s} value={String(s)}>
                  {APPROVAL_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </SearchField>
        )}
      </SearchBar>
      <DataTable
        {...rows.table}
        columns={columns}
        rowKey="approvalId"
        testId={`approval-table-${list}`}
      />
    </div>
  );
}

/**
 * The detail dialog and the new-form dialog a list page opens. Opened with `?approvalId=` (the
 * shell's bell of 抄送/催办 notices, a hit of 全局搜索), a page opens that approval's detail.
 */
function useDialogs() {
  const [open, setOpen] = useState<string | null>(null);
  useAskedRecord('approvalId', (id) => setOpen(String(id)));
  const [creating, setCreating] = useState<TemplateKind | null>(null);
  const dialogs = (
    <>
      {open && <ApprovalDetailDialog approvalId={open} onClose={() => setOpen(null)} />}
      {creating && (
        <ApprovalForm
          initialKind={creating}
          onClose={() => setCreating(null)}
          onSaved={(id) => {
            setCreating(null);
            setOpen(id);
          }}
        />
      )}
    </>
  );
  return {
    openDetail: (r: ApprovalRow) => setOpen(r.approvalId),
    create: setCreating,
    dialogs,
  };
}

function Tabs<K extends string>({
  tabs,
  value,
  onChange,
}: {
  tabs: readonly (readonly [K, string])[];
  value: K;
  onChange: (k: K) => void;
}) {
  return (
    <div role="tablist" className="mb-4 flex gap-4 border-b border-line">
      {tabs.map(([key, label]) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={value === key}
          onClick={() => onChange(key)}
          className={`-mb-px border-b-2 px-1 pb-2 text-sm ${value === key ? 'border-brand-500 text-brand-600' : 'border-transparent text-ink-soft'}`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** 待我审批, with 我已审批 beside it. */
export function ApprovalTodoPage() {
  const [tab, setTab] = useState<'todo' | 'done'>('todo');
  const d = useDialogs();
  return (
    <PageCard title="待我审批">
      <Tabs
        tabs={[
          ['todo', '待我审批'],
          ['done', '我已审批'],
        ]}
        value={tab}
        onChange={setTab}
      />
      {tab === 'todo' ? (
        <ApprovalList key="todo" list="todo" actionLabel="审批" onOpen={d.openDetail} />
      ) : (
        <ApprovalList key="done" list="done" actionLabel="查看" onOpen={d.openDetail} />
      )}
      {d.dialogs}
    </PageCard>
  );
}

/** 我发起的, with 发起审批. */
export function ApprovalMinePage() {
  const d = useDialogs();
  return (
    <PageCard
      title="我发起的"
      actions={
        <HasPermi perms={['project:approval:add']}>
          <Button variant="primary" onClick={() => d.create('Contract')}>
            发起审批
          </Button>
        </HasPermi>
      }
    >
      <ApprovalList list="mine" actionLabel="查看" onOpen={d.openDetail} />
      {d.dialogs}
    </PageCard>
  );
}

/** 全部审批: by the role's data scope, plus those the user took part in or was copied. */
export function ApprovalAllPage() {
  const d = useDialogs();
  return (
    <PageCard title="全部审批">
      <ApprovalList list="all" actionLabel="查看" onOpen={d.openDetail} />
      {d.dialogs}
    </PageCard>
  );
}
