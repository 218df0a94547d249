import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SysMenu } from './menu.js';
import {
  descendantsOf,
  menuPermsError,
  menuWriteError,
  routeNameOf,
  type MenuCandidate,
} from './menu-rules.js';

const menu = (m: Partial<SysMenu> & Pick<SysMenu, 'menuId' | 'parentId'>): SysMenu => ({
  menuName: `菜单${m.menuId}`,
  path: `p${m.menuId}`,
  component: null,
  query: null,
  isFrame: '1',
  isCache: '0',
  menuType: 'C',
  visible: '0',
  status: '0',
  perms: '',
  icon: '#',
  orderNum: 0,
  alwaysShow: false,
  routeName: `R${m.menuId}`,
  remark: '',
  createTime: new Date(0),
  ...m,
});

// 1 系统管理 ─ 2 用户管理 ─ 3 用户新增 (button); 4 外链目录
const ALL = [
  menu({ menuId: 1, parentId: 0, menuType: 'M', routeName: 'System' }),
  menu({ menuId: 2, parentId: 1, routeName: 'User' }),
  menu({ menuId: 3, parentId: 2, menuType: 'F', routeName: '', path: '' }),
  menu({ menuId: 4, parentId: 0, menuType: 'M', routeName: '', path: 'links' }),
];

const candidate = (c: Partial<MenuCandidate>): MenuCandidate => ({
  parentId: 0,
  menuName: '新菜单',
  menuType: 'C',
  path: 'new',
  isFrame: '1',
  routeName: 'NewPage',
  ...c,
});

describe('menu write rules', () => {
  it('a 外链 must be an http(s) address; an internal route need not', () => {
    expect(menuWriteError(candidate({ isFrame: '0', path: 'www.x.cn' }), ALL, 'create')).toEqual({
      code: 'VALIDATION.MENU_LINK',
      message: "新增菜单'新菜单'失败，地址必须以http(s)://开头",
      field: 'path',
    });
    expect(menuWriteError(candidate({ isFrame: '0', path: 'https://x.cn' }), ALL, 'create')).toBe(
      null,
    );
    expect(menuWriteError(candidate({ isFrame: '1', path: 'www.x.cn' }), ALL, 'create')).toBe(null);
  });

  it('a menu is not its own parent, nor under its own descendant, nor under a button', () => {
    expect(menuWriteError(candidate({ menuId: 1, parentId: 1 }), ALL, 'update')?.message).toBe(
      "修改菜单'新菜单'失败，上级菜单不能选择自己",
    );
    expect(menuWriteError(candidate({ menuId: 1, parentId: 2 }), ALL, 'update')).toMatchObject({
      field: 'parentId',
      message: "修改菜单'新菜单'失败，上级菜单不能是自己的下级",
    });
    expect(menuWriteError(candidate({ parentId: 3 }), ALL, 'create')?.field).toBe('parentId');
    expect(menuWriteError(candidate({ menuId: 2, parentId: 4 }), ALL, 'update')).toBe(null);
  });

  it('route names are unique among directories and pages, a blank one derived from the path', () => {
    expect(menuWriteError(candidate({ routeName: 'User' }), ALL, 'create')).toMatchObject({
      code: 'PLATFORM.DUPLICATE',
      field: 'routeName',
      message: "新增菜单'新菜单'失败，路由名称已存在",
    });
    // 4's route name is derived: Links.
    expect(menuWriteError(candidate({ routeName: 'Links' }), ALL, 'create')?.field).toBe(
      'routeName',
    );
    expect(menuWriteError(candidate({ routeName: '', path: 'links' }), ALL, 'create')?.field).toBe(
      'routeName',
    );
    // A menu keeps its own name; buttons have none to clash.
    expect(
      menuWriteError(candidate({ menuId: 2, parentId: 1, routeName: 'User' }), ALL, 'update'),
    ).toBe(null);
    expect(
      menuWriteError(
        candidate({ menuType: 'F', parentId: 2, routeName: '', path: '' }),
        ALL,
        'create',
      ),
    ).toBe(null);
    expect(routeNameOf({ routeName: '', path: 'job-log', menuId: 9 })).toBe('Joblog');
  });

  it('whatever the tree, a menu may move under any menu outside its own subtree and no other', () => {
    // A random forest: each menu's parent is 0 or an earlier menu.
    const forest = fc
      .array(fc.nat(), { minLength: 1, maxLength: 12 })
      .map((picks) =>
        picks.map((p, i) =>
          menu({ menuId: i + 1, parentId: p % (i + 1), menuType: 'M', routeName: `R${i + 1}` }),
        ),
      );
    fc.assert(
      fc.property(forest, fc.nat(), fc.nat(), (all, a, b) => {
        const moved = all[a % all.length]!;
        const target = all[b % all.length]!;
        const below = descendantsOf(moved.menuId, all);
        // Walking up from the target reaches the moved menu exactly when the target is in its subtree.
        let up: number | undefined = target.menuId;
        let inSubtree = false;
        while (up !== undefined && up !== 0) {
          if (up === moved.menuId) inSubtree = true;
          const parent: number | undefined = all.find((m) => m.menuId === up)?.parentId;
          up = parent;
        }
        const refused = menuWriteError({ ...moved, parentId: target.menuId }, all, 'update');
        expect(refused !== null).toBe(inSubtree);
        expect(below.has(target.menuId)).toBe(inSubtree && target.menuId !== moved.menuId);
      }),
    );
  });
});

describe('menuPermsError', () => {
  const keeper = { permissions: ['system:menu:edit', 'system:user:list'], isAdmin: false };
  const admin = { permissions: [], isAdmin: true };

  it('refuses a * anywhere in the permission, to the administrator too', () => {
    for (const perms of ['*:*:*', 'system:*:list', 'system:user:*', '*'])
      for (const granter of [keeper, admin])
        expect(menuPermsError(perms, granter, 'update', '按钮')?.field).toBe('perms');
  });

  it('lets a non-administrator set only a permission they hold', () => {
    expect(menuPermsError('system:user:list', keeper, 'create', '按钮')).toBe(null);
    expect(menuPermsError('system:user:remove', keeper, 'create', '按钮')).toMatchObject({
      code: 'PLATFORM.NOT_ALLOWED',
      field: 'perms',
    });
    expect(menuPermsError('system:user:remove', admin, 'create', '按钮')).toBe(null);
    expect(menuPermsError('', keeper, 'create', '目录')).toBe(null);
  });
});
