import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContainer } from '../../app/container';
import { TOKENS } from '../../app/tokens';
import { downloadExport, downloadFile } from './download';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const ID = '0123456789abcdef0123456789abcdef';

function services() {
  const container = createContainer(); // configures downloadFile
  const files = container.get(TOKENS.FileGateway);
  const feedback = container.get(TOKENS.Feedback);
  return { files, feedback };
}

function savableBrowser(): string[] {
  vi.stubGlobal(
    'URL',
    Object.assign(Object.create(URL) as object, {
      createObjectURL: () => 'blob:x',
      revokeObjectURL: () => undefined,
    }),
  );
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return names;
}

describe('downloadFile', () => {
  // A stored address never decides what the viewer's browser fetches or opens.
  it.each([
    '/prod-api/approval/flow/del?flowId=1',
    '/project/approval/deleteById?serviceId=7',
    `/prod-api/common/download?fileName=${ID}&delete=true`,
    'https://example.org/a.pdf',
    '//evil.example/a.pdf',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'abc',
  ])('refuses %s with a message, fetching and opening nothing', async (address) => {
    const { files, feedback } = services();
    const fetchStored = vi.spyOn(files, 'download');
    const fetchPath = vi.spyOn(files, 'downloadPath');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(await downloadFile(address)).toBe(false);
    expect(fetchStored).not.toHaveBeenCalled();
    expect(fetchPath).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    expect(feedback.snapshot().toasts.map((t) => t.message)).toContain(
      '文件地址无效：只能下载或预览系统上传的文件',
    );
  });

  it('fetches a file id or a server-built download address through the resource call', async () => {
    const { files } = services();
    savableBrowser();
    const fetch = vi
      .spyOn(files, 'download')
      .mockResolvedValue({ blob: new Blob(['x']), fileName: 'a.pdf' });
    expect(await downloadFile(ID)).toBe(true);
    expect(await downloadFile(`/prod-api/common/download/resource?resource=${ID}`)).toBe(true);
    expect(fetch.mock.calls.map((c) => c[0])).toEqual([ID, ID]);
  });

  it('shows the unsupported-browser message when the browser cannot save files', async () => {
    const { files, feedback } = services();
    vi.stubGlobal(
      'URL',
      Object.assign(Object.create(URL) as object, { createObjectURL: undefined }),
    );
    const fetch = vi.spyOn(files, 'download');
    expect(await downloadFile(`/prod-api/common/download/resource?resource=${ID}`)).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(feedback.snapshot().toasts.map((t) => t.message)).toContain(
      '该浏览器内核不支持下载此文件，推荐使用谷歌浏览器访问本平台',
    );
  });

  it('saves under the given name, else the Content-Disposition name', async () => {
    const { files } = services();
    const names = savableBrowser();
    vi.spyOn(files, 'download').mockResolvedValue({
      blob: new Blob(['x']),
      fileName: '施工图.pdf',
    });
    await downloadFile(ID);
    await downloadFile(ID, '另存.pdf');
    expect(names).toEqual(['施工图.pdf', '另存.pdf']);
  });
});

describe('downloadExport', () => {
  it('fetches an address the application builds through the API path call', async () => {
    const { files } = services();
    const names = savableBrowser();
    const fetch = vi
      .spyOn(files, 'downloadExport')
      .mockResolvedValue({ blob: new Blob(['x']), fileName: undefined });
    expect(await downloadExport('/v4/lixiang/export?pageNum=1')).toBe(true);
    expect(fetch.mock.calls[0]?.[0]).toBe('/v4/lixiang/export?pageNum=1');
    expect(names).toEqual(['export']);
  });

  it('shows a background export’s progress until its file is saved, then says where it is', async () => {
    const { files, feedback } = services();
    const names = savableBrowser();
    const seen: Array<{ message: string; percent: number | null }[]> = [];
    const job = {
      jobId: 'a'.repeat(32),
      fileName: '登录日志.xlsx',
      rowsTotal: 100_000,
      fileId: null,
      createTime: '2026-11-27T04:00:00.000Z',
      finishTime: null,
    };
    vi.spyOn(files, 'downloadExport').mockImplementation((_path, options) => {
      for (const [status, rowsDone, percent] of [
        ['running', 0, 0],
        ['running', 50_000, 50],
      ] as const) {
        options?.onProgress?.({
          ...job,
          status,
          rowsDone,
          percent,
          message: `已写入 ${rowsDone} 行`,
        });
        seen.push(
          feedback.snapshot().progress.map(({ message, percent }) => ({ message, percent })),
        );
      }
      return Promise.resolve({ blob: new Blob(['x']), fileName: '登录日志.xlsx' });
    });
    expect(await downloadExport('/monitor/logininfor/export')).toBe(true);
    expect(seen).toEqual([
      [{ message: '已写入 0 行', percent: 0 }],
      [{ message: '已写入 50000 行', percent: 50 }],
    ]);
    expect(feedback.snapshot().progress).toEqual([]);
    expect(names).toEqual(['登录日志.xlsx']);
    expect(feedback.snapshot().toasts.map((t) => t.message)).toContain(
      '导出完成：登录日志.xlsx，也可在“我的文件”中下载（保留 24 小时）',
    );
  });

  it('closes the progress and shows why when a background export fails', async () => {
    const { files, feedback } = services();
    savableBrowser();
    vi.spyOn(files, 'downloadExport').mockImplementation((_path, options) => {
      options?.onProgress?.({
        jobId: 'a'.repeat(32),
        fileName: '登录日志.xlsx',
        status: 'running',
        rowsDone: 0,
        rowsTotal: 100_000,
        percent: 0,
        message: '正在导出',
        fileId: null,
        createTime: '2026-11-27T04:00:00.000Z',
        finishTime: null,
      });
      return Promise.reject(new Error('导出已中断（服务重启或停止），请重新导出'));
    });
    expect(await downloadExport('/monitor/logininfor/export')).toBe(false);
    expect(feedback.snapshot().progress).toEqual([]);
    expect(feedback.snapshot().toasts.map((t) => t.message)).toContain(
      '导出已中断（服务重启或停止），请重新导出',
    );
  });
});
