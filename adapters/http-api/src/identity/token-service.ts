import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'dpms';
const AUDIENCE = 'dpms-web';

/** Tokens whose verification is remembered, at most; the oldest is forgotten first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

interface Verified {
  readonly sessionId: string;
  readonly userId: number;
  /** The token's `exp`, in seconds. */
  readonly exp: number;
}

/**
 * JWTs (HS256) that only name a session row: `sid`. The row decides whether the token still works,
 * so logout, a role change or a disabled user end it at once; the token's own expiry is the
 * session's absolute lifetime.
 *
 * Every request presents its token, and an HMAC check through WebCrypto costs more than the rest
 * of a cached sign-in (bench/user-list.bench.ts's `/getInfo` profile). A token that verified once
 * stays verified (its signature and claims cannot change), so its answer is remembered until its
 * `exp`, which is checked on every use as jose checks it; a token that failed is never
 * remembered. The session row is still read for every request, so nothing is revoked later.
 */
export class TokenService {
  private readonly key: Promise<webcrypto.CryptoKey>;
  private readonly verified = new Map<string, Verified>();

  constructor(
    secret: string,
    private readonly verifyJwt: typeof jwtVerify = jwtVerify,
  ) {
    if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    // Imported once: given the bytes, jose would import the key again for every token.
    this.key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
  }

  async sign(sessionId: string, userId: number, issuedAt: Date, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.key);
  }

  /** The session id of a valid token, or null for a forged, altered, foreign or expired one. */
  async verify(token: string, now: Date): Promise<{ sessionId: string; userId: number } | null> {
    const known = this.verified.get(token) ?? (await this.verifyOnce(token, now));
    // jose's rule: expired once `exp` is not after the current second.
    if (known === null || known.exp <= Math.floor(now.getTime() / 1000)) return null;
    return { sessionId: known.sessionId, userId: known.userId };
  }

  private async verifyOnce(token: string, now: Date): Promise<Verified | null> {
    try {
      const { payload } = await this.verifyJwt(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now,
        requiredClaims: ['exp'],
      });
      const sid = payload['sid'];
      const userId = Number(payload.sub);
      if (typeof sid !== 'string' || !Number.isInteger(userId) || payload.exp === undefined)
        return null;
      const verified = { sessionId: sid, userId, exp: payload.exp };
      if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
        const oldest = this.verified.keys().next();
        if (oldest.done !== true) this.verified.delete(oldest.value);
      }
      this.verified.set(token, verified);
      return verified;
    } catch {
      return null;
    }
  }
}
