import type { PlatformRepositories } from '@dpms/core';
import type { IdentityService } from '../../identity/identity.service.js';
import type { AvatarStore } from '../avatar-store.js';
import type { RouteModule } from '../route-module.js';
import { userRouteDeps } from './user-access.js';
import { registerUserAdminRoutes } from './user-admin.routes.js';
import { registerUserAuthRoleRoutes } from './user-auth-role.routes.js';
import { registerUserImportRoutes } from './user-import.routes.js';
import { registerUserPickerRoutes } from './user-pickers.routes.js';
import { registerUserProfileRoutes } from './user-profile.routes.js';

/** Users (000 §7 "Users"): every read and write goes through the caller's data scope. */
export function userRoutes(
  repos: PlatformRepositories,
  identity: IdentityService,
  avatars: AvatarStore,
): RouteModule {
  const deps = userRouteDeps(repos, identity, avatars);
  return {
    name: 'users',
    register(book) {
      // The literal paths (/system/user/profile, /system/user/deptTree ...) before
      // /system/user/:userId, which would otherwise take them.
      registerUserPickerRoutes(book, deps);
      registerUserProfileRoutes(book, deps);
      registerUserAuthRoleRoutes(book, deps);
      registerUserImportRoutes(book, deps);
      registerUserAdminRoutes(book, deps);
    },
  };
}
