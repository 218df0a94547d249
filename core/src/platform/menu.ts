import type { StatusFlag } from './user.js';

/** M directory, C page (menu), F button (a permission only). */
export type MenuType = 'M' | 'C' | 'F';

/** The nine sidebar icons the spec ships (000 §2). */
export const MENU_ICONS = [
  'account',
  'approval',
  'finicial',
  'flow',
  'monitor',
  'project',
  'resultFile',
  'system',
  'welcome',
] as const;

export interface SysMenu {
  readonly menuId: number;
  readonly parentId: number;
  readonly menuName: string;
  /** Route path segment, resolved against the parent; may be an http(s) link when `isFrame` is '0'. */
  readonly path: string;
  /** View component key, e.g. `system/user/index`; `Layout` / `ParentView` for directories. */
  readonly component: string | null;
  /** Route query string, JSON text. */
  readonly query: string | null;
  /** '0' external link, '1' internal route (RuoYi). */
  readonly isFrame: '0' | '1';
  /** '0' cached view, '1' not cached. */
  readonly isCache: '0' | '1';
  readonly menuType: MenuType;
  /** '0' shown, '1' hidden. */
  readonly visible: '0' | '1';
  readonly status: StatusFlag;
  /** Permission string, e.g. `system:user:list`; empty for directories. */
  readonly perms: string;
  readonly icon: string;
  readonly orderNum: number;
  readonly alwaysShow: boolean;
  /** Route name (e.g. `BusinessMainPage`); the shell matches names, so they are unique. */
  readonly routeName: string;
  readonly remark: string;
  readonly createTime: Date;
}

export interface NewMenu {
  readonly menuId?: number;
  readonly parentId: number;
  readonly menuName: string;
  readonly path?: string;
  readonly component?: string | null;
  readonly query?: string | null;
  readonly isFrame?: '0' | '1';
  readonly isCache?: '0' | '1';
  readonly menuType: MenuType;
  readonly visible?: '0' | '1';
  readonly status?: StatusFlag;
  readonly perms?: string;
  readonly icon?: string;
  readonly orderNum?: number;
  readonly alwaysShow?: boolean;
  readonly routeName?: string;
  readonly remark?: string;
}

export type MenuPatch = Partial<Omit<NewMenu, 'menuId'>>;

export interface MenuFilter {
  readonly menuName?: string;
  readonly status?: StatusFlag;
  readonly visible?: '0' | '1';
}
