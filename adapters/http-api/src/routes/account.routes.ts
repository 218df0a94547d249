import {
  ACCOUNT_PARTY_LABELS,
  ALL_DATA,
  contractAccountActions,
  type AccountActor,
  type ContractAccount,
  type ContractAccountService,
  type ProjectAccount,
  type ProjectAccountFilter,
  type ProjectAccountService,
} from '@dpms/core';
import {
  accountDoneAnswer,
  accountMonthsAnswer,
  contractAccountAddBody as accountAddBody,
  contractAccountAnswer,
  contractAccountIdQuery as accountIdQuery,
  contractAccountListQuery as accountListQuery,
  contractAccountPage,
  contractAccountUpdateBody as accountUpdateBody,
  projectAccountDetailAnswer,
  projectAccountDetailQuery as proDetailQuery,
  projectAccountExportQuery as proExportQuery,
  projectAccountListQuery as proListQuery,
  projectAccountMonthlyQuery as proMonthlyQuery,
  projectAccountPage,
  type ContractAccountRecord,
} from '@dpms/wire';
import { instituteZoneOf } from '../http/institute-zone.js';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { perm } from '../http/route.js';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../http/xlsx.js';
import type { Principal } from '../identity/principal.js';
import { idemOf } from './contract-route-helpers.js';
import type { RouteModule } from './route-module.js';

const PRO_TAG = '项目账户';
const ACCOUNT_TAG = '合同账户';

export const accountActorOf = (p: Principal): AccountActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});

function proFilterOf(q: {
  contractName?: string | undefined;
  contractNo?: string | undefined;
  deptId?: number | undefined;
  year?: number | undefined;
  contractId?: number | undefined;
}): ProjectAccountFilter {
  return {
    ...(q.contractName === undefined ? {} : { contractName: q.contractName }),
    ...(q.contractNo === undefined ? {} : { contractNo: q.contractNo }),
    ...(q.deptId === undefined ? {} : { deptId: q.deptId }),
    ...(q.year === undefined ? {} : { year: q.year }),
    ...(q.contractId === undefined ? {} : { contractId: q.contractId }),
  };
}

/** The project account list's columns as the screen shows them (ProAccountPage). */
const PRO_COLUMNS: readonly XlsxColumn<ProjectAccount>[] = [
  { header: '合同名称', width: 30, value: (a) => a.contractName },
  { header: '合同编号', width: 18, value: (a) => a.contractNo },
  { header: '部门', width: 14, value: (a) => a.deptName },
  { header: '合同金额（万元）', kind: 'money', value: (a) => a.totalAmount },
  { header: '已回款（万元）', kind: 'money', value: (a) => a.backAmount },
  { header: '已开票（万元）', kind: 'money', value: (a) => a.invoicedAmount },
  { header: '已付款（万元）', kind: 'money', value: (a) => a.paidAmount },
  { header: '实付金额（万元）', kind: 'money', value: (a) => a.realPaidAmount },
  { header: '未还借款（万元）', kind: 'money', value: (a) => a.loanOutstandingAmount },
  { header: '余额（万元）', kind: 'money', value: (a) => a.balanceAmount },
];

const iso = (d: Date): string => d.toISOString();
export const contractAccountView = (a: ContractAccount): ContractAccountRecord => ({
  ...a,
  partyName: ACCOUNT_PARTY_LABELS[a.party],
  createTime: iso(a.createTime),
});

const definedOnly = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * Project accounts (/v4/pro-account/*: a read model of each signed contract's money in and out)
 * and contract accounts (/contract/account/*: the bank accounts of a contract's parties). Every
 * call checks its permission and the contract's data scope.
 */
export function accountRoutes(
  projects: ProjectAccountService,
  accounts: ContractAccountService,
): RouteModule {
  return {
    name: 'account',
    register(book) {
      // ---- project accounts --------------------------------------------------------------------
      book.add({
        method: 'get',
        path: '/v4/pro-account/list',
        summary: '项目账户列表：每个已签合同的合同金额、回款、分配、借款、付款、开票与余额',
        tag: PRO_TAG,
        access: perm('contract:account:list'),
        query: proListQuery,
        response: projectAccountPage,
        handler: async ({ query, principal }) => {
          const p = await projects.list(
            listQueryOf(proFilterOf(query), query),
            accountActorOf(principal),
          );
          return page(p.total, p.rows);
        },
      });
      book.add({
        method: 'get',
        path: '/v4/pro-account/detail',
        summary: '项目账户详情，含当年按月的开票与回款对比',
        tag: PRO_TAG,
        access: perm('contract:account:query'),
        query: proDetailQuery,
        response: projectAccountDetailAnswer,
        handler: async ({ query, principal, res }) =>
          ok(
            unwrap(
              await projects.detail(
                query.contractId,
                accountActorOf(principal),
                query.year,
                await instituteZoneOf(res),
              ),
            ),
          ),
      });
      book.add({
        method: 'get',
        path: '/v4/pro-account/monthly',
        summary: '按月开票与回款对比（year 默认今年；可按合同、部门筛选）',
        tag: PRO_TAG,
        access: perm('contract:account:list'),
        query: proMonthlyQuery,
        response: accountMonthsAnswer,
        handler: async ({ query, principal, res }) => {
          // "This year" is the institute's year (core decides it in the configured zone).
          const { year, ...filter } = query;
          return ok(
            await projects.monthly(
              proFilterOf(filter),
              year,
              accountActorOf(principal),
              await instituteZoneOf(res),
            ),
          );
        },
      });
      book.add({
        method: 'get',
        path: '/v4/pro-account/export',
        summary: '导出项目账户（.xlsx，流式，按列表筛选）',
        tag: PRO_TAG,
        access: perm(contractAccountActions.permissions.export),
        query: proExportQuery,
        produces: XLSX_TYPE,
        handler: async ({ query, principal, res }) => {
          await streamXlsx(
            res,
            '项目账户.xlsx',
            '项目账户',
            PRO_COLUMNS,
            projects.exportRows(proFilterOf(query), accountActorOf(principal)),
          );
          return undefined;
        },
      });

      // ---- contract accounts -------------------------------------------------------------------
      book.add({
        method: 'get',
        path: '/contract/account/list',
        summary: '合同账户列表（合同各方的开户银行、账号与纳税人识别号）',
        tag: ACCOUNT_TAG,
        access: perm('contract:account:list'),
        query: accountListQuery,
        response: contractAccountPage,
        handler: async ({ query, principal }) => {
          const p = await accounts.list(
            listQueryOf(
              {
                ...(query.contractId === undefined ? {} : { contractId: query.contractId }),
                ...(query.party === undefined ? {} : { party: query.party }),
                ...(query.accountName === undefined ? {} : { accountName: query.accountName }),
              },
              query,
            ),
            accountActorOf(principal),
          );
          return page(p.total, p.rows.map(contractAccountView));
        },
      });
      book.add({
        method: 'get',
        path: '/contract/account/detail',
        summary: '合同账户详情',
        tag: ACCOUNT_TAG,
        access: perm('contract:account:query'),
        query: accountIdQuery,
        response: contractAccountAnswer,
        handler: async ({ query, principal }) =>
          ok(
            contractAccountView(
              unwrap(await accounts.detail(query.accountId, accountActorOf(principal))),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/contract/account/add',
        summary: '新增合同账户（银行账号8至30位数字；纳税人识别号校验；支持 Idempotency-Key）',
        tag: ACCOUNT_TAG,
        access: perm(contractAccountActions.permissions.add),
        idempotency: 'use-case',
        body: accountAddBody,
        response: contractAccountAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            contractAccountView(
              unwrap(
                await accounts.add(
                  definedOnly(body),
                  accountActorOf(principal),
                  idemOf(req, principal, '/contract/account/add'),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/contract/account/update',
        summary: '修改合同账户',
        tag: ACCOUNT_TAG,
        access: perm(contractAccountActions.permissions.edit),
        body: accountUpdateBody,
        response: contractAccountAnswer,
        handler: async ({ body, principal }) => {
          const { accountId, ...rest } = body;
          return ok(
            contractAccountView(
              unwrap(
                await accounts.update(accountId, definedOnly(rest), accountActorOf(principal)),
              ),
            ),
          );
        },
      });
      book.add({
        method: 'post',
        path: '/contract/account/delete',
        summary: '删除合同账户',
        tag: ACCOUNT_TAG,
        access: perm(contractAccountActions.permissions.remove),
        body: accountIdQuery,
        response: accountDoneAnswer,
        handler: async ({ body, principal }) => {
          unwrap(await accounts.remove(body.accountId, accountActorOf(principal)));
          return ok();
        },
      });
    },
  };
}
