/**
 * One row of the issue's performance table as a bench measured it: the figure, what was
 * measured, the ceiling it is measured against in the same run, their ratio, the goal and whether
 * it is met. Every bench writes its rows under `figures` in bench-results/<name>.json; the root's
 * scripts/bench-summary.mjs gathers them into the one table `npm run bench` prints last.
 */
export interface Figure {
  /** Where the row sits in the table (the order of the issue's table). */
  readonly order: number;
  readonly figure: string;
  readonly measured: string;
  readonly ceiling: string;
  /** measured ÷ ceiling for rates; ceiling ÷ measured is never used: a time ratio says so. */
  readonly ratio: number;
  /** The goal as the table prints it, e.g. `≥ 0.7, p99 ≤ 3× p50`. */
  readonly goal: string;
  readonly met: boolean;
  /** What else the goal asks beside the ratio, as measured (p99/p50, RSS growth, lost/doubled). */
  readonly note?: string;
}

/** The markdown table of some figures (the summary prints the same columns). */
export function figuresTable(figures: readonly Figure[]): string {
  return [
    '| figure | measured | ceiling | ratio | goal | met |',
    '|---|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.figure} | ${f.measured}${f.note ? `; ${f.note}` : ''} | ${f.ceiling} | ${f.ratio.toFixed(2)} | ${f.goal} | ${f.met ? 'yes' : '**no**'} |`,
    ),
  ].join('\n');
}
