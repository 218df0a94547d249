import { hash as argonHash, verify as argonVerify, type Algorithm } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

export interface PasswordCheck {
  readonly ok: boolean;
  /** The stored hash is not argon2id with today's parameters: store a fresh hash. */
  readonly needsRehash: boolean;
}

/**
 * argon2id for every new hash. bcrypt hashes (what RuoYi stores) are accepted so an institute can
 * bring its users over, and the caller re-hashes them on the next successful login.
 */
export class PasswordHasher {
  private static readonly OPTIONS = {
    // Algorithm.Argon2id (a const enum, which isolated modules cannot read).
    algorithm: 2 as Algorithm,
    memoryCost: 19456,
    timeCost: 2,
    parallelism: 1,
  } as const;
  private static readonly PARAMS = '$argon2id$v=19$m=19456,t=2,p=1$';
  /** A hash of nothing anyone knows, verified when the user does not exist (same time either way). */
  private dummy: Promise<string> | undefined;

  hash(password: string): Promise<string> {
    return argonHash(password, PasswordHasher.OPTIONS);
  }

  async verify(stored: string, password: string): Promise<PasswordCheck> {
    if (/^\$2[aby]\$\d\d\$/.test(stored)) {
      const ok = await bcrypt.compare(password, stored);
      return { ok, needsRehash: ok };
    }
    if (stored.startsWith('$argon2')) {
      const ok = await argonVerify(stored, password).catch(() => false);
      return { ok, needsRehash: ok && !stored.startsWith(PasswordHasher.PARAMS) };
    }
    return { ok: false, needsRehash: false };
  }

  /** Spends the time of a verification for an unknown user, so timing does not reveal accounts. */
  async burn(password: string): Promise<void> {
    this.dummy ??= this.hash('not-a-password-anyone-knows');
    await argonVerify(await this.dummy, password).catch(() => false);
  }
}
