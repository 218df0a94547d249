import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { SYSTEM_ORDER_MAX } from './system-fields.js';

/** One department's new 显示排序. */
export interface DeptOrder {
  readonly deptId: number;
  readonly orderNum: number;
}

const DEPT_SORT_INVALID = (
  message: string,
  field: 'deptIds' | 'orderNums' = 'orderNums',
): DomainError => domainError('VALIDATION.DEPT_SORT', message, field);

/** At most this many departments in one 保存排序 (a tree an institute keeps is far smaller). */
export const DEPT_SORT_MAX = 1000;

const split = (s: string) => (s.trim() === '' ? [] : s.split(',').map((part) => part.trim()));

/**
 * RuoYi's 保存部门排序 sends two comma lists that pair up by position
 * (`{deptIds: '101,102', orderNums: '1,2'}`). The pairs, or a refusal when the lists differ in
 * length, name a department twice or carry a number that is not an id or a 显示排序 of 0 to 9999
 * (RuoYi would store whatever came and fail on the first bad number half-way).
 */
export function deptSortPlan(deptIds: string, orderNums: string): Result<DeptOrder[], DomainError> {
  const ids = split(deptIds);
  const orders = split(orderNums);
  if (ids.length === 0) return err(DEPT_SORT_INVALID('请选择要排序的部门', 'deptIds'));
  if (ids.length !== orders.length) return err(DEPT_SORT_INVALID('部门与显示排序的个数不一致'));
  if (ids.length > DEPT_SORT_MAX)
    return err(DEPT_SORT_INVALID(`一次最多排序 ${DEPT_SORT_MAX} 个部门`, 'deptIds'));
  const plan: DeptOrder[] = [];
  const seen = new Set<number>();
  for (const [i, idText] of ids.entries()) {
    const orderText = orders[i] ?? '';
    if (!/^\d{1,10}$/.test(idText) || Number(idText) < 1 || Number(idText) > 2147483647)
      return err(DEPT_SORT_INVALID('部门编号不正确', 'deptIds'));
    if (!/^\d{1,4}$/.test(orderText) || Number(orderText) > SYSTEM_ORDER_MAX)
      return err(DEPT_SORT_INVALID(`显示排序必须是 0 至 ${SYSTEM_ORDER_MAX} 之间的整数`));
    const deptId = Number(idText);
    if (seen.has(deptId)) return err(DEPT_SORT_INVALID('同一部门不能出现两次', 'deptIds'));
    seen.add(deptId);
    plan.push({ deptId, orderNum: Number(orderText) });
  }
  return ok(plan);
}
