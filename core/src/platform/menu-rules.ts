import { fieldMessages } from '../shared/field-messages.js';
import { hasPermission } from '../session/permission.js';
import { domainError, type DomainError } from '../shared/result.js';
import { uniqueTaken, type WriteAction } from './unique-fields.js';
import type { MenuType, SysMenu } from './menu.js';

/** A 外链 (isFrame '0') opens its path in the browser, so the path is an http(s) address. */
export const MENU_LINK_PATTERN = /^https?:\/\//i;

/** The menu a write would leave: what is stored, with the sent fields over it. */
export interface MenuCandidate {
  /** Absent on a create. */
  readonly menuId?: number;
  readonly parentId: number;
  readonly menuName: string;
  readonly menuType: MenuType;
  readonly path: string;
  readonly isFrame: '0' | '1';
  readonly routeName: string;
}

const verb = (action: WriteAction) => (action === 'create' ? '新增' : '修改');

/** The refusals of a menu write, in RuoYi's words (`新增菜单'X'失败，…`). */
export const MenuErrors = {
  linkNotHttp: (action: WriteAction, name: string): DomainError =>
    domainError(
      'VALIDATION.MENU_LINK',
      `${verb(action)}菜单'${name}'失败，地址必须以http(s)://开头`,
      'path',
    ),
  parentIsSelf: (name: string): DomainError =>
    domainError(
      'PLATFORM.MENU_PARENT_INVALID',
      `修改菜单'${name}'失败，上级菜单不能选择自己`,
      'parentId',
    ),
  parentIsDescendant: (name: string): DomainError =>
    domainError(
      'PLATFORM.MENU_PARENT_INVALID',
      `修改菜单'${name}'失败，上级菜单不能是自己的下级`,
      'parentId',
    ),
  parentIsButton: (action: WriteAction, name: string): DomainError =>
    domainError(
      'PLATFORM.MENU_PARENT_INVALID',
      `${verb(action)}菜单'${name}'失败，上级菜单不能是按钮`,
      'parentId',
    ),
  routeNameTaken: (action: WriteAction, name: string): DomainError =>
    domainError(
      'PLATFORM.DUPLICATE',
      `${verb(action)}菜单'${name}'失败，路由名称已存在`,
      'routeName',
    ),
  /** RuoYi refuses to delete a granted menu rather than silently take it from the roles. */
  grantedToRole: (): DomainError => domainError('PLATFORM.MENU_IN_USE', '菜单已分配，不允许删除'),
  permsWildcard: (action: WriteAction, name: string): DomainError =>
    domainError(
      'VALIDATION.MENU_PERMS',
      `${verb(action)}菜单'${name}'失败，权限字符不能包含通配符 *`,
      'perms',
    ),
  permsNotHeld: (action: WriteAction, name: string, perms: string): DomainError =>
    domainError(
      'PLATFORM.NOT_ALLOWED',
      `${verb(action)}菜单'${name}'失败，权限字符'${perms}'不是当前用户拥有的权限`,
      'perms',
    ),
  nameTaken: (action: WriteAction, name: string): DomainError =>
    uniqueTaken('menuName', action, name),
} as const;

/**
 * The route name the shell knows a directory or page by (RuoYi's getRouteName): the stored one,
 * else the path without its punctuation, capitalised (`menu` → `Menu`), else `Menu<id>`.
 */
export function routeNameOf(menu: Pick<SysMenu, 'routeName' | 'path' | 'menuId'>): string {
  if (menu.routeName) return menu.routeName;
  const clean = menu.path.replace(/[^A-Za-z0-9]/g, '');
  return clean.charAt(0).toUpperCase() + clean.slice(1) || `Menu${menu.menuId}`;
}

/** The ids below `menuId` (children, their children …), read from the flat list. */
export function descendantsOf(
  menuId: number,
  all: readonly Pick<SysMenu, 'menuId' | 'parentId'>[],
) {
  const found = new Set<number>();
  let frontier = [menuId];
  while (frontier.length > 0) {
    const next = all
      .filter((m) => frontier.includes(m.parentId) && !found.has(m.menuId) && m.menuId !== menuId)
      .map((m) => m.menuId);
    next.forEach((id) => found.add(id));
    frontier = next;
  }
  return found;
}

/**
 * The first rule a menu write breaks, or null. `all` is every stored menu. Checked here:
 * a 外链's address; the parent (not itself, not below itself, not a button); the route name
 * unique among directories and pages (the shell matches routes by name; buttons have none).
 * The name's uniqueness under one parent is the database's constraint (sys_menu_parent_name),
 * which holds under concurrent writes; the route name, derived when blank, has no column to
 * constrain, so it is checked here.
 */
export function menuWriteError(
  menu: MenuCandidate,
  all: readonly SysMenu[],
  action: WriteAction,
): DomainError | null {
  if (menu.isFrame === '0' && menu.menuType !== 'F' && !MENU_LINK_PATTERN.test(menu.path))
    return MenuErrors.linkNotHttp(action, menu.menuName);
  if (menu.menuId !== undefined) {
    if (menu.parentId === menu.menuId) return MenuErrors.parentIsSelf(menu.menuName);
    if (descendantsOf(menu.menuId, all).has(menu.parentId))
      return MenuErrors.parentIsDescendant(menu.menuName);
  }
  const parent = all.find((m) => m.menuId === menu.parentId);
  if (parent?.menuType === 'F') return MenuErrors.parentIsButton(action, menu.menuName);
  if (menu.menuType !== 'F') {
    const name = routeNameOf({ ...menu, menuId: menu.menuId ?? 0 });
    const taken = all.some(
      (m) => m.menuType !== 'F' && m.menuId !== menu.menuId && routeNameOf(m) === name,
    );
    if (taken) return MenuErrors.routeNameTaken(action, menu.menuName);
  }
  return null;
}

/** Who writes a menu, as the permission rule sees them (the principal; getInfo in the web). */
export interface MenuGranter {
  readonly permissions: readonly string[];
  readonly isAdmin: boolean;
}

/** True when a permission string holds a `*`, which hasPermission would read as a wildcard. */
export const permsHasWildcard = (perms: string): boolean => perms.includes('*');

/**
 * Why a menu may not carry `perms`, or null. A `*` anywhere is refused, to everyone: `*:*:*` on
 * a menu the caller's role holds would pass every permission check. A non-administrator may set
 * only a permission they hold themselves, so 菜单管理 cannot be a way to grant oneself more.
 * Checked only when the permission is set or changed; an empty one grants nothing.
 */
export function menuPermsError(
  perms: string,
  granter: MenuGranter,
  action: WriteAction,
  name: string,
): DomainError | null {
  if (perms === '') return null;
  if (permsHasWildcard(perms)) return MenuErrors.permsWildcard(action, name);
  if (!granter.isAdmin && !hasPermission(granter.permissions, [perms]))
    return MenuErrors.permsNotHeld(action, name, perms);
  return null;
}

/** 菜单管理's fields as its form names them (RuoYi's words). */
export const MENU_FIELD_LABELS = {
  parentId: '上级菜单',
  menuName: '菜单名称',
  orderNum: '显示排序',
  path: '路由地址',
  component: '组件路径',
  query: '路由参数',
  routeName: '路由名称',
  isFrame: '是否外链',
  isCache: '是否缓存',
  menuType: '菜单类型',
  visible: '显示状态',
  status: '菜单状态',
  perms: '权限字符',
  icon: '菜单图标',
  remark: '备注',
} as const;
export type MenuField = keyof typeof MENU_FIELD_LABELS;

/** The sys_menu columns' widths (migration 0001), in characters. */
export const MENU_TEXT_LIMITS = {
  menuName: 50,
  path: 200,
  component: 255,
  query: 255,
  routeName: 50,
  perms: 100,
  icon: 100,
  remark: 500,
} as const satisfies Partial<Record<MenuField, number>>;

const menuLabel = (f: MenuField): string => MENU_FIELD_LABELS[f];

/** The messages refusing a menu field, core's "X不能为空" style. */
export const MENU_MESSAGES = {
  ...fieldMessages(menuLabel),
  wildcard: (f: MenuField) => `${menuLabel(f)}不能包含通配符 *`,
} as const;
