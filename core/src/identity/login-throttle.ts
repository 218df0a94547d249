/**
 * Failed-login throttling that slows guessing without letting a stranger lock a known account out.
 *
 * Failures are counted per (account, address) pair and per address, never per account alone: an
 * attacker who knows a user name can only slow down their own address, while the owner, logging
 * in from theirs, is not affected. Past a few free failures each further failure doubles the wait
 * before the next try is accepted (1 s, 2 s, 4 s … capped at 15 minutes); nothing is a hard lock,
 * and a success resets the pair. The per-address budget is larger (a shared office NAT), so one
 * address spraying many accounts is slowed too. Counters live in the database (every API instance
 * sees the same ones).
 */
export interface LoginThrottlePolicy {
  /** Failures older than this do not count. */
  readonly windowMs: number;
  /** Failures of one account from one address before delays start. */
  readonly pairFreeFailures: number;
  /** Failures from one address (any accounts) before delays start. */
  readonly addressFreeFailures: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export const LOGIN_THROTTLE_POLICY: LoginThrottlePolicy = {
  windowMs: 15 * 60 * 1000,
  pairFreeFailures: 5,
  addressFreeFailures: 20,
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
};

/** The wait required after `failures` failures when `free` of them are free: 0, then doubling. */
export function throttleDelayMs(
  failures: number,
  free: number,
  policy: LoginThrottlePolicy = LOGIN_THROTTLE_POLICY,
): number {
  if (failures < free) return 0;
  const exponent = Math.min(failures - free, 30);
  return Math.min(policy.baseDelayMs * 2 ** exponent, policy.maxDelayMs);
}

/**
 * The decision for one login try. `recentFailures(delayMs)` answers how many failures of the same
 * key happened in the last `delayMs`: a try is accepted when none did, so the wait runs from the
 * latest failure. Answers the wait still owed (an upper bound) or 0.
 */
export function owedDelayMs(
  failuresInWindow: number,
  failuresInDelay: number,
  free: number,
  policy: LoginThrottlePolicy = LOGIN_THROTTLE_POLICY,
): number {
  const delay = throttleDelayMs(failuresInWindow, free, policy);
  return delay > 0 && failuresInDelay > 0 ? delay : 0;
}
