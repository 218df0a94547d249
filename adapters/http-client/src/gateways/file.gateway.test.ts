import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpClient } from '../client.js';
import { FileGateway, fileNameFromContentDisposition } from './file.gateway.js';

/** RFC 6266/5987 as the server writes it (adapters/http-api download.routes.ts). */
const disposition = (name: string) => {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};

describe('fileNameFromContentDisposition', () => {
  it('reads the UTF-8 name first, then the plain one', () => {
    expect(fileNameFromContentDisposition(disposition('合同 (终稿).pdf'))).toBe('合同 (终稿).pdf');
    expect(fileNameFromContentDisposition('attachment; filename="report.xlsx"')).toBe(
      'report.xlsx',
    );
    expect(fileNameFromContentDisposition('attachment; filename=a%20b.txt')).toBe('a b.txt');
    expect(fileNameFromContentDisposition('inline')).toBeUndefined();
    expect(fileNameFromContentDisposition(undefined)).toBeUndefined();
  });

  it('round-trips every name the server can send', () => {
    fc.assert(
      fc.property(
        fc
          .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
          .filter((s) => s.trim() === s && s !== ''),
        (name) => {
          expect(fileNameFromContentDisposition(disposition(name))).toBe(name);
        },
      ),
    );
  });
});

function gateway(
  reply: (config: InternalAxiosRequestConfig) => {
    status: number;
    data: unknown;
    headers?: Record<string, string>;
  },
) {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = (config) => {
    seen.push(config);
    const r = reply(config);
    const response = {
      status: r.status,
      statusText: '',
      headers: r.headers ?? {},
      config,
      data: r.data,
    };
    return r.status >= 400
      ? Promise.reject(
          new AxiosError(
            `Request failed with status code ${r.status}`,
            'ERR_BAD_RESPONSE',
            config,
            {},
            response,
          ),
        )
      : Promise.resolve(response);
  };
  const tokens = { get: () => 'tok' };
  const ui = {
    confirm: () => Promise.resolve(false),
    error: () => undefined,
    logout: () => undefined,
  };
  const http = new HttpClient({ tokens, ui, adapter });
  return { files: new FileGateway(http, tokens, { adapter }), seen };
}

describe('FileGateway', () => {
  it('sends a chunk as multipart with its fields and the bearer token', async () => {
    const { files, seen } = gateway(() => ({
      status: 200,
      data: JSON.stringify({
        code: 200,
        msg: 'ok',
        data: { uploadId: 'u', chunkIndex: 0, partNum: 1, size: 3, md5: 'x' },
      }),
    }));
    await files.uploadChunk({ chunkIndex: '0', uploadId: 'u' }, new Blob(['abc']), '图.pdf');
    const form = seen[0]?.data as FormData;
    expect(form.get('chunkIndex')).toBe('0');
    expect(form.get('uploadId')).toBe('u');
    expect((form.get('file') as File).name).toBe('图.pdf');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer tok');
    expect(seen[0]?.url).toBe('/common/maxfile/upload');
  });

  it('asks for real HTTP statuses on uploads and downloads too', async () => {
    const { files, seen } = gateway(() => ({ status: 200, data: new Blob(['x']) }));
    await files.downloadPath('/system/user/export');
    expect(seen[0]?.headers.get('X-DPMS-Status')).toBe('http');
  });

  it('turns a refused chunk into the server message and status', async () => {
    const { files } = gateway(() => ({
      status: 422,
      data: JSON.stringify({
        code: 422,
        msg: '第1个分片的MD5校验失败，请重新上传该分片',
        errorCode: 'UPLOAD.CHUNK_HASH_MISMATCH',
      }),
    }));
    await expect(files.uploadChunk({}, new Blob(['a']), 'a.pdf')).rejects.toMatchObject({
      status: 422,
      code: 'UPLOAD.CHUNK_HASH_MISMATCH',
      message: '第1个分片的MD5校验失败，请重新上传该分片',
    });
  });

  it('reports a failure without an envelope as 000 §8 says: the text, else "fail to post {url} {status}"', async () => {
    const plain = gateway(() => ({ status: 502, data: 'Bad Gateway' }));
    await expect(plain.files.uploadChunk({}, new Blob(['a']), 'a.pdf')).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
    });
    const empty = gateway(() => ({ status: 500, data: '' }));
    await expect(empty.files.uploadFile(new Blob(['a']), 'a.pdf')).rejects.toMatchObject({
      message: 'fail to post /prod-api/common/upload 500',
    });
  });

  it('downloads with the name of Content-Disposition and maps ids and download addresses to the resource call', async () => {
    const id = 'ab'.repeat(16);
    const { files, seen } = gateway(() => ({
      status: 200,
      data: new Blob(['x']),
      headers: { 'content-disposition': disposition('设计说明.pdf') },
    }));
    const got = await files.download(id);
    expect(got.fileName).toBe('设计说明.pdf');
    expect(seen[0]?.url).toBe(`/common/download/resource?resource=${id}`);
    expect(seen[0]?.headers['Authorization']).toBe('Bearer tok');
    await files.download(`/prod-api/common/download/resource?resource=${id}`, { preview: true });
    expect(seen[1]?.url).toBe(`/common/download/resource?resource=${id}&preview=true`);
    expect(files.resourcePath(id, true)).toBe(
      `/common/download/resource?resource=${id}&preview=true`,
    );
  });

  // A stored string never chooses what the browser fetches with the token.
  it.each([
    '/prod-api/approval/flow/del?flowId=1',
    '/approval/flow/del?flowId=1',
    '/prod-api/project/approval/deleteById?serviceId=7',
    `/prod-api/common/download?fileName=${'ab'.repeat(16)}&delete=true`,
    `/prod-api/common/download/resource?resource=${'ab'.repeat(16)}&x=1`,
    'javascript:alert(1)',
    '//evil.example/prod-api/common/download/resource',
    'https://evil.example/a.pdf',
    'data:application/pdf;base64,JVBERi0=',
    'abc',
  ])('refuses to download %s, sending nothing', async (address) => {
    const { files, seen } = gateway(() => ({ status: 200, data: new Blob(['x']) }));
    await expect(files.download(address)).rejects.toMatchObject({
      code: 'UPLOAD.ADDRESS_INVALID',
      status: 400,
      message: '文件地址无效：只能下载或预览系统上传的文件',
    });
    expect(seen).toHaveLength(0);
  });

  it('fetches an address the application builds only under the API, with the token', async () => {
    const { files, seen } = gateway(() => ({ status: 200, data: new Blob(['x']) }));
    await files.downloadPath('/v4/lixiang/export?pageNum=1');
    await files.downloadPath('/prod-api/v4/contract-document/pdf?documentId=3');
    expect(seen.map((c) => c.url)).toEqual([
      '/v4/lixiang/export?pageNum=1',
      '/v4/contract-document/pdf?documentId=3',
    ]);
    expect(seen.every((c) => c.headers['Authorization'] === 'Bearer tok')).toBe(true);
    for (const bad of ['//evil.example/x', 'https://evil.example/x', 'v4/x', '/\\evil.example']) {
      await expect(files.downloadPath(bad)).rejects.toMatchObject({
        code: 'UPLOAD.ADDRESS_INVALID',
      });
    }
    expect(seen).toHaveLength(2);
  });

  describe('downloadExport', () => {
    const job = (over: Record<string, unknown>) => ({
      jobId: 'a'.repeat(32),
      fileName: '登录日志.xlsx',
      status: 'running',
      rowsDone: 0,
      rowsTotal: 100,
      percent: 0,
      message: '正在导出',
      fileId: null,
      createTime: '2026-11-27T04:00:00.000Z',
      finishTime: null,
      ...over,
    });
    const envelope = (data: unknown) => ({ code: 200, msg: 'ok', data });

    it('asks for the background and takes a small export that answers at once', async () => {
      const { files, seen } = gateway(() => ({
        status: 200,
        data: new Blob(['x']),
        headers: { 'content-disposition': disposition('岗位数据.xlsx') },
      }));
      const got = await files.downloadExport('/system/post/export');
      expect(got.fileName).toBe('岗位数据.xlsx');
      expect(seen[0]?.headers.get('Prefer')).toBe('respond-async');
      expect(seen).toHaveLength(1);
    });

    it('follows a background export to its file, reporting each step', async () => {
      const steps = [
        job({ rowsDone: 40, percent: 40 }),
        job({ status: 'done', rowsDone: 100, percent: 100, fileId: 'f'.repeat(32) }),
      ];
      const { files, seen } = gateway((config) => {
        if (config.url === '/monitor/logininfor/export')
          return { status: 202, data: new Blob([JSON.stringify(envelope(job({})))]) };
        if (config.url?.startsWith('/common/exportJob/'))
          return { status: 200, data: envelope(steps.shift()) };
        return { status: 200, data: new Blob(['xlsx']) };
      });
      const seenJobs: number[] = [];
      const got = await files.downloadExport('/monitor/logininfor/export', {
        pollMs: 0,
        onProgress: (j) => seenJobs.push(j.rowsDone),
      });
      expect(seenJobs).toEqual([0, 40, 100]);
      expect(got.fileName).toBe('登录日志.xlsx');
      expect(await got.blob.text()).toBe('xlsx');
      expect(seen.map((c) => c.url)).toEqual([
        '/monitor/logininfor/export',
        `/common/exportJob/${'a'.repeat(32)}`,
        `/common/exportJob/${'a'.repeat(32)}`,
        `/common/download/resource?resource=${'f'.repeat(32)}`,
      ]);
    });

    it('rejects with the job’s own message when it failed or was interrupted', async () => {
      const { files } = gateway((config) =>
        config.url === '/monitor/operlog/export'
          ? { status: 202, data: new Blob([JSON.stringify(envelope(job({})))]) }
          : {
              status: 200,
              data: envelope(
                job({ status: 'interrupted', message: '导出已中断（服务重启或停止），请重新导出' }),
              ),
            },
      );
      await expect(
        files.downloadExport('/monitor/operlog/export', { pollMs: 0 }),
      ).rejects.toMatchObject({
        code: 'EXPORT.INTERRUPTED',
        message: '导出已中断（服务重启或停止），请重新导出',
      });
    });

    it('asks again when a progress read fails on the way, and stops at a refusal', async () => {
      const replies: Array<{ status: number; data: unknown }> = [
        { status: 502, data: 'Bad Gateway' },
        {
          status: 200,
          data: envelope(job({ status: 'done', percent: 100, fileId: 'f'.repeat(32) })),
        },
      ];
      const { files } = gateway((config) =>
        config.url === '/monitor/logininfor/export'
          ? { status: 202, data: new Blob([JSON.stringify(envelope(job({})))]) }
          : config.url?.startsWith('/common/exportJob/')
            ? replies.shift()!
            : { status: 200, data: new Blob(['xlsx']) },
      );
      const got = await files.downloadExport('/monitor/logininfor/export', { pollMs: 0 });
      expect(await got.blob.text()).toBe('xlsx');
      const gone = gateway((config) =>
        config.url === '/monitor/logininfor/export'
          ? { status: 202, data: new Blob([JSON.stringify(envelope(job({})))]) }
          : { status: 404, data: JSON.stringify({ code: 404, msg: '导出任务不存在或已过期' }) },
      );
      await expect(
        gone.files.downloadExport('/monitor/logininfor/export', { pollMs: 0 }),
      ).rejects.toMatchObject({ status: 404 });
      expect(gone.seen).toHaveLength(2);
    });

    it('refuses a 202 whose job does not read as one', async () => {
      const { files } = gateway(() => ({
        status: 202,
        data: new Blob([JSON.stringify(envelope({ jobId: 1 }))]),
      }));
      await expect(files.downloadExport('/monitor/operlog/export')).rejects.toMatchObject({
        code: 'HTTP.MALFORMED_ANSWER',
      });
    });

    it('refuses an address outside the API, sending nothing', async () => {
      const { files, seen } = gateway(() => ({ status: 200, data: new Blob(['x']) }));
      await expect(files.downloadExport('https://evil.example/x')).rejects.toMatchObject({
        code: 'UPLOAD.ADDRESS_INVALID',
      });
      expect(seen).toHaveLength(0);
    });
  });
});
