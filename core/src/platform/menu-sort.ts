import { ok, type DomainError, type Result } from '../shared/result.js';
import { sortPlan } from './sort-plan.js';

/** One menu's new 显示排序. */
export interface MenuOrder {
  readonly menuId: number;
  readonly orderNum: number;
}

/**
 * RuoYi 3.9.2's 菜单管理 保存排序 (`PUT /system/menu/updateSort {menuIds, orderNums}`, the
 * changed rows of its order column), read by core's one sortPlan rule like 部门管理's.
 */
export function menuSortPlan(menuIds: string, orderNums: string): Result<MenuOrder[], DomainError> {
  const plan = sortPlan(
    { code: 'VALIDATION.MENU_SORT', noun: '菜单', idsField: 'menuIds' },
    menuIds,
    orderNums,
  );
  return plan.ok ? ok(plan.value.map(({ id, orderNum }) => ({ menuId: id, orderNum }))) : plan;
}
