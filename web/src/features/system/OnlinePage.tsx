import type { OnlineUser } from '@dpms/http-client';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { CrudPage } from '../../components/crud/CrudPage';
import { useConfirmedAction } from '../../components/crud/useConfirmedAction';
import { Button } from '../../components/ui/Button';
import { useInstituteClock } from '../../components/time/institute-clock';

type Filter = { ipaddr: string; userName: string };

/** 在线用户 (/monitor/online): the live sessions, by session id, and 强退. */
export function OnlinePage() {
  const gateway = useService(TOKENS.OnlineGateway);
  const clock = useInstituteClock();
  const confirmed = useConfirmedAction();
  return (
    <CrudPage<OnlineUser, Filter>
      title="在线用户"
      noun="在线用户"
      queryKey="online"
      gateway={{ list: (q) => gateway.list(q) }}
      filter={{ ipaddr: '', userName: '' }}
      search={[
        { key: 'ipaddr', label: '登录地址' },
        { key: 'userName', label: '用户名称' },
      ]}
      rowKey="tokenId"
      columns={(ctx) => [
        // The first block of the session id is enough to tell rows apart; the whole id on hover.
        {
          key: 'tokenId',
          title: '会话编号',
          render: (r) => <span title={r.tokenId}>{r.tokenId.slice(0, 8)}</span>,
        },
        { key: 'userName', title: '登录名称' },
        { key: 'deptName', title: '所属部门' },
        // 登录地点 is left to the wire: on the institute's network it always reads 内网IP.
        { key: 'ipaddr', title: '主机' },
        { key: 'browser', title: '浏览器' },
        { key: 'os', title: '操作系统' },
        { key: 'loginTime', title: '登录时间', render: (r) => clock.instant(r.loginTime) },
        {
          key: 'lastAccessTime',
          title: '最后访问',
          render: (r) => clock.instant(r.lastAccessTime),
        },
        {
          key: 'ops',
          title: '操作',
          // The server says where 强退 is refused (one's own session, an administrator's).
          render: (r) =>
            r.mayForceLogout && (
              <HasPermi perms={['monitor:online:forceLogout']}>
                <Button
                  size="sm"
                  variant="text"
                  className="text-danger-600!"
                  onClick={() =>
                    void confirmed({
                      ask: `是否确认强退名称为"${r.userName}"的用户？`,
                      slot: `forceLogout:${r.tokenId}`,
                      action: (idempotencyKey) =>
                        gateway.forceLogout(r.tokenId, { idempotencyKey }),
                      done: '强退成功',
                      refetch: ctx.refetch,
                    })
                  }
                >
                  强退
                </Button>
              </HasPermi>
            ),
        },
      ]}
      table={{ testId: 'online-table' }}
    />
  );
}
