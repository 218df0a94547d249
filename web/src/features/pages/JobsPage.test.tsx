import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { JobsPage } from './JobsPage';

const OK = { code: 200, msg: '查询成功' };

const job = (
  jobId: number,
  jobName: string,
  schedule: string,
  lastRun: unknown,
  cronExpression = '',
) => ({
  jobId,
  jobName,
  jobGroup: 'SYSTEM',
  invokeTarget: 'fileService.sweep()',
  cronExpression,
  schedule,
  status: '0',
  lastRun,
});

const JOBS = [
  job(1, '清理未完成的上传', '每 10 分钟（服务启动时执行一次）', {
    // 2026-11-26 01:00 UTC is 09:00 on the institute's clock.
    startTime: '2026-11-26T01:00:00.000Z',
    status: '1',
    jobMessage: '清理未完成的上传 总共耗时：3毫秒；执行失败',
  }),
  job(4, '每日备份', '每天 02:00', null, '0 0 2 * * ?'),
];

const run = {
  jobLogId: 9,
  jobName: '清理未完成的上传',
  jobGroup: 'SYSTEM',
  invokeTarget: 'fileService.sweep()',
  jobMessage: '清理未完成的上传 总共耗时：5毫秒；清理 2 个未完成的上传',
  status: '0',
  exceptionInfo: '',
  startTime: '2026-11-26T02:00:00.000Z',
  endTime: '2026-11-26T02:00:00.005Z',
  createTime: '2026-11-26T02:00:00.005Z',
};

const api = () =>
  new FakeApi({
    '/monitor/job/list': () => ({ ...OK, total: JOBS.length, rows: JOBS }),
    '/monitor/job/run': () => ({ code: 200, msg: '执行成功', data: run }),
    '/monitor/job/changeStatus': () => ({ code: 200, msg: '操作成功' }),
  });

describe('定时任务', () => {
  it('lists the server’s jobs with their 执行策略 and last run, each linked to its log', async () => {
    renderWithApi(<JobsPage />, api());
    const row = within((await screen.findByText('清理未完成的上传')).closest('tr')!);
    expect(row.getByText('每 10 分钟（服务启动时执行一次）')).toBeTruthy();
    expect(row.getByText('2026-11-26 09:00')).toBeTruthy();
    expect(row.getByText('失败')).toBeTruthy();
    expect(row.getByRole('link', { name: '调度日志' }).getAttribute('href')).toBe(
      `/job/log?jobName=${encodeURIComponent('清理未完成的上传')}`,
    );
    const never = within(screen.getByText('每日备份').closest('tr')!);
    expect(never.getByText('尚未执行')).toBeTruthy();
    // The cron expression is shown under its words.
    expect(never.getByText('每天 02:00')).toBeTruthy();
    expect(never.getByText('0 0 2 * * ?')).toBeTruthy();
  });

  it('执行一次 asks first, then runs the job and says how it went', async () => {
    const fake = api();
    renderWithApi(<JobsPage />, fake);
    const row = within((await screen.findByText('清理未完成的上传')).closest('tr')!);
    fireEvent.click(row.getByRole('button', { name: '执行一次' }));
    expect(await screen.findByText('确认要立即执行一次"清理未完成的上传"任务吗？')).toBeTruthy();
    expect(fake.sent('/monitor/job/run')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(fake.sent('/monitor/job/run')).toEqual([{ jobId: 1, jobGroup: 'SYSTEM' }]),
    );
    expect(await screen.findByText('执行成功')).toBeTruthy();
    // The list is read again for the new last run.
    await waitFor(() => expect(fake.sent('/monitor/job/list').length).toBeGreaterThan(1));
  });

  it('offers 执行一次 only to a caller who may change jobs', async () => {
    renderWithApi(<JobsPage />, api(), { permissions: ['monitor:job:list'] });
    await screen.findByText('清理未完成的上传');
    expect(screen.queryByRole('button', { name: '执行一次' })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getAllByRole('link', { name: '调度日志' })).toHaveLength(2);
  });

  it('pauses a job after asking, through its status switch', async () => {
    const fake = api();
    renderWithApi(<JobsPage />, fake);
    const toggle = await screen.findByRole('switch', { name: '清理未完成的上传状态' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(await screen.findByText('确认要"暂停""清理未完成的上传"任务吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(fake.sent('/monitor/job/changeStatus')).toEqual([{ jobId: 1, status: '1' }]),
    );
    expect(await screen.findByText('已暂停')).toBeTruthy();
  });
});
