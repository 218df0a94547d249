import { z } from 'zod';
import { buildMenuGrantTree, checkedGrantKeys } from '@dpms/core';
import { menuTreeAnswer, roleMenuTreeAnswer } from '@dpms/wire';
import { ok, okWith } from '../../http/envelope.js';
import { AUTHENTICATED, perm, type RouteBook } from '../../http/route.js';
import { id } from '../../http/schemas.js';
import type { RoleRouteDeps } from './role-access.js';

const TAG = '菜单管理';

/**
 * The menu grant trees of the role form (RuoYi's /system/menu/treeselect and
 * roleMenuTreeselect). A caller sees the menus they hold (every menu for an administrator), so
 * nobody grants what they cannot see. Registered before /system/menu/:menuId would take them.
 */
export function registerRoleMenuTreeRoutes(book: RouteBook, deps: RoleRouteDeps): void {
  const { repos, roleOr404, menusHeldBy } = deps;

  book.add({
    method: 'get',
    path: '/system/menu/treeselect',
    summary: '菜单树 {id,label,children}（授权用；只含调用者拥有的菜单）',
    tag: TAG,
    access: AUTHENTICATED,
    response: menuTreeAnswer,
    handler: async ({ principal }) => ok(buildMenuGrantTree(await menusHeldBy(principal))),
  });

  book.add({
    method: 'get',
    path: '/system/menu/roleMenuTreeselect/:roleId',
    summary: '角色的菜单树与已授权菜单 {menus, checkedKeys}',
    tag: TAG,
    access: perm('system:role:query'),
    params: z.object({ roleId: id() }),
    response: roleMenuTreeAnswer,
    handler: async ({ params, principal }) => {
      const role = await roleOr404(params.roleId);
      const [menus, granted] = await Promise.all([
        menusHeldBy(principal),
        repos.roles.listMenuIds(params.roleId),
      ]);
      const nodes = menus.map((m) => ({ id: m.menuId, parentId: m.parentId }));
      return okWith({
        checkedKeys: checkedGrantKeys(nodes, granted, role.menuCheckStrictly),
        menus: buildMenuGrantTree(menus),
      });
    },
  });
}
