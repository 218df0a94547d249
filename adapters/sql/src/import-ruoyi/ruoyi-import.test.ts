import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../database/open-database.js';
import { databaseFingerprint } from '../testing/fingerprint.js';
import {
  openTestDatabase,
  testDatabaseKinds,
  testDatabaseUrl,
  type TestDatabaseKind,
} from '../testing/index.js';
import { sanitizeNoticeHtml } from '../content/notice-html.js';
import { formatReport } from './import-report.js';
import { DumpReadError } from './mysql-dump-reader.js';
import { importRuoyiDump, readRuoyiDump } from './ruoyi-import.js';

/** RuoYi's own dump, kept beside the repository in `shared/ruoyi/` (see its README). */
function findShippedDump(): string {
  const wanted = join('shared', 'ruoyi', 'ry_20260417.sql');
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, wanted))) return join(dir, wanted);
    if (dirname(dir) === dir) break;
  }
  if (process.env['RUOYI_DUMP']) return resolve(process.env['RUOYI_DUMP']);
  throw new Error(`RuoYi's dump not found: put it at ../shared/ruoyi/ or name it in RUOYI_DUMP`);
}

const DUMP = readFileSync(findShippedDump(), 'utf8');
const LINES = DUMP.split('\n');
const lineOf = (needle: string): number => LINES.findIndex((l) => l.includes(needle)) + 1;

async function fingerprint(
  handle: DatabaseHandle,
  kind: TestDatabaseKind = 'embedded',
): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: await testDatabaseUrl(kind, handle) });
  await client.connect();
  try {
    return await databaseFingerprint(client);
  } finally {
    await client.end();
  }
}

async function permsOfUser(handle: DatabaseHandle, userName: string): Promise<Set<string>> {
  const rows = await handle.db
    .selectFrom('sys_user as u')
    .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.user_id')
    .innerJoin('sys_role_menu as rm', 'rm.role_id', 'ur.role_id')
    .innerJoin('sys_menu as m', 'm.menu_id', 'rm.menu_id')
    .select('m.perms')
    .where('u.user_name', '=', userName)
    .where('m.perms', '<>', '')
    .execute();
  return new Set(rows.map((r) => r.perms));
}

describe.each(testDatabaseKinds())('importing RuoYi’s shipped dump on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it('brings departments, posts, users with their bcrypt hashes, roles with menus, dictionaries and configs', async () => {
    const ourMenus = await handle.db.selectFrom('sys_menu').select(['menu_id', 'perms']).execute();
    const report = await importRuoyiDump(handle.db, DUMP);
    expect(report.changed).toBe(true);
    // RuoYi's top department is merged into our root; its nine others come in under it.
    expect(report.counts.dept).toEqual({ added: 9, matched: 1 });
    expect(report.counts.post).toEqual({ added: 4, matched: 0 });
    // RuoYi's common comes in as a role of its own; its admin role is ours. ry is new, admin ours.
    expect(report.counts.role).toEqual({ added: 1, matched: 1 });
    expect(report.counts.user).toEqual({ added: 1, matched: 1 });

    const ry = await handle.db
      .selectFrom('sys_user as u')
      .innerJoin('sys_dept as d', 'd.dept_id', 'u.dept_id')
      .innerJoin('sys_dept as p', 'p.dept_id', 'd.parent_id')
      .select([
        'u.user_id',
        'u.password',
        'u.nick_name',
        'd.dept_name',
        'p.dept_name as parent',
        'd.ancestors',
      ])
      .where('u.user_name', '=', 'ry')
      .executeTakeFirstOrThrow();
    expect(ry).toMatchObject({
      password: '$2a$10$7JB720yubVSZvUI0rEqK/.VqGOZTH.ulu33dHOiBE8ByOhJIrdAu2',
      nick_name: '若依',
      dept_name: '测试部门',
      parent: '深圳总公司',
    });
    expect(ry.ancestors).toMatch(/^0,100,\d+$/);
    const roles = await handle.db
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role as r', 'r.role_id', 'ur.role_id')
      .select(['r.role_key', 'ur.is_default'])
      .where('ur.user_id', '=', ry.user_id)
      .execute();
    expect(roles).toEqual([{ role_key: 'ry_common', is_default: true }]);
    const posts = await handle.db
      .selectFrom('sys_user_post as up')
      .innerJoin('sys_post as p', 'p.post_id', 'up.post_id')
      .select('p.post_code')
      .where('up.user_id', '=', ry.user_id)
      .execute();
    expect(posts).toEqual([{ post_code: 'se' }]);

    // ry holds, through his imported role, every permission RuoYi's common role gave him that we have.
    const data = readRuoyiDump(DUMP);
    const granted = new Set(data.roleMenus.filter(([r]) => r === 2).map(([, m]) => m));
    const ryPerms = data.menus
      .filter((m) => granted.has(m.id) && m.perms !== '')
      .map((m) => m.perms);
    const ours = new Set(ourMenus.map((m) => m.perms));
    const held = await permsOfUser(handle, 'ry');
    const expected = ryPerms.filter((p) => ours.has(p));
    expect(expected).toContain('system:user:list');
    expect(expected).toContain('monitor:operlog:list');
    for (const p of expected) expect(held, p).toContain(p);
    // ... and every one we lack is reported, not dropped.
    const missing = ryPerms.filter((p) => !ours.has(p));
    expect(missing.length).toBeGreaterThan(0);
    const reported = report.skipped.filter((s) => s.kind === 'roleMenu').map((s) => s.item);
    for (const p of missing)
      expect(
        reported.some((i) => i.includes(p)),
        p,
      ).toBe(true);
    expect(reported.some((i) => i.startsWith('若依官网'))).toBe(true);

    // Custom data scope departments follow the role.
    const scope = await handle.db
      .selectFrom('sys_role_dept as rd')
      .innerJoin('sys_role as r', 'r.role_id', 'rd.role_id')
      .innerJoin('sys_dept as d', 'd.dept_id', 'rd.dept_id')
      .select('d.dept_name')
      .where('r.role_key', '=', 'ry_common')
      .execute();
    expect(scope.map((s) => s.dept_name)).toEqual(
      expect.arrayContaining(['深圳总公司', '测试部门']),
    );

    // Dictionaries we lack come in; configs we have keep our value (captcha stays off here).
    const jobGroup = await handle.db
      .selectFrom('sys_dict_data')
      .select('dict_label')
      .where('dict_type', '=', 'sys_job_group')
      .execute();
    expect(new Set(jobGroup.map((d) => d.dict_label))).toEqual(new Set(['默认', '系统']));
    const config = await handle.db
      .selectFrom('sys_config')
      .select(['config_key', 'config_value'])
      .where('config_key', 'in', ['sys.account.captchaEnabled', 'sys.user.initPassword'])
      .orderBy('config_key')
      .execute();
    expect(config).toEqual([
      { config_key: 'sys.account.captchaEnabled', config_value: 'false' },
      { config_key: 'sys.user.initPassword', config_value: '123456' },
    ]);
    expect(report.notes.some((n) => n.kind === 'config' && n.item.includes('captchaEnabled'))).toBe(
      true,
    );
    // RuoYi's leader text「若依」names both admin and ry there: no department gets a guessed leader.
    expect(report.counts.deptLeader.added).toBe(0);
    expect(report.notes.filter((n) => n.kind === 'deptLeader')).toHaveLength(9);
    const printed = formatReport(report);
    expect(printed).toContain('用户：新增 1，已有 1');
    expect(printed).toContain('通知公告：新增 3，已有 0');
    expect(printed).not.toContain('sys_notice（');
  });

  it('brings RuoYi’s notices with their type, status and author, the content through the notice sanitizer', async () => {
    const notices = await handle.db
      .selectFrom('sys_notice')
      .select(['notice_title', 'notice_type', 'notice_content', 'status', 'create_by'])
      .where('notice_title', 'in', [
        '温馨提醒：2018-07-01 若依新版本发布啦',
        '维护通知：2018-07-01 若依系统凌晨维护',
        '若依开源框架介绍',
      ])
      .orderBy('notice_title')
      .execute();
    expect(notices.map((n) => [n.notice_title, n.notice_type, n.status, n.create_by])).toEqual([
      ['温馨提醒：2018-07-01 若依新版本发布啦', '2', '0', 'admin'],
      ['维护通知：2018-07-01 若依系统凌晨维护', '1', '0', 'admin'],
      ['若依开源框架介绍', '1', '0', 'admin'],
    ]);
    const intro = notices.find((n) => n.notice_title === '若依开源框架介绍')!.notice_content;
    // The sanitizer the notice routes use: links opening a tab lose their way back, styles
    // outside its list go, and what it keeps is kept (a colour, the picture).
    expect(intro).toBe(sanitizeNoticeHtml(intro));
    expect(intro).toContain(
      '<a href="http://ruoyi.vip" target="_blank" rel="noopener noreferrer">',
    );
    expect(intro).not.toContain('font-family');
    expect(intro).toContain('<span style="color:rgb(230, 0, 0)">项目介绍</span>');
    expect(intro).toContain('<img src="https://foruda.gitee.com/');
  });

  it("gives nothing to our own roles and users: RuoYi's common is not every employee's", async () => {
    const fresh = await openTestDatabase(kind);
    try {
      const grants = () =>
        fresh.db
          .selectFrom('sys_role_menu as rm')
          .innerJoin('sys_role as r', 'r.role_id', 'rm.role_id')
          .select(['r.role_key', 'rm.menu_id'])
          .where('r.role_key', 'not like', 'ry\\_%')
          .orderBy('r.role_key')
          .orderBy('rm.menu_id')
          .execute();
      const userRoles = () =>
        fresh.db
          .selectFrom('sys_user_role')
          .select(['user_id', 'role_id'])
          .orderBy('user_id')
          .orderBy('role_id')
          .execute();
      const [grantsBefore, rolesBefore] = [await grants(), await userRoles()];
      const report = await importRuoyiDump(fresh.db, DUMP);
      expect(await grants()).toEqual(grantsBefore);
      // Only ry, new, gained a role; our admin (RuoYi's admin too) kept exactly his.
      const ry = await fresh.db
        .selectFrom('sys_user')
        .select('user_id')
        .where('user_name', '=', 'ry')
        .executeTakeFirstOrThrow();
      expect((await userRoles()).filter((r) => r.user_id !== ry.user_id)).toEqual(rolesBefore);
      expect(await permsOfUser(fresh, 'yuangong')).not.toContain('system:user:edit');
      expect(report.skipped.filter((s) => s.kind === 'userRole').map((s) => s.item)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^admin → /)]),
      );
    } finally {
      await fresh.close();
    }
  });

  it('a second run changes nothing and says so', async () => {
    const before = await fingerprint(handle, kind);
    const report = await importRuoyiDump(handle.db, DUMP);
    expect(report.changed).toBe(false);
    expect(Object.values(report.counts).every((c) => c.added === 0)).toBe(true);
    expect(report.counts.user.matched).toBe(2);
    expect(report.counts.notice).toEqual({ added: 0, matched: 3 });
    expect(formatReport(report)).toMatch(/^数据库已包含这份文件的全部内容，本次没有任何改动。/);
    expect(await fingerprint(handle, kind)).toEqual(before);
  });
});

describe('a RuoYi dump the import cannot read', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase('embedded');
  });
  afterAll(() => handle.close());

  const refused = async (text: string): Promise<DumpReadError> => {
    const before = await fingerprint(handle);
    const error = await importRuoyiDump(handle.db, text).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DumpReadError);
    expect(await fingerprint(handle)).toEqual(before);
    return error as DumpReadError;
  };

  it('refuses a copy cut in the middle of an INSERT, naming the line, and writes nothing', async () => {
    const at = lineOf('insert into sys_user values(2,');
    const line = LINES[at - 1]!;
    const cut = [...LINES.slice(0, at - 1), line.slice(0, line.indexOf('ry@qq') + 3)].join('\n');
    const e = await refused(cut);
    expect(e.line).toBe(at);
    expect(e.message).toMatch(new RegExp(`^第 ${String(at)} 行：字符串没有结束`));
  });

  it('refuses a copy with a bad escape, naming the line, and writes nothing', async () => {
    const at = lineOf("'sys.user.initPassword'");
    const bad = LINES.map((l, i) => (i === at - 1 ? l.replace("'123456'", "'12\\q3456'") : l));
    const e = await refused(bad.join('\n'));
    expect(e.line).toBe(at);
    expect(e.reason).toBe('无法识别的转义字符 \\q');
  });

  it('refuses a notice outside RuoYi’s types, naming its line and the rule, and writes nothing', async () => {
    const at = lineOf("insert into sys_notice values('2',");
    const bad = LINES.map((l, i) =>
      i === at - 1 ? l.replace("凌晨维护', '1',", "凌晨维护', '9',") : l,
    );
    const e = await refused(bad.join('\n'));
    expect(e.line).toBe(at);
    expect(e.reason).toBe(
      '表 sys_notice：公告「维护通知：2018-07-01 若依系统凌晨维护」：公告类型只能是通知或公告',
    );
  });

  it('refuses a notice whose time is not a time, naming its line', async () => {
    const at = lineOf("insert into sys_notice values('1',");
    const bad = LINES.map((l, i) =>
      i === at - 1 ? l.replace("'admin', sysdate()", "'admin', '昨天'") : l,
    );
    const e = await refused(bad.join('\n'));
    expect(e.line).toBe(at);
    expect(e.reason).toContain('create_time 不是时间：「昨天」');
  });
});

describe('a dump of an older RuoYi', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase('embedded');
  });
  afterAll(() => handle.close());

  /**
   * Older releases: sys_user without pwd_update_date, sys_menu without route_name, no
   * sys_notice_read; and a post table with a column ours never heard of.
   */
  function olderDump(): string {
    let text = DUMP;
    const noticeRead = text.indexOf('drop table if exists sys_notice_read;');
    text = text.slice(0, noticeRead) + text.slice(text.indexOf('drop table if exists gen_table;'));
    text = text
      .replace(/^ *pwd_update_date .*\n/m, '')
      .replace(
        /'127\.0\.0\.1', sysdate\(\), sysdate\(\), 'admin'/g,
        "'127.0.0.1', sysdate(), 'admin'",
      )
      .replace(/^ *route_name .*\n/m, '')
      .replace(/^(insert into sys_menu values\((?:[^,]*,){7})[^,]*,/gm, '$1')
      .replace(/^( *post_id .*\n)/m, "$1  post_level int(2) default 0 comment '级别',\n")
      .replace(/^insert into sys_post values\((\d+),/gm, 'insert into sys_post values($1, 3,');
    expect(text).not.toContain('sys_notice_read');
    expect(text).not.toContain('route_name');
    return text;
  }

  it('imports the same records', async () => {
    const data = readRuoyiDump(olderDump());
    expect(data.menus.find((m) => m.id === 100)).toMatchObject({
      path: 'user',
      perms: 'system:user:list',
    });
    expect(data.posts.map((p) => p.code)).toEqual(['ceo', 'se', 'hr', 'user']);
    const report = await importRuoyiDump(handle.db, olderDump());
    expect(report.counts.user).toEqual({ added: 1, matched: 1 });
    expect(report.counts.post.added).toBe(4);
    expect(await permsOfUser(handle, 'ry')).toContain('system:user:list');
  });

  it('reports a user whose department is missing, and brings him without one', async () => {
    const text = olderDump().replace("values(2,  105, 'ry',", "values(2,  999, 'ry2',");
    const report = await importRuoyiDump(handle.db, text);
    expect(report.counts.user).toEqual({ added: 1, matched: 1 });
    expect(report.notes).toContainEqual({
      kind: 'user',
      item: 'ry2（若依）',
      reason: '所在部门不在文件中（或已跳过），导入后没有部门',
    });
    const ry2 = await handle.db
      .selectFrom('sys_user')
      .select('dept_id')
      .where('user_name', '=', 'ry2')
      .executeTakeFirstOrThrow();
    expect(ry2.dept_id).toBeNull();
  });
});

describe('an edited RuoYi dump’s notices', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase('embedded');
  });
  afterAll(() => handle.close());

  it('stores an edited notice’s content sanitized and its time read on the institute clock, once', async () => {
    const text = DUMP.replace(
      "'新版本内容', '0', 'admin', sysdate()",
      `'<p onclick="steal()">新版本<script>alert(1)</script><a href="javascript:alert(2)">内容</a></p>', '1', 'ry', '2026-03-01 09:30:00'`,
    );
    expect(text).not.toBe(DUMP);
    const report = await importRuoyiDump(handle.db, text);
    expect(report.counts.notice).toEqual({ added: 3, matched: 0 });
    const edited = await handle.db
      .selectFrom('sys_notice')
      .select(['notice_content', 'status', 'create_by', 'create_time'])
      .where('notice_title', '=', '温馨提醒：2018-07-01 若依新版本发布啦')
      .executeTakeFirstOrThrow();
    expect(edited).toEqual({
      notice_content: '<p>新版本<a>内容</a></p>',
      status: '1',
      create_by: 'ry',
      // 09:30 in Asia/Shanghai (the configured zone) is 01:30 UTC.
      create_time: new Date('2026-03-01T01:30:00.000Z'),
    });
    const again = await importRuoyiDump(handle.db, text);
    expect(again.counts.notice).toEqual({ added: 0, matched: 3 });
    expect(again.changed).toBe(false);
  });
});
