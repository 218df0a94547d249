/** Links the sidebar uses as they are: http, https, mailto and tel (000 §2). */
const EXTERNAL = /^(https?:|mailto:|tel:)/;

export function isExternalLink(path: string): boolean {
  return EXTERNAL.test(path);
}

/**
 * An absolute path in canonical form: one leading slash, no empty or `.` segments, `..` applied,
 * no trailing slash (except the root). Parameters such as `:dictId` and `*` are left alone.
 */
export function normalizeRoutePath(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return `/${out.join('/')}`;
}

/**
 * A route path resolved against its parent's path, as the original sidebar did with Node's
 * `path.resolve`: an external link is used as it is, an external base wins over a relative
 * child, an absolute child ignores the base, and a relative child is appended to it.
 */
export function resolveRoutePath(basePath: string, routePath: string): string {
  if (isExternalLink(routePath)) return routePath;
  if (isExternalLink(basePath)) return basePath;
  if (routePath.startsWith('/')) return normalizeRoutePath(routePath);
  return normalizeRoutePath(`${basePath}/${routePath}`);
}

/**
 * The path a child gets when its ParentView parent is flattened away: parent and child joined.
 * Why absolute and external children stay as they are: joining would change where they lead,
 * and `resolveRoutePath` already ignores the parent for them.
 */
export function joinRoutePath(parentPath: string, childPath: string): string {
  if (isExternalLink(childPath) || childPath.startsWith('/')) return childPath;
  if (childPath === '') return parentPath;
  if (parentPath === '') return childPath;
  return `${parentPath.replace(/\/+$/, '')}/${childPath.replace(/^\/+/, '')}`;
}

/** Only the path part of a location (no query string, no hash), normalised. */
export function pathnameOf(location: string): string {
  const cut = location.search(/[?#]/);
  return normalizeRoutePath(cut === -1 ? location : location.slice(0, cut));
}

/**
 * Matches a concrete path against a route pattern with `:name` parameters and a trailing `*`
 * (the rest of the path, under the key `*`). `paramPatterns` restricts a parameter by a regular
 * expression source, e.g. `{ dictId: '^\\d+$' }`. Returns the parameters, or undefined.
 */
export function matchRoutePattern(
  pattern: string,
  path: string,
  paramPatterns: Readonly<Record<string, string>> = {},
): Record<string, string> | undefined {
  const want = normalizeRoutePath(pattern).split('/').filter(Boolean);
  const have = pathnameOf(path).split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] ?? '';
    if (segment === '*') {
      params['*'] = have.slice(i).join('/');
      return params;
    }
    const actual = have[i];
    if (actual === undefined) return undefined;
    if (segment.startsWith(':')) {
      const name = segment.slice(1);
      const rule = paramPatterns[name];
      const value = safeDecode(actual);
      if (rule !== undefined && !new RegExp(rule).test(value)) return undefined;
      params[name] = value;
    } else if (segment !== actual) {
      return undefined;
    }
  }
  return have.length === want.length ? params : undefined;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
