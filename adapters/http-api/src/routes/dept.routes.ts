import { z } from 'zod';
import {
  ALL_DATA,
  DeptWrites,
  buildDeptTree,
  routedLeaderOf,
  type PlatformRepositories,
  type SysDept,
} from '@dpms/core';
import {
  deptCreateBody,
  deptListQuery,
  deptRecord,
  deptSortBody,
  deptUpdateBody,
  okEnvelope,
  optionalEnum,
  roleDeptTreeAnswer,
  systemDoneAnswer,
  treeNode,
} from '@dpms/wire';
import { ok, okWith } from '../http/envelope.js';
import { HttpError, unwrap } from '../http/http-error.js';
import { AUTHENTICATED, perm } from '../http/route.js';
import { id } from '../http/schemas.js';
import type { RouteModule } from './route-module.js';

const TAG = '部门管理';

const deptAnswer = okEnvelope(deptRecord);
const deptListAnswer = okEnvelope(z.array(deptRecord));

/**
 * A department on the wire. The leader travels as `leaderUserId` (the user); RuoYi's `leader`,
 * free text there, stays readable for older clients as the leader user's name, derived here and
 * never stored, so it cannot drift from the user it names.
 */
const deptView = (d: SysDept, leaders: Leaders) => {
  const routed = routedLeaderOf(d, (deptId) => leaders.active.get(deptId) ?? null);
  return {
    deptId: d.deptId,
    parentId: d.parentId,
    ancestors: d.ancestors,
    deptName: d.deptName,
    orderNum: d.orderNum,
    leaderUserId: d.leaderUserId,
    leader: d.leaderUserId === null ? '' : (leaders.names.get(d.leaderUserId) ?? ''),
    routedLeader: routed === null ? '' : (leaders.names.get(routed.userId) ?? ''),
    routedLeaderDept:
      routed === null || routed.deptId === d.deptId
        ? ''
        : (leaders.deptNames.get(routed.deptId) ?? ''),
    phone: d.phone,
    email: d.email,
    status: d.status,
    deptType: d.deptType,
    createTime: d.createTime.toISOString(),
  };
};

/** The leaders' names, each department's leader who can sign (active), and department names. */
interface Leaders {
  readonly names: ReadonlyMap<number, string>;
  readonly active: ReadonlyMap<number, number>;
  readonly deptNames: ReadonlyMap<number, string>;
}

/**
 * Departments (000 §7 "Departments"). The admin screens are scoped; the pickers' tree is not.
 * Reads come from the repository, writes go through core's DeptWrites.
 */
export function deptRoutes(repos: PlatformRepositories): RouteModule {
  const writes = new DeptWrites(repos.depts, repos.users);
  /**
   * The leaders of every department (a department without one routes to the nearest above,
   * which may lie outside the caller's scope), read once per answer.
   */
  async function leadersOf(): Promise<Leaders> {
    const all = await repos.depts.list({}, ALL_DATA);
    const ids = [...new Set(all.flatMap((d) => (d.leaderUserId === null ? [] : [d.leaderUserId])))];
    const users = await repos.users.findByIds(ids);
    const activeIds = new Set(users.filter((u) => u.status === '0').map((u) => u.userId));
    return {
      names: new Map(users.map((u) => [u.userId, u.nickName] as const)),
      active: new Map(
        all.flatMap((d) =>
          d.leaderUserId !== null && activeIds.has(d.leaderUserId)
            ? [[d.deptId, d.leaderUserId] as const]
            : [],
        ),
      ),
      deptNames: new Map(all.map((d) => [d.deptId, d.deptName] as const)),
    };
  }
  const views = async (depts: readonly SysDept[]) => {
    const leaders = await leadersOf();
    return depts.map((d) => deptView(d, leaders));
  };
  const view = async (d: SysDept) => (await views([d]))[0]!;

  return {
    name: 'depts',
    register(book) {
      book.add({
        method: 'get',
        path: '/system/dept/list',
        summary: '部门列表（按数据权限）',
        tag: TAG,
        access: perm('system:dept:list'),
        query: deptListQuery,
        response: deptListAnswer,
        handler: async ({ query, principal }) =>
          ok(await views(await repos.depts.list(query, principal.scope))),
      });

      book.add({
        method: 'get',
        path: '/system/dept/list/exclude/:deptId',
        summary: '部门列表，除去该部门及其下级（修改上级部门时的可选项）',
        tag: TAG,
        access: perm('system:dept:list'),
        params: z.object({ deptId: id() }),
        response: deptListAnswer,
        handler: async ({ params, principal }) =>
          ok(await views(await repos.depts.listExcluding(params.deptId, principal.scope))),
      });

      book.add({
        method: 'get',
        path: '/system/dept/treeselect',
        summary: '部门树 {id,label,children}；deptType=1 只含生产部门。供选择器使用，只含名称',
        tag: TAG,
        access: AUTHENTICATED,
        query: z.object({ deptType: optionalEnum(['0', '1']) }),
        response: okEnvelope(z.array(treeNode)),
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
        response: roleDeptTreeAnswer,
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
        method: 'put',
        path: '/system/dept/updateSort',
        summary:
          '保存部门排序：deptIds 与 orderNums 按位置配对（逗号分隔），全部在数据权限内才保存',
        tag: TAG,
        access: perm('system:dept:edit'),
        body: deptSortBody,
        response: systemDoneAnswer,
        handler: async ({ body, principal }) => {
          unwrap(
            await writes.reorder(body.deptIds, body.orderNums, principal.scope, principal.userName),
          );
          return ok();
        },
      });

      book.add({
        method: 'get',
        path: '/system/dept/:deptId',
        summary: '部门详情（按数据权限）',
        tag: TAG,
        access: perm('system:dept:query'),
        params: z.object({ deptId: id() }),
        response: deptAnswer,
        handler: async ({ params, principal }) => {
          const d = await repos.depts.findById(params.deptId, principal.scope);
          if (!d) throw new HttpError(404, '部门不存在或没有权限访问');
          return ok(await view(d));
        },
      });

      book.add({
        method: 'post',
        path: '/system/dept',
        summary: '新增部门（上级须在数据权限内）',
        tag: TAG,
        access: perm('system:dept:add'),
        body: deptCreateBody,
        response: deptAnswer,
        handler: async ({ body, principal }) => {
          return ok(await view(unwrap(await writes.create(body, principal.scope))));
        },
      });

      book.add({
        method: 'put',
        path: '/system/dept',
        summary: '修改部门（按数据权限）',
        tag: TAG,
        access: perm('system:dept:edit'),
        body: deptUpdateBody,
        response: deptAnswer,
        handler: async ({ body, principal }) => {
          const { deptId, ...patch } = body;
          const updated = await writes.update(deptId, patch, principal.scope);
          // RuoYi's words, answered as before: a plain 422 without a field.
          if (!updated.ok && updated.error.code === 'PLATFORM.DEPT_OWN_PARENT')
            throw new HttpError(422, updated.error.message);
          return ok(await view(unwrap(updated)));
        },
      });

      book.add({
        method: 'delete',
        path: '/system/dept/:deptId',
        summary: '删除部门（无下级、无用户时；按数据权限）',
        tag: TAG,
        access: perm('system:dept:remove'),
        params: z.object({ deptId: id() }),
        response: systemDoneAnswer,
        handler: async ({ params, principal }) => {
          unwrap(await writes.remove(params.deptId, principal.scope));
          return ok();
        },
      });
    },
  };
}
