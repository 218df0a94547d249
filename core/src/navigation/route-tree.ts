import {
  INNER_LINK,
  LAYOUT,
  NO_COMPONENT,
  PARENT_VIEW,
  parseRouteQuery,
  view,
  type AppRoute,
  type RouteComponent,
  type RouteMeta,
  type ServerRoute,
} from './app-route.js';
import {
  isExternalLink,
  matchRoutePattern,
  pathnameOf,
  resolveRoutePath,
  joinRoutePath,
} from './route-path.js';
import { STATIC_ROUTES } from './static-routes.js';

/** Where unknown paths go (000 §2). */
export const NOT_FOUND_PATH = '/404';

/** The last route of the router: anything unknown redirects to /404. */
export const NOT_FOUND_ROUTE: AppRoute = {
  path: '*',
  fullPath: '*',
  component: NO_COMPONENT,
  redirect: NOT_FOUND_PATH,
  hidden: true,
  alwaysShow: false,
  children: [],
};

/**
 * The component of a server node. Why a top-level node without a component, or with
 * ParentView, becomes Layout: only Layout draws the shell around a page, and a top-level
 * pass-through would show a page with no sidebar or top bar.
 */
function componentOf(name: string | null | undefined, topLevel: boolean): RouteComponent {
  const value = name?.trim() ?? '';
  if (value === 'Layout') return LAYOUT;
  if (value === 'ParentView') return topLevel ? LAYOUT : PARENT_VIEW;
  if (value === 'InnerLink') return INNER_LINK;
  if (value === '') return topLevel ? LAYOUT : NO_COMPONENT;
  return view(value.replace(/^\/+/, ''));
}

/** `noRedirect`, or a path of this application: one leading slash, no scheme, no backslash. */
export function isInternalRedirect(redirect: string): boolean {
  return redirect === 'noRedirect' || /^\/(?![/\\])[^\\]*$/.test(redirect);
}

function metaOf(route: ServerRoute): RouteMeta | undefined {
  const meta = route.meta;
  if (meta === null || meta === undefined) return undefined;
  const out: { -readonly [K in keyof RouteMeta]: RouteMeta[K] } = {
    noCache: meta.noCache === true,
    affix: false,
  };
  if (meta.title !== null && meta.title !== undefined) out.title = meta.title;
  if (meta.icon !== null && meta.icon !== undefined && meta.icon !== '' && meta.icon !== '#') {
    out.icon = meta.icon;
  }
  if (meta.link !== null && meta.link !== undefined && meta.link !== '') out.link = meta.link;
  return out;
}

function toAppRoute(route: ServerRoute, basePath: string, topLevel: boolean): AppRoute {
  const fullPath = topLevel
    ? resolveRoutePath('/', route.path)
    : resolveRoutePath(basePath, route.path);
  const children = (route.children ?? []).map((child) => toAppRoute(child, fullPath, false));
  const query = parseRouteQuery(route.query);
  const meta = metaOf(route);
  return {
    path: route.path,
    fullPath,
    ...(route.name ? { name: route.name } : {}),
    component: componentOf(route.component, topLevel),
    // Why a leaf loses its redirect: the original dropped it, a leaf is a page to show.
    // Why only an internal path (or noRedirect): a stored menu row must not send the browser to
    // another origin or a script; the router would follow it before any page shows.
    ...(route.redirect && children.length > 0 && isInternalRedirect(route.redirect)
      ? { redirect: route.redirect }
      : {}),
    hidden: route.hidden === true,
    alwaysShow: route.alwaysShow === true,
    ...(query ? { query } : {}),
    ...(meta ? { meta } : {}),
    children,
  };
}

/** The server's route tree as app routes, unflattened (the sidebar's shape). */
export function toAppRoutes(tree: readonly ServerRoute[]): AppRoute[] {
  return tree.map((route) => toAppRoute(route, '/', true));
}

/**
 * Flattens every ParentView node: its children are lifted into its place with the two paths
 * joined, at any depth, so the router needs no pass-through components. Full paths do not
 * change. A ParentView without children is a page of its own and stays.
 */
export function flattenParentViews(routes: readonly AppRoute[]): AppRoute[] {
  return routes.map((route) =>
    route.children.length === 0 ? route : { ...route, children: liftChildren(route.children) },
  );
}

function liftChildren(children: readonly AppRoute[]): AppRoute[] {
  const out: AppRoute[] = [];
  for (const child of children) {
    if (child.component.kind === 'parentView' && child.children.length > 0) {
      const lifted = child.children.map((grand) => ({
        ...grand,
        path: joinRoutePath(child.path, grand.path),
      }));
      out.push(...liftChildren(lifted));
    } else if (child.children.length > 0) {
      out.push({ ...child, children: liftChildren(child.children) });
    } else {
      out.push(child);
    }
  }
  return out;
}

export interface GeneratedRoutes {
  /** What the sidebar draws from: the static routes, then the server tree as sent. */
  readonly sidebarRoutes: readonly AppRoute[];
  /** What the router matches: the static routes, the flattened server routes, then `*` → /404. */
  readonly routerRoutes: readonly AppRoute[];
}

/** The title of each page of the server's tree (its menu's name), by full path. */
function menuTitles(routes: readonly AppRoute[], into = new Map<string, string>()) {
  for (const route of routes) {
    if (route.children.length === 0 && route.meta?.title) into.set(route.fullPath, route.meta.title);
    menuTitles(route.children, into);
  }
  return into;
}

/**
 * The static routes, each page that is also a menu page titled by its menu: the static route
 * matches first, and the tab, the breadcrumb and the page's heading then say what the menu says
 * (经营主页, not the static route's 项目主页), whatever the administrator named it.
 */
function titledByMenus(
  routes: readonly AppRoute[],
  titles: ReadonlyMap<string, string>,
): AppRoute[] {
  return routes.map((route) => {
    const title = route.children.length === 0 ? titles.get(route.fullPath) : undefined;
    return {
      ...route,
      ...(title !== undefined && route.meta ? { meta: { ...route.meta, title } } : {}),
      children: titledByMenus(route.children, titles),
    };
  });
}

/** Both route lists from the server's tree (the original's GenerateRoutes). */
export function generateRoutes(tree: readonly ServerRoute[]): GeneratedRoutes {
  const routes = toAppRoutes(tree);
  const statics = titledByMenus(STATIC_ROUTES, menuTitles(routes));
  return {
    sidebarRoutes: [...statics, ...routes],
    routerRoutes: [...statics, ...flattenParentViews(routes), NOT_FOUND_ROUTE],
  };
}

export interface RouteMatch {
  /** The matched routes from the top level down to the page. */
  readonly chain: readonly AppRoute[];
  readonly params: Readonly<Record<string, string>>;
}

/**
 * The routes a location matches, deepest first: a child wins over its parent, earlier siblings
 * win over later ones. External links and the catch-all are never matched here.
 */
export function matchRoute(routes: readonly AppRoute[], location: string): RouteMatch | undefined {
  const path = pathnameOf(location);
  for (const route of routes) {
    if (route.fullPath === '*' || isExternalLink(route.fullPath)) continue;
    const below = matchRoute(route.children, path);
    if (below !== undefined) return { chain: [route, ...below.chain], params: below.params };
    const params = matchRoutePattern(route.fullPath, path, route.paramPatterns);
    if (params !== undefined) return { chain: [route], params };
  }
  return undefined;
}

/**
 * Where the router sends a location before showing anything: the matched route's redirect,
 * /404 for an unknown path, or undefined to show the page.
 */
export function routeRedirect(routes: readonly AppRoute[], location: string): string | undefined {
  const match = matchRoute(routes, location);
  if (match === undefined) return NOT_FOUND_PATH;
  const page = match.chain[match.chain.length - 1];
  if (page?.redirect !== undefined && page.redirect !== 'noRedirect') return page.redirect;
  return undefined;
}

/** Every leaf (a route without children) with its full path, in tree order. */
export function leafPaths(routes: readonly AppRoute[]): string[] {
  return routes.flatMap((route) =>
    route.children.length === 0 ? [route.fullPath] : leafPaths(route.children),
  );
}
