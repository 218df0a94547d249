import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  LOGIN_RELOAD_DELAY_MS,
  PUBLIC_PATHS,
  afterLoginLocation,
  afterSessionLoad,
  guardNavigation,
} from './access-guard.js';

const anon = { token: null, roles: [] };
const fresh = { token: 't', roles: [] };
const loaded = { token: 't', roles: ['pm'] };

describe('guardNavigation', () => {
  it('sends a user without a token to /login and reloads after 500 ms', () => {
    expect(LOGIN_RELOAD_DELAY_MS).toBe(500);
    expect(guardNavigation(anon, '/project/contractList?x=1')).toEqual({
      kind: 'toLogin',
      to: '/login?redirect=%2Fproject%2FcontractList%3Fx%3D1',
      reloadAfterMs: 500,
    });
    expect(guardNavigation(anon, '/')).toEqual({
      kind: 'toLogin',
      to: '/login',
      reloadAfterMs: 500,
    });
  });
  it('lets anyone open the public paths', () => {
    expect(PUBLIC_PATHS).toEqual(['/login', '/auth-redirect', '/bind', '/register']);
    for (const path of [
      '/login',
      '/auth-redirect',
      '/bind',
      '/register',
      '/register?x=1',
      '/bind/',
    ]) {
      expect(guardNavigation(anon, path)).toEqual({ kind: 'allow' });
    }
  });
  it('sends a signed-in user from /login to /', () => {
    expect(guardNavigation(loaded, '/login')).toEqual({ kind: 'redirect', to: '/' });
    expect(guardNavigation(fresh, '/login?redirect=%2Fa')).toEqual({ kind: 'redirect', to: '/' });
    expect(guardNavigation(loaded, '/register')).toEqual({ kind: 'allow' });
  });
  it('loads the session first when there is a token but no roles', () => {
    expect(guardNavigation(fresh, '/welcome/welcome')).toEqual({ kind: 'loadSession' });
    expect(guardNavigation(loaded, '/welcome/welcome')).toEqual({ kind: 'allow' });
  });
  it('never shows a private page without a token (property)', () => {
    const segment = fc.stringMatching(/^[a-zA-Z]{1,8}$/);
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 3 }), (segments) => {
        const path = `/${segments.join('/')}`;
        const decision = guardNavigation(anon, path);
        expect(decision.kind === 'allow').toBe(PUBLIC_PATHS.includes(path));
        if (decision.kind === 'toLogin') {
          const redirect = decodeURIComponent(decision.to.replace(/^\/login\?redirect=/, ''));
          expect(afterLoginLocation(redirect)).toBe(path);
        }
      }),
    );
  });
});

describe('afterLoginLocation', () => {
  it('only returns to paths of this site', () => {
    expect(afterLoginLocation('/project/main')).toBe('/project/main');
    expect(afterLoginLocation(null)).toBe('/');
    expect(afterLoginLocation('https://evil.example')).toBe('/');
    expect(afterLoginLocation('//evil.example')).toBe('/');
    expect(afterLoginLocation('/\\evil.example')).toBe('/');
    expect(afterLoginLocation('/login')).toBe('/');
    // URL parsing drops tabs and line breaks and reads a backslash as a slash: `//evil.example`.
    expect(afterLoginLocation('/\t/evil.example')).toBe('/');
    expect(afterLoginLocation('/\n/evil.example')).toBe('/');
    expect(afterLoginLocation('/a\\..\\\\evil.example')).toBe('/');
  });
  it('never leaves the site, whatever the parameter (property)', () => {
    // The runtime's URL parser, as the browser reads the address (core's types know no URL).
    const { URL } = globalThis as unknown as {
      URL: new (url: string, base: string) => { readonly origin: string };
    };
    fc.assert(
      fc.property(
        fc
          .array(
            fc.constantFrom('/', '\\', '\t', '\n', '\r', '\u0000', 'a', '.', ':', '@', '%', ' '),
            {
              maxLength: 10,
            },
          )
          .map((chars) => chars.join('')),
        (redirect) => {
          const to = new URL(afterLoginLocation(redirect), 'https://dpms.invalid/login');
          expect(to.origin).toBe('https://dpms.invalid');
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('afterSessionLoad', () => {
  it('retries on success and shows the route message then goes to / on failure', () => {
    expect(afterSessionLoad('/a?b=1', true)).toEqual({
      kind: 'retry',
      to: '/a?b=1',
      replace: true,
    });
    expect(afterSessionLoad('/a', false)).toEqual({
      kind: 'failed',
      message: '获取路由信息失败，请重新登录',
      to: '/',
    });
  });
});
