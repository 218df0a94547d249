/** The shapes the menu tree is written in (menus.ts flattens it into seeded rows). */

export interface SeedMenu {
  readonly menuId: number;
  readonly parentId: number;
  readonly menuName: string;
  readonly menuType: 'M' | 'C' | 'F';
  readonly path: string;
  readonly component: string | null;
  readonly perms: string;
  readonly icon: string;
  readonly orderNum: number;
  readonly routeName: string;
  readonly visible: '0' | '1';
  readonly alwaysShow: boolean;
}

export interface PageSpec {
  readonly name: string;
  readonly path: string;
  readonly component: string;
  /** Permission prefix, e.g. `system:user`; the page gets `<prefix>:list`. */
  readonly perm: string;
  readonly routeName: string;
  readonly extraButtons?: ReadonlyArray<readonly [action: string, label: string]>;
  readonly hidden?: boolean;
  readonly noButtons?: boolean;
}

export interface DirSpec {
  readonly name: string;
  readonly path: string;
  readonly icon: string;
  readonly routeName: string;
  readonly children: ReadonlyArray<PageSpec | DirSpec>;
  readonly alwaysShow?: boolean;
}
