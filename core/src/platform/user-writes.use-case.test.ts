import { describe, expect, it } from 'vitest';
import { err, ok } from '../shared/result.js';
import type { DataScope, DataScopeCode } from './data-scope.js';
import type { SysDept } from './dept.js';
import { PlatformErrors } from './platform-errors.js';
import type { SysRole } from './role.js';
import type { NewUser, SysUser, UserPatch } from './user.js';
import type { UserRepository } from './user.repository.port.js';
import { UserWrites, type UserWriter, type UserWriteStores } from './user-writes.use-case.js';

const dept = (deptId: number, ancestors: string) => ({ deptId, ancestors }) as SysDept;
/** 100 the institute; 108 a production institute with 110 below; 103 beside it. */
const DEPTS = [dept(100, '0'), dept(108, '0,100'), dept(110, '0,100,108'), dept(103, '0,100')];

const role = (roleId: number, roleKey: string, dataScope: DataScopeCode) =>
  ({ roleId, roleKey, dataScope }) as SysRole;
/** 1 admin; 2 project manager (menu 10); 13 holds menu 11 too; 20 sees all data. */
const ROLES = [role(1, 'admin', '1'), role(2, 'xmjl', '4'), role(13, 'x', '5'), role(20, 'y', '1')];
const ROLE_MENUS: Record<number, number[]> = { 1: [10, 11], 2: [10], 13: [10, 11], 20: [10] };

const user = (userId: number, deptId: number, roleIds: number[], status: '0' | '1' = '0') =>
  ({
    userId,
    userName: `u${String(userId)}`,
    deptId,
    roleIds,
    defaultRoleId: roleIds[0] ?? null,
    status,
  }) as unknown as SysUser;

const DESIGN: DataScope = { kind: 'deptAndBelow', deptId: 108 };
const ALL_PERMISSIONS = [
  'system:user:add',
  'system:user:edit',
  'system:user:remove',
  'system:user:resetPwd',
];
/** The caller: user 9 of 108, a project manager seeing 108 and below. */
const CALLER: UserWriter = {
  userId: 9,
  userName: 'u9',
  roleId: 2,
  permissions: ALL_PERMISSIONS,
  isAdmin: false,
  scope: DESIGN,
  sessionId: 's9',
};
const ADMIN: UserWriter = { ...CALLER, isAdmin: true, roleId: 1, scope: { kind: 'all' } };

function inScope(deptId: number | null, userId: number, scope: DataScope): boolean {
  switch (scope.kind) {
    case 'all':
      return true;
    case 'dept':
      return deptId !== null && scope.deptIds.includes(deptId);
    case 'deptAndBelow': {
      const d = DEPTS.find((x) => x.deptId === deptId);
      return (
        d !== undefined && (d.deptId === scope.deptId || d.ancestors.includes(`${scope.deptId}`))
      );
    }
    case 'own':
      return userId === scope.userId;
  }
}

/** In memory: users 1 (admin), 7 and 9 in 110/108, 8 in 103; records every write and session end. */
function fake() {
  const rows = new Map<number, SysUser>(
    [user(1, 103, [1]), user(7, 110, [2, 20]), user(8, 103, [2]), user(9, 108, [2])].map((u) => [
      u.userId,
      u,
    ]),
  );
  const log: unknown[][] = [];
  const ended: unknown[][] = [];
  const stored = (id: number) => rows.get(id);
  const users = {
    findById: (id: number, scope: DataScope) => {
      const u = stored(id);
      return Promise.resolve(u && inScope(u.deptId, u.userId, scope) ? u : null);
    },
    findByUserName: (name: string) =>
      Promise.resolve([...rows.values()].find((u) => u.userName === name) ?? null),
    create: (u: NewUser) => {
      log.push(['create', u]);
      return Promise.resolve(ok({ ...user(1001, u.deptId ?? 0, [...(u.roleIds ?? [])]), ...u }));
    },
    update: (id: number, patch: UserPatch) => {
      log.push(['update', id, patch]);
      const u = stored(id);
      if (!u) return Promise.resolve(err(PlatformErrors.notFound('用户')));
      const next = { ...u, ...patch };
      rows.set(id, next);
      return Promise.resolve(ok(next));
    },
    delete: (ids: readonly number[]) => {
      log.push(['delete', ids]);
      return Promise.resolve(ok(ids.length));
    },
    setStatus: (id: number, status: string) => {
      log.push(['setStatus', id, status]);
      return Promise.resolve(ok(undefined));
    },
    setPasswordHash: (id: number, hash: string) => {
      log.push(['setPasswordHash', id, hash]);
      return Promise.resolve(ok(undefined));
    },
  } as unknown as UserRepository;
  const stores: UserWriteStores = {
    users,
    roles: {
      findById: (id) => Promise.resolve(ROLES.find((r) => r.roleId === id) ?? null),
      findByKey: (key) => Promise.resolve(ROLES.find((r) => r.roleKey === key) ?? null),
      listMenuIds: (id) => Promise.resolve(ROLE_MENUS[id] ?? []),
      listDeptIds: () => Promise.resolve([]),
    },
    menus: {
      listByRole: (id) =>
        Promise.resolve((ROLE_MENUS[id] ?? []).map((menuId) => ({ menuId }) as never)),
    },
    depts: {
      findById: (id, scope) => {
        const d = DEPTS.find((x) => x.deptId === id);
        return Promise.resolve(d && inScope(d.deptId, 0, scope) ? d : null);
      },
      list: (_f, scope) => Promise.resolve(DEPTS.filter((d) => inScope(d.deptId, 0, scope))),
    },
    posts: { findById: (id) => Promise.resolve(id === 5 ? ({ postId: 5 } as never) : null) },
  };
  let hashes = 0;
  const writes = new UserWrites(
    stores,
    {
      hash: (pw) => {
        hashes += 1;
        return Promise.resolve(`hash:${pw}`);
      },
      verify: (_id, pw) => Promise.resolve(pw === 'old-secret'),
    },
    {
      end: (id, reason, except) => {
        ended.push(except === undefined ? [id, reason] : [id, reason, except]);
        return Promise.resolve();
      },
    },
  );
  return { writes, log, ended, hashes: () => hashes };
}

const refusal = (code: string, extra: Record<string, string> = {}) => ({
  ok: false,
  error: { code, ...extra },
});
const NEW = { userName: 'newbie', nickName: '新人', password: 'secret1', deptId: 110 };

describe('UserWrites.create', () => {
  it('writes the hashed password, its links and who created it', async () => {
    const { writes, log } = fake();
    const created = await writes.create({ ...NEW, roleIds: [2], postIds: [5] }, CALLER);
    expect(created).toMatchObject({ ok: true, value: { userName: 'newbie' } });
    expect(log).toEqual([
      [
        'create',
        {
          userName: 'newbie',
          nickName: '新人',
          deptId: 110,
          roleIds: [2],
          postIds: [5],
          passwordHash: 'hash:secret1',
          createBy: 'u9',
        },
      ],
    ]);
  });

  it('refuses the admin role, a menu or a data scope wider than the caller’s', async () => {
    const { writes, log, hashes } = fake();
    expect(await writes.create({ ...NEW, roleIds: [1] }, CALLER)).toMatchObject(
      refusal('USER.ADMIN_ROLE_GIVEN', { message: '不允许操作超级管理员用户' }),
    );
    expect(await writes.create({ ...NEW, roleIds: [13] }, CALLER)).toMatchObject(
      refusal('ROLE.FORBIDDEN', { message: '不能授予您自己没有的菜单权限' }),
    );
    expect(await writes.create({ ...NEW, roleIds: [20] }, CALLER)).toMatchObject(
      refusal('ROLE.FORBIDDEN', { message: '不能授予比您自己更大的数据权限' }),
    );
    expect(log).toEqual([]);
    expect(hashes()).toBe(0);
    expect(await writes.create({ ...NEW, roleIds: [1, 13] }, ADMIN)).toMatchObject({ ok: true });
  });

  it('refuses a password outside the policy and a taken user name before hashing', async () => {
    const { writes, log, hashes } = fake();
    expect(await writes.create({ ...NEW, password: '123' }, CALLER)).toMatchObject(
      refusal('VALIDATION.PASSWORD_LENGTH', { field: 'password' }),
    );
    expect(await writes.create({ ...NEW, userName: 'u7' }, CALLER)).toMatchObject(
      refusal('PLATFORM.DUPLICATE', { field: 'userName' }),
    );
    expect(log).toEqual([]);
    expect(hashes()).toBe(0);
  });

  it('refuses a department, role or post not stored, and a department out of scope', async () => {
    const { writes, log } = fake();
    expect(await writes.create({ ...NEW, deptId: 555 }, ADMIN)).toMatchObject(
      refusal('PLATFORM.NOT_FOUND', { field: 'deptId', message: '部门不存在或已被删除' }),
    );
    expect(await writes.create({ ...NEW, roleIds: [404] }, ADMIN)).toMatchObject(
      refusal('PLATFORM.NOT_FOUND', { field: 'roleIds' }),
    );
    expect(await writes.create({ ...NEW, postIds: [404] }, ADMIN)).toMatchObject(
      refusal('PLATFORM.NOT_FOUND', { field: 'postIds' }),
    );
    expect(await writes.create({ ...NEW, deptId: 103 }, CALLER)).toMatchObject(
      refusal('PLATFORM.DATA_SCOPE_DENIED'),
    );
    expect(await writes.create({ ...NEW, deptId: null }, CALLER)).toMatchObject(
      refusal('PLATFORM.DATA_SCOPE_DENIED'),
    );
    expect(
      await writes.create(NEW, { ...CALLER, scope: { kind: 'own', userId: 9 } }),
    ).toMatchObject(refusal('PLATFORM.DATA_SCOPE_DENIED'));
    expect(log).toEqual([]);
  });
});

describe('UserWrites.update', () => {
  it('refuses a user out of scope (404) and the administrator for a non-administrator', async () => {
    const { writes, log } = fake();
    expect(await writes.update(8, { nickName: 'x' }, CALLER)).toMatchObject(
      refusal('USER.NOT_IN_SCOPE', { message: '用户不存在或没有权限访问' }),
    );
    expect(
      await writes.update(1, { nickName: 'x' }, { ...CALLER, scope: ADMIN.scope }),
    ).toMatchObject(refusal('USER.FORBIDDEN', { message: '不允许操作超级管理员用户' }));
    expect(await writes.update(7, { nickName: 'x' }, { ...CALLER, permissions: [] })).toMatchObject(
      refusal('SESSION.FORBIDDEN'),
    );
    expect(log).toEqual([]);
  });

  it('refuses a move out of scope and a role the caller may not give; keeps roles held', async () => {
    const { writes, log, ended } = fake();
    expect(await writes.update(7, { deptId: 103 }, CALLER)).toMatchObject(
      refusal('PLATFORM.DATA_SCOPE_DENIED'),
    );
    expect(await writes.update(9, { roleIds: [2, 20] }, CALLER)).toMatchObject(
      refusal('ROLE.FORBIDDEN'),
    );
    expect(log).toEqual([]);
    // User 7 already holds 20: keeping it is no grant.
    expect(await writes.update(7, { nickName: '七', roleIds: [2, 20] }, CALLER)).toMatchObject({
      ok: true,
    });
    expect(log).toEqual([['update', 7, { nickName: '七', roleIds: [2, 20], updateBy: 'u9' }]]);
    expect(ended).toEqual([]);
  });

  it('signs out a user it disables, or whose roles it changes', async () => {
    const { writes, ended } = fake();
    await writes.update(7, { status: '1' }, CALLER);
    expect(ended).toEqual([[7, 'user_disabled']]);
    await writes.update(7, { roleIds: [2] }, CALLER);
    expect(ended).toEqual([
      [7, 'user_disabled'],
      [7, 'forced'],
    ]);
  });
});

describe('UserWrites.setStatus', () => {
  it('refuses disabling oneself and the administrator; disabling signs the user out', async () => {
    const { writes, log, ended } = fake();
    expect(await writes.setStatus(9, '1', CALLER)).toMatchObject(
      refusal('USER.SELF_TARGET', { message: '不能停用当前登录用户' }),
    );
    expect(await writes.setStatus(1, '1', { ...CALLER, scope: ADMIN.scope })).toMatchObject(
      refusal('USER.FORBIDDEN'),
    );
    expect(await writes.setStatus(8, '1', CALLER)).toMatchObject(refusal('USER.NOT_IN_SCOPE'));
    expect(log).toEqual([]);
    expect(await writes.setStatus(9, '0', CALLER)).toEqual(ok(undefined));
    expect(await writes.setStatus(7, '1', CALLER)).toEqual(ok(undefined));
    expect(log).toEqual([
      ['setStatus', 9, '0'],
      ['setStatus', 7, '1'],
    ]);
    expect(ended).toEqual([[7, 'user_disabled']]);
  });
});

describe('UserWrites.remove', () => {
  it('deletes none when any user is refused; the deleted are signed out', async () => {
    const { writes, log, ended } = fake();
    expect(await writes.remove([7, 9], CALLER)).toMatchObject(
      refusal('USER.SELF_TARGET', { message: '当前用户不能删除' }),
    );
    expect(await writes.remove([7, 8], CALLER)).toMatchObject(refusal('USER.NOT_IN_SCOPE'));
    expect(log).toEqual([]);
    expect(await writes.remove([7], CALLER)).toEqual(ok(1));
    expect(log).toEqual([['delete', [7]]]);
    expect(ended).toEqual([[7, 'user_deleted']]);
  });
});

describe('UserWrites.resetPassword', () => {
  it('needs the permission and the policy; every session of the user ends', async () => {
    const { writes, log, ended } = fake();
    expect(
      await writes.resetPassword(7, 'secret2', { ...CALLER, permissions: ['system:user:edit'] }),
    ).toMatchObject(refusal('SESSION.FORBIDDEN'));
    expect(await writes.resetPassword(7, '1', CALLER)).toMatchObject(
      refusal('VALIDATION.PASSWORD_LENGTH', { field: 'password' }),
    );
    expect(log).toEqual([]);
    expect(await writes.resetPassword(7, 'secret2', CALLER)).toEqual(ok(undefined));
    expect(log).toEqual([['setPasswordHash', 7, 'hash:secret2']]);
    expect(ended).toEqual([[7, 'password_change']]);
  });
});

describe('UserWrites.assignRoles', () => {
  it('refuses a role not stored (plain 404) and one the caller may not give', async () => {
    const { writes, log } = fake();
    expect(await writes.assignRoles(7, [2, 404], CALLER)).toMatchObject(
      refusal('USER.ROLE_NOT_FOUND', { message: '角色不存在' }),
    );
    expect(await writes.assignRoles(7, [1], CALLER)).toMatchObject(
      refusal('USER.ADMIN_ROLE_GIVEN'),
    );
    expect(await writes.assignRoles(7, [13], CALLER)).toMatchObject(refusal('ROLE.FORBIDDEN'));
    expect(log).toEqual([]);
  });

  it('keeps the default role and signs out a user who loses one', async () => {
    const { writes, log, ended } = fake();
    expect(await writes.assignRoles(7, [2, 20, 2], CALLER)).toEqual(ok(undefined));
    expect(ended).toEqual([]);
    expect(await writes.assignRoles(7, [2], CALLER)).toEqual(ok(undefined));
    expect(log).toEqual([
      ['update', 7, { roleIds: [2, 20], defaultRoleId: 2, updateBy: 'u9' }],
      ['update', 7, { roleIds: [2], defaultRoleId: 2, updateBy: 'u9' }],
    ]);
    expect(ended).toEqual([[7, 'forced']]);
  });
});

describe('UserWrites profile', () => {
  it('changes the caller’s own password only with the old one right and a new one different', async () => {
    const { writes, log, ended } = fake();
    expect(await writes.changeOwnPassword('wrong', 'secret2', CALLER)).toMatchObject(
      refusal('USER.OLD_PASSWORD_WRONG', { message: '修改密码失败，旧密码错误' }),
    );
    expect(await writes.changeOwnPassword('old-secret', 'old-secret', CALLER)).toMatchObject(
      refusal('USER.NEW_PASSWORD_SAME', { message: '新密码不能与旧密码相同' }),
    );
    expect(await writes.changeOwnPassword('old-secret', '1', CALLER)).toMatchObject(
      refusal('VALIDATION.PASSWORD_LENGTH', { field: 'newPassword' }),
    );
    expect(log).toEqual([]);
    expect(await writes.changeOwnPassword('old-secret', 'secret2', CALLER)).toEqual(ok(undefined));
    expect(log).toEqual([['setPasswordHash', 9, 'hash:secret2']]);
    expect(ended).toEqual([[9, 'password_change', 's9']]);
  });

  it('writes the caller’s own details and avatar', async () => {
    const { writes, log } = fake();
    expect(await writes.updateProfile({ nickName: '九' }, CALLER)).toEqual(ok(undefined));
    expect(await writes.setAvatar('/a.png', CALLER)).toEqual(ok(undefined));
    expect(log).toEqual([
      ['update', 9, { nickName: '九', updateBy: 'u9' }],
      ['update', 9, { avatar: '/a.png', updateBy: 'u9' }],
    ]);
  });
});

describe('UserWrites.importOne', () => {
  const hash = () => Promise.resolve('hash:init');

  it('reports an existing user without updateSupport and touches nothing', async () => {
    const { writes, log } = fake();
    expect(await writes.importOne({ userName: 'u7', nickName: '七' }, false, hash, CALLER)).toEqual(
      ok('exists'),
    );
    expect(log).toEqual([]);
  });

  it('updates as 修改用户 does, and a status change only as the switch allows', async () => {
    const { writes, log, ended } = fake();
    expect(
      await writes.importOne({ userName: 'u9', nickName: '九', status: '1' }, true, hash, CALLER),
    ).toMatchObject(refusal('USER.SELF_TARGET'));
    expect(
      await writes.importOne({ userName: 'u8', nickName: '八' }, true, hash, CALLER),
    ).toMatchObject(refusal('USER.NOT_IN_SCOPE'));
    expect(log).toEqual([]);
    expect(
      await writes.importOne({ userName: 'u7', nickName: '七', status: '1' }, true, hash, CALLER),
    ).toEqual(ok('updated'));
    expect(log).toEqual([['update', 7, { nickName: '七', status: '1', updateBy: 'u9' }]]);
    expect(ended).toEqual([[7, 'user_disabled']]);
  });

  it('creates a new user with the initial password, in the caller’s scope', async () => {
    const { writes, log } = fake();
    expect(
      await writes.importOne({ userName: 'n', nickName: 'n', deptId: 103 }, false, hash, CALLER),
    ).toMatchObject(refusal('PLATFORM.DATA_SCOPE_DENIED'));
    expect(log).toEqual([]);
    expect(
      await writes.importOne({ userName: 'n', nickName: 'n', deptId: 110 }, false, hash, CALLER),
    ).toEqual(ok('created'));
    expect(log).toEqual([
      [
        'create',
        { userName: 'n', nickName: 'n', deptId: 110, passwordHash: 'hash:init', createBy: 'u9' },
      ],
    ]);
  });
});
