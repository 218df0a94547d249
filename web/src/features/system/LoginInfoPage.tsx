import { LOG_STATUS_LABELS, LOGIN_INFO_SORT_COLUMNS } from '@dpms/core';
import type { LoginInfo } from '@dpms/http-client';
import { useCallback } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { useConfirmedAction } from '../../components/crud/useConfirmedAction';
import { Button } from '../../components/ui/Button';
import { StatusTag } from '../../components/ui/Page';
import { useInstituteClock } from '../../components/time/institute-clock';
import { LogHeaderActions, useDatedList, type DatedFilter } from './log-page-kit';

type Filter = DatedFilter & { ipaddr: string; userName: string; status: string };

const STATUS_OPTIONS = Object.entries(LOG_STATUS_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** 登录日志 (/monitor/logininfor): every sign-in attempt and sign-out, newest first. */
export function LoginInfoPage() {
  const gateway = useService(TOKENS.LoginInfoGateway);
  const clock = useInstituteClock();
  const confirmed = useConfirmedAction();
  const { list, exportPath } = useDatedList<LoginInfo, Filter>(
    useCallback((q) => gateway.list(q), [gateway]),
  );
  return (
    <CrudPage<LoginInfo, Filter>
      title="登录日志"
      noun="登录日志"
      queryKey="logininfor"
      sortColumns={LOGIN_INFO_SORT_COLUMNS}
      gateway={{ list, remove: (id, o) => gateway.remove(id, o) }}
      filter={{ ipaddr: '', userName: '', status: '', beginTime: '', endTime: '' }}
      search={[
        { key: 'ipaddr', label: '登录地址' },
        { key: 'userName', label: '用户名称' },
        { key: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
        { key: 'beginTime', label: '开始日期', type: 'date' },
        { key: 'endTime', label: '结束日期', type: 'date' },
      ]}
      rowKey="infoId"
      columns={[
        { key: 'infoId', title: '访问编号', width: 90 },
        { key: 'userName', title: '用户名称' },
        { key: 'ipaddr', title: '登录地址' },
        { key: 'loginLocation', title: '登录地点' },
        { key: 'os', title: '操作系统' },
        { key: 'browser', title: '浏览器' },
        {
          key: 'status',
          title: '登录状态',
          render: (r) => <StatusTag status={r.status} labels={['成功', '失败']} />,
        },
        { key: 'msg', title: '描述' },
        { key: 'loginTime', title: '访问时间', render: (r) => clock.instant(r.loginTime) },
      ]}
      permissions={{ remove: 'monitor:logininfor:remove' }}
      remove={{ what: (r) => `访问编号为"${r.infoId}"的数据项` }}
      rowActions={(r) =>
        r.status === '1' ? (
          <HasPermi perms={['monitor:logininfor:unlock']}>
            <Button
              size="sm"
              variant="text"
              onClick={() =>
                void confirmed({
                  ask: `是否确认解锁用户"${r.userName}"数据项？`,
                  slot: `unlock:${r.userName}`,
                  action: () => gateway.unlock(r.userName),
                  done: `用户${r.userName}解锁成功`,
                  refetch: () => undefined,
                })
              }
            >
              解锁
            </Button>
          </HasPermi>
        ) : null
      }
      headerActions={(ctx) => (
        <LogHeaderActions
          what="登录日志"
          perms={{ remove: 'monitor:logininfor:remove', export: 'monitor:logininfor:export' }}
          clean={(key) => gateway.clean({ idempotencyKey: key })}
          exportPath={() => exportPath('/monitor/logininfor/export')}
          refetch={ctx.refetch}
        />
      )}
      table={{ testId: 'logininfor-table' }}
    />
  );
}
