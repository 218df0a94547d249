import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRuoyiDump } from '@dpms/sql';
import { apiClient } from '../test-support/api-client.js';
import { openTestApi, testDatabaseKinds, type TestApi } from '../test-support/api.js';

/** RuoYi's own dump, kept beside the repository in `shared/ruoyi/` (see its README). */
function shippedDump(): string {
  const wanted = join('shared', 'ruoyi', 'ry_20260417.sql');
  for (let dir = dirname(fileURLToPath(import.meta.url)); dirname(dir) !== dir; dir = dirname(dir))
    if (existsSync(join(dir, wanted))) return readFileSync(join(dir, wanted), 'utf8');
  const named = process.env['RUOYI_DUMP'];
  if (named) return readFileSync(named, 'utf8');
  throw new Error(`RuoYi's dump not found: put it at ../shared/ruoyi/ or name it in RUOYI_DUMP`);
}

interface Router {
  readonly path: string;
  readonly children?: readonly Router[];
}

describe.each(testDatabaseKinds())('a RuoYi user after the import, on %s', (kind) => {
  let api: TestApi;
  // RuoYi ships ry with the password admin123, which is also what the client signs in with.
  const c = apiClient(() => api);
  beforeAll(async () => {
    api = await openTestApi(kind);
    const report = await importRuoyiDump(api.database.handle.db, shippedDump());
    expect(report.counts.user.added).toBe(1);
  }, 120_000);
  afterAll(() => api?.close());

  it('signs in with RuoYi’s password, and his bcrypt hash is stored again as argon2id', async () => {
    expect((await api.repos.users.findCredentials('ry'))?.passwordHash).toMatch(/^\$2a\$10\$/);
    await c.signIn('ry');
    expect((await api.repos.users.findCredentials('ry'))?.passwordHash).toMatch(/^\$argon2id\$/);
    // ... and the new hash verifies the same password.
    await expect(api.login('ry', 'admin123')).resolves.toMatch(/^ey/);
    await expect(api.login('ry', 'wrong-password')).rejects.toThrow(/401/);
  });

  it('holds what RuoYi’s common role gave him, through that role imported as his own', async () => {
    await c.ensureSignedIn('ry');
    const info = (await c.bodyOf(c.get('ry', '/getInfo'), 200)) as {
      roles: string[];
      permissions: string[];
    };
    expect(info.roles).toEqual(['ry_common']);
    expect(info.permissions).toEqual(
      expect.arrayContaining([
        'system:user:list',
        'system:role:list',
        'system:dept:list',
        'monitor:operlog:list',
        'monitor:job:list',
      ]),
    );
    const routers = (await c.okData(c.get('ry', '/getRouters'))) as Router[];
    const system = routers.find((r) => r.path === '/system');
    expect(system?.children?.map((r) => r.path)).toEqual(
      expect.arrayContaining(['user', 'role', 'dept', 'post', 'dict', 'config']),
    );
  });
});
