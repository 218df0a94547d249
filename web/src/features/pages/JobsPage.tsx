import { JOB_GROUP_LABELS, JOB_STATUS_LABELS, hasPermission } from '@dpms/core';
import type { SysJob } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useService } from '../../app/di';
import { useSession } from '../../app/hooks';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { useConfirmedAction } from '../../components/crud/useConfirmedAction';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useInstituteClock } from '../../components/time/institute-clock';
import { Button } from '../../components/ui/Button';
import { PageCard, SearchBar, SearchField, StatusTag } from '../../components/ui/Page';
import { JobCronDialog } from './JobCronDialog';
import { RowActions } from '../../components/table/RowActions';

const EMPTY = { jobName: '', jobGroup: '' };

/**
 * 定时任务: the server's own background jobs (fixed in code, so nothing to add or delete), with
 * their 执行策略 and last run; 修改 changes a job's cron, 执行一次 runs one now and its run
 * lands in the 调度日志.
 */
export function JobsPage() {
  const gateway = useService(TOKENS.JobGateway);
  const feedback = useService(TOKENS.Feedback);
  const confirmed = useConfirmedAction();
  const clock = useInstituteClock();
  const [draft, setDraft] = useState(EMPTY);
  const [filter, setFilter] = useState(EMPTY);
  const [running, setRunning] = useState<number | null>(null);
  const [editing, setEditing] = useState<SysJob | null>(null);
  const query = useQuery({ queryKey: ['jobs', filter], queryFn: () => gateway.list(filter) });
  const refetch = () => void query.refetch();
  const mayChange = hasPermission(useSession().session.permissions, ['monitor:job:edit']);

  /** 暂停/恢复: a paused job's cron slots are skipped on every instance; 执行一次 still runs it. */
  const changeStatus = (job: SysJob) => {
    const next = job.status === '0' ? '1' : '0';
    return confirmed({
      ask: `确认要"${next === '1' ? '暂停' : '恢复'}""${job.jobName}"任务吗？`,
      slot: `status:${job.jobId}`,
      action: (idempotencyKey) => gateway.changeStatus(job.jobId, next, { idempotencyKey }),
      done: next === '1' ? '已暂停' : '已恢复',
      refetch,
    });
  };

  const runOnce = (job: SysJob) =>
    confirmed({
      ask: `确认要立即执行一次"${job.jobName}"任务吗？`,
      slot: `run:${job.jobId}`,
      action: async (idempotencyKey) => {
        setRunning(job.jobId);
        try {
          return await gateway.run(
            { jobId: job.jobId, jobGroup: job.jobGroup },
            { idempotencyKey },
          );
        } finally {
          setRunning(null);
        }
      },
      done: (ran) => {
        if (ran.log.status === '0') feedback.success(ran.msg);
        else feedback.error(`${ran.msg}：${ran.log.exceptionInfo}`);
      },
      refetch,
    });

  const columns: Column<SysJob>[] = [
    { key: 'jobId', title: '任务编号', width: 70 },
    // 调用目标字符串 as the name's hint: the row stays one line at 1366 px with its 操作.
    {
      key: 'jobName',
      title: '任务名称',
      render: (j) => <span title={`调用目标：${j.invokeTarget}`}>{j.jobName}</span>,
    },
    {
      key: 'jobGroup',
      title: '任务组名',
      width: 80,
      render: (j) => JOB_GROUP_LABELS[j.jobGroup] ?? j.jobGroup,
    },
    // The words first; the cron expression (RuoYi's Quartz form) under them for who reads one.
    {
      key: 'schedule',
      title: '执行策略',
      render: (j) => (
        <span className="flex items-center gap-2">
          <span>{j.schedule}</span>
          {j.cronExpression && (
            <code className="text-xs text-muted" title="cron 表达式">
              {j.cronExpression}
            </code>
          )}
        </span>
      ),
    },
    {
      key: 'status',
      title: '状态',
      width: 70,
      render: (j) =>
        mayChange ? (
          <button
            type="button"
            role="switch"
            aria-checked={j.status === '0'}
            aria-label={`${j.jobName}状态`}
            title={j.status === '0' ? '正常：点击暂停' : '暂停：点击恢复'}
            onClick={() => void changeStatus(j)}
            className={`relative inline-flex h-5 w-9 items-center rounded-full transition ${
              j.status === '0' ? 'bg-brand-500' : 'bg-line'
            }`}
          >
            <span
              className={`inline-block size-4 rounded-full bg-white shadow transition ${
                j.status === '0' ? 'translate-x-4.5' : 'translate-x-0.5'
              }`}
            />
          </button>
        ) : (
          <StatusTag status={j.status} labels={['正常', '暂停']} />
        ),
    },
    {
      key: 'lastRun',
      title: '最近执行',
      render: (j) =>
        j.lastRun === null ? (
          <span className="text-muted">尚未执行</span>
        ) : (
          <span className="flex items-center gap-2" title={j.lastRun.jobMessage}>
            {clock.instant(j.lastRun.startTime)}
            <StatusTag
              status={j.lastRun.status}
              labels={[JOB_STATUS_LABELS['0'], JOB_STATUS_LABELS['1']]}
            />
          </span>
        ),
    },
    {
      key: 'actions',
      title: '操作',
      render: (j) => (
        <RowActions>
          <HasPermi perms={['monitor:job:edit']}>
            <Button size="sm" variant="text" onClick={() => setEditing(j)}>
              修改
            </Button>
            <Button
              size="sm"
              variant="text"
              loading={running === j.jobId}
              onClick={() => void runOnce(j)}
            >
              执行一次
            </Button>
          </HasPermi>
          <Link
            to={`/job/log?jobName=${encodeURIComponent(j.jobName)}`}
            className="px-2 text-sm text-brand-600 hover:underline"
          >
            调度日志
          </Link>
        </RowActions>
      ),
    },
  ];

  return (
    <PageCard title="定时任务">
      <SearchBar
        onSearch={() => setFilter(draft)}
        onReset={() => (setDraft(EMPTY), setFilter(EMPTY))}
      >
        <SearchField label="任务名称">
          <input
            className="input"
            value={draft.jobName}
            onChange={(e) => setDraft({ ...draft, jobName: e.target.value })}
            placeholder="请输入任务名称"
          />
        </SearchField>
        <SearchField label="任务组名">
          <select
            className="input"
            value={draft.jobGroup}
            onChange={(e) => setDraft({ ...draft, jobGroup: e.target.value })}
          >
            <option value="">全部</option>
            {Object.entries(JOB_GROUP_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </SearchField>
      </SearchBar>
      <DataTable
        columns={columns}
        rows={query.data ?? []}
        rowKey="jobId"
        loading={query.isFetching}
        error={query.error ?? undefined}
      />
      {editing && (
        <JobCronDialog
          job={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refetch();
          }}
        />
      )}
    </PageCard>
  );
}
