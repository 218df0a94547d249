import type { z } from 'zod';
import {
  APPROVAL_STATUS_LABELS,
  approvalTypeLabel,
  type ApprovalActor,
  type ApprovalEngine,
  type ApprovalListRow,
} from '@dpms/core';
import { approvalListQuery as listQuery, approvalPage } from '@dpms/wire';
import { page } from '../../http/envelope.js';
import { listQueryOf } from '../../http/list-query.js';
import { perm, type RouteBook } from '../../http/route.js';
import { TAG, actorOf, type ApprovalRouteDeps } from './shared.js';

const rowView = (r: ApprovalListRow) => ({
  approvalId: r.approvalId,
  serviceId: r.approvalId,
  typeCode: r.typeCode,
  typeName: approvalTypeLabel(r.typeCode),
  kind: r.kind,
  title: r.title,
  status: r.status,
  statusName: APPROVAL_STATUS_LABELS[r.status],
  version: r.version,
  drafterId: r.drafterId,
  drafterName: r.drafterName,
  deptId: r.deptId,
  deptName: r.deptName,
  currentNodeName: r.currentNodeName ?? '',
  recordKind: r.recordKind,
  recordId: r.recordId,
  createTime: r.createTime.toISOString(),
  updateTime: r.updateTime.toISOString(),
  submitTime: r.submitTime?.toISOString() ?? null,
  finishTime: r.finishTime?.toISOString() ?? null,
});

/** The approval centre's four lists, by the caller's part in each approval. */
export function registerListRoutes(book: RouteBook, { engine }: ApprovalRouteDeps): void {
  const listRoute = (
    path: string,
    summary: string,
    permission: string,
    run: (
      actor: ApprovalActor,
      q: ReturnType<typeof toQuery>,
    ) => ReturnType<ApprovalEngine['listAll']>,
  ) =>
    book.add({
      method: 'get',
      path,
      summary,
      tag: TAG,
      access: perm(permission),
      query: listQuery,
      response: approvalPage,
      handler: async ({ query, principal }) => {
        const p = await run(actorOf(principal), toQuery(query));
        return page(p.total, p.rows.map(rowView));
      },
    });
  const toQuery = (q: z.output<typeof listQuery>) =>
    listQueryOf(
      {
        ...(q.typeCode === undefined ? {} : { typeCode: q.typeCode }),
        ...(q.status === undefined ? {} : { status: q.status as -1 | 0 | 1 | 2 | 3 }),
        ...(q.title === undefined || q.title === '' ? {} : { title: q.title }),
      },
      q,
    );
  listRoute(
    '/project/approval/getAllNeedApprovalList',
    '待我审批：当前节点等待我签署的审批',
    'project:approval:list',
    (a, q) => engine.listWaiting(a, q),
  );
  listRoute(
    '/project/approval/getDoneList',
    '我已审批（规格外，供审批中心“我已审批”页）：我签署、驳回、退回或转办过的审批',
    'project:approval:list',
    (a, q) => engine.listDone(a, q),
  );
  listRoute(
    '/project/approval/getSelfCreateList',
    '我发起的审批（含待提交）',
    'project:approvalMine:list',
    (a, q) => engine.listMine(a, q),
  );
  listRoute(
    '/project/approval/getAllApprovalList',
    '全部审批：按角色的数据权限（拟稿人部门），以及我参与、抄送给我的审批；不含他人的待提交',
    'project:approvalAll:list',
    (a, q) => engine.listAll(a, q),
  );
}
