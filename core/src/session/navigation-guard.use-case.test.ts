import { describe, expect, it } from 'vitest';
import {
  NavigationGuard,
  type RouteInstaller,
  type SessionInfoGateway,
} from './navigation-guard.use-case.js';
import { SESSION_INITIAL, sessionReducer, type UserInfoAnswer } from './session-state.js';

const INFO: UserInfoAnswer = { user: { userId: 1, userName: 'li' }, roles: [], permissions: [] };
const withToken = sessionReducer(SESSION_INITIAL, { type: 'tokenRestored', token: 'tok' });

function fakes(opts: { infoFails?: boolean; routesFail?: boolean } = {}) {
  const calls: string[] = [];
  const gateway: SessionInfoGateway = {
    getInfo: () => {
      calls.push('getInfo');
      return opts.infoFails ? Promise.reject(new Error('401')) : Promise.resolve(INFO);
    },
    logout: () => {
      calls.push('logout');
      return Promise.reject(new Error('already gone'));
    },
  };
  const routes: RouteInstaller = {
    installRoutes: () => {
      calls.push('routes');
      return opts.routesFail ? Promise.reject(new Error('getRouters')) : Promise.resolve();
    },
  };
  return { calls, guard: new NavigationGuard(gateway, routes) };
}

describe('NavigationGuard', () => {
  it('loads the user info and the routes, then retries the navigation', async () => {
    const { calls, guard } = fakes();
    const r = await guard.navigate(withToken, '/project/main');
    expect(calls).toEqual(['getInfo', 'routes']);
    expect(r.state.roles).toEqual(['ROLE_DEFAULT']);
    expect(r.decision).toEqual({ kind: 'retry', to: '/project/main', replace: true });
    const again = await guard.navigate(r.state, '/project/main');
    expect(again.decision).toEqual({ kind: 'allow' });
    expect(calls).toHaveLength(2);
  });
  it('asks for the user info and the routes at once', async () => {
    // getInfo answers only once the routes were asked for: run in turn, this never settles.
    let routesAsked!: () => void;
    const asked = new Promise<void>((resolve) => (routesAsked = resolve));
    const guard = new NavigationGuard(
      { getInfo: () => asked.then(() => INFO), logout: () => Promise.resolve() },
      {
        installRoutes: () => {
          routesAsked();
          return Promise.resolve();
        },
      },
    );
    const r = await guard.navigate(withToken, '/project/main');
    expect(r.decision).toEqual({ kind: 'retry', to: '/project/main', replace: true });
  });
  it.each([{ infoFails: true }, { routesFail: true }])(
    'logs out and goes to / when loading fails (%o)',
    async (opts) => {
      const { calls, guard } = fakes(opts);
      const r = await guard.navigate(withToken, '/project/main');
      expect(calls).toContain('logout');
      expect(r.state).toEqual(SESSION_INITIAL);
      expect(r.decision).toEqual({
        kind: 'failed',
        message: '获取路由信息失败，请重新登录',
        to: '/',
      });
    },
  );
  it('decides a failed load only once the routes asked for have settled', async () => {
    // Otherwise routes answered late for a failed attempt would be installed after it was
    // decided, over those of the next sign-in.
    let answerRoutes!: () => void;
    let installed = false;
    const guard = new NavigationGuard(
      { getInfo: () => Promise.reject(new Error('401')), logout: () => Promise.resolve() },
      {
        installRoutes: () =>
          new Promise<void>((resolve) => {
            answerRoutes = () => {
              installed = true;
              resolve();
            };
          }),
      },
    );
    const decided = guard.navigate(withToken, '/project/main');
    let early = false;
    void decided.then(() => (early = !installed));
    // Far more turns than the failed getInfo and the logout take to reach a decision.
    for (let turn = 0; turn < 50; turn += 1) await Promise.resolve();
    expect(early).toBe(false);
    answerRoutes();
    expect((await decided).decision.kind).toBe('failed');
  });
  it('decides without calls when nothing needs loading', async () => {
    const { calls, guard } = fakes();
    expect((await guard.navigate(SESSION_INITIAL, '/x')).decision.kind).toBe('toLogin');
    expect(calls).toEqual([]);
  });
});
