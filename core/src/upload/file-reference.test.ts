import { describe, expect, it } from 'vitest';
import {
  checkFileReference,
  fileDownloadAddress,
  fileIdOfReference,
  isFileId,
} from './file-reference.js';

const id = '0123456789abcdef0123456789abcdef';

describe('file references', () => {
  it('takes a server-issued id and the download addresses the server builds', () => {
    expect(fileIdOfReference(id)).toBe(id);
    expect(fileIdOfReference(fileDownloadAddress(id))).toBe(id);
    expect(fileIdOfReference(`/common/download/resource?resource=${id}`)).toBe(id);
    expect(fileIdOfReference(`${fileDownloadAddress(id)}&preview=true`)).toBe(id);
    expect(fileIdOfReference(`/prod-api/common/download?fileName=${id}`)).toBe(id);
  });

  it.each([
    '/prod-api/approval/flow/del?flowId=1',
    '/prod-api/project/approval/deleteById?serviceId=1',
    `/prod-api/common/download?fileName=${id}&delete=true`,
    `/prod-api/common/download/resource?resource=${id}&x=/../approval/flow/del`,
    `/prod-api/common/download/resource/../../approval/flow/del?resource=${id}`,
    `javascript:alert(1)//${id}`,
    `//evil.example/prod-api/common/download/resource?resource=${id}`,
    `https://evil.example/prod-api/common/download/resource?resource=${id}`,
    `data:text/html,<script>alert(1)</script>`,
    id.toUpperCase(),
    `${id} `,
    '',
  ])('refuses %s', (ref) => {
    expect(fileIdOfReference(ref)).toBeNull();
  });

  it('names the field that does not name a server-issued file', () => {
    expect(checkFileReference({ fileId: id })).toEqual({ ok: true, fileId: id });
    expect(checkFileReference({ fileId: id, url: fileDownloadAddress(id) })).toEqual({
      ok: true,
      fileId: id,
    });
    expect(checkFileReference({ filePath: fileDownloadAddress(id) })).toEqual({
      ok: true,
      fileId: id,
    });
    expect(checkFileReference({ fileId: id, url: '/prod-api/approval/flow/del?flowId=1' })).toEqual(
      { ok: false, field: 'url' },
    );
    expect(
      checkFileReference({ fileId: id, filePath: fileDownloadAddress('f'.repeat(32)) }),
    ).toEqual({ ok: false, field: 'filePath' });
    expect(checkFileReference({ fileId: '../x' })).toEqual({ ok: false, field: 'fileId' });
    expect(checkFileReference({})).toEqual({ ok: false, field: 'fileId' });
    expect(isFileId(id)).toBe(true);
  });
});
