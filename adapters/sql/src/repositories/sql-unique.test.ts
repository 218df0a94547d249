import {
  UNIQUE_FIELDS,
  uniqueTaken,
  type DomainError,
  type Result,
  type UniqueField,
} from '@dpms/core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { openTestDatabase, testDatabaseKinds } from '../testing/index.js';
import { createPlatformRepositories } from './platform-repositories.js';
import { uniqueFieldOf } from './sql-unique.js';

let serial = 0;
const fresh = (): string => `u${String(process.pid % 1000)}x${String(++serial)}`;

type Repos = ReturnType<typeof createPlatformRepositories>;
const idOf = async <T>(
  r: Promise<Result<T, DomainError>>,
  id: (t: T) => number,
): Promise<Result<number, DomainError>> => {
  const x = await r;
  return x.ok ? { ok: true, value: id(x.value) } : x;
};

/**
 * Every unique rule through its repository, routes or not (roles, posts and menus have no admin
 * routes yet): `create(v, other)` makes a record holding `v` (and `other` in any other unique field
 * it has, so only the rule under test can refuse) and answers its id; `subject` is the name RuoYi's
 * refusal shows for it; `update(id, v)` gives an existing record `v`. `updateSubject` says whether an
 * update's refusal names the value sent (the field is the name) or the record's own name.
 */
interface RepoCase {
  readonly field: UniqueField;
  readonly create: (repos: Repos, v: string, other: string) => Promise<Result<number, DomainError>>;
  readonly subject: (v: string, other: string) => string;
  readonly update?: (repos: Repos, id: number, v: string) => Promise<Result<unknown, DomainError>>;
  readonly updateSubject?: 'sent' | 'own';
}

const CASES: readonly RepoCase[] = [
  {
    field: 'roleKey',
    create: (r, v, o) => idOf(r.roles.create({ roleKey: v, roleName: o }), (x) => x.roleId),
    subject: (_v, o) => o,
    update: (r, id, v) => r.roles.update(id, { roleKey: v }),
    updateSubject: 'own',
  },
  {
    field: 'roleName',
    create: (r, v, o) => idOf(r.roles.create({ roleKey: o, roleName: v }), (x) => x.roleId),
    subject: (v) => v,
    update: (r, id, v) => r.roles.update(id, { roleName: v }),
    updateSubject: 'sent',
  },
  {
    field: 'postCode',
    create: (r, v, o) => idOf(r.posts.create({ postCode: v, postName: o }), (x) => x.postId),
    subject: (_v, o) => o,
    update: (r, id, v) => r.posts.update(id, { postCode: v }),
    updateSubject: 'own',
  },
  {
    field: 'postName',
    create: (r, v, o) => idOf(r.posts.create({ postCode: o, postName: v }), (x) => x.postId),
    subject: (v) => v,
    update: (r, id, v) => r.posts.update(id, { postName: v }),
    updateSubject: 'sent',
  },
  {
    field: 'menuName',
    create: (r, v) =>
      idOf(r.menus.create({ parentId: 0, menuName: v, menuType: 'M' }), (x) => x.menuId),
    subject: (v) => v,
    update: (r, id, v) => r.menus.update(id, { menuName: v }),
    updateSubject: 'sent',
  },
  {
    field: 'deptName',
    create: (r, v) =>
      idOf(r.depts.create({ parentId: 100, deptName: v }, '0,100'), (x) => x.deptId),
    subject: (v) => v,
    update: (r, id, v) => r.depts.update(id, { deptName: v }),
    updateSubject: 'sent',
  },
  {
    field: 'dictType',
    create: (r, v, o) => idOf(r.dicts.createType({ dictName: o, dictType: v }), (x) => x.dictId),
    subject: (_v, o) => o,
    update: (r, id, v) => r.dicts.updateType(id, { dictType: v }),
    updateSubject: 'own',
  },
  {
    field: 'dictValue',
    create: (r, v, o) =>
      idOf(
        r.dicts.createData({ dictType: 'sys_normal_disable', dictLabel: o, dictValue: v }),
        (x) => x.dictCode,
      ),
    subject: (_v, o) => o,
    update: (r, id, v) => r.dicts.updateData(id, { dictValue: v }),
    updateSubject: 'own',
  },
  {
    field: 'configKey',
    create: (r, v, o) =>
      idOf(r.configs.create({ configName: o, configKey: v, configValue: '' }), (x) => x.configId),
    subject: (_v, o) => o,
    update: (r, id, v) => r.configs.update(id, { configKey: v }),
    updateSubject: 'own',
  },
  {
    field: 'userName',
    create: (r, v) =>
      idOf(r.users.create({ userName: v, nickName: '唯一', passwordHash: 'x' }), (x) => x.userId),
    subject: (v) => v,
  },
  {
    field: 'majorName',
    create: (r, v) => idOf(r.majors.create({ majorName: v, designStageId: 1 }), (x) => x.majorId),
    subject: (v) => v,
    update: (r, id, v) => r.majors.update(id, { majorName: v }),
    updateSubject: 'sent',
  },
];

describe.each(testDatabaseKinds())('platform uniqueness on %s', (kind) => {
  let handle: DatabaseHandle;
  let repos: Repos;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    repos = createPlatformRepositories(handle.db);
  });
  afterAll(() => handle.close());

  it('covers every field of the catalogue', () => {
    expect(CASES.map((c) => c.field).sort()).toEqual(Object.keys(UNIQUE_FIELDS).sort());
  });

  it('maps every unique index of a platform table to the field it keeps unique', async () => {
    const { rows } = await sql<{ indexname: string }>`
      select i.indexname from pg_indexes i
      where i.schemaname = current_schema() and i.tablename like 'sys\\_%'
        and i.indexdef like 'CREATE UNIQUE INDEX%' and i.indexname not like '%\\_pkey'
      order by 1`.execute(handle.db);
    // A user's one default role is a rule of the role grants, and a notice's read mark is kept
    // once per person (markRead inserts it or does nothing): neither is a value anyone types.
    const rules = new Set(['sys_user_role_default', 'sys_notice_read_user_notice']);
    const names = rows.map((r) => r.indexname).filter((n) => !rules.has(n));
    expect(names.length).toBeGreaterThanOrEqual(Object.keys(UNIQUE_FIELDS).length);
    for (const constraint of names)
      expect(uniqueFieldOf({ code: '23505', constraint }), constraint).not.toBeNull();
    expect(uniqueFieldOf({ code: '23503', constraint: names[0] })).toBeNull();
    expect(uniqueFieldOf({ code: '23505', constraint: 'contract_no' })).toBeNull();
  });

  describe.each(CASES)('$field', (c) => {
    it('twenty concurrent creates of one value: one is written, nineteen are refused', async () => {
      const v = fresh();
      const others = Array.from({ length: 20 }, () => fresh());
      const results = await Promise.all(others.map((o) => c.create(repos, v, o)));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      results.forEach((r, i) => {
        if (!r.ok)
          expect(r.error).toEqual(uniqueTaken(c.field, 'create', c.subject(v, others[i] ?? '')));
      });
    });

    it('a refusal inside a caller transaction leaves the transaction usable', async () => {
      const [v, w] = [fresh(), fresh()];
      await handle.db.transaction().execute(async (trx) => {
        const inTrx = createPlatformRepositories(trx);
        expect((await c.create(inTrx, v, fresh())).ok).toBe(true);
        expect(await c.create(inTrx, v, fresh())).toMatchObject({
          ok: false,
          error: { field: c.field },
        });
        expect((await c.create(inTrx, w, fresh())).ok).toBe(true);
      });
      expect(await c.create(repos, w, fresh())).toMatchObject({
        ok: false,
        error: { field: c.field },
      });
    });
  });

  const UPDATABLE = CASES.flatMap((c) =>
    c.update && c.updateSubject ? [{ ...c, update: c.update, updateSubject: c.updateSubject }] : [],
  );
  describe.each(UPDATABLE)('$field', (c) => {
    it('an update to a taken value is refused in RuoYi words; its own value is no clash', async () => {
      const [va, vb, ob] = [fresh(), fresh(), fresh()];
      expect((await c.create(repos, va, fresh())).ok).toBe(true);
      const b = await c.create(repos, vb, ob);
      if (!b.ok) throw new Error(b.error.message);
      const subject = c.updateSubject === 'sent' ? va : c.subject(vb, ob);
      expect(await c.update(repos, b.value, va)).toEqual({
        ok: false,
        error: uniqueTaken(c.field, 'update', subject),
      });
      expect((await c.update(repos, b.value, vb)).ok).toBe(true);
    });
  });

  it('words a refusal as RuoYi does', () => {
    expect(uniqueTaken('deptName', 'create', '研发部')).toEqual({
      code: 'PLATFORM.DUPLICATE',
      message: "新增部门'研发部'失败，部门名称已存在",
      field: 'deptName',
    });
    expect(uniqueTaken('roleKey', 'update', '项目经理').message).toBe(
      "修改角色'项目经理'失败，角色权限已存在",
    );
    expect(uniqueTaken('configKey', 'create', '验证码开关').message).toBe(
      "新增参数'验证码开关'失败，参数键名已存在",
    );
  });
});
