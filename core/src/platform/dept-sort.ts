import { ok, type DomainError, type Result } from '../shared/result.js';
import { sortPlan, SORT_PLAN_MAX } from './sort-plan.js';

/** One department's new 显示排序. */
export interface DeptOrder {
  readonly deptId: number;
  readonly orderNum: number;
}

/** At most this many departments in one 保存排序 (a tree an institute keeps is far smaller). */
export const DEPT_SORT_MAX = SORT_PLAN_MAX;

/** RuoYi's 保存部门排序 (`{deptIds, orderNums}`), read by core's one sortPlan rule. */
export function deptSortPlan(deptIds: string, orderNums: string): Result<DeptOrder[], DomainError> {
  const plan = sortPlan(
    { code: 'VALIDATION.DEPT_SORT', noun: '部门', idsField: 'deptIds' },
    deptIds,
    orderNums,
  );
  return plan.ok ? ok(plan.value.map(({ id, orderNum }) => ({ deptId: id, orderNum }))) : plan;
}
