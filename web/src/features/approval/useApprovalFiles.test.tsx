import { FileGateway, type HttpClient } from '@dpms/http-client';
import { renderHook } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContainer } from '../../app/container';
import { ServiceProvider } from '../../app/di';
import { TOKENS } from '../../app/tokens';
import { useApprovalFiles } from './useApprovalFiles';

const ID = '0123456789abcdef0123456789abcdef';

const createObjectURL = URL.createObjectURL.bind(URL);
afterEach(() => {
  vi.restoreAllMocks();
  URL.createObjectURL = createObjectURL;
});

/** The approval files hook over a real file gateway whose transport records every request. */
function setup() {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    seen.push(config);
    return Promise.resolve({ status: 200, statusText: '', headers: {}, config, data: new Blob() });
  };
  const fetch = vi.spyOn(globalThis, 'fetch');
  const container = createContainer();
  const tokens = { get: () => 'viewer-token' };
  container
    .rebind(TOKENS.FileGateway)
    .toConstantValue(new FileGateway({} as HttpClient, tokens, { adapter }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServiceProvider container={container}>{children}</ServiceProvider>
  );
  const { result } = renderHook(() => useApprovalFiles(), { wrapper });
  return { files: result.current, seen, fetch };
}

describe('useApprovalFiles', () => {
  it.each([
    { name: '附件', url: '/prod-api/approval/flow/del?flowId=1' },
    { name: '附件', filePath: '/prod-api/project/approval/deleteById?serviceId=1' },
    { name: '附件', url: '//evil.example/a.pdf' },
    { name: '附件', url: 'https://evil.example/a.pdf' },
    { name: '附件', fileId: '../../approval/flow/del?flowId=1' },
  ])('refuses to fetch %o for a preview or a download', async (file) => {
    const { files, seen, fetch } = setup();
    await expect(files.objectUrl(file)).rejects.toThrow('文件地址无效');
    await expect(files.download(file)).rejects.toThrow('文件地址无效');
    expect(seen).toHaveLength(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('fetches a stored file by its id through the resource call, with the token', async () => {
    const { files, seen } = setup();
    URL.createObjectURL = () => 'blob:x';
    // A url stored beside the id is never what is fetched.
    const stored = { name: '图纸.pdf', fileId: ID, url: 'javascript:x' };
    expect(await files.objectUrl(stored)).toBe('blob:x');
    expect(seen[0]?.url).toBe(`/common/download/resource?resource=${ID}&preview=true`);
    expect(seen[0]?.headers['Authorization']).toBe('Bearer viewer-token');
  });
});
