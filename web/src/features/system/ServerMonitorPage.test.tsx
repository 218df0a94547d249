import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { ServerMonitorPage } from './ServerMonitorPage';

const info = (printState: 'up' | 'down', memUsage: number) => ({
  code: 200,
  msg: '操作成功',
  data: {
    cpu: { cpuNum: 8, used: 12.5, sys: 4.25, wait: 0, free: 83.25, loadAverage: [0.5, 0.4, 0.3] },
    mem: { total: 15.5, used: 12.4, free: 3.1, usage: memUsage },
    jvm: {
      total: 120,
      max: 4096,
      used: 60,
      free: 60,
      usage: 50,
      rss: 210.5,
      name: 'Node.js',
      version: 'v22.11.0',
      home: '/usr/bin/node',
      startTime: '2026-11-27 09:00:00',
      runTime: '0天1小时5分钟',
      inputArgs: '',
      pid: 4242,
    },
    sys: {
      computerName: 'dpms-app',
      computerIp: '10.0.0.5',
      userDir: '/srv/dpms',
      osName: 'Linux 6.1.0',
      osArch: 'x64',
    },
    sysFiles: [
      {
        dirName: '/srv/dpms/data',
        sysTypeName: 'ext4',
        typeName: '数据目录',
        total: '100.0 GB',
        free: '40.0 GB',
        used: '60.0 GB',
        usage: 60,
      },
    ],
    database: {
      size: '64.2 MB',
      sizeBytes: 67318988,
      connections: 25,
      maxConnections: 100,
      version: 'PostgreSQL 17.2',
    },
    print:
      printState === 'up'
        ? { state: 'up', url: 'http://127.0.0.1:8090', latencyMs: 3, message: '正常' }
        : {
            state: 'down',
            url: 'http://127.0.0.1:8090',
            latencyMs: null,
            message: '打印服务未启动或无法连接',
          },
    collectedAt: '2026-11-27T02:05:00.000Z',
  },
});

const card = (title: string) =>
  within(screen.getByRole('heading', { name: title }).closest('section')!);

describe('服务监控', () => {
  it('shows the server in cards, usage as progress bars', async () => {
    renderWithApi(<ServerMonitorPage />, new FakeApi({ '/monitor/server': () => info('up', 80) }));
    await screen.findByText('dpms-app');
    expect(card('CPU').getByText('8')).toBeTruthy();
    // 12.5% user and 4.25% system: the bar shows the CPU busy, rounded.
    expect(
      card('CPU').getByRole('progressbar', { name: 'CPU使用率' }).getAttribute('aria-valuenow'),
    ).toBe('17');
    expect(card('内存').getByText('15.5 GB')).toBeTruthy();
    expect(card('内存').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('80');
    expect(card('Node.js 进程').getByText('v22.11.0')).toBeTruthy();
    expect(card('Node.js 进程').getByText('0天1小时5分钟')).toBeTruthy();
    expect(card('数据库').getByText('64.2 MB')).toBeTruthy();
    expect(card('数据库').getByText('25 / 100')).toBeTruthy();
    expect(card('数据库').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(card('磁盘状态').getByText('/srv/dpms/data')).toBeTruthy();
    expect(card('磁盘状态').getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
    expect(screen.getByTestId('print-state').textContent).toBe('正常');
    // On the institute's clock (UTC+8).
    expect(screen.getByText('采集时间：2026-11-27 10:05')).toBeTruthy();
  });

  it('says when the print service is down, and 刷新 reads the figures again', async () => {
    let calls = 0;
    const fake = new FakeApi({
      '/monitor/server': () => (++calls === 1 ? info('up', 30) : info('down', 30)),
    });
    renderWithApi(<ServerMonitorPage />, fake);
    await waitFor(() => expect(screen.getByTestId('print-state').textContent).toBe('正常'));
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(screen.getByTestId('print-state').textContent).toBe('异常'));
    expect(screen.getByText('打印服务未启动或无法连接')).toBeTruthy();
    expect(screen.getByText('无响应')).toBeTruthy();
  });
});
