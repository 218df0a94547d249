import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { numeric } from '../../http/schemas.js';
import { perm, type RouteBook } from '../../http/route.js';
import { idOrServiceId, userIdString } from './schemas.js';
import { TAG, actorOf, idemOf, type ApprovalRouteDeps } from './shared.js';

/** The actions on an approval (process: approve, reject, transfer, cc, urge, withdraw ...) and its deletion. */
export function registerActionRoutes(book: RouteBook, { engine }: ApprovalRouteDeps): void {
  book.add({
    method: 'post',
    path: '/project/approval/process',
    summary:
      '处理审批：action 为 submit、approve、reject、withdraw、return（targetNodeId）、transfer（toUserId）、cc（toUserId）、urge；version 为所见版本，过期答复 409',
    tag: TAG,
    access: perm('project:approval:process'),
    idempotency: 'use-case',
    body: idOrServiceId({
      action: z.enum([
        'submit',
        'approve',
        'reject',
        'withdraw',
        'return',
        'transfer',
        'cc',
        'urge',
      ]),
      version: numeric(z.number().int().min(0).max(2_147_483_647)),
      opinion: z.string().max(200).optional(),
      targetNodeId: z.union([z.string(), z.number()]).transform(String).optional(),
      toUserId: userIdString.optional(),
    }),
    handler: async (ctx) => {
      const b = ctx.body;
      const result = await engine.process(
        {
          approvalId: b.approvalId,
          action: b.action,
          version: b.version,
          opinion: b.opinion,
          targetNodeId: b.targetNodeId,
          toUserId: b.toUserId,
        },
        actorOf(ctx.principal),
        idemOf(ctx, '/project/approval/process'),
      );
      return ok(unwrap(result));
    },
  });
  book.add({
    method: 'get',
    path: '/project/approval/deleteById',
    summary: '删除审批：只能删除自己的待提交或已撤回的审批（保留其审批记录）',
    tag: TAG,
    access: perm('project:approval:remove'),
    query: idOrServiceId({}),
    handler: async (ctx) =>
      ok(
        unwrap(
          await engine.deleteById(
            ctx.query.approvalId,
            actorOf(ctx.principal),
            idemOf(ctx, '/project/approval/deleteById'),
          ),
        ),
      ),
  });
}
