import { createHash, randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { captchaPng } from './captcha-raster.js';
import {
  CAPTCHA_TTL_MS,
  CONFIG_KEYS,
  LOG_STATUS,
  LOGIN_THROTTLE_POLICY,
  SESSION_MESSAGES,
  SESSION_POLICY,
  SUPER_ROLE,
  chooseLoginRole,
  chooseSwitchRole,
  dataScopeFor,
  owedDelayMs,
  sessionExpiry,
  shouldTouchSession,
  loginLocationOf,
  userAgentNames,
  type LogStatus,
  type PlatformRepositories,
  type SessionRevokeReason,
} from '@dpms/core';
import { HttpError } from '../http/http-error.js';
import { MSG } from '../http/messages.js';
import type { Authenticator } from './authenticator.js';
import type { Clock } from './clock.js';
import { IdentityCache, type RoleGrant, type SessionEntry } from './identity-cache.js';
import type { PasswordHasher } from './password-hasher.js';
import type { Principal } from './principal.js';
import type { TokenService } from './token-service.js';

export interface LoginInput {
  readonly username: string;
  readonly password: string;
  readonly role?: number | undefined;
  readonly code?: string | undefined;
  readonly uuid?: string | undefined;
}

export interface ClientInfo {
  readonly ip: string;
  readonly userAgent: string;
}

export interface CaptchaAnswer {
  readonly captchaEnabled: boolean;
  readonly uuid?: string;
  readonly img?: string;
}

const expired = () => new HttpError(401, MSG.sessionExpired);

/** A refusal that names its field, so the form shows it beside the box. */
const fieldRefusal = (field: string, message: string): HttpError =>
  new HttpError(400, message, { field, errors: [{ field, message }] });
/** A refusal of the captcha answer. */
const captchaRefusal = (message: string): HttpError => fieldRefusal('code', message);

/**
 * Sign-in, sessions and the role change (DESIGN.md §5). Every piece of state (sessions, captchas,
 * failed-login counters) is in the database, so any API instance serves any session.
 */
export class IdentityService implements Authenticator {
  /**
   * Sessions, their users and role grants, per process, dropped in every instance at once when
   * the database announces a change (see identity-cache.ts). Without a listener feeding it, it
   * serves nothing and every request reads fresh.
   */
  constructor(
    private readonly repos: PlatformRepositories,
    private readonly hasher: PasswordHasher,
    private readonly tokens: TokenService,
    private readonly clock: Clock,
    readonly cache: IdentityCache = new IdentityCache(),
    /** Told when a 登录日志 row could not be written; the sign-in goes on regardless. */
    private readonly logFailed: (error: unknown) => void = () => undefined,
  ) {}

  // ---- 登录日志 -------------------------------------------------------------------------------

  /** Appends a login log row; a failed insert never fails the sign-in it records. */
  private async logLogin(
    userName: string,
    client: ClientInfo,
    status: LogStatus,
    msg: string,
    at: Date,
  ): Promise<void> {
    try {
      await this.repos.loginInfos.add({
        userName,
        ipaddr: client.ip,
        loginLocation: loginLocationOf(client.ip),
        ...userAgentNames(client.userAgent),
        status,
        msg,
        loginTime: at,
      });
    } catch (error) {
      this.logFailed(error);
    }
  }

  /** Runs a sign-in step, logging its refusal (wrong password, throttled, captcha …) before rethrowing. */
  private async logRefusal<T>(
    userName: string,
    client: ClientInfo,
    at: Date,
    step: () => Promise<T>,
  ): Promise<T> {
    try {
      return await step();
    } catch (e) {
      const msg = e instanceof HttpError ? e.message : MSG.loginFailed;
      await this.logLogin(userName, client, LOG_STATUS.failure, msg, at);
      throw e;
    }
  }

  // ---- captcha -------------------------------------------------------------------------------

  async captchaEnabled(): Promise<boolean> {
    const v = await this.repos.configs.valueOf(CONFIG_KEYS.captchaEnabled);
    // Absent means on: an institute that forgets the key gets the safer default.
    return v === null ? true : v.trim().toLowerCase() !== 'false';
  }

  /** `GET /captchaImage`: a single-use arithmetic-free text captcha valid for 2 minutes. */
  async captcha(): Promise<CaptchaAnswer> {
    if (!(await this.captchaEnabled())) return { captchaEnabled: false };
    const c = svgCaptcha.create({
      size: 4,
      noise: 2,
      ignoreChars: '0o1il',
      color: true,
      background: '#f2f6fc',
    });
    const uuid = randomUUID();
    const now = this.clock.now();
    await this.repos.captchas.create({
      uuid,
      codeHash: captchaHash(uuid, c.text),
      expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
    });
    return {
      captchaEnabled: true,
      uuid,
      // The base64 of a PNG, as RuoYi's login reads it (it prepends the data: prefix itself).
      img: captchaPng(c.data).toString('base64'),
    };
  }

  private async checkCaptcha(
    code: string | undefined,
    uuid: string | undefined,
    now: Date,
  ): Promise<void> {
    if (!code || !uuid) throw captchaRefusal(SESSION_MESSAGES.captchaRequired);
    const record = await this.repos.captchas.consume(uuid, now);
    if (!record) throw captchaRefusal(MSG.captchaExpired);
    if (record.codeHash !== captchaHash(uuid, code)) throw captchaRefusal(MSG.captchaWrong);
  }

  // ---- throttle ------------------------------------------------------------------------------

  /**
   * Refuses a try while the (account, address) pair or the address owes a wait; see
   * core's login-throttle.ts for why nothing counts per account alone.
   */
  private async checkThrottle(userName: string, ip: string, now: Date): Promise<void> {
    const p = LOGIN_THROTTLE_POLICY;
    const since = new Date(now.getTime() - p.windowMs);
    const keys = [
      { key: { userName, ip }, free: p.pairFreeFailures },
      { key: { ip }, free: p.addressFreeFailures },
    ];
    let owed = 0;
    for (const { key, free } of keys) {
      const inWindow = await this.repos.loginAttempts.countFailures(key, since);
      if (inWindow < free) continue;
      const delay = owedDelayMs(inWindow, 1, free, p);
      const inDelay = await this.repos.loginAttempts.countFailures(
        key,
        new Date(now.getTime() - delay),
      );
      owed = Math.max(owed, owedDelayMs(inWindow, inDelay, free, p));
    }
    if (owed > 0) {
      const seconds = Math.ceil(owed / 1000);
      throw new HttpError(429, MSG.loginThrottled(seconds), undefined, {
        'Retry-After': String(seconds),
      });
    }
  }

  private recordAttempt(userName: string, ip: string, succeeded: boolean, at: Date): Promise<void> {
    return this.repos.loginAttempts.record({ userName, ip, succeeded, at });
  }

  /**
   * Checks a user's password under the throttle; a wrong one counts as a failed login. Answers the
   * user's credentials.
   */
  private async checkPassword(
    userName: string,
    password: string,
    client: ClientInfo,
    now: Date,
    throttleChecked = false,
  ) {
    if (!throttleChecked) await this.checkThrottle(userName, client.ip, now);
    const cred = await this.repos.users.findCredentials(userName);
    if (!cred) {
      await this.hasher.burn(password);
      await this.recordAttempt(userName, client.ip, false, now);
      throw new HttpError(401, MSG.loginFailed);
    }
    const check = await this.hasher.verify(cred.passwordHash, password);
    if (!check.ok) {
      await this.recordAttempt(userName, client.ip, false, now);
      throw new HttpError(401, MSG.loginFailed);
    }
    if (cred.status !== '0') throw new HttpError(403, MSG.userDisabled);
    if (check.needsRehash) {
      await this.repos.users.setPasswordHash(cred.userId, await this.hasher.hash(password));
    }
    return cred;
  }

  // ---- login, logout, role change -------------------------------------------------------------

  /** `POST /login`: a token for a new session in the requested (or default) role. */
  async login(input: LoginInput, client: ClientInfo): Promise<string> {
    const now = this.clock.now();
    const token = await this.logRefusal(input.username, client, now, async () => {
      // The throttle first: a throttled address spends neither a captcha nor a hash.
      await this.checkThrottle(input.username, client.ip, now);
      if (await this.captchaEnabled()) await this.checkCaptcha(input.code, input.uuid, now);
      const cred = await this.checkPassword(input.username, input.password, client, now, true);
      const held = await this.repos.roles.listByUser(cred.userId);
      const chosen = chooseLoginRole(held, input.role);
      if (!chosen.ok) throw new HttpError(403, chosen.error.message);
      await this.recordAttempt(input.username, client.ip, true, now);
      return this.openSession(cred.userId, chosen.value, client, now);
    });
    await this.logLogin(input.username, client, LOG_STATUS.success, MSG.loginOk, now);
    return token;
  }

  /**
   * The roles a user holds, checked with their password (the login form's role picker). A
   * password check like the login's, so guarded like it: the throttle first, then the
   * captcha when it is on (consumed, single use), then the password, a failure counting.
   */
  async rolesWithPassword(
    userName: string,
    password: string,
    client: ClientInfo,
    captcha: { readonly code?: string | undefined; readonly uuid?: string | undefined } = {},
  ) {
    const now = this.clock.now();
    const cred = await this.logRefusal(userName, client, now, async () => {
      await this.checkThrottle(userName, client.ip, now);
      if (await this.captchaEnabled()) await this.checkCaptcha(captcha.code, captcha.uuid, now);
      return this.checkPassword(userName, password, client, now, true);
    });
    return this.repos.roles.listByUser(cred.userId);
  }

  /**
   * RuoYi's 锁屏解锁: the signed-in user's password, checked as a sign-in's is (the throttle first,
   * a wrong one counted and written to 登录日志), refused with RuoYi's words as a bad request,
   * not a 401, which would end the session the lock screen keeps.
   */
  async unlockScreen(principal: Principal, password: string, client: ClientInfo): Promise<void> {
    if (password === '') throw new HttpError(400, MSG.unlockPasswordBlank);
    const now = this.clock.now();
    await this.logRefusal(principal.userName, client, now, async () => {
      try {
        await this.checkPassword(principal.userName, password, client, now);
      } catch (e) {
        if (e instanceof HttpError && e.status === 401)
          throw fieldRefusal('password', MSG.unlockPasswordWrong);
        throw e;
      }
    });
  }

  private async openSession(
    userId: number,
    roleId: number,
    client: ClientInfo,
    now: Date,
  ): Promise<string> {
    const sessionId = randomUUID();
    await this.repos.sessions.create({
      sessionId,
      userId,
      roleId,
      now,
      expiresAt: sessionExpiry(now, now),
      ip: client.ip.slice(0, 128),
      userAgent: client.userAgent.slice(0, 500),
    });
    return this.tokens.sign(
      sessionId,
      userId,
      now,
      new Date(now.getTime() + SESSION_POLICY.absoluteMs),
    );
  }

  async logout(token: string | undefined, client?: ClientInfo): Promise<void> {
    if (!token) return;
    const now = this.clock.now();
    const claims = await this.tokens.verify(token, now);
    if (!claims) return;
    const ended = await this.repos.sessions.revoke(claims.sessionId, now, 'logout');
    // The database announces it to every instance; this one need not wait for it.
    this.cache.forgetSession(claims.sessionId);
    if (ended && client) {
      const who = await this.repos.users.findCredentialsById(claims.userId);
      if (who) await this.logLogin(who.userName, client, LOG_STATUS.success, MSG.logoutOk, now);
    }
  }

  /** 强退: ends one session now; every instance's cache hears the revocation from the database. */
  async forceLogout(sessionId: string): Promise<boolean> {
    const ended = await this.repos.sessions.revoke(sessionId, this.clock.now(), 'forced');
    this.cache.forgetSession(sessionId);
    return ended;
  }

  /**
   * The role change: checks the password and that the user holds the role, then ends the current
   * session. The web signs in again with the new role (000 §4).
   */
  async changeRole(
    principal: Principal,
    roleId: number,
    password: string,
    client: ClientInfo,
  ): Promise<void> {
    const now = this.clock.now();
    try {
      await this.checkPassword(principal.userName, password, client, now);
    } catch (e) {
      // A wrong password here is not an expired login: answer 400 so the web does not log out.
      if (e instanceof HttpError && e.status === 401) throw new HttpError(400, MSG.passwordWrong);
      throw e;
    }
    const held = await this.repos.roles.listByUser(principal.userId);
    const chosen = chooseSwitchRole(held, roleId);
    if (!chosen.ok) {
      throw new HttpError(
        chosen.error.code === 'IDENTITY.ROLE_NOT_HELD' ? 403 : 422,
        chosen.error.message,
      );
    }
    await this.repos.sessions.revoke(principal.sessionId, now, 'role_switch');
    this.cache.forgetSession(principal.sessionId);
  }

  /** Ends every session of a user at once (disable, delete, password change, roles changed). */
  async endSessions(
    userId: number,
    reason: SessionRevokeReason,
    exceptSessionId?: string,
  ): Promise<void> {
    await this.repos.sessions.revokeAllForUser(userId, this.clock.now(), reason, exceptSessionId);
  }

  async verifyPassword(userId: number, password: string): Promise<boolean> {
    const cred = await this.repos.users.findCredentialsById(userId);
    return cred ? (await this.hasher.verify(cred.passwordHash, password)).ok : false;
  }

  hashPassword(password: string): Promise<string> {
    return this.hasher.hash(password);
  }

  // ---- every request -------------------------------------------------------------------------

  /** A role's grant: from the cache, or read (and kept when nothing changed meanwhile). */
  private async roleGrant(roleId: number): Promise<RoleGrant | null> {
    const cached = this.cache.grant(roleId);
    if (cached !== undefined) return cached;
    const stamp = this.cache.stamp();
    const role = await this.repos.roles.findById(roleId);
    let grant: RoleGrant | null = null;
    if (role && role.status === '0') {
      const [permissions, customDeptIds] = await Promise.all([
        this.repos.menus.permissionsOfRole(role.roleId),
        role.dataScope === '2' ? this.repos.roles.listDeptIds(role.roleId) : Promise.resolve([]),
      ]);
      grant = { role, permissions, customDeptIds };
    }
    this.cache.keepGrant(stamp, roleId, grant);
    return grant;
  }

  /**
   * The active session and its enabled user: from the cache while its expiry (checked against
   * the clock) has not passed, else read fresh. A session of a disabled or deleted user is ended.
   */
  private async sessionAndUser(sessionId: string, now: Date): Promise<SessionEntry | null> {
    const cached = this.cache.session(sessionId);
    // A cached expiry in the past is read again: another instance may have slid it forward.
    if (cached && cached.session.expiresAt > now) return cached;
    const stamp = this.cache.stamp();
    const session = await this.repos.sessions.findActive(sessionId, now);
    if (!session) return null;
    const cred = await this.repos.users.findCredentialsById(session.userId);
    if (!cred || cred.status !== '0') {
      await this.repos.sessions.revoke(
        session.sessionId,
        now,
        cred ? 'user_disabled' : 'user_deleted',
      );
      return null;
    }
    const { passwordHash: _hash, ...who } = cred;
    const entry = { session, cred: who };
    this.cache.keepSession(stamp, entry);
    return entry;
  }

  async authenticate(token: string | undefined): Promise<Principal> {
    if (!token) throw new HttpError(401, MSG.unauthorized);
    const now = this.clock.now();
    const claims = await this.tokens.verify(token, now);
    if (!claims) throw expired();
    const known = await this.sessionAndUser(claims.sessionId, now);
    if (!known || known.session.userId !== claims.userId) throw expired();
    const { session, cred } = known;
    const grant = await this.roleGrant(session.roleId);
    if (!grant) throw expired();
    const { role, permissions, customDeptIds } = grant;
    // At most once a minute per session and instance; the touch also finds a session ended
    // elsewhere whose announcement has not arrived yet.
    if (shouldTouchSession(session.lastSeenAt, now)) {
      const expiresAt = sessionExpiry(session.createdAt, now);
      // Marked before the write so concurrent requests of the session do not all touch it; a
      // write that fails or finds the session ended leaves nothing cached for it.
      this.cache.touched(session.sessionId, now, expiresAt);
      const touched = await this.repos.sessions
        .touch(session.sessionId, now, expiresAt)
        .catch((error: unknown) => {
          this.cache.forgetSession(session.sessionId);
          throw error;
        });
      if (!touched) {
        this.cache.forgetSession(session.sessionId);
        throw expired();
      }
    }
    const isAdmin = role.roleKey === SUPER_ROLE;
    return {
      sessionId: session.sessionId,
      userId: cred.userId,
      userName: cred.userName,
      deptId: cred.deptId,
      roleId: role.roleId,
      roleKey: role.roleKey,
      roleName: role.roleName,
      permissions,
      isAdmin,
      scope: dataScopeFor(role, cred, customDeptIds),
    };
  }
}

/** What a captcha's answer is stored as; exported for tests that plant a captcha of known answer. */
export function captchaHash(uuid: string, answer: string): string {
  return createHash('sha256').update(`${uuid}:${answer.trim().toLowerCase()}`).digest('hex');
}
