import { useQuery } from '@tanstack/react-query';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { Button } from '../../components/ui/Button';
import { PageCard } from '../../components/ui/Page';

const rate = (hits: number, misses: number): string =>
  hits + misses === 0 ? '-' : `${((hits / (hits + misses)) * 100).toFixed(1)}%`;

/**
 * 缓存监控 (/monitor/cache): there is no Redis; the page shows each cache the API keeps, its
 * entries and how often a request found what it needed there, and the process's memory.
 */
export function CacheMonitorPage() {
  const gateway = useService(TOKENS.CacheMonitorGateway);
  const query = useQuery({ queryKey: ['monitor-cache'], queryFn: () => gateway.info() });
  const d = query.data;
  return (
    <div className="space-y-4">
      <PageCard
        title="缓存监控"
        actions={
          <Button loading={query.isFetching} onClick={() => void query.refetch()}>
            刷新
          </Button>
        }
      >
        {query.isError ? (
          <p className="text-sm text-danger-600">{query.error.message}</p>
        ) : !d ? (
          <p className="text-sm text-muted">正在加载缓存监控数据…</p>
        ) : (
          <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 text-sm">
            <dt className="text-muted">缓存方式</dt>
            <dd>进程内缓存（无 Redis），随数据库通知更新</dd>
            <dt className="text-muted">状态</dt>
            <dd data-testid="cache-serving">
              {d.identityCache.serving ? '正常' : '未监听数据库通知，暂不缓存'}
            </dd>
            <dt className="text-muted">条目总数</dt>
            <dd className="tabular-nums">{d.dbSize}</dd>
            <dt className="text-muted">进程内存</dt>
            <dd className="tabular-nums">
              {d.info['used_memory_human'] ?? '-'}（上限 {d.info['maxmemory_human'] ?? '-'}）
            </dd>
          </dl>
        )}
      </PageCard>
      {d && (
        <PageCard title="各缓存">
          <table className="w-full text-sm" data-testid="cache-stats">
            <thead>
              <tr className="text-left text-muted">
                <th>缓存名称</th>
                <th>备注</th>
                <th className="text-right">条目数</th>
                <th className="text-right">命中</th>
                <th className="text-right">未命中</th>
                <th className="text-right">命中率</th>
              </tr>
            </thead>
            <tbody>
              {d.caches.map((c) => (
                <tr key={c.cacheName}>
                  <td>{c.cacheName.replace(/:$/, '')}</td>
                  <td>{c.remark}</td>
                  <td className="text-right tabular-nums">{c.size}</td>
                  <td className="text-right tabular-nums">{c.hits}</td>
                  <td className="text-right tabular-nums">{c.misses}</td>
                  <td className="text-right tabular-nums">{rate(c.hits, c.misses)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </PageCard>
      )}
    </div>
  );
}
