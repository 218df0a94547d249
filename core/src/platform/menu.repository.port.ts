import type { DomainError, Result } from '../shared/result.js';
import type { MenuOrder } from './menu-sort.js';
import type { MenuFilter, MenuPatch, NewMenu, SysMenu } from './menu.js';

/** Menus and their grants to roles. Lists are ordered by parentId, orderNum. */
export interface MenuRepository {
  listAll(filter: MenuFilter): Promise<readonly SysMenu[]>;
  /** Active menus granted to a role (every active menu for `admin`), for getRouters and the role editor. */
  listByRole(roleId: number): Promise<readonly SysMenu[]>;
  /** Non-empty permission strings of the role's active menus; `['*:*:*']` for the `admin` role. */
  permissionsOfRole(roleId: number): Promise<readonly string[]>;
  findById(menuId: number): Promise<SysMenu | null>;
  create(menu: NewMenu): Promise<Result<SysMenu, DomainError>>;
  update(menuId: number, patch: MenuPatch): Promise<Result<SysMenu, DomainError>>;
  /** Whether any role is granted the menu (菜单管理 refuses to delete it then). */
  isGranted(menuId: number): Promise<boolean>;
  /** Refuses while the menu has children; removes its role grants. */
  delete(menuId: number): Promise<Result<void, DomainError>>;
  /** 保存排序: sets each menu's 显示排序 in one transaction; a missing menu refuses the whole plan. */
  reorder(plan: readonly MenuOrder[]): Promise<Result<void, DomainError>>;
  /** Replaces the role's grants. */
  setRoleMenus(roleId: number, menuIds: readonly number[]): Promise<void>;
}
