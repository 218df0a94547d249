import type { Request } from 'express';
import { z } from 'zod';
import { ALL_DATA, type ContractActor, type WriteIdempotency } from '@dpms/core';
import { idempotencyOf } from '../http/idempotency.js';
import type { Principal } from '../identity/principal.js';

/** An amount in 万元 as a decimal string (DESIGN §3): no float, no sign, at most 6 decimals. */
export const amountField = () =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^(\d{1,12}(\.\d{0,6})?)?$/)
      .optional(),
  );

export const textField = (max: number) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string().max(max).optional());

export const dateField = () =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  );

/** Ids the server issued for uploaded files (the wire's rule, shared with the client). */
export { fileIdList } from '@dpms/wire';

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
