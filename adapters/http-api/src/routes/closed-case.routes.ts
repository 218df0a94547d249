import type { z } from 'zod';
import {
  ALL_DATA,
  closingActions,
  CLOSING_KIND_LABELS,
  CLOSING_STATUS_LABELS,
  type ClosedCase,
  type ClosingActor,
  type ClosingKind,
  type ClosingService,
  type ClosingStatus,
} from '@dpms/core';
import {
  CLOSING_ID_QUERIES,
  closingAnswer,
  closingContractQuery,
  closingDoneAnswer,
  closingExportQuery,
  closingInfoAnswer,
  closingListQuery,
  closingPage,
  closingSaveBody,
  type ClosingRecord,
} from '@dpms/wire';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { perm } from '../http/route.js';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../http/xlsx.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from './route-module.js';

const TAG = '结算结案';

// Every request and answer is a @dpms/wire schema built from core's rules (closing.ts there).
type ClosingBody = z.output<typeof closingSaveBody>;

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());
export const closedCaseView = (c: ClosedCase): ClosingRecord => ({
  ...c,
  settleId: c.closedId,
  kindName: CLOSING_KIND_LABELS[c.kind],
  statusName: CLOSING_STATUS_LABELS[c.status],
  createTime: iso(c.createTime),
  approvedTime: iso(c.approvedTime),
});

/** The closing lists' columns as the screen shows them (ClosedCasePage: titles, order, 6 decimals). */
const COLUMNS: readonly XlsxColumn<ClosedCase>[] = [
  { header: '项目名称', width: 30, value: (c) => c.projectName },
  { header: '合同名称', width: 30, value: (c) => c.contractName },
  { header: '合同编号', width: 18, value: (c) => c.contractNo },
  { header: '结案金额（万元）', kind: 'money', decimals: 6, value: (c) => c.closedCaseAmount },
  { header: '回款金额（万元）', kind: 'money', decimals: 6, value: (c) => c.backAmount },
  { header: '结算金额（万元）', kind: 'money', decimals: 6, value: (c) => c.settleAmount },
  { header: '状态', value: (c) => CLOSING_STATUS_LABELS[c.status] },
];

export const closingActorOf = (p: Principal): ClosingActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});

const inputOf = (b: ClosingBody) => {
  const fees = {
    ...(b.directFee === undefined ? {} : { directFee: b.directFee }),
    ...(b.technicalFee === undefined ? {} : { technicalFee: b.technicalFee }),
    ...(b.expertFee === undefined ? {} : { expertFee: b.expertFee }),
    ...(b.operateFee === undefined ? {} : { operateFee: b.operateFee }),
    ...(b.designFee === undefined ? {} : { designFee: b.designFee }),
  };
  return {
    contractId: b.contractId,
    closedCaseAmount: b.closedCaseAmount,
    ...(b.backAmount === undefined ? {} : { backAmount: b.backAmount }),
    ...(b.settleAmount === undefined ? {} : { settleAmount: b.settleAmount }),
    fees,
    ...(b.remark === undefined ? {} : { remark: b.remark }),
  };
};

interface Family {
  readonly kind: ClosingKind;
  /** The id's wire name: settleId or closedId. */
  readonly idName: 'settleId' | 'closedId';
  readonly infoPath: string;
  readonly addPath: string;
  readonly base: string;
  readonly file: string;
}

const FAMILIES: readonly Family[] = [
  {
    kind: 'closed',
    idName: 'closedId',
    infoPath: '/v4/contract/closedCase/detailByContractId',
    addPath: '/v4/contract/closedCase/add',
    base: '/v4/contract/closedCase',
    file: '结案列表.xlsx',
  },
  {
    kind: 'settle',
    idName: 'settleId',
    infoPath: '/contract/settle/getContractInfo',
    addPath: '/contract/settle/insertContractSettle',
    base: '/contract/settle',
    file: '结算列表.xlsx',
  },
];

/**
 * Closed cases (/v4/contract/closedCase/*, 结案 11_2) and settlements (/contract/settle/*, 结算
 * 11_1): the fees checked by the closing-fee rule, sent through the approval engine. Every call
 * checks its permission and the contract's data scope.
 */
export function closedCaseRoutes(service: ClosingService): RouteModule {
  return {
    name: 'closed-case',
    register(book) {
      for (const f of FAMILIES) {
        const label = CLOSING_KIND_LABELS[f.kind];
        const idQuery = CLOSING_ID_QUERIES[f.kind] as z.ZodType<Record<string, number>>;
        const idOf = (q: Record<string, number>): number => q[f.idName] ?? 0;
        book.add({
          method: 'get',
          path: f.infoPath,
          summary: `合同的${label}信息：原费用、已回款金额与当前${label}记录`,
          tag: TAG,
          access: perm('project:closedCase:query'),
          query: closingContractQuery,
          response: closingInfoAnswer,
          handler: async ({ query, principal }) => {
            const info = unwrap(
              await service.contractInfo(f.kind, query.contractId, closingActorOf(principal)),
            );
            return ok({
              contract: info.contract,
              record: info.record === null ? null : closedCaseView(info.record),
            });
          },
        });
        book.add({
          method: 'post',
          path: f.addPath,
          summary: `新增或修改${label}（费用 = 结案金额 ÷ 回款金额 × 原费用，到分；submit=true 时同时送审）`,
          tag: TAG,
          // Saving and sending are core's 修改 and 送审 of a closing (closingActions).
          access: perm(closingActions.permissions.edit),
          body: closingSaveBody,
          response: closingAnswer,
          handler: async ({ body, principal }) =>
            ok(
              closedCaseView(
                unwrap(
                  await service.save(
                    f.kind,
                    inputOf(body),
                    closingActorOf(principal),
                    body.submit === true,
                  ),
                ),
              ),
            ),
        });
        book.add({
          method: 'post',
          path: `${f.base}/updateToApproval`,
          summary: `${label}送审（${f.kind === 'settle' ? '11_1 结算审核' : '11_2 结案审核'}）；审批中锁定，通过后写回合同`,
          tag: TAG,
          access: perm(closingActions.permissions.submit),
          body: idQuery,
          response: closingAnswer,
          handler: async ({ body, principal }) =>
            ok(
              closedCaseView(
                unwrap(await service.submit(f.kind, idOf(body), closingActorOf(principal))),
              ),
            ),
        });
        book.add({
          method: 'get',
          path: `${f.base}/detailById`,
          summary: `${label}详情`,
          tag: TAG,
          access: perm('project:closedCase:query'),
          query: idQuery,
          response: closingAnswer,
          handler: async ({ query, principal }) =>
            ok(
              closedCaseView(
                unwrap(await service.detail(f.kind, idOf(query), closingActorOf(principal))),
              ),
            ),
        });
        book.add({
          method: 'get',
          path: `${f.base}/deleteById`,
          summary: `删除${label}（审批中或已通过的不能删除）`,
          tag: TAG,
          access: perm(closingActions.permissions.remove),
          query: idQuery,
          response: closingDoneAnswer,
          handler: async ({ query, principal }) => {
            unwrap(await service.remove(f.kind, idOf(query), closingActorOf(principal)));
            return ok();
          },
        });
        book.add({
          method: 'get',
          path: `${f.base}/list`,
          summary: `${label}列表（按合同或项目名称、状态筛选，最新在前）`,
          tag: TAG,
          access: perm('project:closedCase:list'),
          query: closingListQuery,
          response: closingPage,
          handler: async ({ query, principal }) => {
            const p = await service.list(
              {
                kind: f.kind,
                ...(query.contractId === undefined ? {} : { contractId: query.contractId }),
                ...(query.contractName === undefined ? {} : { contractName: query.contractName }),
                ...(query.status === undefined
                  ? {}
                  : { status: Number(query.status) as ClosingStatus }),
              },
              { pageNum: query.pageNum, pageSize: query.pageSize },
              closingActorOf(principal),
            );
            return page(p.total, p.rows.map(closedCaseView));
          },
        });
        book.add({
          method: 'get',
          path: `${f.base}/export`,
          summary: `导出${label}列表（.xlsx，流式）`,
          tag: TAG,
          access: perm('project:closedCase:export'),
          query: closingExportQuery,
          produces: XLSX_TYPE,
          handler: async ({ query, principal, res }) => {
            await streamXlsx(
              res,
              f.file,
              label,
              COLUMNS,
              service.exportRows(
                {
                  kind: f.kind,
                  ...(query.contractId === undefined ? {} : { contractId: query.contractId }),
                  ...(query.contractName === undefined ? {} : { contractName: query.contractName }),
                  ...(query.status === undefined
                    ? {}
                    : { status: Number(query.status) as ClosingStatus }),
                },
                closingActorOf(principal),
              ),
            );
            return undefined;
          },
        });
      }
    },
  };
}
