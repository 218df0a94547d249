import { z } from 'zod';
import { MenuWrites, type PlatformRepositories, type SysMenu } from '@dpms/core';
import {
  menuAnswer,
  menuCreateBody,
  menuListAnswer,
  menuListQuery,
  menuSortBody,
  menuUpdateBody,
  systemDoneAnswer,
} from '@dpms/wire';
import { ok } from '../http/envelope.js';
import { HttpError, unwrap } from '../http/http-error.js';
import { perm } from '../http/route.js';
import { id } from '../http/schemas.js';
import type { RouteModule } from './route-module.js';

const TAG = '菜单管理';

export const menuView = (m: SysMenu) => ({
  menuId: m.menuId,
  parentId: m.parentId,
  menuName: m.menuName,
  orderNum: m.orderNum,
  path: m.path,
  component: m.component,
  query: m.query,
  routeName: m.routeName,
  isFrame: m.isFrame,
  isCache: m.isCache,
  menuType: m.menuType,
  visible: m.visible,
  status: m.status,
  perms: m.perms,
  icon: m.icon,
  remark: m.remark,
  createTime: m.createTime.toISOString(),
});

/**
 * 菜单管理 (RuoYi SysMenuController): the flat list the page builds its tree from, and the
 * writes through core's MenuWrites. The pickers' trees (treeselect, roleMenuTreeselect) belong to
 * 角色管理. A change reaches /getRouters (read fresh) and every session's permissions (the
 * identity cache hears `menu:` announcements) on the next request.
 */
export function menuRoutes(repos: PlatformRepositories): RouteModule {
  const writes = new MenuWrites(repos.menus);
  return {
    name: 'menus',
    register(book) {
      book.add({
        method: 'get',
        path: '/system/menu/list',
        summary: '菜单列表（平铺，按上级与显示排序；按菜单名称（包含）、状态、显示状态筛选）',
        tag: TAG,
        access: perm('system:menu:list'),
        query: menuListQuery,
        response: menuListAnswer,
        handler: async ({ query }) => ok((await repos.menus.listAll(query)).map(menuView)),
      });

      book.add({
        method: 'get',
        path: '/system/menu/:menuId',
        summary: '菜单详情',
        tag: TAG,
        access: perm('system:menu:query'),
        params: z.object({ menuId: id() }),
        response: menuAnswer,
        handler: async ({ params }) => {
          const m = await repos.menus.findById(params.menuId);
          if (!m) throw new HttpError(404, '菜单不存在或已被删除');
          return ok(menuView(m));
        },
      });

      book.add({
        method: 'post',
        path: '/system/menu',
        summary:
          '新增菜单（外链地址须以 http(s):// 开头；同一上级下菜单名称唯一；路由名称唯一；权限字符不含 *，非管理员只能填自己拥有的权限）',
        tag: TAG,
        access: perm('system:menu:add'),
        body: menuCreateBody,
        response: menuAnswer,
        handler: async ({ body, principal }) =>
          ok(menuView(unwrap(await writes.create(body, principal)))),
      });

      book.add({
        method: 'put',
        path: '/system/menu',
        summary: '修改菜单（上级不能是自己或自己的下级；权限字符同新增）',
        tag: TAG,
        access: perm('system:menu:edit'),
        body: menuUpdateBody,
        response: menuAnswer,
        handler: async ({ body, principal }) => {
          const { menuId, ...patch } = body;
          return ok(menuView(unwrap(await writes.update(menuId, patch, principal))));
        },
      });

      book.add({
        method: 'put',
        path: '/system/menu/updateSort',
        summary: '保存菜单排序：menuIds 与 orderNums 按位置配对（逗号分隔），全部存在才保存',
        tag: TAG,
        access: perm('system:menu:edit'),
        body: menuSortBody,
        response: systemDoneAnswer,
        handler: async ({ body }) => {
          unwrap(await writes.reorder(body.menuIds, body.orderNums));
          return ok();
        },
      });

      book.add({
        method: 'delete',
        path: '/system/menu/:menuId',
        summary: '删除菜单（存在子菜单或已分配给角色时不允许）',
        tag: TAG,
        access: perm('system:menu:remove'),
        params: z.object({ menuId: id() }),
        response: systemDoneAnswer,
        handler: async ({ params }) => {
          unwrap(await writes.remove(params.menuId));
          return ok();
        },
      });
    },
  };
}
