/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpPrintHealth } from '../print/print-health.js';
import { apiClient } from '../test-support/api-client.js';
import { openTestApi, testDatabaseKinds, type TestApi } from '../test-support/api.js';

interface RouterNode {
  name: string;
  path: string;
  component?: string;
  children?: RouterNode[];
}

/** A stand-in print service whose /health answers what the test says. */
function fakePrintService() {
  let health = { status: 200, body: { code: 200, msg: '正常' } as object };
  const server: Server = createServer((req, res) => {
    res.writeHead(req.url === '/health' ? health.status : 404, {
      'content-type': 'application/json',
    });
    res.end(JSON.stringify(health.body));
  });
  return {
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${String((server.address() as AddressInfo).port)}`),
        ),
      ),
    answer: (status: number, body: object) => {
      health = { status, body };
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(testDatabaseKinds())('服务监控 on %s', (kind) => {
  let api: TestApi;
  const print = fakePrintService();
  const { get, refused, signIn } = apiClient(() => api);
  beforeAll(async () => {
    const url = await print.start();
    api = await openTestApi(kind, { printHealth: new HttpPrintHealth(url) });
    await signIn('admin', 'xmjl');
  }, 120_000);
  afterAll(async () => {
    await api?.close();
    await print.stop();
  });

  it("answers RuoYi's cpu, mem, jvm, sys and sysFiles, with the database and the print service", async () => {
    const r = await get('admin', '/monitor/server').expect(200);
    expect(r.body.code).toBe(200);
    const d = r.body.data;
    expect(d.cpu.cpuNum).toBe(os.cpus().length);
    expect(d.cpu.used + d.cpu.sys + d.cpu.free).toBeCloseTo(100, 0);
    expect(d.mem.total).toBeCloseTo(os.totalmem() / 1024 ** 3, 1);
    expect(d.mem.usage).toBeGreaterThan(0);
    expect(d.jvm).toMatchObject({ name: 'Node.js', version: process.version, pid: process.pid });
    expect(d.jvm.used).toBeGreaterThan(0);
    expect(d.jvm.startTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(d.jvm.runTime).toMatch(/^\d+天\d+小时\d+分钟$/);
    expect(d.sys).toMatchObject({ computerName: os.hostname(), osArch: os.arch() });
    expect(d.sysFiles).toHaveLength(1);
    expect(d.sysFiles[0].dirName).toBe(api.database.dataDir);
    expect(d.sysFiles[0].total).toMatch(/^[\d.]+ (GB|MB|KB|B)$/);
    expect(d.database.sizeBytes).toBeGreaterThan(1024 * 1024);
    expect(d.database.connections).toBeGreaterThanOrEqual(1);
    expect(d.database.maxConnections).toBeGreaterThanOrEqual(d.database.connections);
    expect(d.database.version).toMatch(/^PostgreSQL/);
    expect(d.print).toMatchObject({ state: 'up', message: '正常' });
  });

  it('says the print service is down, with its own message, when its health is not 200', async () => {
    print.answer(503, { code: 503, msg: '打印服务正在启动' });
    try {
      const r = await get('admin', '/monitor/server').expect(200);
      expect(r.body.data.print).toMatchObject({ state: 'down', message: '打印服务正在启动' });
    } finally {
      print.answer(200, { code: 200, msg: '正常' });
    }
  });

  it("is 系统监控 > 服务监控 in the administrator's menu, and refused without monitor:server:list", async () => {
    const routers = await get('admin', '/getRouters').expect(200);
    const monitor = routers.body.data.find((n: RouterNode) => n.path === '/monitor');
    expect(monitor.children.map((c: RouterNode) => c.path)).toContain('server');
    const page = monitor.children.find((c: RouterNode) => c.path === 'server');
    expect(page.component).toBe('monitor/server/index');
    await refused(get('xmjl', '/monitor/server'), 403);
  });
});
