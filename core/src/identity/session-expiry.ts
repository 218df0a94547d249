/**
 * Sessions end after a period without requests (sliding) and, whatever the activity, after an
 * absolute lifetime. Activity is written at most once a minute so a busy user does not turn every
 * read into a database write.
 */
export interface SessionPolicy {
  readonly idleMs: number;
  readonly absoluteMs: number;
  readonly touchEveryMs: number;
}

export const SESSION_POLICY: SessionPolicy = {
  idleMs: 30 * 60 * 1000,
  absoluteMs: 12 * 60 * 60 * 1000,
  touchEveryMs: 60 * 1000,
};

/** When a session seen at `now` expires: idle time from now, never past its absolute lifetime. */
export function sessionExpiry(
  createdAt: Date,
  now: Date,
  policy: SessionPolicy = SESSION_POLICY,
): Date {
  return new Date(Math.min(now.getTime() + policy.idleMs, createdAt.getTime() + policy.absoluteMs));
}

/** Whether a request at `now` should record activity on a session last seen at `lastSeenAt`. */
export function shouldTouchSession(
  lastSeenAt: Date,
  now: Date,
  policy: SessionPolicy = SESSION_POLICY,
): boolean {
  return now.getTime() - lastSeenAt.getTime() >= policy.touchEveryMs;
}
