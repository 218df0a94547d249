import { describe, expect, it } from 'vitest';
import { validateResultFileForm } from './result-file-form.js';

const file = { name: '成果.pdf', status: 'success' };

describe('validateResultFileForm', () => {
  it('accepts one file with a name, trimmed', () => {
    expect(
      validateResultFileForm({
        fileName: ' 施工图 ',
        fileProp: '1',
        memo: ' 备注 ',
        fileList: [file],
      }),
    ).toEqual({
      ok: true,
      value: { fileName: '施工图', fileProp: '1', memo: '备注', fileList: [file] },
    });
  });

  it('needs a file name', () => {
    const result = validateResultFileForm({
      fileName: '  ',
      fileProp: '',
      memo: '',
      fileList: [file],
    });
    expect(!result.ok && result.error).toMatchObject({
      message: '请输入文件名称',
      field: 'fileName',
    });
  });

  it('needs an uploaded file', () => {
    for (const fileList of [[], [{ name: 'x.pdf', status: 'fail' }]]) {
      const result = validateResultFileForm({ fileName: 'a', fileProp: '', memo: '', fileList });
      expect(!result.ok && result.error).toMatchObject({
        message: '请上传附件',
        field: 'fileList',
      });
    }
  });

  it('holds exactly one file', () => {
    const result = validateResultFileForm({
      fileName: 'a',
      fileProp: '',
      memo: '',
      fileList: [file, file],
    });
    expect(!result.ok && result.error.code).toBe('UPLOAD.FILE_COUNT_EXCEEDED');
  });

  it('limits the name and the memo', () => {
    expect(
      validateResultFileForm({ fileName: 'a'.repeat(51), fileProp: '', memo: '', fileList: [file] })
        .ok,
    ).toBe(false);
    expect(
      validateResultFileForm({
        fileName: 'a',
        fileProp: '',
        memo: 'm'.repeat(1001),
        fileList: [file],
      }).ok,
    ).toBe(false);
  });
});
