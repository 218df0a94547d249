import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  TABLE_DEFAULT_PAGE_SIZE,
  TABLE_PAGER_LAYOUT_TEXT,
  TABLE_PAGE_SIZES,
  clampPageNum,
  normalizePageSize,
  pageCount,
  tableLoadingMessage,
  tableRowNumber,
} from './paginated-table.js';

describe('paginated table constants', () => {
  it('defaults to 20 rows with the spec choices and layout', () => {
    expect(TABLE_DEFAULT_PAGE_SIZE).toBe(20);
    expect(TABLE_PAGE_SIZES).toEqual([20, 50, 100, 300, 500, 1000]);
    expect(TABLE_PAGER_LAYOUT_TEXT).toBe('total, sizes, prev, pager, next');
  });
  it('accepts only the offered page sizes', () => {
    expect(normalizePageSize(300)).toBe(300);
    expect(normalizePageSize(10000)).toBe(20);
  });
});

describe('tableLoadingMessage', () => {
  it('says more as the load lasts', () => {
    expect(tableLoadingMessage(0)).toBe('加载中');
    expect(tableLoadingMessage(4999)).toBe('加载中');
    expect(tableLoadingMessage(5000)).toBe('数据准备中，请稍候');
    expect(tableLoadingMessage(9999)).toBe('数据准备中，请稍候');
    expect(tableLoadingMessage(10000)).toBe('网络较慢，请耐心等待');
    expect(tableLoadingMessage(20000)).toBe('网络拥堵，请耐心等待');
    expect(tableLoadingMessage(600000)).toBe('网络拥堵，请耐心等待');
  });
  it('never steps back as time passes', () => {
    const order = ['加载中', '数据准备中，请稍候', '网络较慢，请耐心等待', '网络拥堵，请耐心等待'];
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(100_000), (a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(order.indexOf(tableLoadingMessage(early))).toBeLessThanOrEqual(
          order.indexOf(tableLoadingMessage(late)),
        );
      }),
    );
  });
});

describe('paging', () => {
  it('keeps the page within range', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
    expect(clampPageNum(5, 41, 20)).toBe(3);
    expect(clampPageNum(0, 41, 20)).toBe(1);
    fc.assert(
      fc.property(
        fc.integer({ min: -10, max: 1000 }),
        fc.nat(10_000),
        fc.constantFrom(...TABLE_PAGE_SIZES),
        (p, total, size) => {
          const page = clampPageNum(p, total, size);
          expect(page).toBeGreaterThanOrEqual(1);
          expect(page).toBeLessThanOrEqual(pageCount(total, size));
        },
      ),
    );
  });
  it('numbers rows across pages', () => {
    expect(tableRowNumber(1, 20, 0)).toBe(1);
    expect(tableRowNumber(3, 20, 4)).toBe(45);
  });
});
