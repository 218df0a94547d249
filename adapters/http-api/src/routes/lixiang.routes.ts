import { z } from 'zod';
import {
  ALL_DATA,
  APPROVAL_STATUS_LABELS,
  BIZ_SOURCE_LABELS,
  LIXIANG_SORT_COLUMNS,
  type ContractActor,
  type Lixiang,
  type LixiangFilter,
  type LixiangService,
} from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { pagingShape } from '../http/paging.js';
import { perm } from '../http/route.js';
import { id, optionalEnum, optionalId, textFilter } from '../http/schemas.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from './route-module.js';

const TAG = '项目立项';

const amount = () =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^(\d{1,12}(\.\d{0,6})?)?$/)
      .optional(),
  );
const text = (max: number) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string().max(max).optional());

const fields = {
  contractId: z.preprocess((v) => (v === '' ? null : v), id().nullable().optional()),
  lxNo: text(64),
  projectName: text(200),
  bizSource: z.preprocess(
    (v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v),
    z.enum(['1', '2', '3']).optional(),
  ),
  totalAmount: amount(),
  cleanAmount: amount(),
  directFee: amount(),
  remark: text(2000),
};

const view = (l: Lixiang) => ({
  lxId: l.lxId,
  contractId: l.contractId,
  lxNo: l.lxNo,
  projectName: l.projectName,
  bizSource: l.bizSource,
  bizSourceName: BIZ_SOURCE_LABELS[l.bizSource],
  totalAmount: l.totalAmount,
  cleanAmount: l.cleanAmount,
  realAmount: l.realAmount,
  directFee: l.directFee,
  technicalFee: l.technicalFee,
  expertFee: l.expertFee,
  operateFee: l.operateFee,
  designFee: l.designFee,
  feeRates: l.feeRates,
  remark: l.remark,
  history: l.history,
  status: l.status,
  statusName: APPROVAL_STATUS_LABELS[l.status],
  approvalId: l.approvalId,
  version: l.version,
  deptId: l.deptId,
  userId: l.userId,
  createBy: l.createBy,
  createTime: l.createTime.toISOString(),
  updateTime: l.updateTime.toISOString(),
});

const actorOf = (p: Principal): ContractActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});

/** Project filing (lixiang): list, add, addHistory, updateV2, updateToApprovalV2 (2_x), detail. */
export function lixiangRoutes(service: LixiangService): RouteModule {
  return {
    name: 'lixiang',
    register(book) {
      book.add({
        method: 'get',
        path: '/v4/lixiang/list',
        summary: '立项备案列表（按数据权限）',
        tag: TAG,
        access: perm('project:lixiang:list'),
        query: z.object({
          ...pagingShape(LIXIANG_SORT_COLUMNS),
          projectName: textFilter(100),
          lxNo: textFilter(64),
          bizSource: optionalEnum(['1', '2', '3']),
          status: optionalEnum(['-1', '0', '1', '2', '3']),
          contractId: optionalId(),
        }),
        handler: async ({ query, principal }) => {
          const f: { -readonly [K in keyof LixiangFilter]: LixiangFilter[K] } = {};
          if (query.projectName !== undefined) f.projectName = query.projectName;
          if (query.lxNo !== undefined) f.lxNo = query.lxNo;
          if (query.bizSource !== undefined) f.bizSource = query.bizSource;
          if (query.status !== undefined) f.status = Number(query.status) as -1 | 0 | 1 | 2 | 3;
          if (query.contractId !== undefined) f.contractId = query.contractId;
          const p = await service.list(listQueryOf(f, query), actorOf(principal));
          return page(p.total, p.rows.map(view));
        },
      });
      book.add({
        method: 'post',
        path: '/v4/lixiang/add',
        summary: '新增立项备案（费用由服务器按业务来源费率拆分）',
        tag: TAG,
        access: perm('project:lixiang:add'),
        body: z.object(fields),
        handler: async ({ body, principal }) =>
          ok(view(unwrap(await service.add(body, actorOf(principal))))),
      });
      book.add({
        method: 'post',
        path: '/project/lixiang/addHistory',
        summary: '补录历史立项备案（直接为已审批）',
        tag: TAG,
        access: perm('project:lixiang:add'),
        body: z.object(fields),
        handler: async ({ body, principal }) =>
          ok(view(unwrap(await service.add(body, actorOf(principal), true)))),
      });
      book.add({
        method: 'post',
        path: '/project/lixiang/updateV2',
        summary: '修改立项备案（待提交、已驳回或已撤回时）',
        tag: TAG,
        access: perm('project:lixiang:edit'),
        body: z.object({ ...fields, lxId: id() }),
        handler: async ({ body, principal }) => {
          const { lxId, ...input } = body;
          return ok(view(unwrap(await service.update(lxId, input, actorOf(principal)))));
        },
      });
      book.add({
        method: 'post',
        path: '/project/lixiang/updateToApprovalV2',
        summary: '提交立项备案审批（类型 2_x，默认 2_1）；审批中锁定，通过后为已审批',
        tag: TAG,
        access: perm('project:lixiang:edit'),
        body: z.object({
          lxId: id(),
          typeCode: z
            .string()
            .regex(/^2_\d$/)
            .optional(),
        }),
        handler: async ({ body, principal }) =>
          ok(view(unwrap(await service.submit(body.lxId, body.typeCode, actorOf(principal))))),
      });
      book.add({
        method: 'get',
        path: '/project/lixiang/detailById',
        summary: '立项备案详情',
        tag: TAG,
        access: perm('project:lixiang:query'),
        query: z.object({ lxId: id() }),
        handler: async ({ query, principal }) =>
          ok(view(unwrap(await service.detail(query.lxId, actorOf(principal))))),
      });
    },
  };
}
