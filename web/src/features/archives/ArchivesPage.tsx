import {
  addDays,
  ARCHIVE_PLEDGE_MAX,
  charCount,
  checkBorrowInput,
  DEFAULT_ARCHIVE_PLEDGE,
  mayActOnArchive,
  mayActOnBorrow,
} from '@dpms/core';
import { errorMessage } from '@dpms/http-client';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { Field } from '../../components/ui/Field';
import { downloadExport } from '../../components/upload';
import {
  ArchiveGateway,
  type ArchiveLogRow,
  type ArchiveRow,
  type BorrowRow,
  type BorrowState,
} from './archives.gateway';
import { useInstituteClock } from '../../components/time/institute-clock';
import { DateInput } from '../../components/ui/DateInput';

const input = 'w-full rounded border border-line px-2 py-1.5 text-sm';

const BORROW_STATES: { value: BorrowState; label: string }[] = [
  { value: 'draft', label: '待提交' },
  { value: 'approving', label: '审批中' },
  { value: 'waiting', label: '未到借阅期' },
  { value: 'borrowed', label: '借阅中' },
  { value: 'overdue', label: '已逾期' },
  { value: 'returned', label: '已归还' },
  { value: 'rejected', label: '已驳回' },
  { value: 'withdrawn', label: '已撤回' },
];

export function useArchiveGateway(): ArchiveGateway {
  const http = useService(TOKENS.Http);
  return useMemo(() => new ArchiveGateway(http), [http]);
}

/** Runs a call, shows the server's message on failure and a success message otherwise. */
function useAct() {
  const feedback = useService(TOKENS.Feedback);
  return async (run: () => Promise<unknown>, done: () => void, success = '操作成功') => {
    try {
      await run();
      feedback.success(success);
      done();
    } catch (e) {
      feedback.error(errorMessage(e));
    }
  };
}

/** 借阅申请: purpose, period and the confidentiality pledge (core's rules, checked as typed). */
export function BorrowDialog({
  archive,
  onClose,
  onSaved,
}: {
  archive: ArchiveRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useArchiveGateway();
  const act = useAct();
  const clock = useInstituteClock();
  const today = clock.today();
  const [purpose, setPurpose] = useState('');
  const [startDate, setStartDate] = useState(today);
  const [endDate, setEndDate] = useState(addDays(today, 6));
  const [pledge, setPledge] = useState(DEFAULT_ARCHIVE_PLEDGE);
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setPurpose('');
    setStartDate(today);
    setEndDate(addDays(today, 6));
    setPledge(DEFAULT_ARCHIVE_PLEDGE);
    setTried(false);
  }, [archive?.archiveId, today]);
  const form = { archiveId: archive?.archiveId ?? 0, purpose, startDate, endDate, pledge };
  const checked = checkBorrowInput(form, new Date(), clock.zone);
  const error = (field: string) =>
    tried && !checked.ok && checked.error.field === field ? checked.error.message : undefined;
  const count = charCount(pledge);
  return (
    <Dialog
      open={archive !== null}
      onClose={onClose}
      title="档案借阅申请（调档承诺书）"
      width={640}
      testId="borrow-dialog"
      footer={
        <Button
          variant="primary"
          data-testid="borrow-submit"
          onClick={() => {
            setTried(true);
            if (!checked.ok) return;
            void act(
              () => gateway.borrow(form),
              () => {
                onSaved();
                onClose();
              },
              '借阅申请已提交审批',
            );
          }}
        >
          提交审批
        </Button>
      }
    >
      {archive && (
        <div className="grid gap-3">
          <div className="text-sm">
            档案：{archive.archiveName}
            {archive.archiveNo && `（${archive.archiveNo}）`}
          </div>
          <Field label="借阅目的" required error={error('purpose')}>
            <input
              className={input}
              aria-label="借阅目的"
              value={purpose}
              onChange={(e) => setPurpose(e.target.value)}
            />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field label="开始日期" required error={error('startDate')}>
              <DateInput
                className={input}
                aria-label="开始日期"
                value={startDate}
                onChange={(e) => setStartDate(e.target.value)}
              />
            </Field>
            <Field label="结束日期" required error={error('endDate')}>
              <DateInput
                className={input}
                aria-label="结束日期"
                value={endDate}
                onChange={(e) => setEndDate(e.target.value)}
              />
            </Field>
          </div>
          <Field label="保密承诺" required error={error('pledge')}>
            <textarea
              className={`${input} h-40`}
              aria-label="保密承诺"
              value={pledge}
              onChange={(e) => setPledge(e.target.value)}
            />
            <div
              className={`text-right text-xs ${count > ARCHIVE_PLEDGE_MAX ? 'text-danger' : 'text-ink-soft'}`}
              data-testid="pledge-counter"
            >
              {count}/{ARCHIVE_PLEDGE_MAX}
            </div>
          </Field>
        </div>
      )}
    </Dialog>
  );
}

/** 查看: the archive's details with its download, for those who may read it. */
function ArchiveViewDialog({
  archive,
  onClose,
}: {
  archive: ArchiveRow | null;
  onClose: () => void;
}) {
  const gateway = useArchiveGateway();
  return (
    <Dialog open={archive !== null} onClose={onClose} title="档案详情" testId="archive-view">
      {archive && (
        <div className="grid gap-1 text-sm">
          <div>档案名称：{archive.archiveName}</div>
          <div>档案编号：{archive.archiveNo}</div>
          <div>项目名称：{archive.projectName}</div>
          <div>登记人：{archive.createBy}</div>
          <div>备注：{archive.memo}</div>
          <div className="flex items-center gap-2">
            文件：<span data-testid="archive-file">{archive.fileName}</span>
            <HasPermi perms={['project:archives:download']}>
              <Button
                size="sm"
                variant="text"
                onClick={() =>
                  void downloadExport(gateway.fileUrl(archive.archiveId), archive.fileName)
                }
              >
                下载
              </Button>
            </HasPermi>
          </div>
        </div>
      )}
    </Dialog>
  );
}

/** 备注 and 授权查看: one small form each, for the keeper and the registrant. */
function ArchiveEditDialog({
  editing,
  onClose,
  onSaved,
}: {
  editing: { row: ArchiveRow; kind: 'memo' | 'allowView' } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const gateway = useArchiveGateway();
  const act = useAct();
  const [text, setText] = useState('');
  useEffect(() => {
    if (editing === null) return;
    setText(editing.kind === 'memo' ? editing.row.memo : editing.row.allowViewUserIds.join(','));
  }, [editing]);
  const ids = text
    .split(/[,，\s]+/)
    .filter((s) => s !== '')
    .map(Number);
  return (
    <Dialog
      open={editing !== null}
      onClose={onClose}
      title={editing?.kind === 'memo' ? '修改备注' : '授权查看'}
      testId="archive-edit"
      footer={
        <Button
          variant="primary"
          onClick={() =>
            editing &&
            void act(
              () =>
                editing.kind === 'memo'
                  ? gateway.updateMemo(editing.row.archiveId, text)
                  : gateway.updateAllowView(editing.row.archiveId, ids),
              () => {
                onSaved();
                onClose();
              },
            )
          }
        >
          确定
        </Button>
      }
    >
      {editing?.kind === 'memo' ? (
        <Field label="备注">
          <textarea
            className={input}
            aria-label="备注"
            maxLength={500}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </Field>
      ) : (
        <Field label="允许查看人" hint="用户编号，以逗号分隔">
          <input
            className={input}
            aria-label="允许查看人"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </Field>
      )}
    </Dialog>
  );
}

function ArchiveLogDialog({
  archiveId,
  onClose,
}: {
  archiveId: number | null;
  onClose: () => void;
}) {
  const gateway = useArchiveGateway();
  const clock = useInstituteClock();
  const [logs, setLogs] = useState<ArchiveLogRow[] | null>(null);
  const feedback = useService(TOKENS.Feedback);
  useEffect(() => {
    setLogs(null);
    if (archiveId === null) return;
    gateway
      .logs(archiveId)
      .then(setLogs)
      .catch((e: unknown) => feedback.error(errorMessage(e)));
  }, [archiveId, gateway, feedback]);
  return (
    <Dialog open={archiveId !== null} onClose={onClose} title="查看日志" testId="archive-logs">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-ink-soft">
            <th>操作</th>
            <th>操作人</th>
            <th>时间</th>
          </tr>
        </thead>
        <tbody>
          {(logs ?? []).map((l) => (
            <tr key={l.logId} className="border-b border-line">
              <td>{l.actionName}</td>
              <td>{l.userName}</td>
              <td>{clock.instant(l.createTime)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}

/** 档案目录: the archives one may read or borrow, with view, memo, grants, logs and borrowing. */
function ArchiveCatalogue() {
  const gateway = useArchiveGateway();
  const feedback = useService(TOKENS.Feedback);
  const [viewing, setViewing] = useState<ArchiveRow | null>(null);
  const [borrowing, setBorrowing] = useState<ArchiveRow | null>(null);
  const [editing, setEditing] = useState<{ row: ArchiveRow; kind: 'memo' | 'allowView' } | null>(
    null,
  );
  const [logsOf, setLogsOf] = useState<number | null>(null);
  // What each row offers is core's archive rule: the permission, then who may read or manage it.
  const actor = useActionActor();
  return (
    <CrudPage<ArchiveRow, { archiveName: string; projectName: string }>
      title="档案管理"
      noun="档案"
      queryKey="archives"
      gateway={{ list: gateway.list }}
      filter={{ archiveName: '', projectName: '' }}
      search={[
        { key: 'archiveName', label: '档案名称' },
        { key: 'projectName', label: '项目名称' },
      ]}
      rowKey="archiveId"
      columns={[
        { key: 'archiveNo', title: '档案编号', width: 120 },
        { key: 'archiveName', title: '档案名称' },
        { key: 'projectName', title: '项目名称' },
        { key: 'createBy', title: '登记人' },
        { key: 'memo', title: '备注' },
        {
          key: 'canRead',
          title: '查看权限',
          render: (a) => (a.canRead ? '可查看' : '需借阅'),
        },
        {
          key: 'ops',
          title: '操作',
          render: (a) => (
            <div className="flex flex-wrap gap-1">
              {mayActOnArchive('view', a, actor) && (
                <Button
                  size="sm"
                  variant="text"
                  data-testid={`archive-view-${String(a.archiveId)}`}
                  onClick={() =>
                    void gateway
                      .view(a.archiveId)
                      .then(setViewing)
                      .catch((e: unknown) => feedback.error(errorMessage(e)))
                  }
                >
                  查看
                </Button>
              )}
              {mayActOnArchive('borrow', a, actor) && (
                <Button
                  size="sm"
                  variant="text"
                  data-testid={`archive-borrow-${String(a.archiveId)}`}
                  onClick={() => setBorrowing(a)}
                >
                  借阅
                </Button>
              )}
              {mayActOnArchive('memo', a, actor) && (
                <Button
                  size="sm"
                  variant="text"
                  onClick={() => setEditing({ row: a, kind: 'memo' })}
                >
                  备注
                </Button>
              )}
              {mayActOnArchive('allowView', a, actor) && (
                <Button
                  size="sm"
                  variant="text"
                  onClick={() => setEditing({ row: a, kind: 'allowView' })}
                >
                  授权查看
                </Button>
              )}
              {mayActOnArchive('logs', a, actor) && (
                <Button size="sm" variant="text" onClick={() => setLogsOf(a.archiveId)}>
                  日志
                </Button>
              )}
            </div>
          ),
        },
      ]}
    >
      {(ctx) => (
        <>
          <ArchiveViewDialog archive={viewing} onClose={() => setViewing(null)} />
          <BorrowDialog
            archive={borrowing}
            onClose={() => setBorrowing(null)}
            onSaved={ctx.refetch}
          />
          <ArchiveEditDialog
            editing={editing}
            onClose={() => setEditing(null)}
            onSaved={ctx.refetch}
          />
          <ArchiveLogDialog archiveId={logsOf} onClose={() => setLogsOf(null)} />
        </>
      )}
    </CrudPage>
  );
}

/** 借阅记录: one's own borrowings (the keeper: everyone's), sent, returned and exported here. */
function BorrowList() {
  const gateway = useArchiveGateway();
  const act = useAct();
  const actor = useActionActor();
  const searched = useRef<Record<string, unknown>>({});
  const list = useMemo(
    () => ({
      list: (q: Record<string, string | number>) => {
        searched.current = q;
        return gateway.borrows(q);
      },
    }),
    [gateway],
  );
  return (
    <CrudPage<BorrowRow, { archiveName: string; state: string }>
      title="借阅记录"
      noun="借阅"
      queryKey="archive-borrows"
      gateway={list}
      filter={{ archiveName: '', state: '' }}
      search={[
        { key: 'archiveName', label: '档案名称' },
        { key: 'state', label: '状态', type: 'select', options: BORROW_STATES },
      ]}
      rowKey="borrowId"
      table={{ testId: 'borrow-table' }}
      headerActions={
        <HasPermi perms={['project:archives:borrow']}>
          <Button
            data-testid="borrow-export"
            onClick={() => void downloadExport(gateway.borrowExportUrl(searched.current))}
          >
            导出
          </Button>
        </HasPermi>
      }
      columns={(ctx) => [
        { key: 'archiveName', title: '档案名称' },
        { key: 'userName', title: '借阅人' },
        { key: 'purpose', title: '借阅目的' },
        {
          key: 'period',
          title: '借阅期限',
          render: (b) => `${b.startDate} 至 ${b.endDate}`,
        },
        {
          key: 'stateName',
          title: '状态',
          render: (b) => (
            <span data-testid={`borrow-state-${String(b.borrowId)}`}>{b.stateName}</span>
          ),
        },
        {
          key: 'ops',
          title: '操作',
          render: (b) => (
            <div className="flex gap-1">
              {mayActOnBorrow('submit', b, actor) && (
                <Button
                  size="sm"
                  variant="text"
                  onClick={() => void act(() => gateway.submit(b.borrowId), ctx.refetch)}
                >
                  提交审批
                </Button>
              )}
              {mayActOnBorrow('giveBack', b, actor) && (
                <Button
                  size="sm"
                  variant="text"
                  onClick={() =>
                    void act(() => gateway.giveBack(b.borrowId), ctx.refetch, '已归还')
                  }
                >
                  归还
                </Button>
              )}
            </div>
          ),
        },
      ]}
    />
  );
}

/** 档案管理 (project/archives/index): the catalogue and the borrowings, one tab each. */
export function ArchivesPage() {
  const [tab, setTab] = useState<'catalogue' | 'borrows'>('catalogue');
  return (
    <div className="grid gap-3">
      <div className="flex gap-2" role="tablist">
        <Button
          role="tab"
          aria-selected={tab === 'catalogue'}
          variant={tab === 'catalogue' ? 'primary' : 'default'}
          onClick={() => setTab('catalogue')}
        >
          档案目录
        </Button>
        <HasPermi perms={['project:archives:borrow']}>
          <Button
            role="tab"
            aria-selected={tab === 'borrows'}
            variant={tab === 'borrows' ? 'primary' : 'default'}
            onClick={() => setTab('borrows')}
          >
            借阅记录
          </Button>
        </HasPermi>
      </div>
      {tab === 'catalogue' ? <ArchiveCatalogue /> : <BorrowList />}
    </div>
  );
}
