import { describe, expect, it } from 'vitest';
import { isApiAddress } from './api-address.js';

const origin = 'https://dpms.example.org';

describe('isApiAddress', () => {
  it.each([
    '/prod-api/getInfo',
    '/prod-api/common/download/resource?resource=x',
    'https://dpms.example.org/prod-api/system/user/list',
  ])('takes %s', (address) => {
    expect(isApiAddress(address, '/prod-api', origin)).toBe(true);
  });

  it.each([
    '/prod-api',
    '/prod-apix/getInfo',
    '/prod-api/../index.html',
    '/prod-api/%2e%2e/index.html',
    '/index.html',
    '//evil.example/prod-api/getInfo',
    'https://evil.example/prod-api/getInfo',
    'http://dpms.example.org/prod-api/getInfo',
    'https://user:pw@dpms.example.org/prod-api/getInfo',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
  ])('refuses %s', (address) => {
    expect(isApiAddress(address, '/prod-api', origin)).toBe(false);
  });

  it('refuses everything when the API base itself is on another origin', () => {
    expect(isApiAddress('https://api.other/prod-api/x', 'https://api.other/prod-api', origin)).toBe(
      false,
    );
  });
});
