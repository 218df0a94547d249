import { JOB_GROUP_LABELS, JOB_STATUS_LABELS, type JobGroup } from '@dpms/core';
import type { JobLog } from '@dpms/http-client';
import { useLocation } from 'react-router';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { CrudPage } from '../../components/crud/CrudPage';
import { StatusTag } from '../../components/ui/Page';
import { useInstituteClock } from '../../components/time/institute-clock';

const options = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

type JobLogFilter = {
  jobName: string;
  jobGroup: string;
  status: string;
  beginTime: string;
  endTime: string;
};

/** The scheduling log (/job/log): the runs of the server's background jobs, newest first. */
export function JobLogPage() {
  const gateway = useService(TOKENS.JobLogGateway);
  const clock = useInstituteClock();
  // 定时任务's 调度日志 link opens the log of one job: /job/log?jobName=…
  const jobName = new URLSearchParams(useLocation().search).get('jobName') ?? '';
  return (
    <CrudPage<JobLog, JobLogFilter>
      title="调度日志"
      noun="调度日志"
      queryKey="jobLog"
      gateway={{
        // RuoYi's date range travels as params[beginTime] / params[endTime].
        list: ({ beginTime, endTime, ...q }) =>
          gateway.list({ ...q, params: { beginTime, endTime } }),
      }}
      filter={() => ({ jobName, jobGroup: '', status: '', beginTime: '', endTime: '' })}
      search={[
        { key: 'jobName', label: '任务名称' },
        { key: 'jobGroup', label: '任务组名', type: 'select', options: options(JOB_GROUP_LABELS) },
        { key: 'status', label: '执行状态', type: 'select', options: options(JOB_STATUS_LABELS) },
        { key: 'beginTime', label: '开始日期', type: 'date' },
        { key: 'endTime', label: '结束日期', type: 'date' },
      ]}
      rowKey="jobLogId"
      columns={[
        { key: 'jobLogId', title: '日志编号', width: 90 },
        { key: 'jobName', title: '任务名称' },
        {
          key: 'jobGroup',
          title: '任务组名',
          render: (r) => JOB_GROUP_LABELS[r.jobGroup as JobGroup] ?? r.jobGroup ?? '',
        },
        { key: 'invokeTarget', title: '调用目标字符串' },
        {
          key: 'jobMessage',
          title: '日志信息',
          render: (r) => (
            <span title={r.exceptionInfo || undefined}>
              {r.jobMessage}
              {r.exceptionInfo ? (
                <span className="block text-xs text-danger-600">{r.exceptionInfo}</span>
              ) : null}
            </span>
          ),
        },
        {
          key: 'status',
          title: '执行状态',
          render: (r) => (
            <StatusTag
              status={r.status}
              labels={[JOB_STATUS_LABELS['0'], JOB_STATUS_LABELS['1']]}
            />
          ),
        },
        {
          key: 'startTime',
          title: '执行时间',
          render: (r) => clock.instant(r.startTime ?? r.createTime),
        },
      ]}
      table={{ testId: 'job-log-table' }}
    />
  );
}
