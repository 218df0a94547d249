import type { Envelope } from '../client.js';

/** A RuoYi list answer: `{rows, total}`. */
export interface Page<T> {
  rows: T[];
  total: number;
}

export interface PageQuery {
  pageNum?: number;
  pageSize?: number;
  orderByColumn?: string;
  isAsc?: 'asc' | 'desc';
  [key: string]: unknown;
}

export function toPage<T>(res: Envelope): Page<T> {
  const rows = Array.isArray(res['rows'])
    ? (res['rows'] as T[])
    : Array.isArray(res['data'])
      ? (res['data'] as T[])
      : [];
  const total = typeof res['total'] === 'number' ? res['total'] : rows.length;
  return { rows, total };
}

export function dataOf<T>(res: Envelope): T {
  return res['data'] as T;
}
