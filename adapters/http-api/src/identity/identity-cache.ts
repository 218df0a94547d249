import { EventEmitter } from 'node:events';
import type { AuthSession, SysRole, UserCredentials } from '@dpms/core';

/** The PostgreSQL channel the identity triggers announce on (migration 0102). */
export const IDENTITY_CHANNEL = 'dpms_identity';

/** What a role grants every session in it: the role, its permissions, its custom departments. */
export interface RoleGrant {
  readonly role: SysRole;
  readonly permissions: readonly string[];
  readonly customDeptIds: readonly number[];
}

/**
 * A session and who its user is, as `authenticate` read them: the credentials without the
 * password hash, which no request after sign-in needs and the process need not keep in memory.
 */
export interface SessionEntry {
  readonly session: AuthSession;
  readonly cred: Omit<UserCredentials, 'passwordHash'>;
}

/** Taken before a read; a read is kept only if nothing was announced since. */
export type CacheStamp = number;

/** More entries than this and the cache starts again (a bound, not a policy). */
const MAX_ENTRIES = 20_000;

/**
 * What `authenticate` needs, per session (the session row and its user's credentials) and per
 * role (its grant), kept in memory so a request whose session is known costs no query.
 *
 * It is correct only while this process hears every change: the database announces each one on
 * {@link IDENTITY_CHANNEL} (triggers, migration 0102), and the process's listener feeds them here
 * (`notify`). While the listener is not listening (before its first LISTEN, after a drop, while it
 * reconnects) the cache serves nothing and keeps nothing, so every request reads fresh; when it
 * listens again it starts empty, since changes made meanwhile were not heard. A read that started
 * before an announcement is not kept (its answer may predate the change).
 *
 * Expiry is not announced: the caller checks a cached session's expiry against its clock on every
 * hit, and reads fresh when it looks expired (another instance may have slid it forward).
 */
export class IdentityCache {
  private readonly sessions = new Map<string, SessionEntry>();
  private readonly grants = new Map<number, RoleGrant | null>();
  private serving = false;
  private generation = 0;
  private readonly counts = { sessionHits: 0, sessionMisses: 0, grantHits: 0, grantMisses: 0 };
  /**
   * `notice` (payload) for every announcement heard, `listening` (boolean) when the listener
   * starts or stops; for tests and logs.
   */
  readonly events = new EventEmitter();

  /** Whether the cache answers now (its listener is listening). */
  get active(): boolean {
    return this.serving;
  }

  /** How many sessions and role grants the cache holds (缓存监控). */
  sizes(): { readonly sessions: number; readonly grants: number } {
    return { sessions: this.sessions.size, grants: this.grants.size };
  }

  /** Call before the reads whose results may be {@link keepSession kept}. */
  stamp(): CacheStamp {
    return this.generation;
  }

  /** Lookups answered from memory and not, since the process started (缓存监控's pie). */
  stats(): {
    readonly sessionHits: number;
    readonly sessionMisses: number;
    readonly grantHits: number;
    readonly grantMisses: number;
  } {
    return { ...this.counts };
  }

  session(sessionId: string): SessionEntry | undefined {
    if (!this.serving) return undefined;
    const entry = this.sessions.get(sessionId);
    if (entry) this.counts.sessionHits += 1;
    else this.counts.sessionMisses += 1;
    return entry;
  }

  grant(roleId: number): RoleGrant | null | undefined {
    if (!this.serving) return undefined;
    const grant = this.grants.get(roleId);
    if (grant === undefined) this.counts.grantMisses += 1;
    else this.counts.grantHits += 1;
    return grant;
  }

  /** The sessions held, for 缓存列表 (a copy: the caller may clear while it reads). */
  sessionEntries(): readonly SessionEntry[] {
    return [...this.sessions.values()];
  }

  /** The role grants held, by role id (`null`: the role was read and is gone or disabled). */
  grantEntries(): ReadonlyArray<readonly [number, RoleGrant | null]> {
    return [...this.grants.entries()];
  }

  keepSession(stamp: CacheStamp, entry: SessionEntry): void {
    if (!this.fresh(stamp)) return;
    if (this.sessions.size >= MAX_ENTRIES) this.sessions.clear();
    this.sessions.set(entry.session.sessionId, entry);
  }

  keepGrant(stamp: CacheStamp, roleId: number, grant: RoleGrant | null): void {
    if (!this.fresh(stamp)) return;
    if (this.grants.size >= MAX_ENTRIES) this.grants.clear();
    this.grants.set(roleId, grant);
  }

  /** The session was touched here: its new last-seen time and expiry. */
  touched(sessionId: string, lastSeenAt: Date, expiresAt: Date): void {
    const entry = this.sessions.get(sessionId);
    if (entry)
      this.sessions.set(sessionId, {
        ...entry,
        session: { ...entry.session, lastSeenAt, expiresAt },
      });
  }

  forgetSession(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  /**
   * 缓存列表's 清理: drops entries so the next request reads them fresh. Nothing is signed out;
   * a read already under way is not kept (it may have started before whatever made someone clear).
   */
  dropSessions(sessionId?: string): void {
    this.generation += 1;
    if (sessionId === undefined) this.sessions.clear();
    else this.sessions.delete(sessionId);
  }

  /** Like {@link dropSessions}, for role grants. */
  dropGrants(roleId?: number): void {
    this.generation += 1;
    if (roleId === undefined) this.grants.clear();
    else this.grants.delete(roleId);
  }

  /** One announcement (`kind:id`, see migration 0102). Anything not understood drops everything. */
  notify(payload: string): void {
    this.generation += 1;
    const at = payload.indexOf(':');
    const kind = payload.slice(0, at);
    const id = payload.slice(at + 1);
    if (kind === 'session') this.sessions.delete(id);
    else if (kind === 'user' && /^\d+$/.test(id)) {
      const userId = Number(id);
      for (const [key, entry] of this.sessions)
        if (entry.session.userId === userId) this.sessions.delete(key);
    } else if (kind === 'role' && /^\d+$/.test(id)) this.grants.delete(Number(id));
    else if (kind === 'menu') this.grants.clear();
    else this.clear();
    this.events.emit('notice', payload);
  }

  /** The listener started (`true`) or stopped (`false`) listening: either way, start again. */
  listening(on: boolean): void {
    this.generation += 1;
    this.clear();
    this.serving = on;
    this.events.emit('listening', on);
  }

  private fresh(stamp: CacheStamp): boolean {
    return this.serving && stamp === this.generation;
  }

  private clear(): void {
    this.sessions.clear();
    this.grants.clear();
  }
}
