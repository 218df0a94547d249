import type { SessionStore } from '@dpms/browser';
import type {
  ConfigGateway,
  DeptGateway,
  DictGateway,
  StaffMember,
  TreeNode,
  UserGateway,
} from '@dpms/http-client';
import { INSTITUTE_TIME_ZONE_CONFIG_KEY, parseTimeZone } from '@dpms/core';
import { z } from 'zod';

/** Dictionaries the shell reads at start-up (000 §7). */
export const STARTUP_DICTS = [
  'bizSource_market',
  'bizSource_inner',
  'bizSource_union',
  'bizSource_declare',
  'realAmountRate_list',
  'operateFee_type',
  'bank_name',
] as const;

/** Session-storage keys of the start-up cache. */
export const STARTUP_KEYS = {
  deptList: 'deptList',
  deptListType1: 'deptListType1',
  userList: 'userList',
  members: 'members',
  notAllMembers: 'notAllMembers',
  managerList: 'managerList',
  hostList: 'hostList',
  pmList: 'projectManagerList',
  platformName: 'platformName',
  timeZone: 'instituteTimeZone',
  dict: (type: string) => `dict_${type}`,
} as const;

export const HOST_ROLE_ID = 7;
export const PROJECT_MANAGER_ROLE_ID = 2;

/** A user as the member tree shows them. */
export type MemberUser = Pick<StaffMember, 'userId' | 'nickName' | 'deptId'>;

export interface MemberNode {
  id: string;
  label: string;
  disabled?: boolean;
  children?: MemberNode[];
}

/**
 * The member tree: departments with their active users under them; users with no department are
 * grouped under -1, departments without members are disabled.
 */
export function buildMembers(depts: TreeNode[], users: readonly MemberUser[]): MemberNode[] {
  const byDept = new Map<number, MemberUser[]>();
  for (const user of users) {
    const key = user.deptId ?? -1;
    byDept.set(key, [...(byDept.get(key) ?? []), user]);
  }
  const walk = (node: TreeNode): MemberNode => {
    const members = (byDept.get(node.id) ?? []).map((u) => ({
      id: `u${u.userId}`,
      label: u.nickName,
    }));
    const children = [...(node.children ?? []).map(walk), ...members];
    return { id: `d${node.id}`, label: node.label, disabled: children.length === 0, children };
  };
  const tree = depts.map(walk);
  const orphans = byDept.get(-1) ?? [];
  if (orphans.length > 0) {
    tree.push({
      id: 'd-1',
      label: '未分配部门',
      children: orphans.map((u) => ({ id: `u${u.userId}`, label: u.nickName })),
    });
  }
  return tree;
}

/** The platform name the sidebar shows, from config `platformName` once loaded. */
export const DEFAULT_PLATFORM_NAME = '设计项目管理系统';

/**
 * The start-up loads of 000 §7, cached in session storage. Every call that fails (a non-200
 * code or a transport error) is ignored without a message.
 */
export class StartupCache {
  constructor(
    private readonly users: UserGateway,
    private readonly depts: DeptGateway,
    private readonly dicts: DictGateway,
    private readonly configs: ConfigGateway,
    private readonly storage: SessionStore,
  ) {}

  private readonly listeners = new Set<() => void>();

  /** Calls `listener` after every finished start-up load (the platform name may have changed). */
  onLoaded(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  platformName(): string {
    return this.storage.read(STARTUP_KEYS.platformName, z.string().min(1)) ?? DEFAULT_PLATFORM_NAME;
  }

  /** The institute's time zone (config `sys.institute.timeZone`), Asia/Shanghai until loaded. */
  timeZone(): string {
    return parseTimeZone(this.storage.read(STARTUP_KEYS.timeZone, z.string().min(1)));
  }

  async loadAll(): Promise<void> {
    await this.load();
    for (const listener of this.listeners) listener();
  }

  private async load(): Promise<void> {
    const quiet = async <T>(load: () => Promise<T>): Promise<T | undefined> => {
      try {
        return await load();
      } catch {
        return undefined;
      }
    };
    // The people of the institute come from optionselect, which every signed-in user may read
    // (read-policy: a user's name and department are for every employee), not from
    // /system/user/list, which needs system:user:list and answered 403 at every sign-in of a role
    // without it. optionselect answers active users only, so members and notAllMembers are the
    // same tree: a disabled user is no one to choose in a picker.
    // Every call goes out at once, in one round: none waits for another's answer.
    const people = async () => {
      const [tree, tree1, users] = await Promise.all([
        quiet(() => this.depts.treeselect()),
        quiet(() => this.depts.treeselect(1)),
        quiet(() => this.users.optionselect()),
      ]);
      if (tree) this.storage.write(STARTUP_KEYS.deptList, tree);
      if (tree1) this.storage.write(STARTUP_KEYS.deptListType1, tree1);
      if (tree && users) {
        this.storage.write(STARTUP_KEYS.userList, users);
        const active = users.filter((u) => u.status === '0');
        this.storage.write(STARTUP_KEYS.members, buildMembers(tree, users));
        this.storage.write(STARTUP_KEYS.notAllMembers, buildMembers(tree, active));
      } else {
        this.storage.write(STARTUP_KEYS.members, []);
        this.storage.write(STARTUP_KEYS.notAllMembers, []);
      }
    };
    await Promise.all([
      people(),
      ...STARTUP_DICTS.map(async (type) => {
        const items = await quiet(() => this.dicts.byType(type));
        if (items)
          this.storage.write(
            STARTUP_KEYS.dict(type),
            items.map((i) => ({ dictLabel: i.dictLabel, dictValue: i.dictValue })),
          );
      }),
      quiet(() => this.users.serviceManagerList()).then(
        (list) => list && this.storage.write(STARTUP_KEYS.managerList, list),
      ),
      quiet(() => this.users.byRoleId(HOST_ROLE_ID)).then(
        (list) => list && this.storage.write(STARTUP_KEYS.hostList, list),
      ),
      quiet(() => this.users.byRoleId(PROJECT_MANAGER_ROLE_ID)).then(
        (list) => list && this.storage.write(STARTUP_KEYS.pmList, list),
      ),
      quiet(() => this.configs.byKey('platformName')).then(
        (name) => name && this.storage.write(STARTUP_KEYS.platformName, name),
      ),
      // Every signed-in user may read the zone (core's read policy): screens show its clock.
      quiet(() => this.configs.byKey(INSTITUTE_TIME_ZONE_CONFIG_KEY)).then(
        (zone) => zone && this.storage.write(STARTUP_KEYS.timeZone, zone),
      ),
    ]);
  }
}
