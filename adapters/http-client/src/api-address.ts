/**
 * Where the session's token may go: only to the API's own routes, i.e. an address
 * that resolves to the page's origin and to a path under the API base (`/prod-api/`). A stored
 * string that reaches a request (`//evil.example/x`, `https://…`, `/prod-api/../other`) never
 * carries the token elsewhere.
 */

/** The page's origin; outside a browser (tests, Node) a stand-in that no other address shares. */
export function pageOrigin(): string {
  const location = (globalThis as { location?: { origin?: string } }).location;
  return location?.origin !== undefined && location.origin !== 'null'
    ? location.origin
    : 'http://localhost';
}

/**
 * Whether `address` (as the request will go out: absolute, or relative to the page) names a route
 * of the API whose base is `apiBase` (`/prod-api`, or an absolute base in tests).
 */
export function isApiAddress(address: string, apiBase: string, origin = pageOrigin()): boolean {
  try {
    const base = new URL(apiBase.endsWith('/') ? apiBase : `${apiBase}/`, origin);
    const target = new URL(address, origin);
    return (
      base.origin === new URL(origin).origin &&
      target.origin === base.origin &&
      target.username === '' &&
      target.password === '' &&
      target.pathname.startsWith(base.pathname)
    );
  } catch {
    return false;
  }
}
