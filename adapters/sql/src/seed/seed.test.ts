import { verify } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { prepareDatabase } from '../database/prepare-database.js';
import { openTestDatabase, testDatabaseKinds, openEmptyTestDatabase } from '../testing/index.js';
import { createPlatformRepositories } from '../repositories/platform-repositories.js';
import { DEMO_USERS, ROLES } from './demo-institute.js';
import { buildMenus, grantedMenuIds, grantMatches } from './menus.js';
import { seedDatabase } from './seed.js';

describe('menu grants', () => {
  it('matches permission patterns part by part', () => {
    expect(grantMatches('project:*:list', 'project:contract:list')).toBe(true);
    expect(grantMatches('project:contract:*', 'project:contract:export')).toBe(true);
    expect(grantMatches('project:contract:*', 'project:declare:list')).toBe(false);
    expect(grantMatches('project:*', 'project:contract:list')).toBe(false);
  });
  it('grants the parents of every granted button', () => {
    const menus = buildMenus();
    const ids = new Set(grantedMenuIds(menus, ['system:user:resetPwd']));
    const button = menus.find((m) => m.perms === 'system:user:resetPwd');
    const page = menus.find((m) => m.menuId === button?.parentId);
    expect(
      ids.has(button?.menuId ?? -1) && ids.has(page?.menuId ?? -1) && ids.has(page?.parentId ?? -1),
    ).toBe(true);
    expect(new Set(menus.map((m) => m.menuId)).size).toBe(menus.length);
  });
});

describe.each(testDatabaseKinds())('the demo seed on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it('runs once: a second start changes nothing', async () => {
    expect(await prepareDatabase(handle)).toEqual({ seeded: false, adminCreated: false });
    const n = await handle.db
      .selectFrom('sys_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(n?.n)).toBe(DEMO_USERS.length);
  });

  it('gives every role a demo user, stores argon2id hashes of admin123 and keeps demo captcha off', async () => {
    const repos = createPlatformRepositories(handle.db);
    for (const role of ROLES) {
      const holders = await repos.users.listByRoleId(role.roleId, { kind: 'all' });
      expect(holders.length, role.roleKey).toBeGreaterThan(0);
    }
    const cred = await repos.users.findCredentials('admin');
    expect(cred?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verify(cred?.passwordHash ?? '', 'admin123')).toBe(true);
    expect(await repos.configs.valueOf('sys.account.captchaEnabled')).toBe('false');
    expect(await repos.configs.valueOf('sys.institute.timeZone')).toBe('Asia/Shanghai');
    // Ids continue above the seeded ones.
    const dept = await repos.depts.create({ parentId: 100, deptName: '新部门' }, '0,100');
    expect(dept.ok && dept.value.deptId > 1000).toBe(true);
  });

  it("gives every demo user a PNG signature, and the seeded approvals log their signers' images", async () => {
    const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const users = await handle.db
      .selectFrom('sys_user')
      .leftJoin('approval_signature', 'approval_signature.file_id', 'sys_user.signature_file_id')
      .select([
        'sys_user.user_name',
        'sys_user.user_id',
        'approval_signature.user_id as owner',
        'approval_signature.content_type',
        'approval_signature.data',
      ])
      .execute();
    expect(users.length).toBe(DEMO_USERS.length);
    for (const u of users) {
      expect(u.owner, u.user_name).toBe(u.user_id);
      expect(u.content_type, u.user_name).toBe('image/png');
      expect(
        Buffer.from(u.data ?? [])
          .subarray(0, 8)
          .equals(PNG),
        u.user_name,
      ).toBe(true);
    }
    // Every logged action of a seeded approval carries the image its actor had then.
    const logged = await handle.db
      .selectFrom('approval_action_log')
      .innerJoin(
        'approval_signature',
        'approval_signature.file_id',
        'approval_action_log.sign_file_id',
      )
      .select([
        'approval_action_log.actor_id',
        'approval_signature.user_id',
        'approval_action_log.action',
      ])
      .execute();
    const unsigned = await handle.db
      .selectFrom('approval_action_log')
      .select('log_id')
      .where('action', 'in', ['submit', 'resubmit', 'approve', 'reject'])
      .where('sign_file_id', 'is', null)
      .execute();
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.every((l) => l.actor_id === l.user_id)).toBe(true);
    expect(unsigned).toEqual([]);
    // So do the confirmed steps of the seeded task sheets.
    const steps = await handle.db
      .selectFrom('design_task_sign_flow')
      .select(['sign_url'])
      .where('deal_time', 'is not', null)
      .execute();
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((s) => /\/profile\/signature\/[0-9a-f-]{36}$/.test(s.sign_url ?? ''))).toBe(
      true,
    );
  });
});

/** An empty database (no migration, no seed) on the run's embedded server. */
const openEmptyDatabase = (): Promise<DatabaseHandle> => openEmptyTestDatabase('embedded');

describe('the production seed', () => {
  it('seeds no demo user, turns the captcha on, and creates admin only from ADMIN_PASSWORD', async () => {
    const handle = await openEmptyDatabase();
    try {
      const fastHash = (p: string) => Promise.resolve(`plain:${p}`);
      expect(await prepareDatabase(handle, { mode: 'production', hashPassword: fastHash })).toEqual(
        {
          seeded: true,
          adminCreated: false,
        },
      );
      const repos = createPlatformRepositories(handle.db);
      expect((await repos.users.list({ filter: {} }, { kind: 'all' })).total).toBe(0);
      expect(await repos.configs.valueOf('sys.account.captchaEnabled')).toBe('true');
      expect((await repos.depts.list({}, { kind: 'all' })).map((d) => d.deptId)).toEqual([100]);
      expect((await repos.roles.list({ filter: {} })).total).toBe(ROLES.length);
      await expect(
        seedDatabase(handle.db, {
          mode: 'production',
          adminPassword: 'short',
          hashPassword: fastHash,
        }),
      ).rejects.toThrow(/at least 8/);
      expect(
        await seedDatabase(handle.db, {
          mode: 'production',
          adminPassword: 'a-long-secret',
          hashPassword: fastHash,
        }),
      ).toEqual({
        seeded: false,
        adminCreated: true,
      });
      expect((await repos.users.findCredentials('admin'))?.passwordHash).toBe(
        'plain:a-long-secret',
      );
      expect(await repos.users.findByUserName('admin')).toMatchObject({
        roleIds: [1],
        defaultRoleId: 1,
        deptId: 100,
      });
      // A second start with the variable still set leaves the existing admin alone.
      expect(
        await seedDatabase(handle.db, {
          mode: 'production',
          adminPassword: 'another-secret',
          hashPassword: fastHash,
        }),
      ).toEqual({
        seeded: false,
        adminCreated: false,
      });
      expect((await repos.users.findCredentials('admin'))?.passwordHash).toBe(
        'plain:a-long-secret',
      );
    } finally {
      await handle.close();
    }
  }, 120_000);
});
