/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- supertest bodies are untyped JSON */
import { sql } from 'kysely';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, instituteDay } from '@dpms/core';
import { isGetWrite } from '@dpms/wire';
import { apiClient } from '../test-support/api-client.js';
import { openApprovalApi, type ApprovalTestApi } from '../test-support/approval-api.js';
import { testDatabaseKinds } from '../test-support/test-database.js';
import { insertFormalContract } from '../test-support/formal-contract.js';
import { loanBody } from '../test-support/fund-bodies.js';

// Demo institute: admin, xmjl 3 (项目经理, 建筑一所 110), sjzc 4 (设计主持, 110), yuangong.
const today = instituteDay(new Date());

type Db = ApprovalTestApi['database']['handle']['db'];

interface Case {
  readonly name: string;
  readonly user: string;
  /** The table the write adds a row to, and the row's distinguishing column. */
  readonly table: string;
  readonly column: string;
  /** Request number `n`: a different n, a different body, and the text it leaves in `column`. */
  body(n: number): Record<string, unknown>;
  marker(n: number): string;
  readonly method: 'post' | 'put';
  readonly path: string;
}

/** Sends a write as a signed-in demo user, with an Idempotency-Key when one is given. */
const sender =
  (app: () => ApprovalTestApi['app'], tokens: Record<string, string>) =>
  (user: string, method: 'post' | 'put', path: string, body: unknown, key?: string) => {
    const agent = request(app());
    const url = `/prod-api${path}`;
    const r = (method === 'post' ? agent.post(url) : agent.put(url)).set({
      Authorization: `Bearer ${tokens[user] ?? ''}`,
    });
    if (key !== undefined) void r.set('Idempotency-Key', key);
    return r.send(body as object);
  };

async function countIn(db: Db, table: string, column: string, value: string): Promise<number> {
  const rows = await db
    .selectFrom(table as 'sys_dept')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where(column as 'dept_name', '=', value)
    .executeTakeFirstOrThrow();
  return Number(rows.n);
}

const deptCase: Case = {
  name: 'POST /system/dept',
  user: 'admin',
  method: 'post',
  path: '/system/dept',
  table: 'sys_dept',
  column: 'dept_name',
  body: (n) => ({ parentId: 108, deptName: `幂等所${n}`, orderNum: 9, deptType: '1' }),
  marker: (n) => `幂等所${n}`,
};

const loanCase: Case = {
  name: 'POST /contract/loan/add',
  user: 'xmjl',
  method: 'post',
  path: '/contract/loan/add',
  table: 'fund_loan',
  column: 'reason',
  body: (n) => loanBody('2', { reason: `幂等借款${n}` }),
  marker: (n) => `幂等借款${n}`,
};

const inFlightCases: readonly Case[] = [deptCase, loanCase];

/**
 * An Idempotency-Key on write routes whose use case does not claim it itself (departments,
 * configs, loans, design tasks) and on one that does (a seal request through the approval
 * engine): the same key and request make one record and replay the first answer; another request
 * under the key answers 422 naming it; a repeat while the first is still running answers 409 and
 * the write runs once; a refusal frees the key for the corrected request.
 */
describe.each(testDatabaseKinds())('every write honours its Idempotency-Key, on %s', (kind) => {
  let api: ApprovalTestApi;
  let db: Db;
  let contractId: number;
  const tokens: Record<string, string> = {};

  const send = sender(() => api.app, tokens);

  const countOf = (table: string, column: string, value: string) =>
    countIn(db, table, column, value);

  beforeAll(async () => {
    api = await openApprovalApi(kind);
    db = api.database.handle.db;
    contractId = await insertFormalContract(db, {
      project_name: '幂等接口测试项目',
      contract_name: '幂等接口测试合同',
      total_amount: '500',
    });
    for (const u of ['admin', 'xmjl', 'yuangong']) tokens[u] = await api.login(u);
  });
  afterAll(() => api?.close());

  const cases: Case[] = [
    deptCase,
    {
      name: 'POST /system/config',
      user: 'admin',
      method: 'post',
      path: '/system/config',
      table: 'sys_config',
      column: 'config_key',
      body: (n) => ({ configName: `幂等参数${n}`, configKey: `idem.key${n}`, configValue: 'v' }),
      marker: (n) => `idem.key${n}`,
    },
    loanCase,
    {
      name: 'POST /v4/design-task/add',
      user: 'xmjl',
      method: 'post',
      path: '/v4/design-task/add',
      table: 'design_task',
      column: 'task_name',
      body: (n) => ({
        contractId,
        taskName: `幂等设计任务${n}`,
        subItemName: '一期',
        taskResultName: '施工图',
        designStageId: '3',
        qualityType: '1',
        designUserId: 4,
        projectManagerId: 3,
        planFinishDate: addDays(today, 3),
        taskAmount: '100',
        majorIds: [21, 22],
      }),
      marker: (n) => `幂等设计任务${n}`,
    },
    {
      name: 'POST /project/approval/addSealTemplate',
      user: 'yuangong',
      method: 'post',
      path: '/project/approval/addSealTemplate',
      table: 'approval',
      column: 'title',
      body: (n) => ({
        // 公章 (21_1): a seal-use request whose form is its whole record.
        typeCode: '21_1',
        title: `幂等用印申请 ${n}`,
        content: {
          drawContent: { value: `施工图 ${n} 张` },
          sealType: { value: ['5'], type: 'options' },
        },
      }),
      marker: (n) => `幂等用印申请 ${n}`,
    },
  ];
  const byName = (name: string): Case => cases.find((c) => c.name === name)!;
  const keyOf = (c: Case, what: string) => `${kind}-${what}-${c.path.replace(/\W+/g, '-')}`;

  it.each(cases.map((c) => [c.name, c] as const))(
    '%s: the same key and request make one record and replay the first answer',
    async (_name, c) => {
      const key = keyOf(c, 'replay');
      const first = await send(c.user, c.method, c.path, c.body(1), key);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      const again = await send(c.user, c.method, c.path, c.body(1), key);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await countOf(c.table, c.column, c.marker(1))).toBe(1);

      const other = await send(c.user, c.method, c.path, c.body(2), key);
      expect(other.status).toBe(422);
      expect(other.body).toMatchObject({
        code: 422,
        errorCode: 'IDEMPOTENCY.KEY_MISMATCH',
        field: 'Idempotency-Key',
      });
      expect(other.body.msg).toContain('Idempotency-Key');
      expect(await countOf(c.table, c.column, c.marker(2))).toBe(0);
      // Without a key, or under a fresh one, the second request is a new write.
      const fresh = await send(c.user, c.method, c.path, c.body(2), `${key}-2`);
      expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
      expect(await countOf(c.table, c.column, c.marker(2))).toBe(1);
    },
  );

  it('marks a replayed answer, so a client can tell it from a first one', async () => {
    const c = byName('POST /system/dept');
    const key = keyOf(c, 'marked');
    await send(c.user, c.method, c.path, c.body(3), key).expect(200);
    const again = await send(c.user, c.method, c.path, c.body(3), key).expect(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it.each(['POST /system/dept', 'POST /v4/design-task/add'])(
    '%s: four requests at once under one key write once; the others replay or are told to wait',
    async (name) => {
      const c = byName(name);
      const key = keyOf(c, 'together');
      const answers = await Promise.all(
        [1, 2, 3, 4].map(() => send(c.user, c.method, c.path, c.body(9), key).then((r) => r)),
      );
      expect(await countOf(c.table, c.column, c.marker(9))).toBe(1);
      const done = answers.filter((a) => a.status === 200);
      expect(done.length).toBeGreaterThanOrEqual(1);
      for (const a of done) expect(a.body).toEqual(done[0]!.body);
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect(a.status).toBe(409);
        expect(a.body.errorCode).toBe('IDEMPOTENCY.IN_PROGRESS');
      }
    },
  );

  it('a key left in flight by a request that never finished answers 409 and writes nothing', async () => {
    const c = byName('POST /system/dept');
    const key = keyOf(c, 'crashed');
    const adminId = 1;
    // What a crash between the claim and the answer leaves behind: a claim with no answer.
    await api.database.repos.idempotency.begin(key, adminId, `POST ${c.path}`, new Date());
    const r = await send(c.user, c.method, c.path, c.body(6), key);
    expect(r.status).toBe(409);
    expect(r.body.errorCode).toBe('IDEMPOTENCY.IN_PROGRESS');
    expect(await countOf(c.table, c.column, c.marker(6))).toBe(0);
  });

  it('a refusal frees the key: the corrected request is sent under it and written once', async () => {
    const c = byName('POST /contract/loan/add');
    const key = keyOf(c, 'corrected');
    const bad = await send(c.user, c.method, c.path, { ...c.body(7), loanAmount: '-1' }, key);
    expect(bad.status).toBe(400);
    const outOfScope = await send(c.user, c.method, c.path, { ...c.body(7), loanDeptId: 112 }, key);
    expect(outOfScope.status).toBe(403);
    expect(await countOf(c.table, c.column, c.marker(7))).toBe(0);
    const good = await send(c.user, c.method, c.path, c.body(7), key);
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const again = await send(c.user, c.method, c.path, c.body(7), key);
    expect(again.body).toEqual(good.body);
    expect(await countOf(c.table, c.column, c.marker(7))).toBe(1);
  });
});

/**
 * A repeat while the first request is still inside its handler, made certain: the first one's
 * write waits on a lock of its table. Both kinds are servers that serve two connections at once.
 */
describe.each(testDatabaseKinds())('a key in flight, on %s', (kind) => {
  let api: ApprovalTestApi;
  let db: Db;
  const tokens: Record<string, string> = {};
  const send = sender(() => api.app, tokens);
  const countOf = (table: string, column: string, value: string) =>
    countIn(db, table, column, value);
  const keyOf = (c: Case, what: string) => `${kind}-${what}-${c.path.replace(/\W+/g, '-')}`;
  const cases = inFlightCases;
  beforeAll(async () => {
    api = await openApprovalApi(kind);
    db = api.database.handle.db;
    for (const u of ['admin', 'xmjl']) tokens[u] = await api.login(u);
  });
  afterAll(() => api?.close());

  it.each(['POST /system/dept', 'POST /contract/loan/add'])(
    '%s: a repeat while the first is still running answers 409 and the write runs once',
    async (name) => {
      const c = cases.find((x) => x.name === name)!;
      const key = keyOf(c, 'inflight');
      const n = 5;
      // Hold the first request inside its handler: its write waits on a lock of the table.
      let unlock!: () => void;
      const released = new Promise<void>((resolve) => (unlock = resolve));
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      const lockTx = db.transaction().execute(async (tx) => {
        await sql`lock table ${sql.table(c.table)} in exclusive mode`.execute(tx);
        locked();
        await released;
      });
      await holding;
      const first = send(c.user, c.method, c.path, c.body(n), key).then((r) => r);
      // The first request claimed the key (its row is in flight) before the second is sent.
      for (;;) {
        const row = await db
          .selectFrom('idempotency_key')
          .select('status')
          .where('key', '=', key)
          .executeTakeFirst();
        if (row?.status === 'pending') break;
        await new Promise((r) => setImmediate(r));
      }
      const second = await send(c.user, c.method, c.path, c.body(n), key);
      expect(second.status).toBe(409);
      expect(second.body).toMatchObject({
        code: 409,
        errorCode: 'IDEMPOTENCY.IN_PROGRESS',
        field: 'Idempotency-Key',
      });
      expect(second.body.msg).toMatch(/刷新/);
      unlock();
      await lockTx;
      const done = await first;
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(await countOf(c.table, c.column, c.marker(n))).toBe(1);
      // Once answered, a repeat is a replay of that answer.
      const later = await send(c.user, c.method, c.path, c.body(n), key);
      expect(later.body).toEqual(done.body);
      expect(await countOf(c.table, c.column, c.marker(n))).toBe(1);
    },
  );
});

/**
 * The writes the spec sends as GET (deleteById, convertBy…, updateEffective, delete) are keyed
 * like a POST: the route layer holds their key, so a repeat under it (a retry after a lost answer)
 * replays the first answer and changes nothing more.
 */
describe.each(testDatabaseKinds())(
  'a write the spec sends as GET honours its key, on %s',
  (kind) => {
    let api: ApprovalTestApi;
    const c = apiClient(() => api);
    beforeAll(async () => {
      api = await openApprovalApi(kind);
      await c.signIn('admin');
    });
    afterAll(() => api?.close());

    const keyedGet = (path: string, query: Record<string, unknown>, key: string) =>
      c.get('admin', path, query).set('Idempotency-Key', key);

    it('a repeated keyed GET deleteById acts once and replays its answer', async () => {
      const added = await c.okData(c.post('admin', '/system/major/add', { majorName: '幂等专业' }));
      const id = (added.majorId ?? added.id) as number;
      const key = `${kind}-major-delete`;
      const first = await keyedGet('/system/major/deleteById', { id }, key);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const again = await keyedGet('/system/major/deleteById', { id }, key);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      // Without the key the same call is a second delete, refused: the record is gone.
      const plain = await c.get('admin', '/system/major/deleteById', { id });
      expect(plain.status).toBeGreaterThanOrEqual(400);
    });

    it('the OpenAPI document lists every GET write as keyed by the route layer', async () => {
      const doc = await c.bodyOf(c.get('admin', '/openapi.json'), 200);
      const gets = Object.entries(doc.paths as Record<string, { get?: Record<string, unknown> }>)
        .filter(([path, item]) => item.get !== undefined && isGetWrite(path))
        .map(([path, item]) => [path, item.get?.['x-idempotency']]);
      expect(gets.length).toBeGreaterThan(10);
      for (const [path, mode] of gets) expect(mode, String(path)).toBe('route');
    });
  },
);
