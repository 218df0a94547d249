import { z } from 'zod';
import { ALL_DATA, buildDeptTree, type PlatformRepositories, type SysDept } from '@dpms/core';
import { ok, okWith } from '../http/envelope.js';
import { HttpError, unwrap } from '../http/http-error.js';
import { AUTHENTICATED, perm } from '../http/route.js';
import { id, optionalEnum, textFilter } from '../http/schemas.js';
import { deptCreateBody, deptUpdateBody } from '@dpms/wire';
import type { RouteModule } from './route-module.js';

const TAG = '部门管理';

const deptView = (d: SysDept) => ({
  deptId: d.deptId,
  parentId: d.parentId,
  ancestors: d.ancestors,
  deptName: d.deptName,
  orderNum: d.orderNum,
  leaderUserId: d.leaderUserId,
  phone: d.phone,
  email: d.email,
  status: d.status,
  deptType: d.deptType,
  createTime: d.createTime.toISOString(),
});

/** Departments (000 §7 "Departments"). The admin screens are scoped; the pickers' tree is not. */
export function deptRoutes(repos: PlatformRepositories): RouteModule {
  return {
    name: 'depts',
    register(book) {
      book.add({
        method: 'get',
        path: '/system/dept/list',
        summary: '部门列表（按数据权限）',
        tag: TAG,
        access: perm('system:dept:list'),
        query: z.object({
          deptName: textFilter(30),
          status: optionalEnum(['0', '1']),
          deptType: optionalEnum(['0', '1']),
        }),
        handler: async ({ query, principal }) =>
          ok((await repos.depts.list(query, principal.scope)).map(deptView)),
      });

      book.add({
        method: 'get',
        path: '/system/dept/list/exclude/:deptId',
        summary: '部门列表，除去该部门及其下级（修改上级部门时的可选项）',
        tag: TAG,
        access: perm('system:dept:list'),
        params: z.object({ deptId: id() }),
        handler: async ({ params, principal }) =>
          ok((await repos.depts.listExcluding(params.deptId, principal.scope)).map(deptView)),
      });

      book.add({
        method: 'get',
        path: '/system/dept/treeselect',
        summary: '部门树 {id,label,children}；deptType=1 只含生产部门。供选择器使用，只含名称',
        tag: TAG,
        access: AUTHENTICATED,
        query: z.object({ deptType: optionalEnum(['0', '1']) }),
        handler: async ({ query }) => {
          const depts = await repos.depts.list({ status: '0', deptType: query.deptType }, ALL_DATA);
          return ok(buildDeptTree(depts));
        },
      });

      book.add({
        method: 'get',
        path: '/system/dept/roleDeptTreeselect/:roleId',
        summary: '角色的自定义数据权限部门：checkedKeys 与部门树',
        tag: TAG,
        access: perm('system:role:query'),
        params: z.object({ roleId: id() }),
        handler: async ({ params }) => {
          if (!(await repos.roles.findById(params.roleId))) throw new HttpError(404, '角色不存在');
          const [depts, checked] = await Promise.all([
            repos.depts.list({ status: '0' }, ALL_DATA),
            repos.roles.listDeptIds(params.roleId),
          ]);
          return okWith({ checkedKeys: checked, depts: buildDeptTree(depts) });
        },
      });

      book.add({
        method: 'get',
        path: '/system/dept/:deptId',
        summary: '部门详情（按数据权限）',
        tag: TAG,
        access: perm('system:dept:query'),
        params: z.object({ deptId: id() }),
        handler: async ({ params, principal }) => {
          const d = await repos.depts.findById(params.deptId, principal.scope);
          if (!d) throw new HttpError(404, '部门不存在或没有权限访问');
          return ok(deptView(d));
        },
      });

      book.add({
        method: 'post',
        path: '/system/dept',
        summary: '新增部门（上级须在数据权限内）',
        tag: TAG,
        access: perm('system:dept:add'),
        body: deptCreateBody,
        handler: async ({ body, principal }) =>
          ok(deptView(unwrap(await repos.depts.create(body, principal.scope)))),
      });

      book.add({
        method: 'put',
        path: '/system/dept',
        summary: '修改部门（按数据权限）',
        tag: TAG,
        access: perm('system:dept:edit'),
        body: deptUpdateBody,
        handler: async ({ body, principal }) => {
          const { deptId, ...patch } = body;
          if (patch.parentId === deptId) throw new HttpError(422, '上级部门不能是自己');
          return ok(deptView(unwrap(await repos.depts.update(deptId, patch, principal.scope))));
        },
      });

      book.add({
        method: 'delete',
        path: '/system/dept/:deptId',
        summary: '删除部门（无下级、无用户时；按数据权限）',
        tag: TAG,
        access: perm('system:dept:remove'),
        params: z.object({ deptId: id() }),
        handler: async ({ params, principal }) => {
          unwrap(await repos.depts.delete(params.deptId, principal.scope));
          return ok();
        },
      });
    },
  };
}
