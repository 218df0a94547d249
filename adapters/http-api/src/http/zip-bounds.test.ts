import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { HttpError } from './http-error.js';
import { assertZipWithin } from './zip-bounds.js';
import { zipOf } from '../test-support/zip-of.js';

const refusal = async (bytes: Buffer, bounds = { maxInflatedBytes: 1 << 20, maxEntries: 10 }) => {
  try {
    await assertZipWithin(bytes, bounds, '导入文件');
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    return { status: (e as HttpError).status, message: (e as HttpError).message };
  }
  return undefined;
};

describe('assertZipWithin', () => {
  it('lets a real xlsx through', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('用户数据').addRow(['登录名称', '用户名称']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    expect(await refusal(xlsx, { maxInflatedBytes: 1 << 20, maxEntries: 100 })).toBeUndefined();
  });

  it('refuses a zip whose parts inflate past the bound, though it is small itself', async () => {
    const bomb = zipOf([{ name: 'xl/sharedStrings.xml', data: Buffer.alloc(2 << 20) }]);
    expect(bomb.length).toBeLessThan(10_000);
    expect(await refusal(bomb)).toEqual({
      status: 400,
      message: '导入文件解压后超过 1 MB 或 10 个部件，请拆分后再导入',
    });
  });

  it('counts what a part truly inflates to, not what its directory declares', async () => {
    const liar = zipOf([
      { name: 'xl/sharedStrings.xml', data: Buffer.alloc(2 << 20), declared: 10 },
    ]);
    expect((await refusal(liar))?.message).toContain('解压后超过 1 MB');
  });

  it('counts every part the directory holds, though its end record declares fewer', async () => {
    // A zip reader that stops at the declared count sees one small part; ExcelJS's JSZip walks
    // the whole directory and would inflate the second.
    const hidden = zipOf(
      [
        { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
        { name: 'xl/sharedStrings.xml', data: Buffer.alloc(2 << 20) },
      ],
      1,
    );
    expect((await refusal(hidden))?.message).toContain('解压后超过 1 MB');
  });

  it('refuses too many parts and bytes that are not a zip', async () => {
    const many = zipOf(
      Array.from({ length: 11 }, (_, i) => ({ name: `p${i}`, data: Buffer.from('x') })),
    );
    expect((await refusal(many))?.message).toContain('10 个部件');
    expect(await refusal(Buffer.from('not a spreadsheet'))).toEqual({
      status: 400,
      message: '导入文件不是有效的 xlsx 表格',
    });
  });
});
