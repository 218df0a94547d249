import { SESSION_MESSAGES } from './session-messages.js';
import type { SessionState } from './session-state.js';

export const LOGIN_PATH = '/login';
/** Where the shell starts; it redirects to the welcome page. */
export const HOME_PATH = '/';
/** Paths open without a token (000 §2). */
export const PUBLIC_PATHS: readonly string[] = ['/login', '/auth-redirect', '/bind', '/register'];
/** After sending a user without a token to /login the page reloads this much later (000 §2). */
export const LOGIN_RELOAD_DELAY_MS = 500;
/** The query parameter of /login that says where to go back after signing in. */
export const LOGIN_REDIRECT_PARAM = 'redirect';

export type GuardDecision =
  /** Show the page. */
  | { readonly kind: 'allow' }
  /** A signed-in user opened /login: go to the root instead. */
  | { readonly kind: 'redirect'; readonly to: string }
  /** No token: go to the login page, then reload the page after `reloadAfterMs`. */
  | { readonly kind: 'toLogin'; readonly to: string; readonly reloadAfterMs: number }
  /** A token but no roles: fetch the user info, generate the routes, then retry. */
  | { readonly kind: 'loadSession' };

/** The path part of a location, without query or hash. */
function pathOf(location: string): string {
  const cut = location.search(/[?#]/);
  const path = cut === -1 ? location : location.slice(0, cut);
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

export function isPublicPath(location: string): boolean {
  return PUBLIC_PATHS.includes(pathOf(location));
}

/**
 * What the router does before showing `location` (000 §2, §4), as RuoYi's permission guard:
 * - with a token: /login goes to /; a public path shows; without roles the session loads first;
 * - without a token: a public path shows; anything else goes to /login (with the location to
 *   come back to) and the page reloads after 500 ms.
 */
export function guardNavigation(
  state: Pick<SessionState, 'token' | 'roles'>,
  location: string,
): GuardDecision {
  const path = pathOf(location);
  if (state.token !== null && state.token !== '') {
    if (path === LOGIN_PATH) return { kind: 'redirect', to: HOME_PATH };
    if (isPublicPath(path)) return { kind: 'allow' };
    return state.roles.length === 0 ? { kind: 'loadSession' } : { kind: 'allow' };
  }
  if (isPublicPath(path)) return { kind: 'allow' };
  return { kind: 'toLogin', to: loginLocation(location), reloadAfterMs: LOGIN_RELOAD_DELAY_MS };
}

/**
 * /login, remembering where the user was going. Why the root is not remembered: it is where a
 * sign-in lands anyway.
 */
export function loginLocation(from: string): string {
  if (pathOf(from) === HOME_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${LOGIN_REDIRECT_PARAM}=${encodeURIComponent(from)}`;
}

/**
 * A tab, a line break or another control character is dropped by URL parsing, and a backslash
 * reads as a slash, so `/\t/evil.example` or `/\\evil.example` would become `//evil.example`.
 */
const unsafeInPath = (path: string): boolean =>
  [...path].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

/**
 * Where to go after signing in, from the /login `redirect` parameter. Only a path of this site
 * is accepted (it starts with one `/`, and holds nothing URL parsing would drop or turn into a
 * slash), so a crafted link cannot send the user elsewhere.
 */
export function afterLoginLocation(redirect: string | null | undefined): string {
  if (redirect === null || redirect === undefined) return HOME_PATH;
  if (!redirect.startsWith('/') || redirect.startsWith('//') || unsafeInPath(redirect)) {
    return HOME_PATH;
  }
  return pathOf(redirect) === LOGIN_PATH ? HOME_PATH : redirect;
}

export type SessionLoadDecision =
  /** Routes are in place: navigate to the same location again, replacing the history entry. */
  | { readonly kind: 'retry'; readonly to: string; readonly replace: true }
  /** Loading failed: the user is logged out; show the message, then go to the root. */
  | { readonly kind: 'failed'; readonly message: string; readonly to: string };

/** What follows the session load started by a `loadSession` decision. */
export function afterSessionLoad(location: string, succeeded: boolean): SessionLoadDecision {
  return succeeded
    ? { kind: 'retry', to: location, replace: true }
    : { kind: 'failed', message: SESSION_MESSAGES.routeLoadFailed, to: HOME_PATH };
}
