import { z } from 'zod';
import { DATA_SCOPE_LABELS, menusAfterGrant, type SysRole } from '@dpms/core';
import {
  countAnswer,
  okEnvelope,
  pageEnvelope,
  roleCreateBody,
  roleDataScopeBody,
  roleListQuery,
  roleRecord,
  roleStatusBody,
  roleUpdateBody,
} from '@dpms/wire';
import { ok, page } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { createdListQueryOf } from '../../http/list-query.js';
import { perm, type RouteBook } from '../../http/route.js';
import { id, idList } from '../../http/schemas.js';
import { streamXlsx } from '../../http/xlsx.js';
import { roleView, TAG, type RoleRouteDeps } from './role-access.js';

const EXPORT_COLUMNS = [
  { header: '角色序号', kind: 'number' as const, value: (r: SysRole) => r.roleId },
  { header: '角色名称', value: (r: SysRole) => r.roleName, width: 20 },
  { header: '角色权限', value: (r: SysRole) => r.roleKey, width: 20 },
  { header: '角色排序', kind: 'number' as const, value: (r: SysRole) => r.roleSort },
  { header: '数据范围', value: (r: SysRole) => DATA_SCOPE_LABELS[r.dataScope], width: 22 },
  { header: '角色状态', value: (r: SysRole) => (r.status === '0' ? '正常' : '停用') },
  { header: '创建时间', kind: 'instant' as const, value: (r: SysRole) => r.createTime, width: 22 },
];

const roleAnswer = okEnvelope(roleRecord);

/** 角色管理 (RuoYi's SysRoleController): the list, its export, the role and its writes. */
export function registerRoleAdminRoutes(book: RouteBook, deps: RoleRouteDeps): void {
  const { repos, roleOr404, allowedRole, mayGrantMenus, mayGrantScope } = deps;

  book.add({
    method: 'get',
    path: '/system/role/list',
    summary: '角色列表',
    tag: TAG,
    access: perm('system:role:list'),
    query: roleListQuery,
    response: pageEnvelope(roleRecord),
    handler: async ({ query, res }) => {
      const r = await repos.roles.list(await createdListQueryOf(res, query));
      return page(r.total, r.rows.map(roleView));
    },
  });

  book.add({
    method: 'get',
    path: '/system/role/export',
    summary: '导出角色 (.xlsx)',
    tag: TAG,
    access: perm('system:role:export'),
    query: roleListQuery,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    handler: async ({ query, res }) => {
      const r = await repos.roles.list(await createdListQueryOf(res, query, false));
      await streamXlsx(res, '角色数据.xlsx', '角色数据', EXPORT_COLUMNS, r.rows);
      return undefined;
    },
  });

  book.add({
    method: 'get',
    path: '/system/role/optionselect',
    summary: '所有角色（选择框）',
    tag: TAG,
    access: perm('system:role:query'),
    response: okEnvelope(z.array(roleRecord)),
    handler: async () => ok((await repos.roles.list({ filter: {} })).rows.map(roleView)),
  });

  book.add({
    method: 'put',
    path: '/system/role/dataScope',
    summary: '修改数据权限（2 自定义时带部门）',
    tag: TAG,
    access: perm('system:role:edit'),
    body: roleDataScopeBody,
    response: roleAnswer,
    handler: async ({ body, principal }) => {
      await allowedRole(body.roleId, 'dataScope', principal.isAdmin);
      // Departments belong to the custom scope only; another scope clears them, as RuoYi does.
      const deptIds = body.dataScope === '2' ? (body.deptIds ?? []) : [];
      await mayGrantScope(principal, body.dataScope, deptIds);
      return ok(
        roleView(
          unwrap(
            await repos.roles.update(body.roleId, {
              dataScope: body.dataScope,
              deptIds,
              ...(body.deptCheckStrictly !== undefined
                ? { deptCheckStrictly: body.deptCheckStrictly }
                : {}),
            }),
          ),
        ),
      );
    },
  });

  book.add({
    method: 'put',
    path: '/system/role/changeStatus',
    summary: '启用或停用角色',
    tag: TAG,
    access: perm('system:role:edit'),
    body: roleStatusBody,
    response: roleAnswer,
    handler: async ({ body, principal }) => {
      await allowedRole(body.roleId, 'changeStatus', principal.isAdmin);
      return ok(roleView(unwrap(await repos.roles.update(body.roleId, { status: body.status }))));
    },
  });

  book.add({
    method: 'get',
    path: '/system/role/:roleId',
    summary: '角色详情',
    tag: TAG,
    access: perm('system:role:query'),
    params: z.object({ roleId: id() }),
    response: roleAnswer,
    handler: async ({ params }) => {
      const role = await roleOr404(params.roleId);
      return ok(roleView(role));
    },
  });

  book.add({
    method: 'post',
    path: '/system/role',
    summary: '新增角色（带菜单权限）',
    tag: TAG,
    access: perm('system:role:add'),
    body: roleCreateBody,
    response: roleAnswer,
    handler: async ({ body, principal }) => {
      await mayGrantMenus(principal, body.menuIds ?? []);
      return ok(roleView(unwrap(await repos.roles.create(body))));
    },
  });

  book.add({
    method: 'put',
    path: '/system/role',
    summary: '修改角色（带菜单权限；超级管理员角色不能修改）',
    tag: TAG,
    access: perm('system:role:edit'),
    body: roleUpdateBody,
    response: roleAnswer,
    handler: async ({ body, principal }) => {
      const { roleId, ...patch } = body;
      await allowedRole(roleId, 'edit', principal.isAdmin);
      if (patch.menuIds === undefined)
        return ok(roleView(unwrap(await repos.roles.update(roleId, patch))));
      // A non-administrator's form shows only their menus: the role's others stay as they are.
      const grantor = await mayGrantMenus(principal, patch.menuIds);
      const menuIds = menusAfterGrant(
        patch.menuIds,
        await repos.roles.listMenuIds(roleId),
        grantor,
      );
      return ok(roleView(unwrap(await repos.roles.update(roleId, { ...patch, menuIds }))));
    },
  });

  book.add({
    method: 'delete',
    path: '/system/role/:roleIds',
    summary: '删除角色（超级管理员、固定角色与仍有用户的角色不能删除；全部可删才删除）',
    tag: TAG,
    access: perm('system:role:remove'),
    params: z.object({ roleIds: idList() }),
    response: countAnswer,
    handler: async ({ params, principal }) => {
      // Each role once: `5,5` deletes 5, not 5 and then a 404.
      const roleIds = [...new Set(params.roleIds)];
      for (const roleId of roleIds) await allowedRole(roleId, 'remove', principal.isAdmin);
      // The repository refuses roles still held before deleting any: a refusal changes nothing.
      unwrap(await repos.roles.delete(roleIds));
      return ok({ count: roleIds.length });
    },
  });
}
