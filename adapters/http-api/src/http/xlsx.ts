import type { Response } from 'express';
import ExcelJS from 'exceljs';

export interface XlsxColumn<T> {
  readonly header: string;
  readonly width?: number;
  readonly value: (row: T) => string | number | Date | null | undefined;
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
    sheet.addRow(columns.map((c) => c.value(row) ?? '')).commit();
  }
  sheet.commit();
  await workbook.commit();
}
