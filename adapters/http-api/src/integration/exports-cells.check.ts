import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ApiClient } from '../test-support/api-client.js';

/** An export's first worksheet, downloaded as `user` and opened with exceljs as Excel would. */
export async function xlsxSheet(
  client: Pick<ApiClient, 'get'>,
  user: string,
  path: string,
  query: Record<string, unknown> = {},
): Promise<ExcelJS.Worksheet> {
  const res = await client
    .get(user, path, query)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  expect(res.status, `${path} ${String(res.body)}`).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.body as never);
  const sheet = wb.worksheets[0];
  if (sheet === undefined) throw new Error(`${path}: no sheet`);
  return sheet;
}

/** What one cell of a seeded row must hold, by the kind of its column. */
export type ExpectedCell =
  /** An amount: a number cell with the money format (万元, 4 to 6 decimals). */
  | { readonly money: number }
  /** A rate: a number cell, the fraction, with a percent format. */
  | { readonly percent: number }
  /** A calendar day `yyyy-MM-dd`: a Date cell of that day with a date format. */
  | { readonly date: string }
  /** A moment: a Date cell holding the institute's wall clock (`yyyy-MM-ddTHH:mm`). */
  | { readonly instant: string }
  /** A person: their name, never a login name or an id. */
  | { readonly person: string }
  /** Anything else, as the screen words it. */
  | { readonly text: string };

/** The header row's titles. */
export const headersOf = (sheet: ExcelJS.Worksheet): string[] =>
  (sheet.getRow(1).values as unknown[]).slice(1).map(String);

/** The data rows (every row under the header). */
export function rowsOf(sheet: ExcelJS.Worksheet): ExcelJS.Row[] {
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(row);
  });
  return rows;
}

/**
 * Finds the one data row whose `key` column reads `value` and checks each expected cell: its
 * type, its number format and its value, so a text amount, a UTC string or a login name fails.
 */
export function expectRowCells(
  sheet: ExcelJS.Worksheet,
  key: { readonly column: string; readonly value: string },
  expected: Readonly<Record<string, ExpectedCell>>,
  what: string,
): void {
  const headers = headersOf(sheet);
  const col = (title: string) => {
    const i = headers.indexOf(title);
    expect(i, `${what}: no column ${title} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
    return i + 1;
  };
  const keyCol = col(key.column);
  const matches = rowsOf(sheet).filter((r) => r.getCell(keyCol).text === key.value);
  expect(matches, `${what}: rows where ${key.column} is ${key.value}`).toHaveLength(1);
  const row = matches[0]!;
  for (const [title, want] of Object.entries(expected)) {
    const cell = row.getCell(col(title));
    const at = `${what} ${title}`;
    if ('money' in want) {
      expect(cell.type, at).toBe(ExcelJS.ValueType.Number);
      expect(cell.value, at).toBe(want.money);
      expect(cell.numFmt, at).toMatch(/^#,##0\.0{4,6}$/);
    } else if ('percent' in want) {
      expect(cell.type, at).toBe(ExcelJS.ValueType.Number);
      expect(cell.value, at).toBe(want.percent);
      expect(cell.numFmt, at).toBe('0.00%');
    } else if ('date' in want) {
      expect(cell.type, at).toBe(ExcelJS.ValueType.Date);
      // Excel keeps no zone: the day is written as that day's midnight, read back as UTC.
      expect((cell.value as Date).toISOString(), at).toBe(`${want.date}T00:00:00.000Z`);
      expect(cell.numFmt, at).toBe('yyyy-mm-dd');
    } else if ('instant' in want) {
      expect(cell.type, at).toBe(ExcelJS.ValueType.Date);
      expect((cell.value as Date).toISOString().slice(0, 16), at).toBe(want.instant);
      expect(cell.numFmt, at).toBe('yyyy-mm-dd hh:mm');
    } else if ('person' in want) {
      expect(cell.type, at).toBe(ExcelJS.ValueType.String);
      expect(cell.value, at).toBe(want.person);
    } else {
      expect(cell.text, at).toBe(want.text);
    }
  }
}
