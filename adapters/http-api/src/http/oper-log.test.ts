import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewOperLog, PlatformRepositories } from '@dpms/core';
import type { Principal } from '../identity/principal.js';
import { OperLogRecorder } from './oper-log.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

type Repos = Pick<PlatformRepositories, 'operLogs'>;

const principal = { userName: 'admin', deptId: null } as unknown as Principal;
const route = { method: 'post', path: '/system/thing', tag: '测试' };

/** A server whose one write route answers when `release` is called (or at once). */
function serve(recorder: OperLogRecorder, gate?: Promise<void>) {
  const app = express();
  recorder.install(app);
  app.post('/system/thing', recorder.middleware(route), (_req, res, next) => {
    res.locals.principal = principal;
    res.once('close', () => closed.resolve());
    arrived.resolve();
    void (gate ?? Promise.resolve()).then(() => res.json({ code: 200, msg: '操作成功' }), next);
  });
  const arrived = deferred();
  const closed = deferred();
  const server = http.createServer(app).listen(0);
  servers.push(server);
  const port = () => (server.address() as AddressInfo).port;
  return { arrived: arrived.promise, closed: closed.promise, port };
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

/** A recorder over a log whose batches are written an entry at a time through `add`. */
const recorderWith = (
  add: (e: NewOperLog) => Promise<void>,
  maxPending?: number,
  gatherMs?: number,
) => {
  const batches: number[] = [];
  const addMany = async (entries: readonly NewOperLog[]) => {
    batches.push(entries.length);
    for (const e of entries) await add(e);
  };
  const repos = { operLogs: { add, addMany } } as unknown as Repos;
  const logger = pino({ level: 'silent' });
  const warn = vi.spyOn(logger, 'warn');
  return {
    recorder: new OperLogRecorder(repos, logger, () => new Date(), maxPending, gatherMs),
    warn,
    batches,
  };
};

const post = async (port: number) => {
  const res = await fetch(`http://127.0.0.1:${port}/system/thing`, { method: 'POST' });
  return res.text();
};

describe('OperLogRecorder', () => {
  it('logs a write once, though both finish and close fire', async () => {
    const add = vi.fn((_entry: NewOperLog) => Promise.resolve());
    const { recorder } = recorderWith(add);
    const { port } = serve(recorder);
    await post(port());
    await recorder.settled();
    expect(add).toHaveBeenCalledTimes(1);
    expect(add.mock.calls[0]![0].status).toBe('0');
    expect(add.mock.calls[0]![0].jsonResult).toContain('操作成功');
  });

  it('logs a write whose client disconnected before the answer, once, when it answers', async () => {
    const add = vi.fn((_entry: NewOperLog) => Promise.resolve());
    const { recorder } = recorderWith(add);
    const gate = deferred();
    const { port, arrived, closed } = serve(recorder, gate.promise);
    const req = http.request({ port: port(), method: 'POST', path: '/system/thing' });
    req.on('error', () => undefined);
    req.end();
    await arrived;
    req.destroy();
    // The server sees the client gone before the handler answers.
    await closed;
    expect(add).not.toHaveBeenCalled();
    gate.resolve();
    await vi.waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    await recorder.settled();
    expect(add).toHaveBeenCalledTimes(1);
    expect(add.mock.calls[0]![0]).toMatchObject({ title: '测试', operName: 'admin' });
  });

  it('drops an entry with a warning beyond the cap of entries not yet written', async () => {
    const stuck = deferred();
    const add = vi.fn((_entry: NewOperLog) => stuck.promise);
    const { recorder, warn } = recorderWith(add, 2);
    const { port } = serve(recorder);
    for (let i = 0; i < 3; i++) await post(port());
    // The first two gather into one insert, which hangs; the third finds the cap reached.
    await vi.waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ pending: 2 }),
      'operation log dropped',
    );
    stuck.resolve();
    await recorder.settled();
    expect(add).toHaveBeenCalledTimes(2);
  });

  it('writes the entries that come while an insert is under way together, in the next one', async () => {
    const first = deferred();
    let calls = 0;
    const add = vi.fn((_entry: NewOperLog) => (++calls === 1 ? first.promise : Promise.resolve()));
    const { recorder, batches } = recorderWith(add);
    const { port } = serve(recorder);
    await post(port());
    await vi.waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    for (let i = 0; i < 5; i++) await post(port());
    first.resolve();
    await recorder.settled();
    expect(batches).toEqual([1, 5]);
    expect(add).toHaveBeenCalledTimes(6);
  });

  it('gathers the entries of writes answered close together into one insert', async () => {
    const add = vi.fn((_entry: NewOperLog) => Promise.resolve());
    // A wait no test outlasts: only drain ends it.
    const { recorder, batches } = recorderWith(add, undefined, 3_600_000);
    const { port } = serve(recorder);
    for (let i = 0; i < 4; i++) await post(port());
    expect(add).not.toHaveBeenCalled();
    await recorder.drain();
    expect(batches).toEqual([4]);
  });

  it('drain writes what is waiting at once and resolves once it is written', async () => {
    const add = vi.fn((_entry: NewOperLog) => Promise.resolve());
    const { recorder, batches } = recorderWith(add, undefined, 3_600_000);
    const { port } = serve(recorder);
    await post(port());
    expect(add).not.toHaveBeenCalled();
    await recorder.drain();
    expect(add).toHaveBeenCalledTimes(1);
    // Nothing waits: drain again resolves at once, and a new write gathers anew.
    await recorder.drain();
    await post(port());
    await recorder.drain();
    expect(batches).toEqual([1, 1]);
  });

  it('drain waits only for the entries queued before it, not for those that keep coming', async () => {
    const first = deferred();
    const never = deferred();
    let calls = 0;
    const add = vi.fn((_entry: NewOperLog) => (++calls === 1 ? first.promise : never.promise));
    const { recorder } = recorderWith(add, undefined, 3_600_000);
    const { port } = serve(recorder);
    await post(port());
    const drained = recorder.drain();
    await vi.waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    // A write answered after the drain began: its insert never ends.
    await post(port());
    first.resolve();
    await drained;
    // The later entry gathers for an insert of its own, which a second drain starts at once.
    expect(add).toHaveBeenCalledTimes(1);
    void recorder.drain();
    await vi.waitFor(() => expect(add).toHaveBeenCalledTimes(2));
  });

  it('gathers before every insert, so entries that come during one share the next', async () => {
    const first = deferred();
    let calls = 0;
    const add = vi.fn((_entry: NewOperLog) => (++calls === 1 ? first.promise : Promise.resolve()));
    const { recorder, batches } = recorderWith(add, undefined, 3_600_000);
    const { port } = serve(recorder);
    await post(port());
    void recorder.drain();
    await vi.waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    // Three writes answered while the first insert is under way.
    for (let i = 0; i < 3; i++) await post(port());
    first.resolve();
    await first.promise;
    await new Promise((resolve) => setImmediate(resolve));
    // Once the first insert has ended, they wait for the next gathering, then go in one insert.
    expect(batches).toEqual([1]);
    await recorder.drain();
    expect(batches).toEqual([1, 3]);
  });

  it('an entry that comes after the stop, once the last insert has ended, is written at once', async () => {
    const add = vi.fn((_entry: NewOperLog) => Promise.resolve());
    const { recorder } = recorderWith(add, undefined, 3_600_000);
    const { port } = serve(recorder);
    await post(port());
    await recorder.drain();
    await recorder.stop();
    // A request still finishing as the server stops.
    await post(port());
    await vi.waitFor(() => expect(add).toHaveBeenCalledTimes(2));
    await recorder.settled();
  });

  it('once stopping, writes each entry as it comes, without gathering', async () => {
    const add = vi.fn((_entry: NewOperLog) => Promise.resolve());
    const { recorder } = recorderWith(add, undefined, 3_600_000);
    const { port } = serve(recorder);
    await recorder.stop();
    await post(port());
    await vi.waitFor(() => expect(add).toHaveBeenCalledTimes(1));
  });
});
