import { z } from 'zod';
import {
  EMPLOYEE_COST_SORT_COLUMNS,
  type EmployeeCost,
  type EmployeeCostFilter,
  type EmployeeCostService,
} from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { pagingShape } from '../http/paging.js';
import { perm } from '../http/route.js';
import { id, optionalId, optionalInteger, textFilter, version } from '../http/schemas.js';
import { streamXlsx, XLSX_TYPE, type XlsxColumn } from '../http/xlsx.js';
import { accountActorOf } from './account.routes.js';
import { idemOf } from './contract-route-helpers.js';
import type { RouteModule } from './route-module.js';

const TAG = '员工成本';

const costFields = {
  deptId: optionalId(),
  costMonth: z.unknown().optional().describe('月份 yyyy-MM'),
  salary: z.unknown().optional().describe('工资（万元），字符串'),
  socialInsurance: z.unknown().optional().describe('社会保险（万元），字符串'),
  housingFund: z.unknown().optional().describe('住房公积金（万元），字符串'),
  otherCost: z.unknown().optional().describe('其他（万元），字符串'),
  remark: z.unknown().optional(),
};
const addBody = z.object({ employeeId: id(), ...costFields });
const updateBody = z.object({
  costId: id(),
  employeeId: optionalId(),
  version: version(),
  ...costFields,
});
const idQuery = z.object({ costId: id() });
const monthFilter = () =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: () => '参数 costMonth 格式应为 yyyy-MM' })
      .optional(),
  );
const filterShape = {
  deptId: optionalId(),
  employeeId: optionalId(),
  employeeName: textFilter(30),
  costMonth: monthFilter(),
  year: optionalInteger(1900, 2999),
};
const listQuery = z.object({ ...pagingShape(EMPLOYEE_COST_SORT_COLUMNS), ...filterShape });
const filterQuery = z.object(filterShape);
type FilterIn = z.output<typeof filterQuery>;
const importBody = z.object({
  rows: z
    .array(z.object({ employeeId: id(), ...costFields }))
    .min(1)
    .max(2000),
});
const checkBody = z.object({
  rows: z
    .array(z.object({ employeeId: id(), costMonth: z.unknown() }).loose())
    .min(1)
    .max(2000),
});

function filterOf(q: FilterIn): EmployeeCostFilter {
  return {
    ...(q.deptId === undefined ? {} : { deptId: q.deptId }),
    ...(q.employeeId === undefined ? {} : { employeeId: q.employeeId }),
    ...(q.employeeName === undefined ? {} : { employeeName: q.employeeName }),
    ...(q.costMonth === undefined ? {} : { costMonth: q.costMonth }),
    ...(q.year === undefined ? {} : { year: q.year }),
  };
}

export const employeeCostView = (c: EmployeeCost) => ({
  ...c,
  createTime: c.createTime.toISOString(),
});

const COLUMNS: readonly XlsxColumn<EmployeeCost>[] = [
  { header: '月份', width: 10, value: (c) => c.costMonth },
  { header: '部门', width: 16, value: (c) => c.deptName },
  { header: '员工', width: 12, value: (c) => c.employeeName },
  { header: '工资（万元）', value: (c) => c.salary },
  { header: '社会保险（万元）', value: (c) => c.socialInsurance },
  { header: '住房公积金（万元）', value: (c) => c.housingFund },
  { header: '其他（万元）', value: (c) => c.otherCost },
  { header: '合计（万元）', value: (c) => c.totalCost },
  { header: '备注', width: 30, value: (c) => c.remark },
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
        access: perm('contract:employe:add'),
        idempotency: 'use-case',
        body: addBody,
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
        access: perm('contract:employe:edit'),
        body: updateBody,
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
        access: perm('contract:employe:remove'),
        body: idQuery,
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
        access: perm('contract:employe:export'),
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
        access: perm('contract:employe:add'),
        body: checkBody,
        handler: async ({ body }) => ok(unwrap(await service.importCheck(body.rows))),
      });
      book.add({
        method: 'post',
        path: '/contract/employe/import',
        summary: '导入员工成本（全部成功或全部不导入；有重复时拒绝）',
        tag: TAG,
        access: perm('contract:employe:add'),
        body: importBody,
        handler: async ({ body, principal }) =>
          ok(unwrap(await service.import(body.rows.map(definedOnly), accountActorOf(principal)))),
      });
      book.add({
        method: 'get',
        path: '/contract/employe/rigidCosts',
        summary: '某部门某月的刚性成本（员工成本合计）与备用金（两个月刚性成本）',
        tag: TAG,
        access: perm('contract:employe:query'),
        query: z.object({ deptId: optionalId(), month: z.string().max(7) }),
        handler: async ({ query }) =>
          ok(unwrap(await service.rigidCosts(query.deptId ?? null, query.month))),
      });
    },
  };
}
