import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  ALLOWED_UPLOAD_TYPES,
  FILE_TYPES_BY_CATEGORY,
  checkUploadType,
  deriveFileType,
  fileExtension,
  isPdf,
  isPreviewable,
  partitionByUploadType,
  toFileEntry,
} from './file-type.js';

describe('deriveFileType (the spec: last 4 characters, lower-cased, dot removed)', () => {
  it.each([
    ['a.docx', 'docx'],
    ['a.pdf', 'pdf'],
    ['a.JPEG', 'jpeg'],
    ['合同扫描件.PDF', 'pdf'],
    ['a.js', 'ajs'],
    ['pdf', 'pdf'],
  ])('%s → %s', (name, type) => expect(deriveFileType(name)).toBe(type));

  it('equals the real extension for every allowed type', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.constantFrom(...ALLOWED_UPLOAD_TYPES),
        (stem, ext) => {
          const name = `${stem}.${ext}`;
          expect(deriveFileType(name)).toBe(fileExtension(name));
        },
      ),
    );
  });
});

describe('fileExtension', () => {
  it('reads after the last dot, lower-cased', () => {
    expect(fileExtension('a.b.XLSX')).toBe('xlsx');
    expect(fileExtension('README')).toBe('');
  });
});

describe('isPdf and isPreviewable', () => {
  it('recognises pdf in any case', () => {
    expect(isPdf('x.PDF')).toBe(true);
    expect(isPdf('x.png')).toBe(false);
  });
  it('previews png, jpg, jpeg and pdf only', () => {
    for (const name of ['a.png', 'a.jpg', 'a.JPEG', 'a.pdf'])
      expect(isPreviewable(name)).toBe(true);
    for (const name of ['a.docx', 'a.zip', 'a.txt', 'a.xls'])
      expect(isPreviewable(name)).toBe(false);
  });
  it('fills a file entry', () => {
    expect(toFileEntry({ fileName: '图纸.pdf', filePath: '/f/1' })).toEqual({
      fileName: '图纸.pdf',
      filePath: '/f/1',
      fileType: 'pdf',
      isPdf: true,
      hasView: true,
      isUpload: false,
    });
  });
});

describe('checkUploadType', () => {
  it('accepts every allowed type in any case', () => {
    for (const ext of ALLOWED_UPLOAD_TYPES) {
      expect(checkUploadType(`x.${ext.toUpperCase()}`)).toEqual({ ok: true, value: ext });
    }
  });
  it('refuses another extension naming the file and the extension', () => {
    const result = checkUploadType('病毒.exe');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('UPLOAD.TYPE_NOT_ALLOWED');
    expect(result.error.message).toContain('病毒.exe');
    expect(result.error.message).toContain('exe');
    expect(result.error.message).toContain('xls/xlsx/txt/doc/docx/ppt/pptx/jpg/jpeg/png/pdf/zip');
  });
  it('refuses a name without extension', () => {
    expect(checkUploadType('Makefile').ok).toBe(false);
  });
  it('takes a category list', () => {
    expect(checkUploadType('a.dwg', FILE_TYPES_BY_CATEGORY.cad).ok).toBe(true);
    expect(checkUploadType('a.dwg').ok).toBe(false);
    expect(checkUploadType('a.rar', FILE_TYPES_BY_CATEGORY.package).ok).toBe(true);
    expect(checkUploadType('a.docx', FILE_TYPES_BY_CATEGORY.rendering).ok).toBe(false);
  });
  it('partitions a selection, ignoring the refused files only', () => {
    const { accepted, refused } = partitionByUploadType([
      { name: 'a.pdf' },
      { name: 'b.exe' },
      { name: 'c.docx' },
    ]);
    expect(accepted.map((f) => f.name)).toEqual(['a.pdf', 'c.docx']);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.message).toContain('b.exe');
  });
});
