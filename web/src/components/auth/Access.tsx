import { hasPermission, hasRole } from '@dpms/core';
import type { ReactNode } from 'react';
import { useSession } from '../../app/hooks';

/**
 * The permission directive (000 §6): renders its children only for a holder of one of `perms`
 * (or of `*:*:*`). The server still decides; this only hides what it would refuse.
 */
export function HasPermi({ perms, children }: { perms: string[]; children: ReactNode }) {
  const { session } = useSession();
  return hasPermission(session.permissions, perms) ? <>{children}</> : null;
}

/** The role directive: children only for a holder of one of `roles` (or of `admin`). */
export function HasRole({ roles, children }: { roles: string[]; children: ReactNode }) {
  const { session } = useSession();
  return hasRole(session.roles, roles) ? <>{children}</> : null;
}
