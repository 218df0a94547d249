import { ARCHIVE_BORROW_STATE_LABELS, mayActOnArchive, mayActOnBorrow } from '@dpms/core';
import {
  errorMessage,
  type ArchiveLogRow,
  type ArchiveRecord,
  type ArchiveRow,
  type BorrowRow,
} from '@dpms/http-client';
import { ARCHIVE_BORROW_STATES } from '@dpms/wire';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useService } from '../../app/di';
import { useActionActor } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { downloadExport } from '../../components/upload';
import { useInstituteClock } from '../../components/time/institute-clock';
import { useAct, useArchiveGateway } from './archive-hooks';
import { ArchiveEditDialog, type ArchiveEdit } from './ArchiveEditDialog';
import { BorrowDialog } from './BorrowDialog';

/** The borrowing states to filter by, in core's words. */
const BORROW_STATES = ARCHIVE_BORROW_STATES.map((value) => ({
  value,
  label: ARCHIVE_BORROW_STATE_LABELS[value],
}));

/** 查看: the archive's details with its download, for those who may read it. */
function ArchiveViewDialog({
  archive,
  onClose,
}: {
  archive: ArchiveRecord | null;
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
          <div>登记人：{archive.createByName}</div>
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
              <td>{l.nickName}</td>
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
  const [viewing, setViewing] = useState<ArchiveRecord | null>(null);
  const [borrowing, setBorrowing] = useState<ArchiveRow | null>(null);
  const [editing, setEditing] = useState<ArchiveEdit | null>(null);
  const [logsOf, setLogsOf] = useState<number | null>(null);
  // What each row offers is core's archive rule: the permission, then who may read or manage it.
  const actor = useActionActor();
  return (
    <CrudPage<ArchiveRow, { archiveName: string; projectName: string }>
      title="档案管理"
      noun="档案"
      queryKey="archives"
      gateway={{ list: (q) => gateway.list(q) }}
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
        { key: 'createByName', title: '登记人' },
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
            <>
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
            </>
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
        { key: 'nickName', title: '借阅人' },
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
            <>
              {mayActOnBorrow('submit', b, actor) && (
                <Button
                  size="sm"
                  variant="text"
                  onClick={() =>
                    void act(
                      `submit-${String(b.borrowId)}`,
                      (idempotencyKey) => gateway.submit(b.borrowId, { idempotencyKey }),
                      ctx.refetch,
                    )
                  }
                >
                  提交审批
                </Button>
              )}
              {mayActOnBorrow('giveBack', b, actor) && (
                <Button
                  size="sm"
                  variant="text"
                  onClick={() =>
                    void act(
                      `giveBack-${String(b.borrowId)}`,
                      (idempotencyKey) => gateway.giveBack(b.borrowId, { idempotencyKey }),
                      ctx.refetch,
                      '已归还',
                    )
                  }
                >
                  归还
                </Button>
              )}
            </>
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
