import type {
  AuthSession,
  CaptchaRecord,
  IdempotencyBegin,
  LoginAttempt,
  NewAuthSession,
  SessionRevokeReason,
} from './auth-session.js';
import type { OnlineFilter, OnlineSession } from '../syslog/online-session.js';

export interface SessionRepository {
  create(session: NewAuthSession): Promise<AuthSession>;
  /** The session if it exists, is not revoked and has not expired at `now`. */
  findActive(sessionId: string, now: Date): Promise<AuthSession | null>;
  /** Records activity and slides the expiry; false when the session is no longer active. */
  touch(sessionId: string, now: Date, expiresAt: Date): Promise<boolean>;
  revoke(sessionId: string, now: Date, reason: SessionRevokeReason): Promise<boolean>;
  /** Ends every active session of a user (disable, delete, password change), except one if given. */
  revokeAllForUser(
    userId: number,
    now: Date,
    reason: SessionRevokeReason,
    exceptSessionId?: string,
  ): Promise<number>;
  listActiveForUser(userId: number, now: Date): Promise<readonly AuthSession[]>;
  /** Every active session at `now` with its user's name and department (在线用户), newest first. */
  listOnline(filter: OnlineFilter, now: Date): Promise<readonly OnlineSession[]>;
  /** Removes sessions that expired or were revoked before `before`. */
  purge(before: Date): Promise<number>;
}

export interface LoginAttemptKey {
  readonly userName?: string;
  readonly ip?: string;
}

export interface LoginAttemptRepository {
  record(attempt: LoginAttempt): Promise<void>;
  /**
   * Failures matching the key since `since`, not counting those before the latest success that
   * matches the same key (a successful login resets the count for that account/address pair).
   */
  countFailures(key: LoginAttemptKey, since: Date): Promise<number>;
  /** Forgets an account's failed tries (登录日志's 解锁): its throttle starts afresh. */
  clearFailures(userName: string): Promise<number>;
  purge(before: Date): Promise<number>;
}

export interface CaptchaRepository {
  create(captcha: {
    readonly uuid: string;
    readonly codeHash: string;
    readonly expiresAt: Date;
  }): Promise<void>;
  /**
   * Marks the captcha used and answers it, atomically, when it exists, is unused and unexpired at
   * `now`; null otherwise. Consumed whether or not the answer will match: single use.
   */
  consume(uuid: string, now: Date): Promise<CaptchaRecord | null>;
  purge(before: Date): Promise<number>;
}

export interface IdempotencyRepository {
  /**
   * Claims the key for (user, route) or reports what is already there. Concurrent claims: one
   * wins. With a fingerprint, a key stored with another fingerprint answers `mismatch`.
   */
  begin(
    key: string,
    userId: number,
    route: string,
    now: Date,
    fingerprint?: string,
  ): Promise<IdempotencyBegin>;
  complete(key: string, userId: number, responseCode: number, response: unknown): Promise<void>;
  /** Drops a pending claim whose request failed, so the client may retry with the same key. */
  release(key: string, userId: number): Promise<void>;
  purge(before: Date): Promise<number>;
}
