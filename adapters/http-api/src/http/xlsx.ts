import type { Response } from 'express';
import ExcelJS from 'exceljs';
import { formatInstant, instituteDay, wallClockAt } from '@dpms/core';
import { instituteZoneOf } from './institute-zone.js';
import { personNamesOf } from './people-names.js';

/**
 * What a column holds, so the sheet is one finance can compute with:
 * - `text`: shown as it is (an instant given to a text column still reads on the institute's clock);
 * - `money`: a decimal string (万元 or 元) as a number cell, `#,##0.0000` or the list's decimals;
 * - `percent`: a rate as a fraction (`'0.03'`, as tax rates are kept; `'3%'` reads the same) with a
 *   `0.00%` format;
 * - `number`: a count or an id as a plain number;
 * - `date`: a calendar day (`yyyy-MM-dd`, or the institute's day of an instant) as a Date cell;
 * - `instant`: a moment as a Date cell showing the institute's wall clock, `yyyy-mm-dd hh:mm`;
 * - `person`: a login name or user id, shown as the person's name.
 */
export type XlsxCellKind = 'text' | 'money' | 'percent' | 'number' | 'date' | 'instant' | 'person';

export type XlsxValue = string | number | Date | null | undefined;

export interface XlsxColumn<T> {
  readonly header: string;
  readonly width?: number;
  /** The cell's kind; text when not given. */
  readonly kind?: XlsxCellKind;
  /** Money's decimals: the list's own (its table's `decimals`); 4 when not given. */
  readonly decimals?: number;
  readonly value: (row: T) => XlsxValue;
}

/** The number format each kind shows with; text has none. */
export function numFmtOf(kind: XlsxCellKind, decimals = 4): string | undefined {
  switch (kind) {
    case 'money':
      return decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0';
    case 'percent':
      return '0.00%';
    case 'date':
      return 'yyyy-mm-dd';
    case 'instant':
      return 'yyyy-mm-dd hh:mm';
    default:
      return undefined;
  }
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Excel keeps no zone: a date cell is a serial day that exceljs writes from the Date's UTC fields.
 * So a wall-clock reading is written as the UTC Date with those fields, and Excel shows it
 * whatever zone the server or the reader's computer runs in.
 */
const wallAsUtc = (w: {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
}): Date =>
  new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour ?? 0, w.minute ?? 0, w.second ?? 0));

const instantOf = (value: string | Date): Date | null => {
  const at = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(at.getTime()) ? null : at;
};

const dayCell = (day: string): Date | string => {
  const m = DATE_ONLY.exec(day);
  return m ? wallAsUtc({ year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }) : day;
};

/**
 * A value as its cell holds it, by the column's kind. The one place a float is acceptable:
 * converting a decimal string to a JS number for Excel, which stores every number as a double;
 * the figures are computed in decimal.js before they get here and Excel shows them through the
 * column's format. A value that does not read as its kind (a blank, a word) is written as text,
 * never as a wrong number or an "Invalid Date".
 */
export function cellValue(
  value: XlsxValue,
  kind: XlsxCellKind,
  zone: string,
): string | number | Date {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
    case 'number':
    case 'percent': {
      const text = String(value).replaceAll(',', '').trim();
      const inPercent = kind === 'percent' && text.endsWith('%');
      const n = typeof value === 'number' ? value : Number(inPercent ? text.slice(0, -1) : text);
      if (!Number.isFinite(n) || text === '') return String(value);
      return inPercent ? n / 100 : n;
    }
    case 'date': {
      if (typeof value === 'number') return value;
      if (typeof value === 'string' && DATE_ONLY.test(value)) return dayCell(value);
      const at = instantOf(value);
      return at === null ? String(value) : dayCell(instituteDay(at, zone));
    }
    case 'instant': {
      if (typeof value === 'number') return value;
      if (typeof value === 'string' && DATE_ONLY.test(value)) return dayCell(value);
      const at = instantOf(value);
      return at === null ? String(value) : wallAsUtc(wallClockAt(at, zone));
    }
    default:
      // Text never shows a raw instant: a Date, or ISO 8601 text with an offset, reads as the
      // institute's clock (`yyyy-MM-dd HH:mm`), as the screen and the PDF show it.
      if (value instanceof Date) return cellValue(value, 'instant', zone);
      return typeof value === 'string' ? formatInstant(value, zone) : value;
  }
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987), for Chinese names. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams a list as an .xlsx workbook to the response: exceljs's WorkbookWriter writes each row
 * as it comes, so a large export never sits whole in memory. `rows` may be a page source that
 * fetches as it goes. Each column's kind decides its cells and their number format (`cellValue`).
 */
export async function streamXlsx<T>(
  res: Response,
  fileName: string,
  sheetName: string,
  columns: readonly XlsxColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', XLSX_TYPE);
  res.setHeader('Content-Disposition', contentDisposition(fileName));
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
  const zone = await instituteZoneOf(res);
  const nameOf = personNamesOf(res);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: res,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  const kinds = columns.map((c) => c.kind ?? 'text');
  sheet.columns = columns.map((c, i) => {
    const numFmt = numFmtOf(kinds[i] ?? 'text', c.decimals);
    return {
      header: c.header,
      key: `c${i}`,
      width: c.width ?? (kinds[i] === 'instant' ? 18 : 16),
      ...(numFmt === undefined ? {} : { style: { numFmt } }),
    };
  });
  const head = sheet.getRow(1);
  head.font = { bold: true };
  // The header row is text: the column's number format is not its style.
  head.eachCell((cell) => {
    cell.numFmt = 'General';
  });
  head.commit();
  for await (const row of rows) {
    const cells: (string | number | Date)[] = [];
    for (const [i, c] of columns.entries()) {
      const v = c.value(row);
      cells.push(
        kinds[i] === 'person' && (typeof v === 'string' || typeof v === 'number')
          ? await nameOf(v)
          : cellValue(v, kinds[i] ?? 'text', zone),
      );
    }
    const line = sheet.addRow(cells);
    columns.forEach((c, i) => {
      const numFmt = numFmtOf(kinds[i] ?? 'text', c.decimals);
      if (numFmt !== undefined) line.getCell(i + 1).numFmt = numFmt;
    });
    line.commit();
  }
  sheet.commit();
  await workbook.commit();
}
