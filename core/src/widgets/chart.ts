/** Bar-chart orientations of the chart widget (000 §2). */
export const CHART_ORIENTATIONS = ['normal', 'cross', 'crossR'] as const;
export type ChartOrientation = (typeof CHART_ORIENTATIONS)[number];

export const CHART_BAR_MAX_WIDTH_NORMAL = 30;
export const CHART_BAR_MAX_WIDTH_OTHER = 20;
export const CHART_ANIMATION_MS = 1000;
/** The chart redraws this long after the last window resize. */
export const CHART_RESIZE_DEBOUNCE_MS = 100;

export function isChartOrientation(value: string): value is ChartOrientation {
  return (CHART_ORIENTATIONS as readonly string[]).includes(value);
}

/**
 * Maximum bar width: 30 for the normal (vertical-bar) chart, 20 otherwise. Why "otherwise" means
 * cross and crossR: the spec pairs the two widths with "normal" and nothing else.
 */
export function chartBarMaxWidth(orientation: ChartOrientation): number {
  return orientation === 'normal' ? CHART_BAR_MAX_WIDTH_NORMAL : CHART_BAR_MAX_WIDTH_OTHER;
}

export interface ChartAxes {
  /** The axis that carries the categories. */
  readonly categoryAxis: 'x' | 'y';
  /** Whether the value axis runs the other way. */
  readonly valueAxisInverse: boolean;
}

/**
 * How each orientation lays the axes out. The spec names them only; we read "cross" as bars
 * lying across (categories on y) and "crossR" as the same mirrored, bars growing to the left.
 */
export function chartAxes(orientation: ChartOrientation): ChartAxes {
  switch (orientation) {
    case 'normal':
      return { categoryAxis: 'x', valueAxisInverse: false };
    case 'cross':
      return { categoryAxis: 'y', valueAxisInverse: false };
    case 'crossR':
      return { categoryAxis: 'y', valueAxisInverse: true };
  }
}
