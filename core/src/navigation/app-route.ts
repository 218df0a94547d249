/**
 * A route node as `GET /getRouters` sends it (the RuoYi shape, 000 §2). Every field but `path`
 * may be missing; `query` is a JSON object in a string.
 */
export interface ServerRoute {
  readonly name?: string | null;
  readonly path: string;
  readonly hidden?: boolean | null;
  readonly redirect?: string | null;
  readonly component?: string | null;
  readonly alwaysShow?: boolean | null;
  readonly query?: string | null;
  readonly meta?: ServerRouteMeta | null;
  readonly children?: readonly ServerRoute[] | null;
}

export interface ServerRouteMeta {
  readonly title?: string | null;
  readonly icon?: string | null;
  readonly noCache?: boolean | null;
  readonly link?: string | null;
}

/** What a route renders: the shell, a pass-through, an embedded external page, or a view. */
export type RouteComponent =
  | { readonly kind: 'layout' }
  | { readonly kind: 'parentView' }
  | { readonly kind: 'innerLink' }
  /** `view` is the server's component path, e.g. `project/contract/index`. */
  | { readonly kind: 'view'; readonly view: string }
  | { readonly kind: 'none' };

export interface RouteMeta {
  readonly title?: string;
  readonly icon?: string;
  /** True: the view is not kept alive when its tab is left. */
  readonly noCache: boolean;
  /** An external address shown inside the shell. */
  readonly link?: string;
  /** True: its tab is fixed and cannot be closed. */
  readonly affix: boolean;
  /** The sidebar entry to highlight for a hidden page. */
  readonly activeMenu?: string;
}

/** A route as the web's router and sidebar use it. */
export interface AppRoute {
  /** The path as declared: absolute at the top level, usually relative below. */
  readonly path: string;
  /** The absolute path (or the external link) this route answers. */
  readonly fullPath: string;
  readonly name?: string;
  readonly component: RouteComponent;
  readonly redirect?: string;
  readonly hidden: boolean;
  readonly alwaysShow: boolean;
  readonly query?: Readonly<Record<string, string>>;
  readonly meta?: RouteMeta;
  /** Regular-expression sources restricting path parameters, e.g. `{ dictId: '^\\d+$' }`. */
  readonly paramPatterns?: Readonly<Record<string, string>>;
  readonly children: readonly AppRoute[];
}

export const LAYOUT: RouteComponent = { kind: 'layout' };
export const PARENT_VIEW: RouteComponent = { kind: 'parentView' };
export const INNER_LINK: RouteComponent = { kind: 'innerLink' };
export const NO_COMPONENT: RouteComponent = { kind: 'none' };

export const view = (name: string): RouteComponent => ({ kind: 'view', view: name });

/**
 * A route's query string object, from the server's JSON text. Why values become strings: they
 * end up in a URL. Text that is not a JSON object is ignored rather than breaking the menu.
 */
export function parseRouteQuery(
  query: string | null | undefined,
): Readonly<Record<string, string>> | undefined {
  if (query === null || query === undefined || query.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(query);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (value === null || value === undefined) continue;
    out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return out;
}
