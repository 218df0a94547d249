import {
  APPROVAL_STATUS_LABELS,
  lixiangActions,
  type Lixiang,
  type LixiangChange,
  type LixiangChangeService,
} from '@dpms/core';
import {
  lixiangChangeAddAnswer,
  lixiangChangeBody,
  lixiangChangeListQuery,
  lixiangChangesAnswer,
  type LixiangChangeRecord,
  type LixiangRecord,
} from '@dpms/wire';
import { ok } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { perm, type RouteBook } from '../http/route.js';
import { actorOf, idemOf, iso } from './contract-route-helpers.js';

const TAG = '项目立项';

export const lixiangChangeView = (c: LixiangChange): LixiangChangeRecord => ({
  changeId: c.changeId,
  lxId: c.lxId,
  proposed: { ...c.proposed },
  previous: { ...c.previous },
  reason: c.reason,
  status: c.status,
  statusName: APPROVAL_STATUS_LABELS[c.status],
  approvalId: c.approvalId,
  createBy: c.createBy,
  createByName: c.createByName,
  createTime: iso(c.createTime),
});

/** A formal filing's change (备案变更 12_x): its request and its list. */
export function registerLixiangChangeRoutes(
  book: RouteBook,
  changes: LixiangChangeService,
  view: (l: Lixiang) => LixiangRecord,
): void {
  book.add({
    method: 'post',
    path: '/v4/lixiang/change/add',
    summary:
      '发起备案变更（审批类型 12_x，默认 12_1）：仅已审批或补录的立项备案；审批通过后按变更内容修改备案并重算费用，驳回或撤回不改变备案（支持 Idempotency-Key）',
    tag: TAG,
    // The filing's edit permission, as 修改 and 提交审批 (and 发起审批's 12_x) require.
    access: perm(lixiangActions.permissions.edit),
    idempotency: 'use-case',
    body: lixiangChangeBody,
    response: lixiangChangeAddAnswer,
    handler: async ({ body, principal, req }) => {
      const r = unwrap(
        await changes.request(
          body.lxId,
          { fields: body.fields, reason: body.reason, typeCode: body.typeCode },
          actorOf(principal),
          idemOf(req, principal, '/v4/lixiang/change/add'),
        ),
      );
      return ok({ filing: view(r.filing), change: lixiangChangeView(r.change) });
    },
  });
  book.add({
    method: 'get',
    path: '/v4/lixiang/change/list',
    summary: '立项备案的变更记录（含审批状态），按数据权限',
    tag: TAG,
    access: perm('project:lixiang:query'),
    query: lixiangChangeListQuery,
    response: lixiangChangesAnswer,
    handler: async ({ query, principal }) =>
      ok(unwrap(await changes.list(query.lxId, actorOf(principal))).map(lixiangChangeView)),
  });
}
