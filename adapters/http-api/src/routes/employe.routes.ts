import type { z } from 'zod';
import {
  employeeCostActions,
  type EmployeeCost,
  type EmployeeCostFilter,
  type EmployeeCostService,
} from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { perm } from '../http/route.js';
import {
  accountDoneAnswer,
  employeeCostAddBody as addBody,
  employeeCostAnswer,
  employeeCostFilterQuery as filterQuery,
  employeeCostIdQuery as idQuery,
  employeeCostImportAnswer,
  employeeCostImportBody as importBody,
  employeeCostImportCheckAnswer,
  employeeCostImportCheckBody as checkBody,
  employeeCostListQuery as listQuery,
  employeeCostPage,
  employeeCostTotalsAnswer,
  employeeCostUpdateBody as updateBody,
  rigidCostsAnswer,
  rigidCostsQuery,
  type EmployeeCostRecord,
} from '@dpms/wire';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../http/xlsx.js';
import { accountActorOf } from './account.routes.js';
import { idemOf } from './contract-route-helpers.js';
import type { RouteModule } from './route-module.js';

const TAG = '员工成本';

type FilterIn = z.output<typeof filterQuery>;

function filterOf(q: FilterIn): EmployeeCostFilter {
  return {
    ...(q.deptId === undefined ? {} : { deptId: q.deptId }),
    ...(q.employeeId === undefined ? {} : { employeeId: q.employeeId }),
    ...(q.employeeName === undefined ? {} : { employeeName: q.employeeName }),
    ...(q.costMonth === undefined ? {} : { costMonth: q.costMonth }),
    ...(q.year === undefined ? {} : { year: q.year }),
  };
}

export const employeeCostView = (c: EmployeeCost): EmployeeCostRecord => ({
  ...c,
  createTime: c.createTime.toISOString(),
});

/** The employee cost list's columns as the screen shows them (EmployePage). */
const COLUMNS: readonly XlsxColumn<EmployeeCost>[] = [
  { header: '月份', width: 10, value: (c) => c.costMonth },
  { header: '部门', width: 16, value: (c) => c.deptName },
  { header: '员工', width: 12, value: (c) => c.employeeName },
  { header: '工资（万元）', kind: 'money', value: (c) => c.salary },
  { header: '社会保险（万元）', kind: 'money', value: (c) => c.socialInsurance },
  { header: '住房公积金（万元）', kind: 'money', value: (c) => c.housingFund },
  { header: '其他（万元）', kind: 'money', value: (c) => c.otherCost },
  { header: '合计（万元）', kind: 'money', value: (c) => c.totalCost },
];

const definedOnly = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/**
 * Employee cost records: monthly lines per employee and department (/v4/contract/employe/*) and
 * the import check, import and rigid-cost read (/contract/employe/*). One record per employee per
 * month; every call checks its permission and the line's department scope.
 */
export function employeRoutes(service: EmployeeCostService): RouteModule {
  return {
    name: 'employe',
    register(book) {
      book.add({
        method: 'get',
        path: '/v4/contract/employe/list',
        summary: '员工成本列表（按月份、部门、员工筛选）',
        tag: TAG,
        access: perm('contract:employe:list'),
        query: listQuery,
        response: employeeCostPage,
        handler: async ({ query, principal }) => {
          const p = await service.list(
            listQueryOf(filterOf(query), query),
            accountActorOf(principal),
          );
          return page(p.total, p.rows.map(employeeCostView));
        },
      });
      book.add({
        method: 'get',
        path: '/v4/contract/employe/totals',
        summary: '员工成本按月份与部门合计',
        tag: TAG,
        access: perm('contract:employe:list'),
        query: filterQuery,
        response: employeeCostTotalsAnswer,
        handler: async ({ query, principal }) =>
          ok(await service.totals(filterOf(query), accountActorOf(principal))),
      });
      book.add({
        method: 'get',
        path: '/v4/contract/employe/detail',
        summary: '员工成本详情',
        tag: TAG,
        access: perm('contract:employe:query'),
        query: idQuery,
        response: employeeCostAnswer,
        handler: async ({ query, principal }) =>
          ok(
            employeeCostView(unwrap(await service.detail(query.costId, accountActorOf(principal)))),
          ),
      });
      book.add({
        method: 'post',
        path: '/v4/contract/employe/add',
        summary: '新增员工成本（每名员工每月一条；合计由系统计算；支持 Idempotency-Key）',
        tag: TAG,
        access: perm(employeeCostActions.permissions.add),
        idempotency: 'use-case',
        body: addBody,
        response: employeeCostAnswer,
        handler: async ({ body, principal, req }) =>
          ok(
            employeeCostView(
              unwrap(
                await service.add(
                  definedOnly(body),
                  accountActorOf(principal),
                  idemOf(req, principal, '/v4/contract/employe/add'),
                ),
              ),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/v4/contract/employe/update',
        summary: '修改员工成本',
        tag: TAG,
        access: perm(employeeCostActions.permissions.edit),
        body: updateBody,
        response: employeeCostAnswer,
        handler: async ({ body, principal }) => {
          const { costId, ...rest } = body;
          return ok(
            employeeCostView(
              unwrap(await service.update(costId, definedOnly(rest), accountActorOf(principal))),
            ),
          );
        },
      });
      book.add({
        method: 'post',
        path: '/v4/contract/employe/delete',
        summary: '删除员工成本',
        tag: TAG,
        access: perm(employeeCostActions.permissions.remove),
        body: idQuery,
        response: accountDoneAnswer,
        handler: async ({ body, principal }) => {
          unwrap(await service.remove(body.costId, accountActorOf(principal)));
          return ok();
        },
      });
      book.add({
        method: 'get',
        path: '/v4/contract/employe/export',
        summary: '导出员工成本（.xlsx，流式，按列表筛选）',
        tag: TAG,
        access: perm(employeeCostActions.permissions.export),
        query: filterQuery,
        produces: XLSX_TYPE,
        handler: async ({ query, principal, res }) => {
          await streamXlsx(
            res,
            '员工成本.xlsx',
            '员工成本',
            COLUMNS,
            service.exportRows(filterOf(query), accountActorOf(principal)),
          );
          return undefined;
        },
      });
      book.add({
        method: 'post',
        path: '/contract/employe/importCheck',
        summary: '导入前检查：同一员工同一月份在本批或已有记录中重复的行',
        tag: TAG,
        access: perm(employeeCostActions.permissions.add),
        body: checkBody,
        response: employeeCostImportCheckAnswer,
        handler: async ({ body }) => ok(unwrap(await service.importCheck(body.rows))),
      });
      book.add({
        method: 'post',
        path: '/contract/employe/import',
        summary: '导入员工成本（全部成功或全部不导入；有重复时拒绝）',
        tag: TAG,
        access: perm(employeeCostActions.permissions.add),
        body: importBody,
        response: employeeCostImportAnswer,
        handler: async ({ body, principal }) =>
          ok(unwrap(await service.import(body.rows.map(definedOnly), accountActorOf(principal)))),
      });
      book.add({
        method: 'get',
        path: '/contract/employe/rigidCosts',
        summary: '某部门某月的刚性成本（员工成本合计）与备用金（两个月刚性成本）',
        tag: TAG,
        access: perm('contract:employe:query'),
        query: rigidCostsQuery,
        response: rigidCostsAnswer,
        handler: async ({ query }) =>
          ok(unwrap(await service.rigidCosts(query.deptId ?? null, query.month))),
      });
    },
  };
}
