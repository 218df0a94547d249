import ExcelJS from 'exceljs';
import type request from 'supertest';
import { expect } from 'vitest';

/** supertest's parser for a binary answer (an .xlsx, a PDF): the body as one Buffer. */
export const binaryBody = (res: request.Response, cb: (e: Error | null, b: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/**
 * The integration tests' one way to read an export: the call's answer, once it is a 200 .xlsx,
 * opened with exceljs as Excel would open it.
 */
export async function openXlsx(call: request.Test, what = ''): Promise<ExcelJS.Workbook> {
  const res = await call.buffer(true).parse(binaryBody);
  expect(res.status, `${what} ${String(res.body)}`).toBe(200);
  expect(res.headers['content-type'], what).toContain('spreadsheetml');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.body as never);
  return wb;
}
