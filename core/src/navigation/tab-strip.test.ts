import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { STATIC_ROUTES } from './static-routes.js';
import {
  affixTabs,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  initialTabStrip,
  openTab,
  refreshTab,
  tabMenuOptions,
  type TabStripState,
  type TabView,
} from './tab-strip.js';

const tab = (path: string, extra: Partial<TabView> = {}): TabView => ({
  path,
  fullPath: path,
  name: path.replace(/\W/g, '') || 'root',
  title: path,
  affix: false,
  noCache: false,
  ...extra,
});
const HOME = tab('/welcome/welcome', { name: 'Welcome', affix: true });
const A = tab('/a');
const B = tab('/b');
const C = tab('/c', { noCache: true });

describe('tab strip', () => {
  it('starts with the fixed tabs of the static routes', () => {
    const fixed = affixTabs(STATIC_ROUTES);
    expect(fixed.map((t) => t.path)).toEqual(['/welcome/welcome']);
    expect(initialTabStrip(fixed)).toEqual({ visited: fixed, cached: ['Welcome'], active: '/' });
  });
  it('opens a tab once and caches views with noCache false', () => {
    let s = initialTabStrip([HOME]);
    s = openTab(s, A);
    s = openTab(s, C);
    s = openTab(s, { ...A, fullPath: '/a?x=1' });
    expect(s.visited.map((t) => t.fullPath)).toEqual(['/welcome/welcome', '/a?x=1', '/c']);
    expect(s.cached).toEqual(['Welcome', 'a']);
    expect(s.active).toBe('/a');
  });
  it('never closes a fixed tab', () => {
    const s = openTab(initialTabStrip([HOME]), HOME);
    expect(closeTab(s, HOME.path)).toEqual({ state: s, navigation: { kind: 'none' } });
    expect(tabMenuOptions(s, HOME.path).closeCurrent).toBe(false);
    expect(tabMenuOptions(s, HOME.path).refresh).toBe(true);
  });
  it('goes to the last remaining tab after closing the active one', () => {
    let s = initialTabStrip([HOME]);
    for (const t of [A, B]) s = openTab(s, t);
    s = openTab(s, A);
    const r = closeTab(s, A.path);
    expect(r.navigation).toEqual({ kind: 'push', to: '/b' });
    expect(r.state.active).toBe('/b');
    expect(r.state.cached).toEqual(['Welcome', 'b']);
  });
  it('does not move when closing another tab', () => {
    let s = initialTabStrip([]);
    for (const t of [A, B]) s = openTab(s, t);
    const r = closeTab(s, A.path);
    expect(r.navigation).toEqual({ kind: 'none' });
    expect(r.state.active).toBe('/b');
  });
  it('goes to the root when nothing remains, or refreshes the dashboard', () => {
    const one = openTab(initialTabStrip([]), A);
    expect(closeTab(one, A.path).navigation).toEqual({ kind: 'push', to: '/' });
    const dash = openTab(initialTabStrip([]), { ...HOME, affix: false });
    const r = closeTab(dash, HOME.path);
    expect(r.navigation).toEqual({ kind: 'refresh', to: '/redirect/welcome/welcome' });
    expect(r.state.active).toBe('/');
  });
  it('closes the others and goes to the chosen tab', () => {
    let s = initialTabStrip([HOME]);
    for (const t of [A, B, C]) s = openTab(s, t);
    const r = closeOtherTabs(s, A.path);
    expect(r.state.visited.map((t) => t.path)).toEqual(['/welcome/welcome', '/a']);
    expect(r.state.cached).toEqual(['Welcome', 'a']);
    expect(r.navigation).toEqual({ kind: 'push', to: '/a' });
  });
  it('closes all but the fixed tabs', () => {
    let s = initialTabStrip([HOME]);
    for (const t of [A, B]) s = openTab(s, t);
    const r = closeAllTabs(s);
    expect(r.state.visited).toEqual([HOME]);
    expect(r.navigation).toEqual({ kind: 'push', to: '/welcome/welcome' });
    const onHome = closeAllTabs(openTab(s, HOME));
    expect(onHome.navigation).toEqual({ kind: 'none' });
  });
  it('refreshes through /redirect and drops the view from the cache', () => {
    let s = initialTabStrip([]);
    s = openTab(s, { ...A, fullPath: '/a?id=1' });
    const r = refreshTab(s, A.path);
    expect(r.navigation).toEqual({ kind: 'refresh', to: '/redirect/a?id=1' });
    expect(r.state.cached).toEqual([]);
  });

  it('keeps fixed tabs and an active tab that is visited or the root (property)', () => {
    const pool = [
      HOME,
      tab('/fixed2', { affix: true }),
      A,
      B,
      C,
      tab('/d'),
      tab('/e', { name: 'a' }),
    ];
    const pick = fc.nat(pool.length - 1);
    const op = fc.record({
      op: fc.constantFrom('open', 'close', 'others', 'refresh', 'all'),
      i: pick,
      // Whether the router follows the navigation before the next operation.
      follows: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.subarray(pool.filter((t) => t.affix)),
        fc.array(op, { maxLength: 40 }),
        (fixed, ops) => {
          let s: TabStripState = initialTabStrip(fixed);
          const follow = (to: string): void => {
            // The router lands somewhere and opens that page's tab, as the web does.
            const path = to.replace(/^\/redirect/, '').replace(/\?.*$/, '');
            const landed = pool.find((t) => t.path === path);
            if (landed) s = openTab(s, landed);
          };
          for (const { op, i, follows } of ops) {
            const t = pool[i] as TabView;
            if (op === 'open') s = openTab(s, t);
            else {
              const r =
                op === 'close'
                  ? closeTab(s, t.path)
                  : op === 'others'
                    ? closeOtherTabs(s, t.path)
                    : op === 'refresh'
                      ? refreshTab(s, t.path)
                      : closeAllTabs(s);
              s = r.state;
              if (r.navigation.kind !== 'none' && follows) follow(r.navigation.to);
            }
            for (const f of fixed) expect(s.visited.some((v) => v.path === f.path)).toBe(true);
            expect(s.active === '/' || s.visited.some((v) => v.path === s.active)).toBe(true);
            expect(new Set(s.visited.map((v) => v.path)).size).toBe(s.visited.length);
            for (const name of s.cached) {
              expect(s.visited.some((v) => v.name === name && !v.noCache)).toBe(true);
            }
          }
        },
      ),
    );
  });
});
