import { describe, expect, it } from 'vitest';
import { menuCreateBody, menuListQuery, menuUpdateBody } from './system-menu.js';

const issues = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (r.success ? [] : (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('menu bodies', () => {
  it('a directory or page needs its 路由地址; a button does not', () => {
    expect(
      issues(menuCreateBody.safeParse({ parentId: 0, menuName: '目录', menuType: 'M' })),
    ).toEqual([['path', '路由地址不能为空']]);
    expect(
      menuCreateBody.safeParse({ parentId: 5, menuName: '按钮', menuType: 'F', perms: 'a:b:c' })
        .success,
    ).toBe(true);
    expect(menuUpdateBody.safeParse({ menuId: 3, menuType: 'C', path: '' }).success).toBe(false);
    // A patch that leaves the path alone passes.
    expect(menuUpdateBody.safeParse({ menuId: 3, menuName: '新名' }).success).toBe(true);
  });

  it('names the field in core’s words', () => {
    expect(
      issues(
        menuCreateBody.safeParse({
          parentId: 0,
          menuName: ' ',
          menuType: 'X',
          path: 'p',
          orderNum: -1,
        }),
      ),
    ).toEqual([
      ['menuName', '菜单名称不能为空'],
      ['orderNum', '显示排序必须是 0 至 9999 之间的整数'],
      ['menuType', '菜单类型的取值不正确'],
    ]);
  });

  it('reads RuoYi’s list filters, blanks as absent', () => {
    expect(menuListQuery.parse({ menuName: '用户', status: '', visible: '1' })).toEqual({
      menuName: '用户',
      visible: '1',
    });
  });
});
