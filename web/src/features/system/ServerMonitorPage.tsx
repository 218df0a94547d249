import type { ServerInfo } from '@dpms/http-client';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useInstituteClock } from '../../components/time/institute-clock';
import { Button } from '../../components/ui/Button';
import { PageCard } from '../../components/ui/Page';
import { ProgressBar } from '../../components/upload/ProgressBar';

/** Above this a figure is drawn in warning red, as RuoYi colours usage over 80%. */
const HIGH_USAGE = 80;
const tone = (percent: number) => (percent > HIGH_USAGE ? 'danger' : 'brand');

/** Label/value rows of one card. */
function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="min-w-0 break-all text-ink tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Usage({ label, percent }: { label: string; percent: number }) {
  return (
    <div className="mt-3">
      <ProgressBar label={label} percent={percent} tone={tone(percent)} />
    </div>
  );
}

function Cards({ info }: { info: ServerInfo }) {
  const clock = useInstituteClock();
  const { cpu, mem, jvm, sys, database, print } = info;
  const cpuBusy = Math.min(100, cpu.used + cpu.sys);
  const connections = database
    ? Math.round((database.connections / Math.max(1, database.maxConnections)) * 10000) / 100
    : 0;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <PageCard title="CPU">
        <Facts
          rows={[
            ['核心数', cpu.cpuNum],
            ['用户使用率', `${cpu.used}%`],
            ['系统使用率', `${cpu.sys}%`],
            ['当前空闲率', `${cpu.free}%`],
            ['平均负载', cpu.loadAverage.join(' / ')],
          ]}
        />
        <Usage label="CPU使用率" percent={cpuBusy} />
      </PageCard>
      <PageCard title="内存">
        <Facts
          rows={[
            ['总内存', `${mem.total} GB`],
            ['已用内存', `${mem.used} GB`],
            ['剩余内存', `${mem.free} GB`],
            ['使用率', `${mem.usage}%`],
          ]}
        />
        <Usage label="内存使用率" percent={mem.usage} />
      </PageCard>
      <PageCard title="Node.js 进程">
        <Facts
          rows={[
            ['版本', jvm.version],
            ['进程号', jvm.pid],
            ['启动时间', jvm.startTime],
            ['运行时长', jvm.runTime],
            ['堆内存', `${jvm.used} MB / ${jvm.total} MB（上限 ${jvm.max} MB）`],
            ['常驻内存', `${jvm.rss} MB`],
          ]}
        />
        <Usage label="堆内存使用率" percent={jvm.usage} />
      </PageCard>
      <PageCard title="服务器信息">
        <Facts
          rows={[
            ['服务器名称', sys.computerName],
            ['服务器IP', sys.computerIp],
            ['操作系统', sys.osName],
            ['系统架构', sys.osArch],
            ['项目路径', sys.userDir],
          ]}
        />
      </PageCard>
      <PageCard title="数据库">
        {database ? (
          <>
            <Facts
              rows={[
                ['数据库大小', database.size],
                ['连接数', `${database.connections} / ${database.maxConnections}`],
                ['版本', database.version],
              ]}
            />
            <Usage label="连接数占用" percent={connections} />
          </>
        ) : (
          <p className="text-sm text-muted">未连接数据库</p>
        )}
      </PageCard>
      <PageCard title="打印服务">
        <Facts
          rows={[
            [
              '状态',
              <span
                key="state"
                data-testid="print-state"
                className={`inline-flex rounded px-2 py-0.5 text-xs ${print.state === 'up' ? 'bg-success-50 text-success-600' : 'bg-danger-50 text-danger-600'}`}
              >
                {print.state === 'up' ? '正常' : '异常'}
              </span>,
            ],
            ['地址', print.url],
            ['响应时间', print.latencyMs === null ? '无响应' : `${print.latencyMs} 毫秒`],
            ['说明', print.message],
          ]}
        />
      </PageCard>
      <PageCard title="磁盘状态" className="lg:col-span-2">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-muted">
              <th className="py-1 font-normal">目录</th>
              <th className="py-1 font-normal">文件系统</th>
              <th className="py-1 font-normal">类型</th>
              <th className="py-1 font-normal">总大小</th>
              <th className="py-1 font-normal">可用大小</th>
              <th className="py-1 font-normal">已用大小</th>
              <th className="w-48 py-1 font-normal">已用百分比</th>
            </tr>
          </thead>
          <tbody>
            {info.sysFiles.map((f) => (
              <tr key={f.dirName} className="border-t border-line">
                <td className="py-2 break-all">{f.dirName}</td>
                <td className="py-2">{f.sysTypeName}</td>
                <td className="py-2">{f.typeName}</td>
                <td className="py-2 tabular-nums">{f.total}</td>
                <td className="py-2 tabular-nums">{f.free}</td>
                <td className="py-2 tabular-nums">{f.used}</td>
                <td className="py-2">
                  <ProgressBar label={`${f.dirName} 已用`} percent={f.usage} tone={tone(f.usage)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </PageCard>
      <p className="text-xs text-muted lg:col-span-2">
        采集时间：{clock.instant(info.collectedAt)}
      </p>
    </div>
  );
}

/** 服务监控 (/monitor/server): the server's figures, read when the page opens and on 刷新. */
export function ServerMonitorPage() {
  const gateway = useService(TOKENS.ServerMonitorGateway);
  const query = useQuery({ queryKey: ['monitor-server'], queryFn: () => gateway.info() });
  return (
    <div className="space-y-4">
      <PageCard
        title="服务监控"
        actions={
          <Button loading={query.isFetching} onClick={() => void query.refetch()}>
            刷新
          </Button>
        }
      >
        {query.isError ? (
          <p className="text-sm text-danger-600">{query.error.message}</p>
        ) : !query.data ? (
          <p className="text-sm text-muted">正在加载服务监控数据…</p>
        ) : (
          <p className="text-sm text-muted">数据在打开页面和点击"刷新"时采集</p>
        )}
      </PageCard>
      {query.data && <Cards info={query.data} />}
    </div>
  );
}
