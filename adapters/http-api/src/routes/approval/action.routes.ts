import {
  approvalDeleteAnswer,
  approvalIdQuery,
  approvalOutcomeAnswer,
  approvalProcessBody,
  transferCandidatesAnswer,
} from '@dpms/wire';
import { ok } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { perm, type RouteBook } from '../../http/route.js';
import { TAG, actorOf, idemOf, userDepts, type ApprovalRouteDeps } from './shared.js';

/** The actions on an approval (approve, reject, return, transfer, cc, urge ...) and its deletion. */
export function registerActionRoutes(book: RouteBook, { engine, repos }: ApprovalRouteDeps): void {
  const depts = userDepts(repos);
  book.add({
    method: 'post',
    path: '/project/approval/process',
    summary:
      '处理审批：action 为 submit、approve、reject、withdraw、return（targetNodeId）、transfer（toUserId）、cc（toUserId）、urge；version 为所见版本，过期答复 409',
    tag: TAG,
    access: perm('project:approval:process'),
    idempotency: 'use-case',
    body: approvalProcessBody,
    response: approvalOutcomeAnswer,
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
    path: '/project/approval/transferCandidates',
    summary:
      '转办候选人：当前节点按流程配置可审批的人员（角色成员、指定用户、部门负责人、表单人员及备用审批人），不含拟稿人、记录创建人和当前审批人；仅当前节点的审批人可查',
    tag: TAG,
    access: perm('project:approval:process'),
    query: approvalIdQuery,
    response: transferCandidatesAnswer,
    handler: async (ctx) => {
      const people = unwrap(
        await engine.transferCandidates(ctx.query.approvalId, actorOf(ctx.principal)),
      );
      const deptOf = await depts(people.map((p) => p.userId));
      return ok(people.map((p) => ({ ...p, deptName: deptOf[p.userId] ?? null })));
    },
  });
  book.add({
    method: 'get',
    path: '/project/approval/deleteById',
    summary: '删除审批：只能删除自己的待提交或已撤回的审批（保留其审批记录）',
    tag: TAG,
    access: perm('project:approval:remove'),
    query: approvalIdQuery,
    response: approvalDeleteAnswer,
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
