import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installProcessGuard } from './process-guard.js';

/** A pino logger whose lines the test reads. */
function capturedLogger() {
  const lines: { level: number; msg: string; err?: { message: string } }[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as (typeof lines)[number]);
      }
      done();
    },
  });
  return { logger: pino(sink), lines };
}

/** A fake `process`: the guard's listeners, nothing of the real one. */
class FakeProcess extends EventEmitter {
  constructor(readonly connected?: boolean) {
    super();
  }
}

async function oneRequest(): Promise<void> {
  const server: Server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await (await fetch(`http://127.0.0.1:${port}/`)).text();
  await new Promise<void>((r) => server.close(() => r()));
}

describe('installProcessGuard', () => {
  const uninstalls: (() => void)[] = [];
  afterEach(() => uninstalls.splice(0).forEach((u) => u()));

  const install = (target: FakeProcess) => {
    const { logger, lines } = capturedLogger();
    const exit = vi.fn();
    const stop = vi.fn();
    uninstalls.push(installProcessGuard(logger, { target, exit, stop }));
    return { lines, exit, stop };
  };

  it('logs an unhandled rejection and keeps serving', () => {
    const target = new FakeProcess();
    const { lines, exit } = install(target);
    target.emit('unhandledRejection', new Error('nobody awaited me'), Promise.resolve());
    expect(exit).not.toHaveBeenCalled();
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'unhandled promise rejection; the server keeps serving',
        err: expect.objectContaining({ message: 'nobody awaited me' }) as unknown,
      }),
    ]);
  });

  it('exits with code 1 on an uncaught exception while the server is starting', () => {
    const target = new FakeProcess();
    const { lines, exit } = install(target);
    target.emit('uncaughtException', new Error('listen EADDRINUSE'));
    expect(exit).toHaveBeenCalledWith(1);
    expect(lines[0]).toMatchObject({
      level: 60,
      msg: 'uncaught exception while starting; exiting',
    });
  });

  it('logs an uncaught exception and keeps serving once requests come in', async () => {
    const target = new FakeProcess();
    const { lines, exit } = install(target);
    await oneRequest();
    target.emit('uncaughtException', new Error('Unexpected end of form'));
    target.emit('uncaughtException', new Error('and another'));
    expect(exit).not.toHaveBeenCalled();
    expect(lines.map((l) => [l.level, l.msg, l.err?.message])).toEqual([
      [50, 'uncaught exception; the server keeps serving', 'Unexpected end of form'],
      [50, 'uncaught exception; the server keeps serving', 'and another'],
    ]);
  });

  it('stops the server cleanly when the supervisor goes away', () => {
    const target = new FakeProcess(true);
    const { stop, lines } = install(target);
    target.emit('disconnect');
    expect(stop).toHaveBeenCalledOnce();
    expect(lines[0]).toMatchObject({ msg: 'the supervisor is gone; stopping' });
    // Not forked by a supervisor: no IPC channel, nothing to watch.
    const alone = new FakeProcess();
    install(alone);
    expect(alone.listenerCount('disconnect')).toBe(0);
  });

  it('removes what it installed', () => {
    const target = new FakeProcess(true);
    const { logger } = capturedLogger();
    installProcessGuard(logger, { target, exit: vi.fn(), stop: vi.fn() })();
    expect(target.eventNames()).toEqual([]);
  });
});
