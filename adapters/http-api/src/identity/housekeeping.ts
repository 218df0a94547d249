import type { PlatformRepositories } from '@dpms/core';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The work of 清理过期会话 (every 10 minutes on the job queue): drops sessions, captchas, login
 * attempts and idempotency keys that ended more than a day ago, and answers the log's line. Any
 * instance may do it; the deletes are idempotent.
 */
export async function purgeExpired(repos: PlatformRepositories, now: Date): Promise<string> {
  const before = new Date(now.getTime() - DAY);
  const [sessions, captchas, attempts, keys] = await Promise.all([
    repos.sessions.purge(before),
    repos.captchas.purge(before),
    repos.loginAttempts.purge(before),
    repos.idempotency.purge(before),
  ]);
  return `清理 ${sessions} 个过期会话、${captchas} 个验证码、${attempts} 条登录尝试、${keys} 个幂等键`;
}
