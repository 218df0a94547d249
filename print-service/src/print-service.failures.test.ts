import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED_DEBIAN_PACKAGES } from './messages.js';
import type { RunningPrintService } from './service.js';
import { postRender, sheet, startTestService } from './test-support/fixture-service.js';
import { processesInGroup, readPdf } from './testing/pdf-inspect.js';

/** An HTTP endpoint that holds every request until the test releases it. */
async function gate() {
  const held: ServerResponse[] = [];
  let arrived: (() => void)[] = [];
  const server = createServer((_req, res) => {
    held.push(res);
    for (const a of arrived.splice(0)) a();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return {
    url,
    /** Resolves once `n` requests are held. */
    held: async (n: number) => {
      while (held.length < n) await new Promise<void>((r) => arrived.push(r));
    },
    release: () => {
      for (const res of held.splice(0)) res.end('ok');
    },
    close: () =>
      new Promise<void>((r) => {
        arrived = [];
        for (const res of held.splice(0)) res.end('ok');
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}

/** Resolves when the pool reports that the browser with this pid has exited entirely. */
const closedBrowser = (service: RunningPrintService, pid: number) =>
  new Promise<void>((resolve) => {
    const on = (e: { pid: number | undefined }) => {
      if (e.pid !== pid) return;
      service.pool.off('browserClosed', on);
      resolve();
    };
    service.pool.on('browserClosed', on);
  });

const isPdf = async (res: Response) => {
  const bytes = new Uint8Array(await res.arrayBuffer());
  return Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
};

describe('print service: machine prerequisites', () => {
  it('answers 503 naming the Debian packages when Chromium is missing, and /health says why', async () => {
    const service = await startTestService({ chromiumPath: '/nonexistent/chromium' });
    try {
      const res = await postRender(service, sheet('缺少浏览器'));
      expect(res.status).toBe(503);
      const body = (await res.json()) as { code: number; msg: string; missingPackages: string[] };
      expect(body.code).toBe(503);
      expect(body.msg).toContain('/nonexistent/chromium');
      for (const p of REQUIRED_DEBIAN_PACKAGES) expect(body.msg).toContain(p);
      expect(body.missingPackages).toEqual(['chromium']);
      const health = await fetch(`${service.url}/health`);
      expect(health.status).toBe(503);
      expect(((await health.json()) as { msg: string }).msg).toContain('chromium');
    } finally {
      await service.close();
    }
  });

  it('answers 503 naming the font package when a document font is not installed', async () => {
    const service = await startTestService(
      {},
      { fonts: [{ family: 'No Such Song Face 测试', debianPackage: 'fonts-arphic-uming' }] },
    );
    try {
      const res = await postRender(service, sheet('缺少字体'));
      expect(res.status).toBe(503);
      const body = (await res.json()) as { msg: string; missingPackages: string[] };
      expect(body.msg).toContain('No Such Song Face 测试');
      expect(body.missingPackages).toEqual(['fonts-arphic-uming']);
      expect(service.pool.browserPid()).toBeUndefined();
    } finally {
      await service.close();
    }
  });

  it('answers 503 when the web has not been built', async () => {
    const service = await startTestService({ webDir: '/nonexistent/web/dist' });
    try {
      const res = await postRender(service, sheet('未构建'));
      expect(res.status).toBe(503);
      expect(((await res.json()) as { msg: string }).msg).toContain(
        'npx turbo run build --filter=@dpms/web',
      );
    } finally {
      await service.close();
    }
  });
});

describe('print service: requests', () => {
  let service: RunningPrintService;
  let g: Awaited<ReturnType<typeof gate>>;
  beforeAll(async () => {
    g = await gate();
    // The fixture page's hold calls the gate: the one origin besides its own it may load.
    service = await startTestService(
      { tabs: 1, maxQueue: 1, bodyLimitBytes: 64 * 1024 },
      { extraOrigins: [g.url] },
    );
  });
  afterAll(async () => {
    await service?.close();
    await g?.close();
  });

  it('prints an A4 PDF with the payload as text', async () => {
    const res = await postRender(
      service,
      sheet('用印申请', [{ label: '事由', value: '合同盖章' }]),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const pdf = await readPdf(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.compactText).toContain('用印申请');
    expect(pdf.compactText).toContain('合同盖章');
    expect(pdf.pageSize).toContain('(A4)');
  });

  it('answers 413 for a document larger than the limit, and keeps printing', async () => {
    const big = sheet('过大', [{ label: '内容', value: '字'.repeat(40 * 1024) }]);
    const res = await postRender(service, big);
    expect(res.status).toBe(413);
    const body = (await res.json()) as { code: number; msg: string };
    expect(body.code).toBe(413);
    expect(body.msg).toContain('文档过大');
    expect((await postRender(service, sheet('之后'))).status).toBe(200);
  });

  it('answers 400 naming the field for a payload the print page cannot render', async () => {
    const res = await postRender(service, { kind: 'contractDocument', type: 4 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toContain('type');
    const bad = await postRender(service, '{not json');
    expect(bad.status).toBe(400);
  });

  it('answers 429 when every tab is busy and the queue is full, and finishes the held jobs', async () => {
    const rendering = once(service.pool, 'rendering');
    const first = postRender(service, sheet(`hold:${g.url}`));
    await rendering;
    await g.held(1);
    // The one queue place, taken directly so it is certainly taken before the next request.
    const second = service.pool.render(sheet('排队'));
    expect(service.pool.status().queued).toBe(1);
    const third = await postRender(service, sheet('第三个'));
    expect(third.status).toBe(429);
    const body = (await third.json()) as { code: number; msg: string };
    expect(body.code).toBe(429);
    expect(body.msg).toContain('请稍后重试');
    g.release();
    expect((await first).status).toBe(200);
    expect((await second).byteLength).toBeGreaterThan(1000);
  });
});

describe('print service: browser failures', () => {
  let service: RunningPrintService;
  beforeAll(async () => {
    service = await startTestService({ tabs: 1, maxJobsPerBrowser: 1000 });
  });
  afterAll(async () => {
    await service?.close();
  });
  afterEach(() => {
    service.pool.removeAllListeners('rendering');
  });

  it('retries a job on a new browser when the browser is killed mid-job, and recovers', async () => {
    const before = service.pool.browserPid()!;
    expect(before).toBeGreaterThan(0);
    const closed = closedBrowser(service, before);
    service.pool.once('rendering', ({ pid }) => process.kill(pid!, 'SIGKILL'));
    const res = await postRender(service, sheet('崩溃后重试'));
    expect(res.status).toBe(200);
    expect((await readPdf(new Uint8Array(await res.arrayBuffer()))).compactText).toContain(
      '崩溃后重试',
    );
    const after = service.pool.browserPid()!;
    expect(after).not.toBe(before);
    await closed;
    expect(await processesInGroup(before)).toEqual([]);
    expect((await postRender(service, sheet('恢复'))).status).toBe(200);
  });

  it('answers an error when the browser dies on the retry too, then prints again', async () => {
    service.pool.on('rendering', ({ pid }) => process.kill(pid!, 'SIGKILL'));
    const res = await postRender(service, sheet('两次崩溃'));
    expect(res.status).toBe(503);
    const body = (await res.json()) as { msg: string };
    expect(body.msg).toContain('浏览器意外退出');
    service.pool.removeAllListeners('rendering');
    const again = await postRender(service, sheet('恢复'));
    expect(again.status).toBe(200);
    expect(await isPdf(again)).toBe(true);
  });

  it('replaces a browser that fails its health probe', async () => {
    const stuck = service.pool.browserPid()!;
    process.kill(stuck, 'SIGSTOP');
    const replaced = once(service.pool, 'browserStarted');
    const closed = closedBrowser(service, stuck);
    expect(await service.pool.probe()).toBe(false);
    await replaced;
    await closed;
    expect(await processesInGroup(stuck)).toEqual([]);
    expect(service.pool.browserPid()).not.toBe(stuck);
    expect((await postRender(service, sheet('探测之后'))).status).toBe(200);
    expect(await service.pool.probe()).toBe(true);
  });
});

describe('print service: browser lifetime', () => {
  it('replaces the browser after N jobs and closes the old one', async () => {
    const service = await startTestService({ tabs: 1, maxJobsPerBrowser: 2 });
    try {
      const first = service.pool.browserPid()!;
      const replaced = once(service.pool, 'browserStarted');
      const closed = closedBrowser(service, first);
      for (const t of ['一', '二']) expect((await postRender(service, sheet(t))).status).toBe(200);
      await replaced;
      expect(service.pool.browserPid()).not.toBe(first);
      expect((await postRender(service, sheet('三'))).status).toBe(200);
      // The old browser is closed once its last job is done.
      await closed;
      expect(await processesInGroup(first)).toEqual([]);
    } finally {
      await service.close();
    }
  });

  it('leaves no Chromium process behind when it is closed', async () => {
    const service = await startTestService({ tabs: 2 });
    const pid = service.pool.browserPid()!;
    expect((await processesInGroup(pid)).length).toBeGreaterThan(1);
    await service.close();
    expect(await processesInGroup(pid)).toEqual([]);
  });
});
