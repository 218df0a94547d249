import { describe, expect, it } from 'vitest';
import { transportMessage } from './messages.js';
import { serializeParams } from './params.js';

describe('serializeParams', () => {
  it('drops empty values and writes nested objects as name[key]', () => {
    expect(serializeParams({ a: 1, b: '', c: null, d: undefined, p: { x: '中', y: '' } })).toBe(
      'a=1&p%5Bx%5D=%E4%B8%AD',
    );
  });
  it('is empty without parameters', () => {
    expect(serializeParams(undefined)).toBe('');
  });
});

describe('transportMessage', () => {
  it('maps the three transport texts of the catalogue', () => {
    expect(transportMessage('Network Error')).toBe('后端接口连接异常');
    expect(transportMessage('timeout of 300000ms exceeded')).toBe('系统接口请求超时');
    expect(transportMessage('Request failed with status code 503')).toBe('系统接口503异常');
  });
});
