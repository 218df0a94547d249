import { Decimal } from 'decimal.js';
import { TABLE_DEFAULT_DECIMALS } from './paginated-table.js';
import { WIDGET_MESSAGES } from './widget-messages.js';

/**
 * A private Decimal with room for any sum of numeric(18,6) values: the library's default of 20
 * significant digits would round a large sum silently.
 */
const Dec = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });

export type TableRow = Readonly<Record<string, unknown>>;

export interface ColumnSumOptions {
  /**
   * The field that identifies a record; rows sharing a value are summed once (the first one).
   * Defaults to `id`. Rows without a value in that field are always counted.
   */
  readonly rowKey?: string;
  /** Decimals of the result (default 6: one 分 when the amount is in 万元). */
  readonly decimals?: number;
}

/**
 * A cell value as an exact decimal, or undefined when the cell holds no number
 * (empty, null, text such as '-'). Numbers are read through their shortest string form, so
 * 0.1 stays 0.1 rather than its binary expansion.
 */
export function parseDecimalCell(value: unknown): Decimal | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return undefined;
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim().replace(/,/g, '');
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  } else {
    return undefined;
  }
  return new Dec(text);
}

/**
 * The rows that take part in a sum: the spec says column sums "de-duplicate". We read it as:
 * a record that appears on several rows (a list joined with its pay items, fund lines or tasks
 * repeats the contract row) is counted once, by its `rowKey`. The first occurrence counts.
 */
export function distinctRows(rows: readonly TableRow[], rowKey: string = 'id'): TableRow[] {
  const seen = new Set<string>();
  const out: TableRow[] = [];
  for (const row of rows) {
    const key = row[rowKey];
    if (key === undefined || key === null || key === '') {
      out.push(row);
      continue;
    }
    // Why not tagged by type: the id 1 and the id '1' are the same record on the wire.
    const id =
      typeof key === 'number' || typeof key === 'string' ? String(key) : JSON.stringify(key);
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(row);
  }
  return out;
}

/**
 * Exact sums of the given columns over the de-duplicated rows, as fixed-decimal strings
 * (half-up). A column with no numeric cell sums to '' so the footer shows nothing rather than a
 * misleading 0.
 */
export function columnSums(
  rows: readonly TableRow[],
  columns: readonly string[],
  options: ColumnSumOptions = {},
): Record<string, string> {
  const decimals = options.decimals ?? TABLE_DEFAULT_DECIMALS;
  const counted = distinctRows(rows, options.rowKey);
  const sums: Record<string, string> = {};
  for (const column of columns) {
    let total: Decimal | undefined;
    for (const row of counted) {
      const value = parseDecimalCell(row[column]);
      if (value === undefined) continue;
      total = total === undefined ? value : total.plus(value);
    }
    sums[column] = total === undefined ? '' : total.toFixed(decimals);
  }
  return sums;
}

/**
 * The footer row of a table with a sum row: '合计' in the first column, the sum under each
 * summed column and '' elsewhere.
 */
export function summaryRow(
  rows: readonly TableRow[],
  allColumns: readonly string[],
  summedColumns: readonly string[],
  options: ColumnSumOptions = {},
): string[] {
  const sums = columnSums(rows, summedColumns, options);
  return allColumns.map((column, index) => {
    if (index === 0) return WIDGET_MESSAGES.tableSumLabel;
    return sums[column] ?? '';
  });
}
