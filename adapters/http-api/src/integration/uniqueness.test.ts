/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-call -- supertest bodies are untyped JSON */
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, testDatabaseKinds, type TestApi } from '../test-support/api.js';

/** The demo institute's root department and two of its departments. */
const ROOT = 100;
const OTHER_PARENT = 101;

let serial = 0;
/** A value no other test used: names, keys and user names all take it. */
const fresh = (prefix: string): string =>
  `${prefix}${String(Date.now() % 1e6)}x${String(++serial)}`;

type Method = 'post' | 'put';
interface Call {
  readonly method: Method;
  readonly url: string;
  readonly body: object;
}

/**
 * One uniqueness rule as its routes show it: how to create a record holding `v`, how many records
 * hold `v` afterwards, and (where the record can be changed) how to give an existing one `v`.
 */
interface UniqueCase {
  readonly name: string;
  readonly field: string;
  /** A value of the field's shape, fresh per call. */
  readonly value: () => string;
  readonly create: (v: string) => Call;
  /** RuoYi's refusal of a create. */
  readonly createRefusal: (v: string) => string;
  /** Records holding `v` where the rule applies (one parent, one type, one stage). */
  readonly holders: (v: string) => Promise<number>;
  readonly idOf: (data: Record<string, unknown>) => number;
  readonly update?: {
    readonly send: (id: number, v: string) => Call;
    /** RuoYi's refusal of an update giving record `b` (created with vb) the value va. */
    readonly refusal: (va: string, vb: string) => string;
    readonly read: (id: number) => Promise<string>;
  };
  /** The same value where the rule does not reach (another parent, type or stage): allowed. */
  readonly elsewhere?: (v: string) => Call;
}

describe.each(testDatabaseKinds())('uniqueness where people expect it on %s', (kind) => {
  let api: TestApi;
  let admin: string;
  beforeAll(async () => {
    api = await openTestApi(kind);
    admin = await api.login('admin');
    for (const dictType of ['ut_data_a', 'ut_data_b'])
      await send({
        method: 'post',
        url: '/system/dict/type',
        body: { dictName: dictType, dictType },
      });
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });
  const get = (url: string) =>
    request(api.app).get(`/prod-api${url}`).set('Authorization', `Bearer ${admin}`);
  const send = (c: Call) => {
    const r =
      c.method === 'post'
        ? request(api.app).post(`/prod-api${c.url}`)
        : request(api.app).put(`/prod-api${c.url}`);
    return r.set('Authorization', `Bearer ${admin}`).send(c.body);
  };
  const q = encodeURIComponent;

  const CASES: readonly UniqueCase[] = [
    {
      name: '部门名称 under one parent',
      field: 'deptName',
      value: () => fresh('部门'),
      create: (v) => ({
        method: 'post',
        url: '/system/dept',
        body: { parentId: ROOT, deptName: v },
      }),
      createRefusal: (v) => `新增部门'${v}'失败，部门名称已存在`,
      holders: async (v) =>
        (await get(`/system/dept/list?deptName=${q(v)}`).expect(200)).body.data.filter(
          (d: { deptName: string; parentId: number }) => d.deptName === v && d.parentId === ROOT,
        ).length,
      idOf: (d) => d['deptId'] as number,
      update: {
        send: (id, v) => ({
          method: 'put',
          url: '/system/dept',
          body: { deptId: id, deptName: v },
        }),
        refusal: (va) => `修改部门'${va}'失败，部门名称已存在`,
        read: async (id) =>
          (await get(`/system/dept/${String(id)}`).expect(200)).body.data.deptName,
      },
      elsewhere: (v) => ({
        method: 'post',
        url: '/system/dept',
        body: { parentId: OTHER_PARENT, deptName: v },
      }),
    },
    {
      name: '参数键名',
      field: 'configKey',
      value: () => fresh('test.unique.'),
      create: (v) => ({
        method: 'post',
        url: '/system/config',
        body: { configName: `名称${v}`, configKey: v, configValue: '1' },
      }),
      createRefusal: (v) => `新增参数'名称${v}'失败，参数键名已存在`,
      holders: async (v) =>
        (
          await get(`/system/config/list?configKey=${q(v)}&pageSize=50`).expect(200)
        ).body.rows.filter((c: { configKey: string }) => c.configKey === v).length,
      idOf: (d) => d['configId'] as number,
      update: {
        send: (id, v) => ({
          method: 'put',
          url: '/system/config',
          body: { configId: id, configKey: v },
        }),
        refusal: (_va, vb) => `修改参数'名称${vb}'失败，参数键名已存在`,
        read: async (id) =>
          (await get(`/system/config/${String(id)}`).expect(200)).body.data.configKey,
      },
    },
    {
      name: '字典类型',
      field: 'dictType',
      value: () => fresh('ut_type_'),
      create: (v) => ({
        method: 'post',
        url: '/system/dict/type',
        body: { dictName: `字典${v}`, dictType: v },
      }),
      createRefusal: (v) => `新增字典'字典${v}'失败，字典类型已存在`,
      holders: async (v) =>
        (
          await get(`/system/dict/type/list?dictType=${q(v)}&pageSize=50`).expect(200)
        ).body.rows.filter((t: { dictType: string }) => t.dictType === v).length,
      idOf: (d) => d['dictId'] as number,
      update: {
        send: (id, v) => ({
          method: 'put',
          url: '/system/dict/type',
          body: { dictId: id, dictType: v },
        }),
        refusal: (_va, vb) => `修改字典'字典${vb}'失败，字典类型已存在`,
        read: async (id) =>
          (await get(`/system/dict/type/${String(id)}`).expect(200)).body.data.dictType,
      },
    },
    {
      name: '字典键值 within one dictionary type',
      field: 'dictValue',
      value: () => fresh('v'),
      create: (v) => ({
        method: 'post',
        url: '/system/dict/data',
        body: { dictType: 'ut_data_a', dictLabel: `标签${v}`, dictValue: v },
      }),
      createRefusal: (v) => `新增字典数据'标签${v}'失败，字典键值已存在`,
      holders: async (v) =>
        (
          await get('/system/dict/data/list?dictType=ut_data_a&pageSize=100').expect(200)
        ).body.rows.filter((d: { dictValue: string }) => d.dictValue === v).length,
      idOf: (d) => d['dictCode'] as number,
      update: {
        send: (id, v) => ({
          method: 'put',
          url: '/system/dict/data',
          body: { dictCode: id, dictValue: v },
        }),
        refusal: (_va, vb) => `修改字典数据'标签${vb}'失败，字典键值已存在`,
        read: async (id) =>
          (await get(`/system/dict/data/${String(id)}`).expect(200)).body.data.dictValue,
      },
      elsewhere: (v) => ({
        method: 'post',
        url: '/system/dict/data',
        body: { dictType: 'ut_data_b', dictLabel: `标签${v}`, dictValue: v },
      }),
    },
    {
      name: '专业名称 within one design stage',
      field: 'majorName',
      value: () => fresh('专业'),
      create: (v) => ({
        method: 'post',
        url: '/system/major/add',
        body: { majorName: v, designStageId: 1 },
      }),
      createRefusal: (v) => `新增专业'${v}'失败，专业名称已存在`,
      holders: async (v) =>
        (
          await get(`/system/major/list?majorName=${q(v)}&designStageId=1&pageSize=50`).expect(200)
        ).body.rows.filter(
          (m: { majorName: string; parentId: number | null }) =>
            m.majorName === v && m.parentId === null,
        ).length,
      idOf: (d) => d['majorId'] as number,
      update: {
        send: (id, v) => ({
          method: 'post',
          url: '/system/major/update',
          body: { majorId: id, majorName: v },
        }),
        refusal: (va) => `修改专业'${va}'失败，专业名称已存在`,
        read: async (id) =>
          (await get(`/system/major/list?pageSize=500`).expect(200)).body.rows.find(
            (m: { majorId: number }) => m.majorId === id,
          ).majorName,
      },
      elsewhere: (v) => ({
        method: 'post',
        url: '/system/major/add',
        body: { majorName: v, designStageId: 2 },
      }),
    },
    {
      // A user's login name cannot be changed (PUT /system/user takes no userName): create only.
      name: '登录账号',
      field: 'userName',
      value: () => fresh('uniq'),
      create: (v) => ({
        method: 'post',
        url: '/system/user',
        body: { userName: v, nickName: '唯一性', password: 'secret123', deptId: 111 },
      }),
      createRefusal: (v) => `新增用户'${v}'失败，登录账号已存在`,
      holders: async (v) =>
        (await get(`/system/user/list?userName=${q(v)}`).expect(200)).body.rows.filter(
          (u: { userName: string }) => u.userName === v,
        ).length,
      idOf: (d) => d['userId'] as number,
    },
  ];

  const expectRefusal = (r: request.Response, field: string, msg: string) => {
    expect(r.status, JSON.stringify(r.body)).toBe(409);
    expect(r.body).toMatchObject({ code: 409, msg, errorCode: 'PLATFORM.DUPLICATE', field });
  };

  describe.each(CASES)('$name', (c) => {
    it('twenty parallel creates of one value: one is created, nineteen are refused with 409', async () => {
      const v = c.value();
      const answers = await Promise.all(Array.from({ length: 20 }, () => send(c.create(v))));
      const created = answers.filter((r) => r.status === 200);
      expect(created).toHaveLength(1);
      for (const r of answers.filter((a) => a.status !== 200))
        expectRefusal(r, c.field, c.createRefusal(v));
      expect(await c.holders(v)).toBe(1);
    });
  });

  const UPDATABLE = CASES.flatMap((c) => (c.update ? [{ ...c, update: c.update }] : []));
  describe.each(UPDATABLE)('$name', (c) => {
    it('an update to a taken value is refused and changes nothing', async () => {
      const [va, vb] = [c.value(), c.value()];
      await send(c.create(va)).expect(200);
      const b = c.idOf((await send(c.create(vb)).expect(200)).body.data as Record<string, unknown>);
      expectRefusal(await send(c.update.send(b, va)), c.field, c.update.refusal(va, vb));
      expect(await c.update.read(b)).toBe(vb);
      expect(await c.holders(va)).toBe(1);
      // Keeping its own value is no conflict.
      await send(c.update.send(b, vb)).expect(200);
    });
  });

  const SCOPED = CASES.flatMap((c) => (c.elsewhere ? [{ ...c, elsewhere: c.elsewhere }] : []));
  describe.each(SCOPED)('$name', (c) => {
    it('the same value where the rule does not reach is allowed', async () => {
      const v = c.value();
      await send(c.create(v)).expect(200);
      await send(c.elsewhere(v)).expect(200);
      expect(await c.holders(v)).toBe(1);
    });
  });

  it('a deleted department leaves its name free to be given again', async () => {
    const v = fresh('部门');
    const id = (await send(CASES[0]!.create(v)).expect(200)).body.data.deptId as number;
    await request(api.app)
      .delete(`/prod-api/system/dept/${String(id)}`)
      .set('Authorization', `Bearer ${admin}`)
      .expect(200);
    await send(CASES[0]!.create(v)).expect(200);
  });

  it('moving a department under a parent that has its name is refused', async () => {
    const v = fresh('部门');
    await send({
      method: 'post',
      url: '/system/dept',
      body: { parentId: ROOT, deptName: v },
    }).expect(200);
    const other = (
      await send({
        method: 'post',
        url: '/system/dept',
        body: { parentId: OTHER_PARENT, deptName: v },
      }).expect(200)
    ).body.data.deptId as number;
    const r = await send({
      method: 'put',
      url: '/system/dept',
      body: { deptId: other, parentId: ROOT },
    });
    expectRefusal(r, 'deptName', `修改部门'${v}'失败，部门名称已存在`);
    expect((await get(`/system/dept/${String(other)}`).expect(200)).body.data.parentId).toBe(
      OTHER_PARENT,
    );
  });

  /**
   * Departments created, renamed and moved in random order over a few names under two parents.
   * Sequentially against a model: every write the model calls a clash answers 409 naming 部门名称,
   * every other one 200. Then a batch of the same writes at once: each answers 200 or 409, never
   * anything else, and the tree never holds a name twice under one parent.
   */
  it('random creates and renames never leave two siblings with one name; every refusal is a 409', async () => {
    const NAMES = ['甲', '乙', '丙'];
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('create' as const),
        parent: fc.nat(1),
        name: fc.constantFrom(...NAMES),
      }),
      fc.record({
        kind: fc.constant('change' as const),
        target: fc.nat(),
        parent: fc.option(fc.nat(1), { nil: undefined }),
        name: fc.option(fc.constantFrom(...NAMES), { nil: undefined }),
      }),
    );
    type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;
    const parents = async (): Promise<[number, number]> => {
      const make = async () =>
        (
          await send({
            method: 'post',
            url: '/system/dept',
            body: { parentId: ROOT, deptName: fresh('父') },
          }).expect(200)
        ).body.data.deptId as number;
      return [await make(), await make()];
    };
    const siblingsOf = async (parentIds: readonly number[]) =>
      (
        (await get('/system/dept/list').expect(200)).body.data as {
          deptId: number;
          parentId: number;
          deptName: string;
        }[]
      ).filter((d) => parentIds.includes(d.parentId));
    const call = (o: Op, ps: readonly number[], ids: readonly number[]): Call | null => {
      if (o.kind === 'create')
        return {
          method: 'post',
          url: '/system/dept',
          body: { parentId: ps[o.parent], deptName: o.name },
        };
      if (ids.length === 0) return null;
      return {
        method: 'put',
        url: '/system/dept',
        body: {
          deptId: ids[o.target % ids.length],
          ...(o.parent === undefined ? {} : { parentId: ps[o.parent] }),
          ...(o.name === undefined ? {} : { deptName: o.name }),
        },
      };
    };
    const noTwins = (rows: readonly { parentId: number; deptName: string }[]) => {
      const keys = rows.map((d) => `${String(d.parentId)}/${d.deptName}`);
      expect(new Set(keys).size).toBe(keys.length);
    };

    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 12 }),
        fc.array(op, { maxLength: 8 }),
        async (steps, burst) => {
          const ps = await parents();
          const model = new Map<number, { parentId: number; deptName: string }>();
          for (const o of steps) {
            const c = call(o, ps, [...model.keys()]);
            if (c === null) continue;
            const body = c.body as { deptId?: number; parentId?: number; deptName?: string };
            const before = body.deptId === undefined ? undefined : model.get(body.deptId);
            const next = {
              parentId: body.parentId ?? before?.parentId ?? 0,
              deptName: body.deptName ?? before?.deptName ?? '',
            };
            const clash = [...model].some(
              ([id, d]) =>
                id !== body.deptId && d.parentId === next.parentId && d.deptName === next.deptName,
            );
            const r = await send(c);
            if (clash) {
              expectRefusal(
                r,
                'deptName',
                `${body.deptId === undefined ? '新增' : '修改'}部门'${next.deptName}'失败，部门名称已存在`,
              );
            } else {
              expect(r.status, JSON.stringify(r.body)).toBe(200);
              model.set(r.body.data.deptId as number, next);
            }
          }
          const rows = await siblingsOf(ps);
          expect(
            new Map(rows.map((d) => [d.deptId, { parentId: d.parentId, deptName: d.deptName }])),
          ).toEqual(model);
          noTwins(rows);

          const ids = [...model.keys()];
          const answers = await Promise.all(
            burst
              .map((o) => call(o, ps, ids))
              .filter((c): c is Call => c !== null)
              .map((c) => send(c)),
          );
          for (const r of answers) {
            if (r.status !== 200) expectRefusal(r, 'deptName', r.body.msg as string);
            expect(r.body.msg).toMatch(/^(操作成功|(新增|修改)部门'.+'失败，部门名称已存在)$/);
          }
          noTwins(await siblingsOf(ps));
        },
      ),
      { numRuns: 12, seed: 20260415, endOnFailure: true },
    );
  });
});
