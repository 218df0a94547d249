import { z } from 'zod';
import {
  ALL_DATA,
  APPROVAL_STATUS_LABELS,
  CHILD_TYPE_LABELS,
  type ChildPay,
  type ContractActor,
  type ContractChild,
  type ContractChildService,
} from '@dpms/core';
import { ok } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { perm } from '../http/route.js';
import { id } from '../http/schemas.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from './route-module.js';

const TAG = '分包合同';

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

const childBody = z.object({
  contractId: id(),
  contractChildNo: text(64),
  childType: z.coerce.number().int().min(1).max(7),
  paymentMethod: text(200),
  content: text(5200),
  receiveCompanyName: text(200),
  totalAmount: amount(),
});

const payFields = {
  payAmount: amount(),
  taxRate: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^(0(\.\d{1,6})?)?$/)
      .optional(),
  ),
  payDate: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  ),
  remark: text(500),
};

const childView = (c: ContractChild) => ({
  contractChildId: c.contractChildId,
  contractId: c.contractId,
  contractChildNo: c.contractChildNo,
  childType: c.childType,
  childTypeName: CHILD_TYPE_LABELS[c.childType],
  paymentMethod: c.paymentMethod,
  content: c.content,
  receiveCompanyName: c.receiveCompanyName,
  totalAmount: c.totalAmount,
  history: c.history,
  status: c.status,
  statusName: APPROVAL_STATUS_LABELS[c.status],
  version: c.version,
  deptId: c.deptId,
  userId: c.userId,
  createBy: c.createBy,
  createTime: c.createTime.toISOString(),
});

const payView = (p: ChildPay) => ({
  payId: p.payId,
  contractChildId: p.contractChildId,
  payAmount: p.payAmount,
  taxRate: p.taxRate,
  realPayAmount: p.realPayAmount,
  payDate: p.payDate,
  remark: p.remark,
  createTime: p.createTime.toISOString(),
});

const actorOf = (p: Principal): ContractActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});

/**
 * Sub-contracts (contractChild, childType 1-7) and their pay items; net pay computed on the
 * server (realPayAmount = payAmount − payAmount × (0.06 − taxRate)). Scoped like contracts.
 */
export function contractChildRoutes(service: ContractChildService): RouteModule {
  return {
    name: 'contractChildren',
    register(book) {
      book.add({
        method: 'get',
        path: '/project/contractChild/getAllChild',
        summary: '某合同的全部分包合同（按数据权限）',
        tag: TAG,
        access: perm('project:contractChild:list'),
        query: z.object({ contractId: id() }),
        handler: async ({ query, principal }) =>
          ok((await service.listByContract(query.contractId, actorOf(principal))).map(childView)),
      });
      book.add({
        method: 'post',
        path: '/v4/contractChild/add',
        summary: '新增分包合同（所属合同须已转为合同）',
        tag: TAG,
        access: perm('project:contractChild:add'),
        body: childBody,
        handler: async ({ body, principal }) =>
          ok(childView(unwrap(await service.add(body, actorOf(principal))))),
      });
      book.add({
        method: 'post',
        path: '/project/contractChild/addHistory',
        summary: '补录历史分包合同（已签订，不走审批，不能再改或删除）',
        tag: TAG,
        access: perm('project:contractChild:add'),
        body: childBody,
        handler: async ({ body, principal }) =>
          ok(childView(unwrap(await service.add(body, actorOf(principal), true)))),
      });
      book.add({
        method: 'get',
        path: '/project/contractChild/delById',
        summary: '删除分包合同（审批中、已审批、历史或已有付款记录的不能删除）',
        tag: TAG,
        access: perm('project:contractChild:remove'),
        query: z.object({ contractChildId: id() }),
        handler: async ({ query, principal }) =>
          ok(childView(unwrap(await service.delete(query.contractChildId, actorOf(principal))))),
      });
      book.add({
        method: 'get',
        path: '/v4/contractChild/detailById',
        summary: '分包合同详情与付款记录',
        tag: TAG,
        access: perm('project:contractChild:query'),
        query: z.object({ contractChildId: id() }),
        handler: async ({ query, principal }) => {
          const d = unwrap(await service.detail(query.contractChildId, actorOf(principal)));
          return ok({ ...childView(d.child), pays: d.pays.map(payView) });
        },
      });
      book.add({
        method: 'post',
        path: '/project/contractChild/insertChildPay',
        summary: '新增付款记录（累计不超过分包合同金额；实付由服务器按税率计算）',
        tag: TAG,
        access: perm('project:contractChild:pay'),
        body: z.object({ contractChildId: id(), ...payFields }),
        handler: async ({ body, principal }) => {
          const { contractChildId, ...pay } = body;
          return ok(
            payView(unwrap(await service.insertPay(contractChildId, pay, actorOf(principal)))),
          );
        },
      });
      book.add({
        method: 'post',
        path: '/project/contractChild/updateChildPay',
        summary: '修改付款记录',
        tag: TAG,
        access: perm('project:contractChild:pay'),
        body: z.object({ payId: id(), ...payFields }),
        handler: async ({ body, principal }) => {
          const { payId, ...pay } = body;
          return ok(payView(unwrap(await service.updatePay(payId, pay, actorOf(principal)))));
        },
      });
      book.add({
        method: 'get',
        path: '/project/contractChild/deleteChildPay',
        summary: '删除付款记录',
        tag: TAG,
        access: perm('project:contractChild:pay'),
        query: z.object({ payId: id() }),
        handler: async ({ query, principal }) =>
          ok(payView(unwrap(await service.deletePay(query.payId, actorOf(principal))))),
      });
    },
  };
}
