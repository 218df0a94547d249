import { isAdminRole } from '../platform/role-rules.js';
import { domainError, type DomainError } from '../shared/result.js';

/** A live session as 在线用户 lists it: named by its session id, never by its token. */
export interface OnlineSession {
  readonly tokenId: string;
  readonly userName: string;
  readonly deptName: string;
  readonly ipaddr: string;
  readonly userAgent: string;
  readonly loginTime: Date;
  readonly lastAccessTime: Date;
  /** The session's current role; its key is null when the role no longer exists. */
  readonly roleId: number;
  readonly roleKey: string | null;
}

export interface OnlineFilter {
  /** One session by its id (强退 reads its target alone). */
  readonly tokenId?: string;
  readonly ipaddr?: string;
  readonly userName?: string;
}

/** Who asks for 强退: the caller's own session and whether they act as administrator. */
export interface ForceLogoutCaller {
  readonly sessionId: string;
  readonly isAdmin: boolean;
}

export const OnlineErrors = {
  ownSession: (): DomainError =>
    domainError('SYSLOG.NOT_ALLOWED', '不能强退当前会话，请使用退出', 'tokenId'),
  adminSession: (): DomainError =>
    domainError('SYSLOG.NOT_ALLOWED', '不允许强退管理员的会话', 'tokenId'),
} as const;

/**
 * Why 强退 of `target` is refused, or null. One's own session ends by 退出 (which logs it as
 * such); an administrator's session (its current role is the administrator role, `isAdminRole`) may be ended only by an administrator, so a holder of
 * monitor:online:forceLogout cannot sign the administrator out. The page hides 强退 where this
 * refuses.
 */
export function forceLogoutError(
  caller: ForceLogoutCaller,
  target: Pick<OnlineSession, 'tokenId' | 'roleId' | 'roleKey'>,
): DomainError | null {
  if (target.tokenId === caller.sessionId) return OnlineErrors.ownSession();
  const targetIsAdmin = isAdminRole({ roleId: target.roleId, roleKey: target.roleKey ?? '' });
  if (targetIsAdmin && !caller.isAdmin) return OnlineErrors.adminSession();
  return null;
}
