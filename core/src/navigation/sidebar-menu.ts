import { formatBadge } from '../widgets/badge.js';
import type { AppRoute } from './app-route.js';
import { isExternalLink } from './route-path.js';
import { toSidebarIcon, type SidebarIcon } from './sidebar-icons.js';

/** Menu names with a special look (000 §2). */
export const APPROVAL_MENU_NAME = 'Approval';
export const PROJECT_MENU_NAME = 'Project';
export const SEAL_DOT_CHILD_NAME = 'BusinessMainPage';
export const DEEP_INDENT_MENU_NAME = 'Log';

/** The notify answer's parts the sidebar shows. */
export interface MenuBadgeCounts {
  readonly unDealCount: number;
  readonly unLookSeal: boolean;
}

interface MenuItemBase {
  /** Stable key: the resolved path of the item. */
  readonly key: string;
  readonly title: string;
  readonly icon?: SidebarIcon;
  /** Text of the count badge ('1'..'99', '99+'); undefined hides it. */
  readonly badge?: string;
  /** The small red dot. */
  readonly dot: boolean;
  /** Drawn with a deeper indent than its depth alone gives. */
  readonly deepIndent: boolean;
  /** 0 for the top level. */
  readonly depth: number;
}

export interface MenuLink extends MenuItemBase {
  readonly kind: 'link';
  /** Where it goes: an absolute path, or the link itself when external. */
  readonly to: string;
  readonly query?: Readonly<Record<string, string>>;
  /** External links open outside the router (a new window). */
  readonly external: boolean;
}

export interface SubMenu extends MenuItemBase {
  readonly kind: 'submenu';
  readonly children: readonly MenuItem[];
}

export type MenuItem = MenuLink | SubMenu;

/**
 * The sidebar's render model from the (unflattened) sidebar routes and the notify counts:
 * - a hidden route draws nothing, and a top-level route whose children are all hidden neither;
 * - with exactly one visible child, or none, the item is a single link (to the child, or to the
 *   route itself); otherwise, or when `alwaysShow` is set, it is a submenu. Why a single visible
 *   child that has children of its own still makes a submenu: a link would hide its children
 *   (the original behaves the same);
 * - external links are used as they are, other paths resolve against the parent's path;
 * - the menu named Approval carries the unprocessed count as a badge, the menu named Project a
 *   dot when the seal flag is set and it has a child named BusinessMainPage, and the item named
 *   Log a deeper indent.
 */
export function buildSidebarMenu(routes: readonly AppRoute[], counts: MenuBadgeCounts): MenuItem[] {
  const items: MenuItem[] = [];
  for (const route of routes) {
    if (route.children.length > 0 && route.children.every((child) => child.hidden)) continue;
    const item = menuItem(route, counts, 0);
    if (item !== undefined) items.push(item);
  }
  return items;
}

function menuItem(route: AppRoute, counts: MenuBadgeCounts, depth: number): MenuItem | undefined {
  if (route.hidden) return undefined;
  const visible = route.children.filter((child) => !child.hidden);
  const only: { route: AppRoute; self: boolean } | undefined =
    visible.length === 0
      ? { route, self: true }
      : visible.length === 1 && visible[0] !== undefined
        ? { route: visible[0], self: false }
        : undefined;

  if (only !== undefined && (only.self || only.route.children.length === 0) && !route.alwaysShow) {
    const target = only.route;
    // Why a route without meta draws nothing: it has no title to show (the original skips it).
    if (target.meta === undefined) return undefined;
    // Full paths were resolved against the parents when the tree was read (`resolveRoutePath`).
    const to = target.fullPath;
    const names = [route.name, target.name];
    return {
      kind: 'link',
      key: to,
      title: target.meta.title ?? '',
      ...iconOf(target.meta.icon ?? route.meta?.icon),
      ...badgeOf(names, counts),
      dot: dotOf(route, counts),
      deepIndent: names.includes(DEEP_INDENT_MENU_NAME),
      depth,
      to,
      ...(target.query ? { query: target.query } : {}),
      external: isExternalLink(to),
    };
  }

  const children: MenuItem[] = [];
  for (const child of route.children) {
    const item = menuItem(child, counts, depth + 1);
    if (item !== undefined) children.push(item);
  }
  return {
    kind: 'submenu',
    key: route.fullPath,
    title: route.meta?.title ?? '',
    ...iconOf(route.meta?.icon),
    ...badgeOf([route.name], counts),
    dot: dotOf(route, counts),
    deepIndent: route.name === DEEP_INDENT_MENU_NAME,
    depth,
    children,
  };
}

function iconOf(name: string | undefined): { icon?: SidebarIcon } {
  const icon = toSidebarIcon(name);
  return icon === undefined ? {} : { icon };
}

function badgeOf(
  names: readonly (string | undefined)[],
  counts: MenuBadgeCounts,
): { badge?: string } {
  if (!names.includes(APPROVAL_MENU_NAME)) return {};
  const badge = formatBadge(counts.unDealCount);
  return badge === undefined ? {} : { badge };
}

function dotOf(route: AppRoute, counts: MenuBadgeCounts): boolean {
  return (
    counts.unLookSeal &&
    route.name === PROJECT_MENU_NAME &&
    route.children.some((child) => child.name === SEAL_DOT_CHILD_NAME)
  );
}

/** The sidebar entry to highlight for a page: its `activeMenu` when set, else its own path. */
export function activeMenuKey(route: AppRoute): string {
  return route.meta?.activeMenu ?? route.fullPath;
}
