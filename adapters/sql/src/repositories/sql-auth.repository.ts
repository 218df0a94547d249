import type {
  AuthSession,
  CaptchaRecord,
  CaptchaRepository,
  IdempotencyBegin,
  IdempotencyRecord,
  IdempotencyRepository,
  LoginAttempt,
  LoginAttemptKey,
  LoginAttemptRepository,
  NewAuthSession,
  OnlineFilter,
  OnlineSession,
  SessionRepository,
  SessionRevokeReason,
} from '@dpms/core';
import { containsPattern, toCount, type Db } from './sql-helpers.js';

const SESSION_COLUMNS = [
  'session_id',
  'user_id',
  'role_id',
  'created_at',
  'last_seen_at',
  'expires_at',
  'revoked_at',
  'revoke_reason',
  'ip',
  'user_agent',
] as const;

export class SqlSessionRepository implements SessionRepository {
  constructor(private readonly db: Db) {}

  async create(s: NewAuthSession): Promise<AuthSession> {
    const row = await this.db
      .insertInto('auth_session')
      .values({
        session_id: s.sessionId,
        user_id: s.userId,
        role_id: s.roleId,
        created_at: s.now,
        last_seen_at: s.now,
        expires_at: s.expiresAt,
        revoked_at: null,
        revoke_reason: null,
        ip: s.ip.slice(0, 64),
        user_agent: s.userAgent.slice(0, 500),
      })
      .returning(SESSION_COLUMNS)
      .executeTakeFirstOrThrow();
    return toSession(row);
  }

  async findActive(sessionId: string, now: Date): Promise<AuthSession | null> {
    const row = await this.db
      .selectFrom('auth_session')
      .select(SESSION_COLUMNS)
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row ? toSession(row) : null;
  }

  async touch(sessionId: string, now: Date, expiresAt: Date): Promise<boolean> {
    const res = await this.db
      .updateTable('auth_session')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  async revoke(sessionId: string, now: Date, reason: SessionRevokeReason): Promise<boolean> {
    const res = await this.db
      .updateTable('auth_session')
      .set({ revoked_at: now, revoke_reason: reason })
      .where('session_id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return res.numUpdatedRows > 0n;
  }

  async revokeAllForUser(
    userId: number,
    now: Date,
    reason: SessionRevokeReason,
    exceptSessionId?: string,
  ): Promise<number> {
    const res = await this.db
      .updateTable('auth_session')
      .set({ revoked_at: now, revoke_reason: reason })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .$if(exceptSessionId !== undefined, (q) => q.where('session_id', '<>', exceptSessionId ?? ''))
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  async listActiveForUser(userId: number, now: Date): Promise<readonly AuthSession[]> {
    const rows = await this.db
      .selectFrom('auth_session')
      .select(SESSION_COLUMNS)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at')
      .execute();
    return rows.map(toSession);
  }

  async listOnline(filter: OnlineFilter, now: Date): Promise<readonly OnlineSession[]> {
    const rows = await this.db
      .selectFrom('auth_session as s')
      .innerJoin('sys_user as u', 'u.user_id', 's.user_id')
      .leftJoin('sys_dept as d', 'd.dept_id', 'u.dept_id')
      .leftJoin('sys_role as r', 'r.role_id', 's.role_id')
      .select([
        's.session_id',
        's.role_id',
        'r.role_key',
        'u.user_name',
        'd.dept_name',
        's.ip',
        's.user_agent',
        's.created_at',
        's.last_seen_at',
      ])
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .$if(!!filter.tokenId, (q) => q.where('s.session_id', '=', filter.tokenId ?? ''))
      .$if(!!filter.ipaddr, (q) => q.where('s.ip', 'ilike', containsPattern(filter.ipaddr ?? '')))
      .$if(!!filter.userName, (q) =>
        q.where('u.user_name', 'ilike', containsPattern(filter.userName ?? '')),
      )
      .orderBy('s.created_at', 'desc')
      .execute();
    return rows.map((r) => ({
      tokenId: r.session_id,
      userName: r.user_name,
      deptName: r.dept_name ?? '',
      ipaddr: r.ip,
      userAgent: r.user_agent,
      loginTime: r.created_at,
      lastAccessTime: r.last_seen_at,
      roleId: r.role_id,
      roleKey: r.role_key,
    }));
  }

  async purge(before: Date): Promise<number> {
    const res = await this.db
      .deleteFrom('auth_session')
      .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}

function toSession(r: {
  session_id: string;
  user_id: number;
  role_id: number;
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  revoke_reason: string | null;
  ip: string;
  user_agent: string;
}): AuthSession {
  return {
    sessionId: r.session_id,
    userId: r.user_id,
    roleId: r.role_id,
    createdAt: r.created_at,
    lastSeenAt: r.last_seen_at,
    expiresAt: r.expires_at,
    revokedAt: r.revoked_at,
    revokeReason: r.revoke_reason as AuthSession['revokeReason'],
    ip: r.ip,
    userAgent: r.user_agent,
  };
}

export class SqlLoginAttemptRepository implements LoginAttemptRepository {
  constructor(private readonly db: Db) {}

  async record(a: LoginAttempt): Promise<void> {
    await this.db
      .insertInto('auth_login_attempt')
      .values({
        user_name: a.userName.slice(0, 64),
        ip: a.ip.slice(0, 64),
        succeeded: a.succeeded,
        at: a.at,
      })
      .execute();
  }

  async clearFailures(userName: string): Promise<number> {
    const res = await this.db
      .deleteFrom('auth_login_attempt')
      .where('user_name', '=', userName)
      .where('succeeded', '=', false)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async countFailures(key: LoginAttemptKey, since: Date): Promise<number> {
    if (key.userName === undefined && key.ip === undefined) return 0;
    const matching = this.db
      .selectFrom('auth_login_attempt')
      .$if(key.userName !== undefined, (q) =>
        q.where('user_name', '=', (key.userName ?? '').slice(0, 64)),
      )
      .$if(key.ip !== undefined, (q) => q.where('ip', '=', (key.ip ?? '').slice(0, 64)))
      .where('at', '>=', since);
    const lastSuccess = await matching
      .where('succeeded', '=', true)
      .select((eb) => eb.fn.max('at').as('at'))
      .executeTakeFirst();
    const from = lastSuccess?.at
      ? new Date(Math.max(since.getTime(), new Date(lastSuccess.at).getTime() + 1))
      : since;
    const row = await matching
      .where('succeeded', '=', false)
      .where('at', '>=', from)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return toCount(row?.n);
  }

  async purge(before: Date): Promise<number> {
    const res = await this.db
      .deleteFrom('auth_login_attempt')
      .where('at', '<', before)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}

export class SqlCaptchaRepository implements CaptchaRepository {
  constructor(private readonly db: Db) {}

  async create(c: {
    readonly uuid: string;
    readonly codeHash: string;
    readonly expiresAt: Date;
  }): Promise<void> {
    await this.db
      .insertInto('auth_captcha')
      .values({ uuid: c.uuid, code_hash: c.codeHash, expires_at: c.expiresAt, used_at: null })
      .execute();
  }

  async consume(uuid: string, now: Date): Promise<CaptchaRecord | null> {
    // One UPDATE … RETURNING: two requests racing for one captcha cannot both get it.
    const row = await this.db
      .updateTable('auth_captcha')
      .set({ used_at: now })
      .where('uuid', '=', uuid)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning(['uuid', 'code_hash', 'expires_at'])
      .executeTakeFirst();
    return row
      ? { uuid: row.uuid, codeHash: row.code_hash, expiresAt: row.expires_at, used: true }
      : null;
  }

  async purge(before: Date): Promise<number> {
    const res = await this.db
      .deleteFrom('auth_captcha')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}

export class SqlIdempotencyRepository implements IdempotencyRepository {
  constructor(private readonly db: Db) {}

  async begin(
    key: string,
    userId: number,
    route: string,
    now: Date,
    fingerprint?: string,
  ): Promise<IdempotencyBegin> {
    const claimed = await this.db
      .insertInto('idempotency_key')
      .values({
        key,
        user_id: userId,
        route,
        fingerprint: fingerprint ?? null,
        status: 'pending',
        response_code: null,
        response: null,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (claimed) return { kind: 'started' };
    const row = await this.db
      .selectFrom('idempotency_key')
      .selectAll()
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .executeTakeFirst();
    // Released between our insert and select: the caller may simply retry.
    if (!row) return { kind: 'conflict' };
    if (row.route !== route) return { kind: 'conflict' };
    // Another request under the same key: refused, whether the first is done or still running.
    // A side without a fingerprint (a key from before 0002, a caller that sends none) matches.
    if (fingerprint !== undefined && row.fingerprint !== null && row.fingerprint !== fingerprint)
      return { kind: 'mismatch' };
    const record: IdempotencyRecord = {
      key: row.key,
      userId: row.user_id,
      route: row.route,
      fingerprint: row.fingerprint,
      status: row.status,
      responseCode: row.response_code,
      response: row.response,
      createdAt: row.created_at,
    };
    return row.status === 'completed' ? { kind: 'completed', record } : { kind: 'pending', record };
  }

  async complete(
    key: string,
    userId: number,
    responseCode: number,
    response: unknown,
  ): Promise<void> {
    await this.db
      .updateTable('idempotency_key')
      .set({
        status: 'completed',
        response_code: responseCode,
        response: JSON.stringify(response ?? null),
      })
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .execute();
  }

  async release(key: string, userId: number): Promise<void> {
    await this.db
      .deleteFrom('idempotency_key')
      .where('user_id', '=', userId)
      .where('key', '=', key)
      .where('status', '=', 'pending')
      .execute();
  }

  async purge(before: Date): Promise<number> {
    const res = await this.db
      .deleteFrom('idempotency_key')
      .where('created_at', '<', before)
      .executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
