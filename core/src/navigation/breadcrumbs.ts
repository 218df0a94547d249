import type { AppRoute } from './app-route.js';
import { pathnameOf } from './route-path.js';
import { WELCOME_PATH } from './static-routes.js';

export interface Breadcrumb {
  readonly title: string;
  /** Where a click goes: the route's redirect when it has one, else its path. */
  readonly to: string;
  /** Only the first level has one, and not on the welcome page (000 §2). */
  readonly icon?: string;
  /** The last crumb (the page itself) and `noRedirect` routes are not links. */
  readonly clickable: boolean;
}

/**
 * The breadcrumbs of a page from its matched routes (top level first), one per route with a
 * title. Why no "home" crumb is prepended as RuoYi does: the spec builds them from route titles
 * only, and the welcome page is one click away in the sidebar and the fixed tab.
 */
export function buildBreadcrumbs(
  chain: readonly AppRoute[],
  currentPath: string,
  welcomePath: string = WELCOME_PATH,
): Breadcrumb[] {
  const titled = chain.filter(
    (route): route is AppRoute & { meta: { title: string } } =>
      route.meta?.title !== undefined && route.meta.title !== '',
  );
  const onWelcome = pathnameOf(currentPath) === pathnameOf(welcomePath);
  return titled.map((route, index) => {
    const last = index === titled.length - 1;
    const icon = index === 0 && !onWelcome ? route.meta.icon : undefined;
    return {
      title: route.meta.title,
      to:
        route.redirect !== undefined && route.redirect !== 'noRedirect'
          ? route.redirect
          : route.fullPath,
      ...(icon !== undefined ? { icon } : {}),
      clickable: !last && route.redirect !== 'noRedirect',
    };
  });
}
