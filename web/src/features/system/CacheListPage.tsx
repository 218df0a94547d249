import type { CacheName } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { HasPermi } from '../../components/auth/Access';
import { useConfirmedAction } from '../../components/crud/useConfirmedAction';
import { Button } from '../../components/ui/Button';
import { PageCard } from '../../components/ui/Page';

const PERMS = ['monitor:cache:list'];

/** The names table's cells: padded, each on one line (a long remark is cut, whole in its title). */
const CELLS =
  '[&>td]:px-2 [&>td]:py-1.5 [&>td]:whitespace-nowrap [&>th]:px-2 [&>th]:py-1.5 [&>th]:whitespace-nowrap';

/** The JSON of an entry, indented for reading; anything else as it came. */
const pretty = (json: string): string => {
  try {
    return JSON.stringify(JSON.parse(json), null, 2);
  } catch {
    return json;
  }
};

function ClearButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <HasPermi perms={PERMS}>
      <Button size="sm" variant="text" className="text-danger-600!" onClick={onClick}>
        {label}
      </Button>
    </HasPermi>
  );
}

/**
 * 缓存列表 (/monitor/cacheList): the caches the API keeps with their sizes, a cache's keys, an
 * entry's value, and 清理. Clearing only makes the API read the entries again from the database;
 * nobody is signed out.
 */
export function CacheListPage() {
  const gateway = useService(TOKENS.CacheMonitorGateway);
  const confirmed = useConfirmedAction();
  const [name, setName] = useState<string | null>(null);
  const [key, setKey] = useState<string | null>(null);
  const names = useQuery({ queryKey: ['cache-names'], queryFn: () => gateway.names() });
  const keys = useQuery({
    queryKey: ['cache-keys', name],
    queryFn: () => (name === null ? Promise.resolve([]) : gateway.keys(name)),
    enabled: name !== null,
  });
  const value = useQuery({
    queryKey: ['cache-value', name, key],
    queryFn: () => (name === null || key === null ? null : gateway.value(name, key)),
    enabled: name !== null && key !== null,
  });
  const refetchAll = () => {
    void names.refetch();
    if (name !== null) void keys.refetch();
    if (key !== null) void value.refetch();
  };
  const clearName = (c: CacheName) =>
    void confirmed({
      ask: `是否确认清理缓存名称"${c.cacheName}"？清理后下次请求将从数据库重新读取，不会使用户退出。`,
      slot: `clearName:${c.cacheName}`,
      action: (idempotencyKey) => gateway.clearName(c.cacheName, { idempotencyKey }),
      done: `清理缓存名称[${c.cacheName}]成功`,
      refetch: refetchAll,
    });
  const clearKey = (k: string) =>
    void confirmed({
      ask: `是否确认清理缓存键名"${k}"？`,
      slot: `clearKey:${k}`,
      action: (idempotencyKey) => gateway.clearKey(k, { idempotencyKey }),
      done: `清理缓存键名[${k}]成功`,
      refetch: refetchAll,
    });
  const clearAll = () =>
    void confirmed({
      ask: '是否确认清理全部缓存？清理后下次请求将从数据库重新读取，不会使用户退出。',
      slot: 'clearAll',
      action: (idempotencyKey) => gateway.clearAll({ idempotencyKey }),
      done: '清理全部缓存成功',
      refetch: refetchAll,
    });

  return (
    // Widths for 1366 px: the names' four columns and a session's key each keep to one line.
    <div className="grid gap-4 lg:grid-cols-[minmax(0,9fr)_minmax(0,7fr)_minmax(0,5fr)]">
      <PageCard
        title="缓存列表"
        actions={
          <>
            <Button size="sm" loading={names.isFetching} onClick={() => void names.refetch()}>
              刷新
            </Button>
            <HasPermi perms={PERMS}>
              <Button size="sm" variant="danger" onClick={clearAll}>
                清理全部
              </Button>
            </HasPermi>
          </>
        }
      >
        {names.isError && <p className="text-sm text-danger-600">{names.error.message}</p>}
        <table className="w-full table-fixed text-sm" data-testid="cache-names">
          <colgroup>
            <col className="w-24" />
            <col />
            <col className="w-15" />
            <col className="w-14" />
          </colgroup>
          <thead>
            <tr className={`text-left text-muted ${CELLS}`}>
              <th>缓存名称</th>
              <th>备注</th>
              <th className="text-right">条目数</th>
              <th>操作</th>
            </tr>
          </thead>
          <tbody>
            {(names.data ?? []).map((c) => (
              <tr
                key={c.cacheName}
                className={`${CELLS} ${c.cacheName === name ? 'bg-brand-50' : ''}`}
              >
                <td>
                  <button
                    type="button"
                    className="text-left text-brand-600 hover:underline"
                    onClick={() => {
                      setName(c.cacheName);
                      setKey(null);
                    }}
                  >
                    {c.cacheName.replace(/:$/, '')}
                  </button>
                </td>
                <td className="truncate" title={c.remark}>
                  {c.remark}
                </td>
                <td className="text-right tabular-nums">{c.size}</td>
                <td>
                  <ClearButton label="清理" onClick={() => clearName(c)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </PageCard>
      <PageCard
        title="键名列表"
        actions={
          name !== null && (
            <Button size="sm" loading={keys.isFetching} onClick={() => void keys.refetch()}>
              刷新
            </Button>
          )
        }
      >
        {name === null ? (
          <p className="text-sm text-muted">请在左侧选择缓存名称</p>
        ) : keys.isError ? (
          <p className="text-sm text-danger-600">{keys.error.message}</p>
        ) : keys.data === undefined ? (
          <p className="text-sm text-muted">正在加载…</p>
        ) : keys.data.length === 0 ? (
          <p className="text-sm text-muted">暂无数据</p>
        ) : (
          <table className="w-full text-sm" data-testid="cache-keys">
            <tbody>
              {keys.data.map((k) => (
                <tr key={k} className={k === key ? 'bg-brand-50' : ''}>
                  <td>
                    <button
                      type="button"
                      className="break-all text-left font-mono text-xs text-brand-600 hover:underline"
                      onClick={() => setKey(k)}
                    >
                      {k.slice(name.length)}
                    </button>
                  </td>
                  <td>
                    <ClearButton label="清理" onClick={() => clearKey(k)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PageCard>
      <PageCard title="缓存内容">
        {key === null ? (
          <p className="text-sm text-muted">请在键名列表中选择键名</p>
        ) : (
          <dl className="space-y-2 text-sm" data-testid="cache-value">
            <dt className="text-muted">缓存名称</dt>
            <dd>{name}</dd>
            <dt className="text-muted">缓存键名</dt>
            <dd className="break-all font-mono text-xs">{key}</dd>
            <dt className="text-muted">缓存内容</dt>
            <dd>
              {value.data === null ? (
                <span className="text-muted">该键已不在缓存中</span>
              ) : (
                <pre className="overflow-auto rounded bg-canvas p-2 text-xs">
                  {value.data === undefined ? '' : pretty(value.data)}
                </pre>
              )}
            </dd>
          </dl>
        )}
      </PageCard>
    </div>
  );
}
