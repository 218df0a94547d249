import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'dpms';
const AUDIENCE = 'dpms-web';

/**
 * JWTs (HS256) that only name a session row: `sid`. The row decides whether the token still works,
 * so logout, a role change or a disabled user end it at once; the token's own expiry is the
 * session's absolute lifetime.
 */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    this.key = new TextEncoder().encode(secret);
  }

  sign(sessionId: string, userId: number, issuedAt: Date, expiresAt: Date): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The session id of a valid token, or null for a forged, altered, foreign or expired one. */
  async verify(token: string, now: Date): Promise<{ sessionId: string; userId: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: now,
      });
      const sid = payload['sid'];
      const userId = Number(payload.sub);
      if (typeof sid !== 'string' || !Number.isInteger(userId)) return null;
      return { sessionId: sid, userId };
    } catch {
      return null;
    }
  }
}
