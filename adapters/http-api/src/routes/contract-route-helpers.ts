import type { Request } from 'express';
import { ALL_DATA, type ContractActor, type WriteIdempotency } from '@dpms/core';
import { idempotencyOf } from '../http/idempotency.js';
import type { Principal } from '../identity/principal.js';

export const actorOf = (p: Principal): ContractActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});

/** A stored answer replayed for an Idempotency-Key carries its dates as ISO strings already. */
export const iso = (d: Date | string): string => (typeof d === 'string' ? d : d.toISOString());

/**
 * The Idempotency-Key of a create or convert call (read in http/idempotency.ts for every route):
 * the first answer is stored with the write, a repeat of the same request by the same user on the
 * same call gets it back, the same key with another request is refused.
 */
export function idemOf(req: Request, principal: Principal, route: string): WriteIdempotency {
  return { ...idempotencyOf(req, route), userId: principal.userId };
}
