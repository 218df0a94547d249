import { describe, expect, it } from 'vitest';
import { listenHost, startupBanner } from './startup-banner.js';

describe('where the server listens', () => {
  it('is 127.0.0.1 in demo mode and every interface in production, unless HOST says', () => {
    expect(listenHost(undefined, false)).toBe('127.0.0.1');
    expect(listenHost('', false)).toBe('127.0.0.1');
    expect(listenHost('0.0.0.0', false)).toBe('0.0.0.0');
    expect(listenHost(undefined, true)).toBeUndefined();
    expect(listenHost('127.0.0.1', true)).toBe('127.0.0.1');
  });
});

describe('the start-up banner', () => {
  it('never offers the demo password in production', () => {
    const text = startupBanner({ production: true, host: undefined, port: 80, lan: ['10.0.0.5'] });
    expect(text).toContain('生产模式');
    expect(text).toContain('http://10.0.0.5:80/');
    expect(text).not.toContain('admin123');
  });
  it('names an IPv6 host in brackets', () => {
    const text = startupBanner({ production: false, host: '::1', port: 8080, lan: [] });
    expect(text).toContain('http://[::1]:8080/');
  });
});
