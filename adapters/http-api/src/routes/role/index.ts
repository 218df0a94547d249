import type { PlatformRepositories } from '@dpms/core';
import type { IdentityService } from '../../identity/identity.service.js';
import type { RouteModule } from '../route-module.js';
import { roleRouteDeps } from './role-access.js';
import { registerRoleAdminRoutes } from './role-admin.routes.js';
import { registerRoleAuthUserRoutes } from './role-auth-user.routes.js';
import { registerRoleMenuTreeRoutes } from './role-menu-tree.routes.js';

/** 角色管理 (RuoYi's SysRoleController) and the menu grant trees its form reads. */
export function roleRoutes(repos: PlatformRepositories, identity: IdentityService): RouteModule {
  const deps = roleRouteDeps(repos, identity);
  return {
    name: 'roles',
    register(book) {
      // The literal paths (/system/role/list, /authUser/*, /deptTree/...) before
      // /system/role/:roleId, which would otherwise take them.
      registerRoleMenuTreeRoutes(book, deps);
      registerRoleAuthUserRoutes(book, deps);
      registerRoleAdminRoutes(book, deps);
    },
  };
}
