/** A signed-in session. The JWT carries only `sessionId`; the row decides whether it is still alive. */
export interface AuthSession {
  readonly sessionId: string;
  readonly userId: number;
  /** The role the user signed in with (or switched to). */
  readonly roleId: number;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
  readonly revokeReason: SessionRevokeReason | null;
  readonly ip: string;
  readonly userAgent: string;
}

export type SessionRevokeReason =
  | 'logout'
  | 'role_switch'
  | 'password_change'
  | 'user_disabled'
  | 'user_deleted'
  | 'forced'
  | 'expired';

export interface NewAuthSession {
  readonly sessionId: string;
  readonly userId: number;
  readonly roleId: number;
  readonly now: Date;
  readonly expiresAt: Date;
  readonly ip: string;
  readonly userAgent: string;
}

/** One login try, kept to throttle guessing per account and per address. */
export interface LoginAttempt {
  readonly userName: string;
  readonly ip: string;
  readonly succeeded: boolean;
  readonly at: Date;
}

/** A captcha issued by /captchaImage: single use, 2 minutes. Only a hash of the answer is stored. */
export interface CaptchaRecord {
  readonly uuid: string;
  readonly codeHash: string;
  readonly expiresAt: Date;
  readonly used: boolean;
}

export const CAPTCHA_TTL_MS = 2 * 60 * 1000;

/** A client-supplied idempotency key: the first request does the work, a repeat gets the stored answer. */
export interface IdempotencyRecord {
  readonly key: string;
  readonly userId: number;
  readonly route: string;
  /** What the first request carried (see WriteIdempotency.fingerprint); null for keys stored before. */
  readonly fingerprint: string | null;
  /** 'pending' while the first request runs, 'completed' once its answer is stored. */
  readonly status: 'pending' | 'completed';
  /** The HTTP status of the stored answer. */
  readonly responseCode: number | null;
  readonly response: unknown;
  readonly createdAt: Date;
}

export type IdempotencyBegin =
  | { readonly kind: 'started' }
  | { readonly kind: 'pending'; readonly record: IdempotencyRecord }
  | { readonly kind: 'completed'; readonly record: IdempotencyRecord }
  /** The key was used by another user or on another route. */
  | { readonly kind: 'conflict' }
  /** The key was used on this route with a different request (another fingerprint). */
  | { readonly kind: 'mismatch' };
