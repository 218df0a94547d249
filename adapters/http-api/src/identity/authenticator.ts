import type { Principal } from './principal.js';

/**
 * Turns a bearer token into the caller, checking the session row behind it on every request.
 * Throws an HttpError 401 (with the spec's expired-login message) for a missing, forged, expired
 * or revoked token, or a disabled or deleted user.
 */
export interface Authenticator {
  authenticate(token: string | undefined): Promise<Principal>;
}
