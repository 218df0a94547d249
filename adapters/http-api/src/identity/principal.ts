import type { DataScope } from '@dpms/core';

/**
 * The signed-in caller as every route sees it: who, in which role, holding which permissions, and
 * which records that role may touch. Built from the session row on every request, never from the
 * token's claims alone, so a revoked session or a changed role takes effect at once.
 */
export interface Principal {
  readonly sessionId: string;
  readonly userId: number;
  readonly userName: string;
  readonly deptId: number | null;
  /** The current role (the one chosen at login or by a role change). */
  readonly roleId: number;
  readonly roleKey: string;
  readonly roleName: string;
  readonly permissions: readonly string[];
  readonly isAdmin: boolean;
  /** The records the current role may list, read and write; passed to every scoped repository call. */
  readonly scope: DataScope;
}
