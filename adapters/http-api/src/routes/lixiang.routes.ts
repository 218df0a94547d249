import {
  APPROVAL_STATUS_LABELS,
  requirePermission,
  type ContractExportService,
  BIZ_SOURCE_LABELS,
  type Lixiang,
  type LixiangChangeService,
  type LixiangFilter,
  type LixiangService,
} from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { perm } from '../http/route.js';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../http/xlsx.js';
import { actorOf, idemOf, iso } from './contract-route-helpers.js';
import { modificationColumns, modificationRows } from './contract/index.js';
import { registerLixiangChangeRoutes } from './lixiang-change.routes.js';
import type { RouteModule } from './route-module.js';
import {
  lixiangAnswer,
  lixiangExportQuery,
  lixiangIdQuery,
  lixiangListQuery,
  lixiangPage,
  lixiangSaveAndSubmitBody,
  lixiangSaveBody,
  lixiangSubmitBody,
  lixiangUpdateBody,
  type LixiangRecord,
} from '@dpms/wire';

const TAG = '项目立项';

/** The answer's record, as the wire schema `lixiangRecord` documents it (RouteBook checks it). */
const view = (l: Lixiang): LixiangRecord => ({
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
  createByName: l.createByName,
  createTime: iso(l.createTime),
  updateTime: iso(l.updateTime),
});

/** The filing list's columns as the screen shows them (LixiangListPage: titles and order). */
const EXPORT_COLUMNS: readonly XlsxColumn<Lixiang>[] = [
  { header: '立项编号', value: (l) => l.lxNo },
  { header: '项目名称', value: (l) => l.projectName, width: 30 },
  { header: '业务来源', value: (l) => BIZ_SOURCE_LABELS[l.bizSource] },
  { header: '审批状态', value: (l) => APPROVAL_STATUS_LABELS[l.status] },
  { header: '历史备案', value: (l) => (l.history ? '是' : '否') },
  { header: '合同金额（万元）', kind: 'money', value: (l) => l.totalAmount },
  { header: '实际金额（万元）', kind: 'money', value: (l) => l.realAmount },
  { header: '设计费（万元）', kind: 'money', value: (l) => l.designFee },
  { header: '经营费（万元）', kind: 'money', value: (l) => l.operateFee },
  { header: '创建人', kind: 'person', value: (l) => l.createBy },
];

function filterOf(query: {
  projectName?: string | undefined;
  lxNo?: string | undefined;
  bizSource?: string | undefined;
  status?: string | undefined;
  contractId?: number | undefined;
}): LixiangFilter {
  const f: { -readonly [K in keyof LixiangFilter]: LixiangFilter[K] } = {};
  if (query.projectName !== undefined) f.projectName = query.projectName;
  if (query.lxNo !== undefined) f.lxNo = query.lxNo;
  if (query.bizSource !== undefined) f.bizSource = query.bizSource;
  if (query.status !== undefined) f.status = Number(query.status) as -1 | 0 | 1 | 2 | 3;
  if (query.contractId !== undefined) f.contractId = query.contractId;
  return f;
}

/** Project filing (lixiang): list, add, addHistory, updateV2, updateToApprovalV2 (2_x), detail. */
export function lixiangRoutes(
  service: LixiangService,
  exports?: ContractExportService,
  changes?: LixiangChangeService,
): RouteModule {
  return {
    name: 'lixiang',
    register(book) {
      if (changes !== undefined) registerLixiangChangeRoutes(book, changes, view);
      book.add({
        method: 'get',
        path: '/v4/lixiang/list',
        summary: '立项备案列表（按数据权限）',
        tag: TAG,
        access: perm('project:lixiang:list'),
        query: lixiangListQuery,
        response: lixiangPage,
        handler: async ({ query, principal }) => {
          const p = await service.list(listQueryOf(filterOf(query), query), actorOf(principal));
          return page(p.total, p.rows.map(view));
        },
      });
      book.add({
        method: 'get',
        path: '/v4/lixiang/export',
        summary: '导出立项备案列表（.xlsx，流式；筛选同 /v4/lixiang/list）',
        tag: TAG,
        access: perm('project:lixiang:export'),
        query: lixiangExportQuery,
        produces: XLSX_TYPE,
        handler: async ({ query, principal, res }) => {
          await streamXlsx(
            res,
            '立项备案.xlsx',
            '立项备案',
            EXPORT_COLUMNS,
            service.exportRows(filterOf(query), actorOf(principal)),
          );
          return undefined;
        },
      });
      if (exports !== undefined) {
        book.add({
          method: 'get',
          path: '/project/lixiang/exportByModify',
          summary:
            '导出立项备案的修改记录（.xlsx，流式）：每个修改的字段一行（修改人、时间、前后值）',
          tag: TAG,
          access: perm('project:lixiang:export'),
          produces: XLSX_TYPE,
          handler: async ({ principal, res }) => {
            await streamXlsx(
              res,
              '立项备案修改记录.xlsx',
              '修改记录',
              modificationColumns('立项编号', '项目名称'),
              modificationRows(exports.modifications('lixiang', undefined, actorOf(principal))),
            );
            return undefined;
          },
        });
      }
      book.add({
        method: 'post',
        path: '/v4/lixiang/add',
        summary: '新增立项备案（费用由服务器按业务来源费率拆分）',
        tag: TAG,
        access: perm('project:lixiang:add'),
        idempotency: 'use-case',
        body: lixiangSaveBody,
        response: lixiangAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            view(
              unwrap(
                await service.add(
                  body,
                  actorOf(principal),
                  false,
                  idemOf(req, principal, '/v4/lixiang/add'),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/project/lixiang/addHistory',
        summary: '补录历史立项备案（直接为已审批）',
        tag: TAG,
        access: perm('project:lixiang:add'),
        idempotency: 'use-case',
        body: lixiangSaveBody,
        response: lixiangAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            view(
              unwrap(
                await service.add(
                  body,
                  actorOf(principal),
                  true,
                  idemOf(req, principal, '/project/lixiang/addHistory'),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/project/lixiang/updateV2',
        summary: '修改立项备案（待提交、已驳回或已撤回时）',
        tag: TAG,
        access: perm('project:lixiang:edit'),
        body: lixiangUpdateBody,
        response: lixiangAnswer,
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
        idempotency: 'use-case',
        body: lixiangSubmitBody,
        response: lixiangAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            view(
              unwrap(
                await service.submit(
                  body.lxId,
                  body.typeCode,
                  actorOf(principal),
                  idemOf(req, principal, '/project/lixiang/updateToApprovalV2'),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/project/lixiang/saveAndSubmit',
        summary:
          '保存并提交立项备案审批：新增（或带 lxId 修改）立项备案并提交审批（2_x，默认 2_1），在同一事务中完成，任何一步被拒绝则都不生效（支持 Idempotency-Key）',
        tag: TAG,
        access: perm('project:lixiang:add'),
        idempotency: 'use-case',
        body: lixiangSaveAndSubmitBody,
        response: lixiangAnswer,
        handler: async ({ body, principal, req }) => {
          // Sending to review needs what updateToApprovalV2 needs: this route is no side door.
          unwrap(requirePermission(principal, 'project:lixiang:edit'));
          const { lxId, typeCode, ...input } = body;
          return ok(
            view(
              unwrap(
                await service.saveAndSubmit(
                  { lxId, typeCode, input },
                  actorOf(principal),
                  idemOf(req, principal, '/project/lixiang/saveAndSubmit'),
                ),
              ),
            ),
          );
        },
      });
      book.add({
        method: 'get',
        path: '/project/lixiang/detailById',
        summary: '立项备案详情',
        tag: TAG,
        access: perm('project:lixiang:query'),
        query: lixiangIdQuery,
        response: lixiangAnswer,
        handler: async ({ query, principal }) =>
          ok(view(unwrap(await service.detail(query.lxId, actorOf(principal))))),
      });
    },
  };
}
