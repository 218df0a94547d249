import { MemoryStorage, SessionStore } from '@dpms/browser';
import {
  ApiError,
  type ConfigGateway,
  type DeptGateway,
  type DictGateway,
  type UserGateway,
} from '@dpms/http-client';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildMembers, StartupCache, STARTUP_KEYS } from './startup';

const tree = [
  {
    id: 100,
    label: '院',
    children: [
      { id: 101, label: '经营部' },
      { id: 102, label: '空部门' },
    ],
  },
];
const users = [
  { userId: 1, userName: 'a', nickName: '甲', deptId: 101, status: '0' },
  { userId: 2, userName: 'b', nickName: '乙', deptId: null, status: '0' },
];

describe('buildMembers', () => {
  it('puts users under their department, the rest under -1, and disables empty departments', () => {
    const members = buildMembers(tree, users);
    const root = members[0]!;
    expect(root.children?.[0]).toMatchObject({
      label: '经营部',
      disabled: false,
      children: [{ id: 'u1', label: '甲' }],
    });
    expect(root.children?.[1]).toMatchObject({ label: '空部门', disabled: true });
    expect(members[1]).toMatchObject({ id: 'd-1', children: [{ id: 'u2', label: '乙' }] });
  });
});

describe('StartupCache', () => {
  it('caches what answered and silently ignores refused calls', async () => {
    const refuse = () => Promise.reject(new ApiError('HTTP.403', '当前操作没有权限', 403));
    const storage = new SessionStore(new MemoryStorage());
    const cache = new StartupCache(
      {
        optionselect: refuse,
        serviceManagerList: () => Promise.resolve([{ userId: 3, nickName: '丙' }]),
        byRoleId: refuse,
      } as unknown as UserGateway,
      { treeselect: () => Promise.resolve(tree) } as unknown as DeptGateway,
      {
        byType: (t: string) =>
          t === 'bank_name'
            ? Promise.resolve([{ dictLabel: '工商银行', dictValue: '1' }])
            : refuse(),
      } as unknown as DictGateway,
      { byKey: () => Promise.resolve('某某设计院管理平台') } as unknown as ConfigGateway,
      storage,
    );
    await cache.loadAll();
    expect(storage.read(STARTUP_KEYS.deptList, z.array(z.unknown()))).toHaveLength(1);
    expect(storage.read(STARTUP_KEYS.members, z.array(z.unknown()))).toEqual([]);
    expect(storage.read(STARTUP_KEYS.managerList, z.array(z.unknown()))).toHaveLength(1);
    expect(storage.read(STARTUP_KEYS.hostList, z.array(z.unknown()))).toBeUndefined();
    expect(storage.read(STARTUP_KEYS.dict('bank_name'), z.array(z.unknown()))).toEqual([
      { dictLabel: '工商银行', dictValue: '1' },
    ]);
    expect(cache.platformName()).toBe('某某设计院管理平台');
  });
});

describe('StartupCache for a role without system:user:list', () => {
  it('reads the people of the institute from optionselect, never from the admin user list', async () => {
    const staff = users.map(({ userId, nickName, deptId, status }) => ({
      userId,
      nickName,
      deptId,
      status,
    }));
    const storage = new SessionStore(new MemoryStorage());
    const listed: string[] = [];
    const gateway = {
      list: () => {
        listed.push('list');
        return Promise.reject(new ApiError('HTTP.403', '当前操作没有权限', 403));
      },
      optionselect: () => Promise.resolve(staff),
      serviceManagerList: () => Promise.resolve([]),
      byRoleId: () => Promise.resolve([]),
    };
    const cache = new StartupCache(
      gateway as unknown as UserGateway,
      { treeselect: () => Promise.resolve(tree) } as unknown as DeptGateway,
      { byType: () => Promise.resolve([]) } as unknown as DictGateway,
      { byKey: () => Promise.resolve('') } as unknown as ConfigGateway,
      storage,
    );
    await cache.loadAll();
    expect(listed).toEqual([]);
    expect(
      storage.read(STARTUP_KEYS.userList, z.array(z.object({ nickName: z.string() }).loose())),
    ).toHaveLength(2);
    const members = storage.read(STARTUP_KEYS.members, z.array(z.unknown()));
    expect(JSON.stringify(members)).toContain('甲');
  });
});

describe('StartupCache sends every start-up call in one round', () => {
  it('has all of them out before any one answers', async () => {
    const asked: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const held =
      <T>(name: string, value: T) =>
      () => {
        asked.push(name);
        return gate.then(() => value);
      };
    const cache = new StartupCache(
      {
        optionselect: held('optionselect', users),
        serviceManagerList: held('managers', []),
        byRoleId: (id: number) => held(`role${id}`, [])(),
      } as unknown as UserGateway,
      { treeselect: (t?: number) => held(`tree${t ?? ''}`, tree)() } as unknown as DeptGateway,
      { byType: (t: string) => held(`dict:${t}`, [])() } as unknown as DictGateway,
      { byKey: (k: string) => held(`config:${k}`, 'x')() } as unknown as ConfigGateway,
      new SessionStore(new MemoryStorage()),
    );
    const done = cache.loadAll();
    await Promise.resolve();
    expect(asked).toEqual(
      expect.arrayContaining(['tree', 'tree1', 'optionselect', 'managers', 'role7', 'role2']),
    );
    expect(asked.filter((a) => a.startsWith('dict:'))).toHaveLength(7);
    expect(asked.filter((a) => a.startsWith('config:'))).toHaveLength(2);
    release();
    await done;
  });
});
