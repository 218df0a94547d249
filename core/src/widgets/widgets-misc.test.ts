import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { autocompleteView, filterSuggestions } from './autocomplete.js';
import { chartAxes, chartBarMaxWidth, isChartOrientation } from './chart.js';
import { TIPS_DIALOG, confirmMessage, previewDialogWidth } from './dialogs.js';
import { SCROLL_TO_TOP_MS, scrollPositionAt } from './scroll-to-top.js';
import { DEFAULT_COMPONENT_SIZE, DEFAULT_THEME } from './theme.js';

describe('autocomplete', () => {
  const items = [{ label: '设计费' }, { label: '咨询费' }, { label: 'Design' }];
  it('filters by case-insensitive substring and says when nothing matched', () => {
    expect(filterSuggestions(items, ' des ', (i) => i.label)).toEqual([{ label: 'Design' }]);
    expect(filterSuggestions(items, '', (i) => i.label)).toHaveLength(3);
    expect(autocompleteView(filterSuggestions(items, '税', (i) => i.label)).emptyText).toBe(
      '未找到匹配项',
    );
    expect(autocompleteView(items).emptyText).toBeUndefined();
  });
});

describe('dialogs', () => {
  it('has the spec widths and texts', () => {
    expect(previewDialogWidth(true)).toBe(800);
    expect(previewDialogWidth(false)).toBe(500);
    expect(TIPS_DIALOG).toMatchObject({
      title: '提示信息',
      widthPx: 600,
      modal: true,
      closeOnClickOutside: false,
    });
  });
  it('falls back to the network message when the confirm text is empty', () => {
    expect(confirmMessage('')).toBe('网络异常，请稍后重试');
    expect(confirmMessage(undefined)).toBe('网络异常，请稍后重试');
    expect(confirmMessage('  ')).toBe('网络异常，请稍后重试');
    expect(confirmMessage('确定删除吗？')).toBe('确定删除吗？');
  });
});

describe('chart', () => {
  it('uses 30 for normal bars and 20 otherwise', () => {
    expect(chartBarMaxWidth('normal')).toBe(30);
    expect(chartBarMaxWidth('cross')).toBe(20);
    expect(chartBarMaxWidth('crossR')).toBe(20);
    expect(isChartOrientation('crossR')).toBe(true);
    expect(isChartOrientation('pie')).toBe(false);
    expect(chartAxes('crossR')).toEqual({ categoryAxis: 'y', valueAxisInverse: true });
  });
});

describe('scrollPositionAt', () => {
  it('starts at the start and ends exactly at the target after 800 ms', () => {
    expect(scrollPositionAt(1000, 0, 0)).toBe(1000);
    expect(scrollPositionAt(1000, 0, SCROLL_TO_TOP_MS)).toBe(0);
    expect(scrollPositionAt(1000, 0, 400)).toBeCloseTo(500);
  });
  it('moves monotonically towards the target', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(800), fc.nat(800), (from, a, b) => {
        const [t1, t2] = a <= b ? [a, b] : [b, a];
        expect(scrollPositionAt(from, 0, t2)).toBeLessThanOrEqual(
          scrollPositionAt(from, 0, t1) + 1e-9,
        );
      }),
    );
  });
});

describe('theme', () => {
  it('defaults to dark and medium', () => {
    expect(DEFAULT_THEME).toBe('dark');
    expect(DEFAULT_COMPONENT_SIZE).toBe('medium');
  });
});
