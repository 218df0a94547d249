import { DEFAULT_PAGE_SIZE, PAGE_SIZE_CHOICES } from '../platform/list-query.js';
import { WIDGET_MESSAGES } from './widget-messages.js';

/** Page size of every list unless the user picks another (000 §9, DESIGN §3): the server's rule. */
export const TABLE_DEFAULT_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** The page-size choices of the pager, the default first: the same list the server accepts. */
export const TABLE_PAGE_SIZES: readonly number[] = PAGE_SIZE_CHOICES;
/** The pager's parts, in Element UI's layout order (000 §9). */
export const TABLE_PAGER_LAYOUT: readonly PagerPart[] = ['total', 'sizes', 'prev', 'pager', 'next'];
export type PagerPart = 'total' | 'sizes' | 'prev' | 'pager' | 'next';
/** The same layout as the comma-separated string Element-style pagers take. */
export const TABLE_PAGER_LAYOUT_TEXT = TABLE_PAGER_LAYOUT.join(', ');

/** Decimals shown for numeric cells and sums unless a column sets its own (000 §2). */
export const TABLE_DEFAULT_DECIMALS = 6;

export const TABLE_LOADING_TEXT = WIDGET_MESSAGES.tableLoading;
export const TABLE_EMPTY_TEXT = WIDGET_MESSAGES.tableEmpty;

/** Loading thresholds (ms) after which the table says more than "loading". */
export const TABLE_LOADING_PREPARING_AFTER_MS = 5_000;
export const TABLE_LOADING_SLOW_AFTER_MS = 10_000;
export const TABLE_LOADING_CONGESTED_AFTER_MS = 20_000;

/**
 * What the table shows while a load has lasted `elapsedMs`.
 * Why `>=`: "after 5 s" is read as "from the 5000th millisecond on", so a timer armed for
 * exactly 5000 ms switches the message when it fires.
 */
export function tableLoadingMessage(elapsedMs: number): string {
  if (elapsedMs >= TABLE_LOADING_CONGESTED_AFTER_MS) return WIDGET_MESSAGES.tableLoadingCongested;
  if (elapsedMs >= TABLE_LOADING_SLOW_AFTER_MS) return WIDGET_MESSAGES.tableLoadingSlow;
  if (elapsedMs >= TABLE_LOADING_PREPARING_AFTER_MS) return WIDGET_MESSAGES.tableLoadingPreparing;
  return WIDGET_MESSAGES.tableLoading;
}

/** The elapsed times at which the loading message changes, for arming timers. */
export const TABLE_LOADING_MESSAGE_STEPS_MS: readonly number[] = [
  TABLE_LOADING_PREPARING_AFTER_MS,
  TABLE_LOADING_SLOW_AFTER_MS,
  TABLE_LOADING_CONGESTED_AFTER_MS,
];

/**
 * A page-size value the pager accepts: one of the choices, else the default.
 * Why: a size read from a URL or storage must not make the server send 10,000 rows.
 */
export function normalizePageSize(size: number): number {
  return TABLE_PAGE_SIZES.includes(size) ? size : TABLE_DEFAULT_PAGE_SIZE;
}

/** Number of pages for `total` rows (at least 1, so the pager always shows a page). */
export function pageCount(total: number, pageSize: number): number {
  if (!(total > 0) || !(pageSize > 0)) return 1;
  return Math.ceil(total / pageSize);
}

/** A page number within 1..pageCount. */
export function clampPageNum(pageNum: number, total: number, pageSize: number): number {
  const last = pageCount(total, pageSize);
  if (!Number.isFinite(pageNum)) return 1;
  return Math.min(Math.max(1, Math.trunc(pageNum)), last);
}

/**
 * The page to show after the total changed (e.g. rows deleted on the last page): RuoYi's
 * pagination jumps back to the last page that still has rows instead of showing an empty one.
 */
export function pageAfterTotalChange(pageNum: number, total: number, pageSize: number): number {
  return clampPageNum(pageNum, total, pageSize);
}

/** 1-based index column value of the `rowIndex`-th row (0-based) of page `pageNum`. */
export function tableRowNumber(pageNum: number, pageSize: number, rowIndex: number): number {
  return (pageNum - 1) * pageSize + rowIndex + 1;
}
