import { err, type DomainError, type Result } from '../shared/result.js';
import { menuSortPlan } from './menu-sort.js';
import { MenuErrors, menuPermsError, menuWriteError, type MenuGranter } from './menu-rules.js';
import type { MenuPatch, NewMenu, SysMenu } from './menu.js';
import type { MenuRepository } from './menu.repository.port.js';
import { PlatformErrors } from './platform-errors.js';

/**
 * 菜单管理's writes: each checks core's menu rules against the stored menus, then writes. A write
 * that changes a menu's permission or status is announced to every instance's identity cache by
 * the database (migration 0102), so grants follow on the next request; /getRouters reads fresh.
 */
export class MenuWrites {
  constructor(private readonly menus: MenuRepository) {}

  async create(menu: NewMenu, granter: MenuGranter): Promise<Result<SysMenu, DomainError>> {
    const all = await this.menus.listAll({});
    const refused =
      menuPermsError(menu.perms ?? '', granter, 'create', menu.menuName) ??
      menuWriteError(
        {
          parentId: menu.parentId,
          menuName: menu.menuName,
          menuType: menu.menuType,
          path: menu.path ?? '',
          isFrame: menu.isFrame ?? '1',
          routeName: menu.routeName ?? '',
        },
        all,
        'create',
      );
    return refused ? err(refused) : this.menus.create(menu);
  }

  async update(
    menuId: number,
    patch: MenuPatch,
    granter: MenuGranter,
  ): Promise<Result<SysMenu, DomainError>> {
    const stored = await this.menus.findById(menuId);
    if (!stored) return err(PlatformErrors.notFound('菜单'));
    const changedPerms =
      patch.perms !== undefined && patch.perms !== stored.perms ? patch.perms : '';
    const refused =
      menuPermsError(changedPerms, granter, 'update', patch.menuName ?? stored.menuName) ??
      menuWriteError(
        {
          menuId,
          parentId: patch.parentId ?? stored.parentId,
          menuName: patch.menuName ?? stored.menuName,
          menuType: patch.menuType ?? stored.menuType,
          path: patch.path ?? stored.path,
          isFrame: patch.isFrame ?? stored.isFrame,
          routeName: patch.routeName ?? stored.routeName,
        },
        await this.menus.listAll({}),
        'update',
      );
    return refused ? err(refused) : this.menus.update(menuId, patch);
  }

  /** 保存排序: RuoYi's two comma lists, read by core's sort rule, then written at once. */
  async reorder(menuIds: string, orderNums: string): Promise<Result<void, DomainError>> {
    const plan = menuSortPlan(menuIds, orderNums);
    return plan.ok ? this.menus.reorder(plan.value) : plan;
  }

  /** RuoYi's order: a menu with children, then a menu granted to a role, is refused. */
  async remove(menuId: number): Promise<Result<void, DomainError>> {
    const all = await this.menus.listAll({});
    if (!all.some((m) => m.menuId === menuId)) return err(PlatformErrors.notFound('菜单'));
    if (all.some((m) => m.parentId === menuId)) return err(PlatformErrors.menuHasChildren());
    if (await this.menus.isGranted(menuId)) return err(MenuErrors.grantedToRole());
    return this.menus.delete(menuId);
  }
}
