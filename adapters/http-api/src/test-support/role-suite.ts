/* eslint-disable @typescript-eslint/no-unsafe-member-access -- supertest bodies are untyped JSON */
import { afterAll, beforeAll } from 'vitest';
import { apiClient } from './api-client.js';
import { openTestApi, type TestApi } from './api.js';
import type { TestDatabaseKind } from './test-database.js';

/** A node of a menu or department tree (treeselect). */
export interface TreeNode {
  id: number;
  label: string;
  children?: TreeNode[];
}

export const walk = (nodes: readonly TreeNode[]): TreeNode[] =>
  nodes.flatMap((n) => [n, ...walk(n.children ?? [])]);

export const byLabel = (nodes: readonly TreeNode[], label: string): TreeNode => {
  const found = walk(nodes).find((n) => n.label === label);
  if (!found) throw new Error(`no node ${label}`);
  return found;
};

/**
 * The 角色管理 and 岗位管理 suites' API: admin signed in, the whole menu tree read, and the helpers
 * that make a fresh role or a non-admin role editor. Call inside a `describe`: it opens the API
 * before the suite and closes it after.
 */
export function useRoleSuite(kind: TestDatabaseKind) {
  let api: TestApi;
  let menuTree: TreeNode[] = [];
  const client = apiClient(() => api);
  const { get, post, put, signIn, useToken } = client;
  beforeAll(async () => {
    api = await openTestApi(kind);
    await signIn('admin');
    const tree = await get('admin', '/system/menu/treeselect').expect(200);
    menuTree = tree.body.data as TreeNode[];
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  let seq = 0;
  const fresh = () => `${Date.now() % 100000}${++seq}`;
  const newRole = async (extra: object = {}) => {
    const n = fresh();
    const r = await post('admin', '/system/role', {
      roleName: `测试角色${n}`,
      roleKey: `test_${n}`,
      roleSort: 9,
      ...extra,
    }).expect(200);
    return r.body.data as { roleId: number; roleName: string; roleKey: string };
  };

  /** A non-admin role editor: 系统管理 › 角色管理 and its buttons, in department 111. */
  const newEditor = async (scope?: { dataScope: string; deptIds?: number[] }) => {
    const rolePage = byLabel(menuTree, '角色管理');
    const editors = await newRole({
      menuIds: [
        byLabel(menuTree, '系统管理').id,
        rolePage.id,
        ...walk(rolePage.children ?? []).map((b) => b.id),
      ],
    });
    if (scope)
      await put('admin', '/system/role/dataScope', { roleId: editors.roleId, ...scope }).expect(
        200,
      );
    const n = fresh();
    const created = await post('admin', '/system/user', {
      userName: `editor${n}`,
      nickName: `编辑${n}`,
      password: 'secret123',
      deptId: 111,
      roleIds: [editors.roleId],
    }).expect(200);
    const editor = `editor${n}`;
    useToken(editor, await api.login(editor, 'secret123'));
    return { editor, role: editors, userId: created.body.data.userId as number, rolePage };
  };

  return {
    ...client,
    api: () => api,
    menuTree: () => menuTree,
    fresh,
    newRole,
    newEditor,
  };
}
