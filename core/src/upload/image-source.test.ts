import { describe, expect, it } from 'vitest';
import { avatarPath, imageSource, inlineImageSource } from './image-source.js';

const png = 'data:image/png;base64,iVBORw0KGgo=';

describe('image sources', () => {
  it.each([
    '/prod-api/profile/avatar/0f8fad5b-d9cb-469f-a165-70867728950e.png',
    '/prod-api/system/user/profile/signature/abc_123',
    png,
    'blob:http://localhost/0f8fad5b',
  ])('shows %s', (src) => {
    expect(imageSource(src)).toBe(src);
  });

  it.each([
    'https://evil.example/a.png',
    '//evil.example/a.png',
    'http://169.254.169.254/latest/meta-data/',
    '/prod-api/approval/flow/del?flowId=1',
    '/prod-api/profile/avatar/../../approval/flow/del',
    'javascript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:text/html;base64,PHNjcmlwdD4=',
    `${png}" onerror="alert(1)`,
    '',
    null,
    undefined,
  ])('shows no image for %s', (src) => {
    expect(imageSource(src)).toBeUndefined();
  });

  it('shows an avatar sent as its path below the API base (as RuoYi stores it) under /prod-api', () => {
    const path = '/profile/avatar/0f8fad5b-d9cb-469f-a165-70867728950e.png';
    expect(imageSource(path)).toBe(`/prod-api${path}`);
    expect(imageSource('/profile/avatar/../../system/user/list')).toBeUndefined();
    expect(imageSource('/profile/avatar/0f8fad5b-d9cb-469f-a165-70867728950e.svg')).toBeUndefined();
  });

  it('sends an avatar stored with the /prod-api prefix as the path below it', () => {
    const path = '/profile/avatar/0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
    expect(avatarPath(`/prod-api${path}`)).toBe(path);
    expect(avatarPath(path)).toBe(path);
    expect(avatarPath(null)).toBe('');
  });

  it('prints inlined images only', () => {
    expect(inlineImageSource(png)).toBe(png);
    expect(inlineImageSource('/prod-api/system/user/profile/signature/abc')).toBeUndefined();
    expect(inlineImageSource('https://evil.example/a.png')).toBeUndefined();
  });
});
