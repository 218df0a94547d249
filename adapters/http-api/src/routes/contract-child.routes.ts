import {
  fileDownloadAddress,
  requirePermission,
  APPROVAL_STATUS_LABELS,
  CHILD_TYPE_LABELS,
  type ChildPay,
  type ContractChild,
  type ContractChildFilter,
  type ContractChildService,
  type ContractChildSummary,
  type PayAttachment,
} from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { perm } from '../http/route.js';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../http/xlsx.js';
import {
  childCanPayAnswer,
  childContractIdQuery,
  childPayAddBody,
  childPayAnswer,
  childPayIdQuery,
  childPayUpdateBody,
  contractChildAnswer,
  contractChildDetailAnswer,
  contractChildExportQuery,
  contractChildIdQuery,
  contractChildListAnswer,
  contractChildListQuery,
  contractChildPage,
  contractChildSaveAndSubmitBody,
  contractChildSaveBody,
  contractChildSubmitBody,
  contractChildTaxAnswer,
  contractChildTaxBody,
  contractChildUpdateBody,
  payAttachmentsAnswer,
  type ChildPayRecord,
  type ContractChildRecord,
  type ContractChildRow,
  type PayAttachmentRecord,
} from '@dpms/wire';
import { actorOf, idemOf, iso } from './contract-route-helpers.js';
import type { RouteModule } from './route-module.js';

const TAG = '分包合同';

/** The answers' records, as the wire schemas document them (RouteBook checks them). */
const childView = (c: ContractChild): ContractChildRecord => ({
  contractChildId: c.contractChildId,
  contractId: c.contractId,
  contractChildNo: c.contractChildNo,
  childType: c.childType,
  childTypeName: CHILD_TYPE_LABELS[c.childType],
  paymentMethod: c.paymentMethod,
  content: c.content,
  receiveCompanyName: c.receiveCompanyName,
  totalAmount: c.totalAmount,
  taxRate: c.taxRate,
  history: c.history,
  status: c.status,
  statusName: APPROVAL_STATUS_LABELS[c.status],
  approvalId: c.approvalId,
  version: c.version,
  deptId: c.deptId,
  userId: c.userId,
  createBy: c.createBy,
  createByName: c.createByName,
  createTime: iso(c.createTime),
});

const summaryView = (c: ContractChildSummary): ContractChildRow => ({
  ...childView(c),
  contractName: c.contractName,
  paidAmount: c.paidAmount,
  payItemsAmount: c.payItemsAmount,
  extendAmount: c.extendAmount,
  canPayAmount: c.canPayAmount,
});

const payView = (p: ChildPay): ChildPayRecord => ({
  payId: p.payId,
  contractChildId: p.contractChildId,
  payAmount: p.payAmount,
  taxRate: p.taxRate,
  realPayAmount: p.realPayAmount,
  payDate: p.payDate,
  remark: p.remark,
  files: p.files,
  createTime: iso(p.createTime),
});

const attachmentView = (a: PayAttachment): PayAttachmentRecord => ({
  fileId: a.fileId,
  fileName: a.fileName,
  size: a.size,
  url: fileDownloadAddress(a.fileId),
  createTime: iso(a.createTime),
});

function filterOf(q: {
  contractId?: number | undefined;
  childType?: string | undefined;
  status?: string | undefined;
  contractChildNo?: string | undefined;
  receiveCompanyName?: string | undefined;
}): ContractChildFilter {
  const f: { -readonly [K in keyof ContractChildFilter]: ContractChildFilter[K] } = {};
  if (q.contractId !== undefined) f.contractId = q.contractId;
  if (q.childType !== undefined) f.childType = Number(q.childType);
  if (q.status !== undefined) f.status = Number(q.status) as -1 | 0 | 1 | 2 | 3;
  if (q.contractChildNo !== undefined) f.contractChildNo = q.contractChildNo;
  if (q.receiveCompanyName !== undefined) f.receiveCompanyName = q.receiveCompanyName;
  return f;
}

/** The sub-contract list's columns as the screen shows them (ContractChildListPage). */
const EXPORT_COLUMNS: readonly XlsxColumn<ContractChildSummary>[] = [
  { header: '分包合同编号', value: (c) => c.contractChildNo },
  { header: '所属合同', value: (c) => c.contractName, width: 30 },
  { header: '分包类型', value: (c) => CHILD_TYPE_LABELS[c.childType] },
  { header: '收款单位', value: (c) => c.receiveCompanyName, width: 24 },
  { header: '审批状态', value: (c) => APPROVAL_STATUS_LABELS[c.status] },
  { header: '分包金额（万元）', kind: 'money', value: (c) => c.totalAmount },
  { header: '补充金额（万元）', kind: 'money', value: (c) => c.extendAmount },
  { header: '已付金额（万元）', kind: 'money', value: (c) => c.paidAmount },
  { header: '可付金额（万元）', kind: 'money', value: (c) => c.canPayAmount },
];

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
        query: childContractIdQuery,
        response: contractChildListAnswer,
        handler: async ({ query, principal }) =>
          ok((await service.listByContract(query.contractId, actorOf(principal))).map(childView)),
      });
      book.add({
        method: 'get',
        path: '/v4/contractChild/list',
        summary: '分包合同列表（含已付、补充与可付金额），按数据权限',
        tag: TAG,
        access: perm('project:contractChild:list'),
        query: contractChildListQuery,
        response: contractChildPage,
        handler: async ({ query, principal }) => {
          const p = await service.list(listQueryOf(filterOf(query), query), actorOf(principal));
          return page(p.total, p.rows.map(summaryView));
        },
      });
      book.add({
        method: 'get',
        path: '/v4/contractChild/export',
        summary: '导出分包合同列表（.xlsx，流式；筛选同 /v4/contractChild/list）',
        tag: TAG,
        access: perm('project:contractChild:export'),
        query: contractChildExportQuery,
        produces: XLSX_TYPE,
        handler: async ({ query, principal, res }) => {
          await streamXlsx(
            res,
            '分包合同.xlsx',
            '分包合同',
            EXPORT_COLUMNS,
            service.exportRows(filterOf(query), actorOf(principal)),
          );
          return undefined;
        },
      });
      book.add({
        method: 'post',
        path: '/v4/contractChild/add',
        summary: '新增分包合同（所属合同须已转为合同；支持 Idempotency-Key）',
        tag: TAG,
        access: perm('project:contractChild:add'),
        body: contractChildSaveBody,
        response: contractChildAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            childView(
              unwrap(
                await service.add(
                  body,
                  actorOf(principal),
                  false,
                  idemOf(req, principal, '/v4/contractChild/add'),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/project/contractChild/addHistory',
        summary: '补录历史分包合同（已签订，不走审批，不能再改或删除；支持 Idempotency-Key）',
        tag: TAG,
        access: perm('project:contractChild:add'),
        body: contractChildSaveBody,
        response: contractChildAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            childView(
              unwrap(
                await service.add(
                  body,
                  actorOf(principal),
                  true,
                  idemOf(req, principal, '/project/contractChild/addHistory'),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/v4/contractChild/update',
        summary: '修改分包合同（待提交、已驳回或已撤回；金额不能小于已付）',
        tag: TAG,
        access: perm('project:contractChild:edit'),
        body: contractChildUpdateBody,
        response: contractChildAnswer,
        handler: async ({ body, principal }) => {
          const { contractChildId, version, ...input } = body;
          return ok(
            childView(
              unwrap(await service.update(contractChildId, input, version, actorOf(principal))),
            ),
          );
        },
      });
      book.add({
        method: 'post',
        path: '/v4/contractChild/updateToApproval',
        summary:
          '提交分包合同审批（付款合同 5_x，默认 5_1）；审批中锁定，通过后为已审批（支持 Idempotency-Key）',
        tag: TAG,
        access: perm('project:contractChild:edit'),
        body: contractChildSubmitBody,
        response: contractChildAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            childView(
              unwrap(
                await service.submit(
                  body.contractChildId,
                  body.typeCode,
                  actorOf(principal),
                  idemOf(req, principal, '/v4/contractChild/updateToApproval'),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/v4/contractChild/saveAndSubmit',
        summary:
          '保存并提交分包合同审批：新增（或带 contractChildId、version 修改）分包合同并提交审批（付款合同 5_x，默认 5_1），在同一事务中完成，任何一步被拒绝则都不生效（支持 Idempotency-Key）',
        tag: TAG,
        access: perm('project:contractChild:add'),
        idempotency: 'use-case',
        body: contractChildSaveAndSubmitBody,
        response: contractChildAnswer,
        handler: async ({ body, principal, req }) => {
          // Sending to review needs what updateToApproval needs: this route is no side door.
          unwrap(requirePermission(principal, 'project:contractChild:edit'));
          const { contractChildId, version, typeCode, ...input } = body;
          return ok(
            childView(
              unwrap(
                await service.saveAndSubmit(
                  { contractChildId, version, typeCode, input },
                  actorOf(principal),
                  idemOf(req, principal, '/v4/contractChild/saveAndSubmit'),
                ),
              ),
            ),
          );
        },
      });
      book.add({
        method: 'post',
        path: '/v4/contractChild/updateExpensesOfTaxation',
        summary:
          '修改分包合同的税率（收款单位的发票税率，0-0.06）：新付款默认此税率，已有付款按它重算实付',
        tag: TAG,
        access: perm('project:contractChild:pay'),
        body: contractChildTaxBody,
        response: contractChildTaxAnswer,
        handler: async ({ body, principal }) => {
          const r = unwrap(
            await service.updateTaxation(body.contractChildId, body.taxRate, actorOf(principal)),
          );
          return ok({ ...childView(r.child), pays: r.pays.map(payView) });
        },
      });
      book.add({
        method: 'get',
        path: '/project/contractChild/delById',
        summary: '删除分包合同（审批中、已审批、历史或已有付款记录的不能删除）',
        tag: TAG,
        access: perm('project:contractChild:remove'),
        query: contractChildIdQuery,
        response: contractChildAnswer,
        handler: async ({ query, principal }) =>
          ok(childView(unwrap(await service.delete(query.contractChildId, actorOf(principal))))),
      });
      book.add({
        method: 'get',
        path: '/v4/contractChild/detailById',
        summary: '分包合同详情（含已付、补充、可付金额）与付款记录',
        tag: TAG,
        access: perm('project:contractChild:query'),
        query: contractChildIdQuery,
        response: contractChildDetailAnswer,
        handler: async ({ query, principal }) => {
          const d = unwrap(await service.detail(query.contractChildId, actorOf(principal)));
          return ok({ ...summaryView(d.child), pays: d.pays.map(payView) });
        },
      });
      book.add({
        method: 'get',
        path: '/project/contractChild/getUserCanPayList',
        summary: '当前用户可付款的分包合同（已审批或历史、仍有可付金额，按数据权限），含可付金额',
        tag: TAG,
        access: perm('project:contractChild:pay'),
        query: contractChildListQuery,
        response: contractChildPage,
        handler: async ({ query, principal }) => {
          const p = await service.list(
            listQueryOf({ ...filterOf(query), canPay: true }, query),
            actorOf(principal),
          );
          return page(p.total, p.rows.map(summaryView));
        },
      });
      book.add({
        method: 'get',
        path: '/project/contractChild/getUserCanPayAmount',
        summary:
          '某分包合同的可付金额：分包金额 + 补充金额 − 付款项合计（已付金额为已付款的资金支付）',
        tag: TAG,
        access: perm('project:contractChild:pay'),
        query: contractChildIdQuery,
        response: childCanPayAnswer,
        handler: async ({ query, principal }) => {
          const s = unwrap(await service.canPay(query.contractChildId, actorOf(principal)));
          return ok({
            contractChildId: s.contractChildId,
            totalAmount: s.totalAmount,
            extendAmount: s.extendAmount,
            paidAmount: s.paidAmount,
            payItemsAmount: s.payItemsAmount,
            canPayAmount: s.canPayAmount,
          });
        },
      });
      book.add({
        method: 'post',
        path: '/project/contractChild/insertChildPay',
        summary:
          '新增付款记录（累计不超过分包金额加补充金额；实付由服务器按税率计算；files 为已上传文件的 fileId）',
        tag: TAG,
        access: perm('project:contractChild:pay'),
        body: childPayAddBody,
        response: childPayAnswer,
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
        summary: '修改付款记录（files 不传则附件不变）',
        tag: TAG,
        access: perm('project:contractChild:pay'),
        body: childPayUpdateBody,
        response: childPayAnswer,
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
        query: childPayIdQuery,
        response: childPayAnswer,
        handler: async ({ query, principal }) =>
          ok(payView(unwrap(await service.deletePay(query.payId, actorOf(principal))))),
      });
      book.add({
        method: 'get',
        path: '/project/contractChild/showPayAttachmentList',
        summary: '付款记录的附件列表（文件名、大小、下载地址）',
        tag: TAG,
        access: perm('project:contractChild:query'),
        query: childPayIdQuery,
        response: payAttachmentsAnswer,
        handler: async ({ query, principal }) =>
          ok(
            unwrap(await service.payAttachments(query.payId, actorOf(principal))).map(
              attachmentView,
            ),
          ),
      });
    },
  };
}
