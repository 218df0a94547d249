import { ApiError } from '@dpms/http-client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeApi, renderWithApi } from '../../test/api-render';
import { EXPLAIN_DEBOUNCE_MS } from './JobCronDialog';
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
  misfirePolicy: '3',
  concurrent: '1',
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

  it('offers 修改 and 执行一次 only to a caller who may change jobs', async () => {
    renderWithApi(<JobsPage />, api(), { permissions: ['monitor:job:list'] });
    await screen.findByText('清理未完成的上传');
    expect(screen.queryByRole('button', { name: '修改' })).toBeNull();
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

  it('修改 explains the cron as it is typed and saves only a valid one; the list shows it', async () => {
    let saved = false;
    const fake = new FakeApi({
      '/monitor/job/list': () => ({
        ...OK,
        total: 1,
        rows: [saved ? job(4, '每日备份', '每天 04:00', null, '0 0 4 * * ?') : JOBS[1]],
      }),
      '/monitor/job/cron/explain': (q) => {
        if (q['cron'] === '30 0 4 * * ?')
          throw new ApiError(
            'JOB.CRON_INVALID',
            'cron 表达式不正确：秒字段“30”只能为 0：定时任务按分钟执行，不支持按秒',
            422,
            false,
            'cron',
          );
        return {
          ...OK,
          data: {
            cron: '0 4 * * *',
            cronExpression: String(q['cron']),
            words: '每天 04:00',
            nextTimes: ['2026-11-27T20:00:00.000Z', '2026-11-28T20:00:00.000Z'],
          },
        };
      },
      '/monitor/job': () => {
        saved = true;
        return { code: 200, msg: '操作成功' };
      },
    });
    const { clock } = renderWithApi(<JobsPage />, fake);
    const row = within((await screen.findByText('每日备份')).closest('tr')!);
    fireEvent.click(row.getByRole('button', { name: '修改' }));
    const input = await screen.findByRole('textbox', { name: 'cron 表达式' });
    expect((input as HTMLInputElement).value).toBe('0 0 2 * * ?');
    const ok = () => screen.getByRole('button', { name: '确定' });
    const checked = () =>
      fake.sent('/monitor/job/cron/explain').map((q) => (q as { cron: string }).cron);
    await waitFor(() => expect(checked()).toEqual(['0 0 2 * * ?']));
    fireEvent.change(input, { target: { value: '30 0 4 * * ?' } });
    act(() => clock.advance(EXPLAIN_DEBOUNCE_MS));
    // Refused by the server: its word under the field, 确定 off.
    expect(await screen.findByText(/秒字段“30”只能为 0/)).toBeTruthy();
    expect(ok().hasAttribute('disabled') || ok().getAttribute('data-disabled') !== null).toBe(true);
    // Keys 100 ms apart: no check while typing goes on, nor until it has paused for 300 ms...
    for (const typed of ['0', '0 0 4', '0 0 4 * * ?']) {
      fireEvent.change(input, { target: { value: typed } });
      act(() => clock.advance(100));
    }
    act(() => clock.advance(EXPLAIN_DEBOUNCE_MS - 100 - 1));
    expect(checked()).toEqual(['0 0 2 * * ?', '30 0 4 * * ?']);
    // ...then exactly one, for the text on screen.
    act(() => clock.advance(1));
    await waitFor(() => expect(checked()).toEqual(['0 0 2 * * ?', '30 0 4 * * ?', '0 0 4 * * ?']));
    // The words and the next runs on the institute's clock (04:00 in Shanghai).
    const explanation = await screen.findByTestId('cron-explanation');
    expect(within(explanation).getByText('每天 04:00')).toBeTruthy();
    expect(within(explanation).getByText('2026-11-28 04:00')).toBeTruthy();
    expect(within(explanation).getByText('2026-11-29 04:00')).toBeTruthy();
    await waitFor(() => expect(ok().hasAttribute('disabled')).toBe(false));
    fireEvent.click(ok());
    await waitFor(() =>
      expect(fake.sent('/monitor/job')).toEqual([
        {
          jobId: 4,
          jobName: '每日备份',
          jobGroup: 'SYSTEM',
          invokeTarget: 'fileService.sweep()',
          cronExpression: '0 0 4 * * ?',
        },
      ]),
    );
    expect(await screen.findByText('每天 04:00')).toBeTruthy();
    expect(screen.queryByTestId('job-cron-dialog')).toBeNull();
  });
});
