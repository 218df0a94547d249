import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { FIXTURE_WEB_DIR, sheet } from './test-support/fixture-service.js';
import { processesInGroup } from './testing/pdf-inspect.js';

const packageDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** Starts the service's real entry point in a child process and waits for its warm browser. */
async function startChild() {
  const child = spawn(process.execPath, ['src/test-support/run-ts-child.mjs', './src/main.ts'], {
    cwd: packageDir,
    env: {
      ...process.env,
      PRINT_PORT: '0',
      PRINT_WEB_DIR: FIXTURE_WEB_DIR,
      PRINT_TABS: '2',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  let url = '';
  let pid = 0;
  for await (const line of lines) {
    let entry: { msg?: string; pid?: number };
    try {
      entry = JSON.parse(line) as { msg?: string; pid?: number };
    } catch {
      continue;
    }
    const listening = /^listening on (http:\/\/\S+)/.exec(entry.msg ?? '');
    if (listening) url = listening[1]!;
    if (entry.msg === 'print service ready') {
      pid = entry.pid ?? 0;
      break;
    }
  }
  // Keep draining the child's output so it never blocks on a full pipe.
  lines.on('line', () => undefined);
  return { child, url, pid };
}

describe('print service process', () => {
  it.each([['SIGTERM'], ['SIGINT']] as const)(
    'leaves no Chromium process behind when it gets %s',
    async (signal) => {
      const { child, url, pid } = await startChild();
      expect(url).not.toBe('');
      expect(pid).toBeGreaterThan(0);
      const res = await fetch(`${url}/render`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sheet('停止前')),
      });
      expect(res.status).toBe(200);
      // Chromium and its renderers share the browser's process group.
      expect((await processesInGroup(pid)).length).toBeGreaterThan(1);
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code] = (await exited) as [number | null];
      expect(code).toBe(0);
      expect(await processesInGroup(pid)).toEqual([]);
    },
  );
});
