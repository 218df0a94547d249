import type { Response } from 'express';
import ExcelJS from 'exceljs';
import { formatInstant } from '@dpms/core';
import { instituteZoneOf } from './institute-zone.js';

export interface XlsxColumn<T> {
  readonly header: string;
  readonly width?: number;
  readonly value: (row: T) => string | number | Date | null | undefined;
}

/**
 * A cell as a person reads it: an instant (a Date, or ISO 8601 text with an offset, as the wire
 * carries it) becomes `yyyy-MM-dd HH:mm` on the institute's clock, by core's one rule, so the
 * sheet reads what the screen and the PDF show whatever zone the server or Excel runs in; a date
 * `yyyy-MM-dd`, a number and other text stay as they are.
 */
export function cellValue(
  value: string | number | Date | null | undefined,
  zone: string,
): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  return formatInstant(value, zone);
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
 * fetches as it goes.
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
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: res,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 16 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const row of rows) {
    sheet.addRow(columns.map((c) => cellValue(c.value(row), zone))).commit();
  }
  sheet.commit();
  await workbook.commit();
}
