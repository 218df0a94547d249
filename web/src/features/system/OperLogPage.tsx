import { BUSINESS_TYPE_LABELS, LOG_STATUS_LABELS, type BusinessType } from '@dpms/core';
import type { OperLog } from '@dpms/http-client';
import { useCallback, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { CrudPage } from '../../components/crud/CrudPage';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { StatusTag } from '../../components/ui/Page';
import { useInstituteClock } from '../../components/time/institute-clock';
import { LogHeaderActions, useDatedList, type DatedFilter } from './log-page-kit';

type Filter = DatedFilter & {
  title: string;
  operName: string;
  businessType: string;
  status: string;
};

const options = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));
const typeLabel = (t: number) => BUSINESS_TYPE_LABELS[t as BusinessType] ?? String(t);

/** 操作日志 (/monitor/operlog): every write through the API, newest first, with its 详细. */
export function OperLogPage() {
  const gateway = useService(TOKENS.OperLogGateway);
  const clock = useInstituteClock();
  const [detail, setDetail] = useState<OperLog | null>(null);
  const { list, exportPath } = useDatedList<OperLog, Filter>(
    useCallback((q) => gateway.list(q), [gateway]),
  );
  return (
    <CrudPage<OperLog, Filter>
      title="操作日志"
      noun="操作日志"
      queryKey="operlog"
      gateway={{ list, remove: (id, o) => gateway.remove(id, o) }}
      filter={{ title: '', operName: '', businessType: '', status: '', beginTime: '', endTime: '' }}
      search={[
        { key: 'title', label: '系统模块' },
        { key: 'operName', label: '操作人员' },
        {
          key: 'businessType',
          label: '类型',
          type: 'select',
          options: options(BUSINESS_TYPE_LABELS),
        },
        { key: 'status', label: '状态', type: 'select', options: options(LOG_STATUS_LABELS) },
        { key: 'beginTime', label: '开始日期', type: 'date' },
        { key: 'endTime', label: '结束日期', type: 'date' },
      ]}
      rowKey="operId"
      columns={[
        { key: 'operId', title: '日志编号', width: 90 },
        { key: 'title', title: '系统模块' },
        { key: 'businessType', title: '操作类型', render: (r) => typeLabel(r.businessType) },
        { key: 'operName', title: '操作人员' },
        { key: 'deptName', title: '部门名称' },
        { key: 'operIp', title: '操作地址' },
        {
          key: 'status',
          title: '操作状态',
          render: (r) => <StatusTag status={r.status} labels={['成功', '失败']} />,
        },
        { key: 'operTime', title: '操作日期', render: (r) => clock.instant(r.operTime) },
        { key: 'costTime', title: '消耗时间', render: (r) => `${r.costTime}毫秒` },
        {
          key: 'ops',
          title: '操作',
          render: (r) => (
            <Button size="sm" variant="text" onClick={() => setDetail(r)}>
              详细
            </Button>
          ),
        },
      ]}
      permissions={{ remove: 'monitor:operlog:remove' }}
      remove={{ what: (r) => `日志编号为"${r.operId}"的数据项` }}
      headerActions={(ctx) => (
        <LogHeaderActions
          what="操作日志"
          perms={{ remove: 'monitor:operlog:remove', export: 'monitor:operlog:export' }}
          clean={(key) => gateway.clean({ idempotencyKey: key })}
          exportPath={() => exportPath('/monitor/operlog/export')}
          refetch={ctx.refetch}
        />
      )}
      table={{ testId: 'operlog-table' }}
    >
      {detail && (
        <Dialog
          open
          title="操作日志详细"
          width={800}
          onClose={() => setDetail(null)}
          testId="operlog-detail"
          footer={<Button onClick={() => setDetail(null)}>关 闭</Button>}
        >
          <dl className="grid grid-cols-[6rem_1fr_6rem_1fr] gap-x-3 gap-y-2 text-sm">
            <dt className="text-ink-soft">操作模块：</dt>
            <dd>
              {detail.title} / {typeLabel(detail.businessType)}
            </dd>
            <dt className="text-ink-soft">请求地址：</dt>
            <dd className="break-all">{detail.operUrl}</dd>
            <dt className="text-ink-soft">登录信息：</dt>
            <dd>
              {detail.operName} / {detail.deptName} / {detail.operIp} / {detail.operLocation}
            </dd>
            <dt className="text-ink-soft">请求方式：</dt>
            <dd>{detail.requestMethod}</dd>
            <dt className="text-ink-soft">操作方法：</dt>
            <dd className="col-span-3 break-all">{detail.method}</dd>
            <dt className="text-ink-soft">请求参数：</dt>
            <dd className="col-span-3 break-all whitespace-pre-wrap">{detail.operParam}</dd>
            <dt className="text-ink-soft">返回参数：</dt>
            <dd className="col-span-3 break-all whitespace-pre-wrap">{detail.jsonResult}</dd>
            <dt className="text-ink-soft">操作状态：</dt>
            <dd>{LOG_STATUS_LABELS[detail.status]}</dd>
            <dt className="text-ink-soft">消耗时间：</dt>
            <dd>{detail.costTime}毫秒</dd>
            <dt className="text-ink-soft">操作时间：</dt>
            <dd className="col-span-3">{clock.instant(detail.operTime)}</dd>
            {detail.status === '1' && (
              <>
                <dt className="text-ink-soft">异常信息：</dt>
                <dd className="col-span-3 break-all text-danger-600">{detail.errorMsg}</dd>
              </>
            )}
          </dl>
        </Dialog>
      )}
    </CrudPage>
  );
}
