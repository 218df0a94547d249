import { describe, expect, it } from 'vitest';
import { parseUploadResponse, uploadFailure } from './upload-failure.js';

const url = '/prod-api/common/maxfile/upload';

describe('uploadFailure', () => {
  it('takes response.error first', () => {
    expect(
      uploadFailure({ url, status: 500, response: { error: '磁盘已满' }, responseText: 'x' }),
    ).toEqual({
      message: '磁盘已满',
      status: 500,
      url,
      method: 'post',
    });
  });
  it('then a text response or the response text', () => {
    expect(uploadFailure({ url, status: 502, response: 'Bad Gateway' }).message).toBe(
      'Bad Gateway',
    );
    expect(
      uploadFailure({ url, status: 413, response: { code: 413 }, responseText: '文件过大' })
        .message,
    ).toBe('文件过大');
  });
  it('else fail to post {url} {status}', () => {
    expect(uploadFailure({ url, status: 0 }).message).toBe(`fail to post ${url} 0`);
    expect(uploadFailure({ url, status: 500, response: {}, responseText: '' }).message).toBe(
      `fail to post ${url} 500`,
    );
  });
});

describe('parseUploadResponse', () => {
  it('parses JSON when it can and keeps text otherwise', () => {
    expect(parseUploadResponse('{"code":200}')).toEqual({ code: 200 });
    expect(parseUploadResponse('<html>')).toBe('<html>');
    expect(parseUploadResponse('')).toBe('');
  });
});
