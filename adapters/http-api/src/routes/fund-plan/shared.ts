import { z } from 'zod';
import { ALL_DATA, type FundPlanActor, type WriteIdempotency } from '@dpms/core';
import type { Request } from 'express';
import { idempotencyOf } from '../../http/idempotency.js';
import { id } from '../../http/schemas.js';
import type { Principal } from '../../identity/principal.js';

/** Amounts pass through as sent: core checks them and answers 400 naming the field. */
export const amountIn = () => z.unknown().describe('金额（万元），字符串，最多6位小数');
export const textIn = (max: number) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string().max(max).optional());
export const optionalBodyId = () =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), id().optional());
export const monthFilter = () =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: () => '参数 planMonth 格式应为yyyy-MM' })
      .optional(),
  );

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
