import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ApiClient } from '../test-support/api-client.js';
import { openXlsx } from '../test-support/xlsx-answer.js';

/** An export's first worksheet, downloaded as `user` and opened with exceljs as Excel would. */
export async function xlsxSheet(
  client: Pick<ApiClient, 'get'>,
  user: string,
  path: string,
  query: Record<string, unknown> = {},
): Promise<ExcelJS.Worksheet> {
  const wb = await openXlsx(client.get(user, path, query), path);
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

/** The kinds of cell whose type and number format an export must get right. */
export type CellKind = 'money' | 'percent' | 'date' | 'instant';

/** The number format each kind is written with (money with 4 to 6 decimals, as its column says). */
const FORMATS: Readonly<Record<CellKind, RegExp>> = {
  money: /^#,##0\.0{4,6}$/,
  percent: /^0\.00%$/,
  date: /^yyyy-mm-dd$/,
  instant: /^yyyy-mm-dd hh:mm$/,
};

/**
 * A cell of `kind` as Excel must read it: a number (an amount, a rate) or a Date (a day, a moment)
 * with the kind's number format, so a text amount or a UTC string fails.
 */
export function expectCellKind(cell: ExcelJS.Cell, kind: CellKind, at: string): void {
  const type =
    kind === 'money' || kind === 'percent' ? ExcelJS.ValueType.Number : ExcelJS.ValueType.Date;
  expect(cell.type, `${at}: ${cell.text}`).toBe(type);
  expect(cell.numFmt, at).toMatch(FORMATS[kind]);
}

/** One cell: its kind (`expectCellKind`) and its value. */
export function expectCell(cell: ExcelJS.Cell, want: ExpectedCell, at: string): void {
  if ('money' in want) {
    expectCellKind(cell, 'money', at);
    expect(cell.value, at).toBe(want.money);
  } else if ('percent' in want) {
    expectCellKind(cell, 'percent', at);
    expect(cell.value, at).toBe(want.percent);
  } else if ('date' in want) {
    expectCellKind(cell, 'date', at);
    // Excel keeps no zone: the day is written as that day's midnight, read back as UTC.
    expect((cell.value as Date).toISOString(), at).toBe(`${want.date}T00:00:00.000Z`);
  } else if ('instant' in want) {
    expectCellKind(cell, 'instant', at);
    // Likewise the institute's wall clock, read back as UTC.
    expect((cell.value as Date).toISOString().slice(0, 16), at).toBe(want.instant);
  } else if ('person' in want) {
    expect(cell.type, at).toBe(ExcelJS.ValueType.String);
    expect(cell.value, at).toBe(want.person);
  } else {
    expect(cell.text, at).toBe(want.text);
  }
}

/**
 * Finds the one data row whose `key` column reads `value` and checks each expected cell
 * (`expectCell`): its type, its number format and its value.
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
    expectCell(row.getCell(col(title)), want, `${what} ${title}`);
  }
}
