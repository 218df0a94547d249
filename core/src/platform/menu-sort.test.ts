import { describe, expect, it } from 'vitest';
import { menuSortPlan } from './menu-sort.js';

describe('menuSortPlan (菜单管理 保存排序)', () => {
  it('pairs the two lists by position', () => {
    expect(menuSortPlan('1,5', '9,0')).toEqual({
      ok: true,
      value: [
        { menuId: 1, orderNum: 9 },
        { menuId: 5, orderNum: 0 },
      ],
    });
  });

  it('refuses in the menu’s words, naming the list at fault', () => {
    const twice = menuSortPlan('3,3', '1,2');
    expect(twice.ok).toBe(false);
    if (!twice.ok) {
      expect(twice.error.code).toBe('VALIDATION.MENU_SORT');
      expect(twice.error.field).toBe('menuIds');
      expect(twice.error.message).toBe('同一菜单不能出现两次');
    }
    const uneven = menuSortPlan('3,4', '1');
    if (!uneven.ok) expect(uneven.error.field).toBe('orderNums');
    expect(uneven.ok).toBe(false);
  });
});
