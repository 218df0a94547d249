import type { AppRoute } from './app-route.js';
import { REDIRECT_PATH_PREFIX, ROOT_PATH, WELCOME_PATH } from './static-routes.js';

/** A tab of a visited page. */
export interface TabView {
  /** Identity of the tab: the page's path. Visits with another query share the tab. */
  readonly path: string;
  /** Path with query, where the tab leads. */
  readonly fullPath: string;
  /** The view's name, used for keep-alive caching. */
  readonly name?: string;
  readonly title: string;
  /** Fixed: cannot be closed. */
  readonly affix: boolean;
  /** Not kept alive when left. */
  readonly noCache: boolean;
}

export interface TabStripState {
  readonly visited: readonly TabView[];
  /** Names of views kept alive: the visited views with noCache false. */
  readonly cached: readonly string[];
  /** The path of the active tab, or the root while nothing is open. */
  readonly active: string;
}

export type TabNavigation =
  | { readonly kind: 'none' }
  | { readonly kind: 'push'; readonly to: string }
  /** Reload the view in place: go through /redirect{fullPath}, which comes straight back. */
  | { readonly kind: 'refresh'; readonly to: string };

export interface TabStripResult {
  readonly state: TabStripState;
  readonly navigation: TabNavigation;
}

export interface TabStripOptions {
  /** The dashboard: closing it as the last tab refreshes it instead of going to the root. */
  readonly dashboardPath?: string;
}

const STAY: TabNavigation = { kind: 'none' };

/** The tab of a route; `fullPath` defaults to the route's own. */
export function tabOf(route: AppRoute, fullPath: string = route.fullPath): TabView {
  return {
    path: route.fullPath,
    fullPath,
    ...(route.name !== undefined ? { name: route.name } : {}),
    title: route.meta?.title ?? '',
    affix: route.meta?.affix === true,
    noCache: route.meta?.noCache === true,
  };
}

/** The fixed tabs among the routes, in tree order. */
export function affixTabs(routes: readonly AppRoute[]): TabView[] {
  return routes.flatMap((route) => [
    ...(route.meta?.affix === true ? [tabOf(route)] : []),
    ...affixTabs(route.children),
  ]);
}

/** The strip before any page has opened: the fixed tabs. */
export function initialTabStrip(fixed: readonly TabView[]): TabStripState {
  const visited = dedupe(fixed.map((tab) => ({ ...tab, affix: true })));
  return { visited, cached: cachedNames(visited), active: ROOT_PATH };
}

/** A page was opened (a route change): add or update its tab and make it active. */
export function openTab(state: TabStripState, tab: TabView): TabStripState {
  const existing = state.visited.find((t) => t.path === tab.path);
  const visited = existing
    ? state.visited.map((t) => (t.path === tab.path ? { ...tab, affix: t.affix || tab.affix } : t))
    : [...state.visited, tab];
  const cached =
    tab.name !== undefined && !tab.noCache && !state.cached.includes(tab.name)
      ? [...state.cached, tab.name]
      : state.cached;
  return { visited, cached, active: tab.path };
}

/**
 * Closes a tab (its close icon, a middle click, or "close current"). A fixed tab never closes.
 * Closing the active tab goes to the last remaining tab; if none remains, to the root, or a
 * refresh when the closed tab was the dashboard.
 */
export function closeTab(
  state: TabStripState,
  path: string,
  options: TabStripOptions = {},
): TabStripResult {
  const tab = state.visited.find((t) => t.path === path);
  if (tab === undefined || tab.affix) return { state, navigation: STAY };
  const visited = state.visited.filter((t) => t.path !== path);
  const next = { ...state, visited, cached: keepCached(state.cached, visited, [tab]) };
  if (state.active !== path) return { state: next, navigation: STAY };
  return toLastView(next, tab, options);
}

/** Closes every tab but the fixed ones and `path`, and goes to `path`. */
export function closeOtherTabs(state: TabStripState, path: string): TabStripResult {
  const keep = state.visited.find((t) => t.path === path);
  if (keep === undefined) return { state, navigation: STAY };
  const visited = state.visited.filter((t) => t.affix || t.path === path);
  const removed = state.visited.filter((t) => !visited.includes(t));
  return {
    state: { visited, cached: keepCached(state.cached, visited, removed), active: path },
    navigation: state.active === path ? STAY : { kind: 'push', to: keep.fullPath },
  };
}

/**
 * Closes every tab but the fixed ones. When the active page was fixed it stays; otherwise the
 * view moves as after closing the active tab.
 */
export function closeAllTabs(state: TabStripState, options: TabStripOptions = {}): TabStripResult {
  const visited = state.visited.filter((t) => t.affix);
  const removed = state.visited.filter((t) => !t.affix);
  const next = { ...state, visited, cached: keepCached(state.cached, visited, removed) };
  const active = state.visited.find((t) => t.path === state.active);
  if (active === undefined || active.affix) {
    return {
      state: visited.some((t) => t.path === state.active) ? next : { ...next, active: ROOT_PATH },
      navigation: STAY,
    };
  }
  return toLastView(next, active, options);
}

/** Reloads a tab's view: drops it from the cache and bounces through /redirect. */
export function refreshTab(state: TabStripState, path: string): TabStripResult {
  const tab = state.visited.find((t) => t.path === path);
  if (tab === undefined) return { state, navigation: STAY };
  return {
    state: {
      ...state,
      cached: tab.name === undefined ? state.cached : state.cached.filter((n) => n !== tab.name),
      active: path,
    },
    navigation: { kind: 'refresh', to: refreshPath(tab.fullPath) },
  };
}

/** The /redirect address that reloads `fullPath`. */
export function refreshPath(fullPath: string): string {
  return `${REDIRECT_PATH_PREFIX}${fullPath.startsWith('/') ? '' : '/'}${fullPath}`;
}

export interface TabMenuOptions {
  readonly refresh: boolean;
  /** Not offered for a fixed tab. */
  readonly closeCurrent: boolean;
  readonly closeOthers: boolean;
  readonly closeAll: boolean;
}

/** What the context menu of a tab offers (000 §2). */
export function tabMenuOptions(state: TabStripState, path: string): TabMenuOptions {
  const tab = state.visited.find((t) => t.path === path);
  return {
    refresh: tab !== undefined,
    closeCurrent: tab !== undefined && !tab.affix,
    closeOthers: tab !== undefined,
    closeAll: tab !== undefined,
  };
}

/** Whether a middle click or the close icon may close the tab. */
export function isTabClosable(tab: TabView): boolean {
  return !tab.affix;
}

function toLastView(
  state: TabStripState,
  closed: TabView,
  options: TabStripOptions,
): TabStripResult {
  const last = state.visited[state.visited.length - 1];
  if (last !== undefined) {
    return {
      state: { ...state, active: last.path },
      navigation: { kind: 'push', to: last.fullPath },
    };
  }
  // Nothing left: the root, or a reload when the dashboard itself was closed. Either way the
  // router then opens a page, which `openTab` records.
  const dashboard = options.dashboardPath ?? WELCOME_PATH;
  const navigation: TabNavigation =
    closed.path === dashboard
      ? { kind: 'refresh', to: refreshPath(closed.fullPath) }
      : { kind: 'push', to: ROOT_PATH };
  return { state: { ...state, active: ROOT_PATH }, navigation };
}

/** The cache after `removed` tabs left, keeping names another open tab still uses. */
function keepCached(
  cached: readonly string[],
  visited: readonly TabView[],
  removed: readonly TabView[],
): readonly string[] {
  const gone = new Set(
    removed
      .map((t) => t.name)
      .filter(
        (n): n is string => n !== undefined && !visited.some((v) => v.name === n && !v.noCache),
      ),
  );
  return gone.size === 0 ? cached : cached.filter((n) => !gone.has(n));
}

function cachedNames(visited: readonly TabView[]): string[] {
  const names: string[] = [];
  for (const tab of visited) {
    if (tab.name !== undefined && !tab.noCache && !names.includes(tab.name)) names.push(tab.name);
  }
  return names;
}

function dedupe(tabs: readonly TabView[]): TabView[] {
  const seen = new Set<string>();
  return tabs.filter((tab) => (seen.has(tab.path) ? false : (seen.add(tab.path), true)));
}
