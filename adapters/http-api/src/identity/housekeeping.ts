import type { Logger } from 'pino';
import type { PlatformRepositories } from '@dpms/core';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Every 10 minutes: drop sessions, captchas, login attempts and idempotency keys that ended more
 * than a day ago. Any instance may do it; the deletes are idempotent.
 */
export function startHousekeeping(
  repos: PlatformRepositories,
  logger: Logger,
  everyMs = 10 * 60 * 1000,
): NodeJS.Timeout {
  const run = async () => {
    const before = new Date(Date.now() - DAY);
    try {
      const [sessions, captchas, attempts, keys] = await Promise.all([
        repos.sessions.purge(before),
        repos.captchas.purge(before),
        repos.loginAttempts.purge(before),
        repos.idempotency.purge(before),
      ]);
      if (sessions + captchas + attempts + keys > 0)
        logger.info({ sessions, captchas, attempts, keys }, 'housekeeping');
    } catch (e) {
      logger.warn({ err: e }, 'housekeeping failed');
    }
  };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  void run();
  return timer;
}
