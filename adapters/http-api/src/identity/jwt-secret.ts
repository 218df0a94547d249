import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The signing key. Production (NODE_ENV=production) has no default: without JWT_SECRET the server
 * refuses to start. The embedded demo mode generates one once and keeps it under DATA_DIR, so
 * tokens survive a restart and two instances sharing the directory agree.
 */
export function resolveJwtSecret(
  env: { JWT_SECRET?: string | undefined },
  production: boolean,
  dataDir: string,
): string {
  const given = env.JWT_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 32)
      throw new Error('JWT_SECRET 至少需要 32 个字符 (JWT_SECRET must be at least 32 characters)');
    return given;
  }
  if (production) {
    throw new Error('生产模式必须设置 JWT_SECRET (NODE_ENV=production requires JWT_SECRET)');
  }
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  } catch {
    // first start: create it below
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
