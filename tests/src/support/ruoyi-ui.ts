import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';

/** RuoYi-Vue 3.9.2's admin UI, built unchanged from its source (/work/shared/ruoyi/README.md). */
export const RUOYI_UI_TGZ =
  process.env['RUOYI_UI_TGZ'] ?? '/work/shared/ruoyi/ruoyi-ui-3.9.2-dist.tgz';

export interface RunningRuoYiUi {
  /** Where the UI answers, e.g. http://127.0.0.1:40123 */
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Serves RuoYi's built UI as RuoYi's README says to: the dist as static files with index.html for
 * its history routes, and /prod-api forwarded to our API. The forwarding is a few lines of node
 * http piping rather than a proxy library: none is installed here, and the UI needs nothing a
 * proxy library adds (no websockets, no rewriting, one upstream).
 */
export async function serveRuoYiUi(apiBaseURL: string): Promise<RunningRuoYiUi> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ruoyi-ui-'));
  execFileSync('tar', ['xzf', RUOYI_UI_TGZ, '-C', dir]);
  const dist = path.join(dir, 'dist');
  const api = new URL(apiBaseURL);

  const app = express();
  app.use('/prod-api', (req, res) => {
    const upstream = http.request(
      {
        host: api.hostname,
        port: api.port,
        method: req.method,
        path: req.originalUrl,
        headers: { ...req.headers, host: api.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  app.use(express.static(dist));
  app.use((_req, res) => res.sendFile(path.join(dist, 'index.html')));

  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
