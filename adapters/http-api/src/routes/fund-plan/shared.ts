import { ALL_DATA, type FundPlanActor, type WriteIdempotency } from '@dpms/core';
import type { Request } from 'express';
import { idempotencyOf } from '../../http/idempotency.js';
import type { Principal } from '../../identity/principal.js';

/** A stored answer replayed for an Idempotency-Key carries its dates as ISO strings already. */
export const iso = (d: Date | string | null): string | null =>
  d === null ? null : typeof d === 'string' ? d : d.toISOString();

export const actorOf = (p: Principal): FundPlanActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});
export const idemOf = (req: Request, route: string, p: Principal): WriteIdempotency => ({
  ...idempotencyOf(req, route),
  userId: p.userId,
});
