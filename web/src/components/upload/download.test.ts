import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContainer } from '../../app/container';
import { TOKENS } from '../../app/tokens';
import { downloadFile } from './download';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function services() {
  const container = createContainer(); // configures downloadFile
  const files = container.get(TOKENS.FileGateway);
  const feedback = container.get(TOKENS.Feedback);
  return { files, feedback };
}

describe('downloadFile', () => {
  it('opens an http address in a new window without fetching it', async () => {
    const { files } = services();
    const fetch = vi.spyOn(files, 'download');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(await downloadFile('https://example.org/a.pdf')).toBe(true);
    expect(open).toHaveBeenCalledWith('https://example.org/a.pdf', '_blank', 'noopener');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the unsupported-browser message when the browser cannot save files', async () => {
    const { files, feedback } = services();
    vi.stubGlobal(
      'URL',
      Object.assign(Object.create(URL) as object, { createObjectURL: undefined }),
    );
    const fetch = vi.spyOn(files, 'download');
    expect(await downloadFile('/prod-api/common/download/resource?resource=x')).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    expect(feedback.snapshot().toasts.map((t) => t.message)).toContain(
      '该浏览器内核不支持下载此文件，推荐使用谷歌浏览器访问本平台',
    );
  });

  it('saves under the given name, else the Content-Disposition name', async () => {
    const { files } = services();
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
    vi.spyOn(files, 'download').mockResolvedValue({
      blob: new Blob(['x']),
      fileName: '施工图.pdf',
    });
    await downloadFile('abc');
    await downloadFile('abc', '另存.pdf');
    expect(names).toEqual(['施工图.pdf', '另存.pdf']);
  });
});
