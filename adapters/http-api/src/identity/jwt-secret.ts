import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The signing key JWT_SECRET gives, checked before anything else starts: at least 32 characters,
 * and required in production (NODE_ENV=production refuses to start without it). Undefined means
 * demo mode without a key: the database's shared key is used (sharedJwtSecret).
 */
export function jwtSecretFromEnv(
  env: { JWT_SECRET?: string | undefined },
  production: boolean,
): string | undefined {
  const given = env.JWT_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < 32)
      throw new Error('JWT_SECRET 至少需要 32 个字符 (JWT_SECRET must be at least 32 characters)');
    return given;
  }
  if (production) {
    throw new Error('生产模式必须设置 JWT_SECRET (NODE_ENV=production requires JWT_SECRET)');
  }
  return undefined;
}

/** Where releases before the shared key kept the demo's generated key. */
export const LEGACY_KEY_FILE = 'jwt-secret';

/**
 * Demo mode's key, kept in the database (`keep` stores a candidate when the database has none and
 * answers the stored key), so every instance on one database — each with its own DATA_DIR —
 * signs and verifies alike, and tokens survive a restart. An install from before this release has
 * its key in DATA_DIR/jwt-secret: that key is the candidate, so on a database without a key it
 * moves in and the sessions signed with it stay valid through the upgrade. If the database already
 * holds another key, the database wins (the file is no longer read or written after that). A
 * token carries only a session id that must exist in the same database, so keeping the key there
 * gives nobody a token who could not already read the sessions.
 */
export async function sharedJwtSecret(
  dataDir: string,
  keep: (candidate: string) => Promise<string>,
): Promise<string> {
  let candidate = randomBytes(48).toString('base64url');
  try {
    const legacy = readFileSync(path.join(dataDir, LEGACY_KEY_FILE), 'utf8').trim();
    if (legacy.length >= 32) candidate = legacy;
  } catch {
    // no key file: a new install (or one whose key is already in the database)
  }
  return keep(candidate);
}
