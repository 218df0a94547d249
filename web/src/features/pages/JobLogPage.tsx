import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListQuery } from '../../components/table/useListQuery';
import { PageCard, SearchBar, SearchField, StatusTag } from '../../components/ui/Page';
import type { JobLog } from '@dpms/http-client';

const COLUMNS: Column<JobLog>[] = [
  { key: 'jobLogId', title: '日志编号', width: 100 },
  { key: 'jobName', title: '任务名称' },
  { key: 'jobGroup', title: '任务组名' },
  { key: 'invokeTarget', title: '调用目标字符串' },
  { key: 'jobMessage', title: '日志信息' },
  { key: 'status', title: '执行状态', render: (r) => <StatusTag status={r.status} /> },
  { key: 'createTime', title: '执行时间' },
];

/** The scheduling log (/job/log). */
export function JobLogPage() {
  const gateway = useService(TOKENS.JobLogGateway);
  const list = useListQuery('jobLog', { jobName: '' }, (q) => gateway.list(q));
  return (
    <PageCard title="调度日志">
      <SearchBar onSearch={list.search} onReset={list.reset}>
        <SearchField label="任务名称">
          <input
            className="input"
            value={list.draft.jobName}
            onChange={(e) => list.setDraft({ jobName: e.target.value })}
            placeholder="请输入任务名称"
          />
        </SearchField>
      </SearchBar>
      <DataTable
        columns={COLUMNS}
        rows={list.rows}
        rowKey="jobLogId"
        loading={list.loading}
        total={list.total}
        pageNum={list.pageNum}
        pageSize={list.pageSize}
        onPageChange={list.onPageChange}
        error={list.error}
      />
    </PageCard>
  );
}
