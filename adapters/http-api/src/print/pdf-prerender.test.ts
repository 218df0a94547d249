/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import type { JobHelpers } from 'graphile-worker';
import { makeWorkerUtils } from 'graphile-worker';
import { sql } from 'kysely';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_DATA, type PrintPayload } from '@dpms/core';
import { LocalDiskFileStore } from '@dpms/files/local';
import {
  SqlContractDocumentRepository,
  SqlFileRecordRepository,
  SqlJobLogRepository,
  SqlJobStateRepository,
} from '@dpms/sql';
import { createApp } from '../app.js';
import { buildContainer, filesModule } from '../composition/modules.js';
import { TOKENS } from '../composition/tokens.js';
import { createLogger } from '../http/logger.js';
import { JobCatalogue } from '../jobs/job-catalogue.js';
import { type JobQueue, workerEvents } from '../jobs/job-queue.js';
import { jobQueueOn } from '../jobs/job-queue-on.js';
import { DEFAULT_FILE_SERVICE_CONFIG, FileService } from '../routes/upload.service.js';
import { DEMO_PASSWORD, nextAddress, TestClock } from '../test-support/api.js';
import {
  createTestRecordTable,
  standInRecord,
  testLinkedRecords,
} from '../test-support/approval-test-records.js';
import { readingRealStatuses } from '../test-support/real-statuses.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  type TestDatabase,
} from '../test-support/test-database.js';
import { testServerConfig } from '../test-support/test-server-config.js';
import { sqlDocumentSource } from './document-source.js';
import type { PrintDeps } from './pdf.routes.js';
import {
  GraphilePrerenderQueue,
  PRERENDER_MAX_ATTEMPTS,
  PRERENDER_TASK,
  prerenderJobKey,
  prerenderPayload,
  prerenderTask,
} from './pdf-prerender.js';
import type { PrintClient } from './print-client.port.js';
import { printModule } from './print.module.js';
import { printedPdfHash } from './printed-pdf-store.js';

/**
 * The pre-render of newly approved approvals: queued by graphile-worker's add_job in the
 * approving transaction, run by the job queue's worker, stored where the routes read, over a
 * fake print service that counts what it renders (and can be switched off).
 */
class FakePrinter implements PrintClient {
  rendered: PrintPayload[] = [];
  down = false;
  render(payload: PrintPayload) {
    if (this.down)
      return Promise.resolve({ ok: false as const, status: 503, message: '打印服务未启动' });
    this.rendered.push(payload);
    return Promise.resolve({
      ok: true as const,
      pdf: Buffer.from(`%PDF-1.7 ${this.rendered.length}`),
    });
  }
}

/** A logger whose lines the test reads. */
function capturedLogger() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
      done();
    },
  });
  return { logger: pino({ level: 'debug' }, stream), lines };
}

describe.each(testDatabaseKinds())('pre-rendering the PDFs of approved approvals on %s', (kind) => {
  let database: TestDatabase;
  let app: Express;
  let deps: PrintDeps;
  const printer = new FakePrinter();
  const tokens: Record<string, string> = {};
  const events = workerEvents();
  let queue: JobQueue | undefined;

  const login = async (user: string) => {
    tokens[user] ??= await (async () => {
      const r = await request(app)
        .post('/prod-api/login')
        .set('X-Forwarded-For', nextAddress())
        .send({ username: user, password: DEMO_PASSWORD });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.token as string;
    })();
    return { Authorization: `Bearer ${tokens[user]}` };
  };
  const post = async (user: string, url: string, body: object) =>
    request(app)
      .post(`/prod-api${url}`)
      .set(await login(user))
      .send(body);
  const detail = async (approvalId: string) => {
    const r = await request(app)
      .get('/prod-api/project/approval/getCommonApprovalDetail')
      .set(await login('yuangong'))
      .query({ serviceId: approvalId });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.data.approval as {
      status: number;
      version: number;
      currentNodeIndex: number;
      nodes: { assignees: string[] }[];
    };
  };

  /** A 24_1 review drafted by 员工 and sent; its record refuses approval when named refuse-…. */
  const sent = async (recordPrefix = 'prerender') => {
    const draft = await post('yuangong', '/project/approval/addContractTemplate', {
      typeCode: '24_1',
      ...standInRecord(recordPrefix),
      title: '预渲染合同评审',
      content: {
        contractName: { value: '预渲染技术咨询合同' },
        signByMain: { value: '杭州青松工程咨询有限公司' },
        signBySub: { value: '华东示范建筑设计研究院' },
        totalAmount: { value: '1.5' },
      },
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const approvalId = String(draft.body.data.approvalId);
    const r = await post('yuangong', '/project/approval/process', {
      approvalId,
      version: 0,
      action: 'submit',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return approvalId;
  };

  /** The current node's holder who may act, signing in as them. */
  const holderOf = async (approvalId: string) => {
    const a = await detail(approvalId);
    const ids = a.nodes[a.currentNodeIndex]?.assignees ?? [];
    const user = await database.repos.users.findById(Number(ids[0]), ALL_DATA);
    return { user: user!.userName, version: a.version };
  };
  const act = async (approvalId: string, action: string) => {
    const { user, version } = await holderOf(approvalId);
    return post(user, '/project/approval/process', { approvalId, version, action });
  };
  /** Approves node by node until one node is left. */
  const toLastNode = async (approvalId: string) => {
    for (;;) {
      const a = await detail(approvalId);
      if (a.currentNodeIndex >= a.nodes.length - 1) return;
      const r = await act(approvalId, 'approve');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
  };
  const jobsOf = async (approvalId: string) =>
    (
      await sql<{
        payload: unknown;
        max_attempts: number;
        attempts: number;
        last_error: string | null;
        queue_name: string | null;
      }>`select j.payload, q.queue_name, j.max_attempts, j.attempts, j.last_error
        from graphile_worker._private_jobs j
        join graphile_worker._private_tasks t on t.id = j.task_id
        left join graphile_worker._private_job_queues q on q.id = j.job_queue_id
        where t.identifier = ${PRERENDER_TASK} and j.key = ${prerenderJobKey(approvalId)}`.execute(
        database.handle.db,
      )
    ).rows;
  /**
   * Resolves when the worker has finished a pre-render of the approval and written its outcome
   * (job:complete comes after the row is updated; job:success and job:error before).
   */
  const ran = (approvalId: string, outcome: 'success' | 'error') =>
    new Promise<void>((resolve) => {
      const heard = ({
        job,
        error,
      }: {
        job: { task_identifier: string; key: string | null };
        error?: unknown;
      }) => {
        if (job.task_identifier !== PRERENDER_TASK || job.key !== prerenderJobKey(approvalId))
          return;
        const failed = error !== null && error !== undefined;
        if (failed !== (outcome === 'error')) return;
        events.off('job:complete', heard);
        resolve();
      };
      events.on('job:complete', heard);
    });
  const sheetPdf = async (approvalId: string) =>
    request(app)
      .get('/prod-api/project/approval/export')
      .set(await login('yuangong'))
      .query({ approvalId, format: 'pdf' });

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await createTestRecordTable(database.handle.db);
    const clock = new TestClock();
    const container = buildContainer({
      config: testServerConfig(database.dataDir),
      logger: createLogger('silent'),
      repos: database.repos,
      jwtSecret: 'prerender-secret-prerender-secret-prerender-01',
      clock,
      db: database.handle.db,
      linkedRecords: testLinkedRecords(),
    });
    const files = new FileService(
      new LocalDiskFileStore(path.join(database.dataDir, 'files')),
      new SqlFileRecordRepository(database.handle.db),
      clock,
      DEFAULT_FILE_SERVICE_CONFIG,
    );
    container.load(filesModule(files));
    container.load(printModule(printer, sqlDocumentSource(database.handle.db)));
    app = readingRealStatuses(createApp(container).app);
    deps = container.get(TOKENS.Print);
    // The schema graphile_worker, as the server's queue installs it at start; no worker yet, so
    // the queued jobs stay to be read.
    const utils = await makeWorkerUtils({ connectionString: database.handle.url });
    await utils.migrate();
    await utils.release();
  }, 60_000);
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  let approved = '';

  it('queues one pre-render when an approval is approved, in its transaction, and none otherwise', async () => {
    approved = await sent();
    await toLastNode(approved);
    expect(await jobsOf(approved)).toEqual([]);
    const last = await act(approved, 'approve');
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body.data.status).toBe(1);
    expect(await jobsOf(approved)).toEqual([
      {
        payload: { approvalId: approved },
        // One at a time across the instances, beside the scheduled jobs.
        queue_name: PRERENDER_TASK,
        max_attempts: PRERENDER_MAX_ATTEMPTS,
        attempts: 0,
        last_error: null,
      },
    ]);

    const rejected = await sent();
    expect((await act(rejected, 'reject')).status).toBe(200);
    const withdrawn = await sent();
    const w = await post('yuangong', '/project/approval/process', {
      approvalId: withdrawn,
      version: (await detail(withdrawn)).version,
      action: 'withdraw',
    });
    expect(w.status, JSON.stringify(w.body)).toBe(200);
    // The record refuses the approval: the approving action rolls back, and its job with it.
    const refused = await sent('refuse');
    await toLastNode(refused);
    const r = await act(refused, 'approve');
    expect(r.status).not.toBe(200);
    expect((await detail(refused)).status).toBe(0);
    for (const id of [rejected, withdrawn, refused]) expect(await jobsOf(id)).toEqual([]);
    expect(printer.rendered).toHaveLength(0);
  }, 120_000);

  it('lets the approving transaction go on when the queue refuses the job', async () => {
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    // Another transaction holds the queue's table: add_job cannot insert its row.
    const holder = database.handle.db.transaction().execute(async (other) => {
      await sql`lock table graphile_worker._private_jobs in access exclusive mode`.execute(other);
      locked();
      await released;
    });
    await isLocked;
    const refusals: unknown[] = [];
    try {
      const after = await database.handle.db.transaction().execute(async (trx) => {
        await sql`set local lock_timeout = '100ms'`.execute(trx);
        await new GraphilePrerenderQueue(trx, (err) => refusals.push(err)).approved({
          approvalId: 'refused-queue',
          typeCode: '24_1',
          recordKind: null,
          recordId: null,
        });
        // Still usable: the refusal was rolled back to its savepoint, not the whole transaction.
        return (await sql<{ one: number }>`select 1 as one`.execute(trx)).rows[0]?.one;
      });
      expect(after).toBe(1);
      expect(refusals).toHaveLength(1);
      expect(String(refusals[0])).toMatch(/lock timeout/);
    } finally {
      release();
      await holder;
    }
  });

  it('names the contract document, or the contract, whose PDF is printed too', () => {
    const event = { approvalId: '7', typeCode: '24_1' as const };
    expect(prerenderPayload({ ...event, recordKind: 'contractDocument', recordId: '12' })).toEqual({
      approvalId: '7',
      documentId: 12,
    });
    expect(prerenderPayload({ ...event, recordKind: 'contract', recordId: '3' })).toEqual({
      approvalId: '7',
      contractId: 3,
    });
    expect(prerenderPayload({ ...event, recordKind: 'testRecord', recordId: 'x-1' })).toEqual({
      approvalId: '7',
    });
  });

  it('runs the job on the queue: the first viewer is served the stored sheet', async () => {
    const done = ran(approved, 'success');
    queue = jobQueueOn(database.handle, {
      catalogue: new JobCatalogue(new SqlJobStateRepository(database.handle.db)),
      logs: new SqlJobLogRepository(database.handle.db),
      logger: createLogger('silent'),
      events,
      cron: false,
      tasks: { [PRERENDER_TASK]: prerenderTask(deps, createLogger('silent')) },
    });
    await queue.start();
    await done;
    expect(printer.rendered).toHaveLength(1);
    expect(await jobsOf(approved)).toEqual([]);
    const first = await sheetPdf(approved);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    // Served from the store: the print service was not asked again, and it is that rendering.
    expect(printer.rendered).toHaveLength(1);
    expect(first.headers['etag']).toBe(`"${printedPdfHash(printer.rendered[0]!)}"`);
  }, 60_000);

  it('tries again when the print service is down, without failing the approval', async () => {
    printer.down = true;
    const id = await sent();
    await toLastNode(id);
    const failed = ran(id, 'error');
    const last = await act(id, 'approve');
    expect(last.body.data.status).toBe(1);
    await failed;
    const [job] = await jobsOf(id);
    expect(job).toMatchObject({ attempts: 1, last_error: '打印服务未启动' });
    // Up again: the next attempt (graphile-worker's backoff, seconds) prints and stores it.
    printer.down = false;
    const before = printer.rendered.length;
    const succeeded = ran(id, 'success');
    await succeeded;
    expect(printer.rendered).toHaveLength(before + 1);
    expect((await sheetPdf(id)).status).toBe(200);
    expect(printer.rendered).toHaveLength(before + 1);
  }, 60_000);

  it('warns once while down, gives up quietly on its last attempt, and prints the document too', async () => {
    const { logger, lines } = capturedLogger();
    const task = prerenderTask(deps, logger);
    const attempt = (n: number) =>
      ({ job: { attempts: n, max_attempts: PRERENDER_MAX_ATTEMPTS } }) as unknown as JobHelpers;
    // An approval whose sheet is not stored yet (any approval prints; this one is in approval).
    const unprinted = await sent();
    printer.down = true;
    await expect(task({ approvalId: unprinted }, attempt(1))).rejects.toThrow('打印服务未启动');
    await expect(task({ approvalId: unprinted }, attempt(2))).rejects.toThrow('打印服务未启动');
    // The last attempt ends the job rather than leave a failed one behind.
    await expect(task({ approvalId: unprinted }, attempt(5))).resolves.toBeUndefined();
    expect(lines.filter((l) => l.level === 40)).toHaveLength(1);
    printer.down = false;

    // A contract document signed by the approval: its PDF is stored too, for its first viewer.
    const yuangong = (await database.repos.users.findByUserName('yuangong'))!;
    const documents = new SqlContractDocumentRepository(database.handle.db);
    const doc = await documents.insert(
      {
        docType: 8,
        contractId: null,
        contractName: '预渲染合同文本',
        values: { contractName: '预渲染合同文本', totalAmount: '1.5' },
        totalAmount: '1.5',
        deptId: yuangong.deptId ?? null,
        userId: yuangong.userId,
        createBy: 'yuangong',
      },
      new Date(),
    );
    await documents.save(
      doc.documentId,
      { approvalId: approved, status: 1 },
      doc.version,
      new Date(),
    );
    const before = printer.rendered.length;
    await task({ approvalId: approved, documentId: doc.documentId }, attempt(1));
    // The sheet was stored already; the document is printed once.
    expect(printer.rendered).toHaveLength(before + 1);
    expect(lines.at(-1)).toMatchObject({ level: 30, msg: 'PDFs pre-rendered' });
    const r = await request(app)
      .get('/prod-api/v4/contract-document/pdf')
      .set(await login('admin'))
      .query({ documentId: doc.documentId });
    expect(r.status).toBe(200);
    expect(printer.rendered).toHaveLength(before + 1);
    expect(r.headers['etag']).toBe(`"${printedPdfHash(printer.rendered.at(-1)!)}"`);
  }, 60_000);
});
