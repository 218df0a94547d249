import { domainError, err, ok, type DomainError, type Result } from '../shared/result.js';
import { SYSTEM_ORDER_MAX } from './system-fields.js';

/** One record's new 显示排序. */
export interface OrderPair {
  readonly id: number;
  readonly orderNum: number;
}

/** What a tree's 保存排序 calls its records, for the refusals' words and fields. */
export interface SortSubject {
  /** The error code, e.g. `VALIDATION.DEPT_SORT`. */
  readonly code: string;
  /** The record's word, e.g. 部门. */
  readonly noun: string;
  /** The body field that carries the ids, e.g. `deptIds`. */
  readonly idsField: string;
}

/** At most this many records in one 保存排序 (a tree an institute keeps is far smaller). */
export const SORT_PLAN_MAX = 1000;

const split = (s: string) => (s.trim() === '' ? [] : s.split(',').map((part) => part.trim()));

/**
 * RuoYi's 保存排序 (部门管理, 菜单管理) sends two comma lists that pair up by position
 * (`{deptIds: '101,102', orderNums: '1,2'}`). The pairs, or a refusal when the lists differ in
 * length, name a record twice or carry a number that is not an id or a 显示排序 of 0 to 9999
 * (RuoYi would store whatever came and fail on the first bad number half-way).
 */
export function sortPlan(
  subject: SortSubject,
  idsText: string,
  orderNums: string,
): Result<OrderPair[], DomainError> {
  const invalid = (message: string, field = 'orderNums') =>
    err(domainError(subject.code, message, field));
  const ids = split(idsText);
  const orders = split(orderNums);
  if (ids.length === 0) return invalid(`请选择要排序的${subject.noun}`, subject.idsField);
  if (ids.length !== orders.length) return invalid(`${subject.noun}与显示排序的个数不一致`);
  if (ids.length > SORT_PLAN_MAX)
    return invalid(`一次最多排序 ${SORT_PLAN_MAX} 个${subject.noun}`, subject.idsField);
  const plan: OrderPair[] = [];
  const seen = new Set<number>();
  for (const [i, idText] of ids.entries()) {
    const orderText = orders[i] ?? '';
    if (!/^\d{1,10}$/.test(idText) || Number(idText) < 1 || Number(idText) > 2147483647)
      return invalid(`${subject.noun}编号不正确`, subject.idsField);
    if (!/^\d{1,4}$/.test(orderText) || Number(orderText) > SYSTEM_ORDER_MAX)
      return invalid(`显示排序必须是 0 至 ${SYSTEM_ORDER_MAX} 之间的整数`);
    const id = Number(idText);
    if (seen.has(id)) return invalid(`同一${subject.noun}不能出现两次`, subject.idsField);
    seen.add(id);
    plan.push({ id, orderNum: Number(orderText) });
  }
  return ok(plan);
}
