import type { Writable } from 'node:stream';
import type { Response } from 'express';
import ExcelJS from 'exceljs';
import {
  EXPORT_JOB_MESSAGES,
  exportGoesToBackground,
  formatInstant,
  instituteDay,
  prefersRespondAsync,
  wallClockAt,
} from '@dpms/core';
import { exportJobAnswer } from '@dpms/wire';
import type { Principal } from '../identity/principal.js';
import { exportJobRecordOf, exportJobsOf } from './export-jobs.js';
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

/** Rows read a page at a time that can say how many they are before the first is written. */
export interface CountedRows<T> extends AsyncIterable<T> {
  count(): Promise<number>;
}

const isCounted = <T>(rows: Iterable<T> | AsyncIterable<T>): rows is CountedRows<T> =>
  typeof (rows as Partial<CountedRows<T>>).count === 'function';

/**
 * Every row of a list, `pageSize` at a time, for an export: the first page (read by `count` or
 * by the first row) says how many there are, so a large export can go to the background.
 */
export function pagedRows<T>(
  load: (pageNum: number) => Promise<{ readonly total: number; readonly rows: readonly T[] }>,
  pageSize: number,
): CountedRows<T> {
  let first: ReturnType<typeof load> | undefined;
  const firstPage = () => (first ??= load(1));
  return {
    count: async () => (await firstPage()).total,
    async *[Symbol.asyncIterator]() {
      for (let pageNum = 1; ; pageNum++) {
        const r = await (pageNum === 1 ? firstPage() : load(pageNum));
        yield* r.rows;
        if (r.rows.length < pageSize || pageNum * pageSize >= r.total) return;
      }
    },
  };
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams a list as an .xlsx workbook to the response: exceljs's WorkbookWriter writes each row
 * as it comes, so a large export never sits whole in memory. `rows` may be a page source that
 * fetches as it goes. Each column's kind decides its cells and their number format (`cellValue`).
 *
 * A caller that sends `Prefer: respond-async` (our web does) and asks for many rows is answered
 * 202 with a background job instead (export-jobs.ts, core's export-job.ts): the workbook is
 * written to the caller's files while the web shows its progress. Without the header (RuoYi's
 * UI, a script) the workbook is the answer, whatever its size.
 */
export async function streamXlsx<T>(
  res: Response,
  fileName: string,
  sheetName: string,
  columns: readonly XlsxColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
): Promise<void> {
  const zone = await instituteZoneOf(res);
  const nameOf = personNamesOf(res);
  const write = (out: Writable, onRow: () => void) =>
    writeXlsx(out, { zone, nameOf }, sheetName, columns, rows, onRow);
  const jobs = exportJobsOf(res);
  const principal = res.locals.principal as Principal | undefined;
  const asked = jobs !== undefined && prefersRespondAsync(res.req.headers.prefer);
  const count = !asked
    ? null
    : Array.isArray(rows)
      ? rows.length
      : isCounted(rows)
        ? await rows.count()
        : null;
  if (jobs && principal && principal.userId > 0 && exportGoesToBackground(asked, count)) {
    const job = await jobs.start(principal.userId, fileName, count, write);
    const answer = exportJobAnswer.parse({
      code: 200,
      msg: EXPORT_JOB_MESSAGES.started(count ?? 0),
      data: exportJobRecordOf(job),
    });
    res
      .status(202)
      .set('Preference-Applied', 'respond-async')
      .set('Location', `/prod-api/common/exportJob/${job.jobId}`)
      .json(answer);
    return;
  }
  res.status(200);
  res.setHeader('Content-Type', XLSX_TYPE);
  res.setHeader('Content-Disposition', contentDisposition(fileName));
  res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
  await write(res, () => undefined);
}

/** Writes the workbook to `out` (ended when done), calling `onRow` after each row. */
async function writeXlsx<T>(
  out: Writable,
  reading: { zone: string; nameOf: (who: string | number) => Promise<string> },
  sheetName: string,
  columns: readonly XlsxColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
  onRow: () => void,
): Promise<void> {
  const { zone, nameOf } = reading;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
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
    onRow();
  }
  sheet.commit();
  await workbook.commit();
}
