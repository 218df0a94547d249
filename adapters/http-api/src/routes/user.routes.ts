import { z } from 'zod';
import {
  ALL_DATA,
  ROLE_KEY_BUSINESS_MANAGER,
  SUPER_ROLE,
  USER_SORT_COLUMNS,
  checkNewPassword,
  pickedUser,
  userActionCheck,
  userActionTarget,
  type UserAction,
  err,
  uniqueTaken,
  type PlatformRepositories,
  type SysUser,
  type UserFilter,
} from '@dpms/core';
import { ok, okWith, page } from '../http/envelope.js';
import { HttpError, unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { MSG } from '../http/messages.js';
import { pagingShape } from '../http/paging.js';
import { parseInput } from '../http/validation.js';
import { AUTHENTICATED, perm } from '../http/route.js';
import {
  dateRangeParams,
  id,
  idList,
  optionalEnum,
  optionalId,
  statusFlag,
  textFilter,
} from '../http/schemas.js';
import { streamXlsx } from '../http/xlsx.js';
import type { IdentityService } from '../identity/identity.service.js';
import type { Principal } from '../identity/principal.js';
import type { AvatarStore } from './avatar-store.js';
import type { RouteModule } from './route-module.js';
import { userView } from './views.js';

const TAG = '用户管理';

const filterShape = {
  userName: textFilter(30),
  nickName: textFilter(30),
  phonenumber: textFilter(20),
  status: optionalEnum(['0', '1']),
  deptId: optionalId(),
  roleId: optionalId(),
  postId: optionalId(),
  params: dateRangeParams(),
};

const listQuery = z.object({ ...filterShape, ...pagingShape(USER_SORT_COLUMNS) });
type ListQueryIn = z.output<typeof listQuery>;

const filterOf = (
  q: Omit<ListQueryIn, 'pageNum' | 'pageSize' | 'orderByColumn' | 'isAsc'>,
): UserFilter => ({
  userName: q.userName,
  nickName: q.nickName,
  phonenumber: q.phonenumber,
  status: q.status,
  deptId: q.deptId,
  roleId: q.roleId,
  postId: q.postId,
  createTime: q.params,
});

const optionalText = (max: number) => z.string().trim().max(max).optional();
const sex = z.enum(['0', '1', '2']);
const idArray = z.array(id()).max(100);

const userFields = {
  nickName: z.string().trim().min(1).max(30),
  deptId: id().nullable().optional(),
  email: z.union([z.literal(''), z.email().max(50)]).optional(),
  phonenumber: z
    .string()
    .trim()
    .regex(/^$|^[0-9+\-\s]{5,20}$/)
    .optional(),
  sex: sex.optional(),
  status: statusFlag().optional(),
  remark: optionalText(500),
  postIds: idArray.optional(),
  roleIds: idArray.optional(),
  defaultRoleId: id().nullable().optional(),
};

const createBody = z.object({
  userName: z
    .string()
    .trim()
    .min(2)
    .max(30)
    .regex(/^[A-Za-z0-9_.@-]+$/, { error: () => '参数 userName 只能包含字母、数字和 _ . @ -' }),
  password: z.string().min(1).max(20),
  ...userFields,
});
/** A password change: in the JSON body, or in the query as the spec sends it. */
const passwordChange = z.object({
  oldPassword: z.string().min(1).max(64),
  newPassword: z.string().min(1).max(64),
});
const updateBody = z.object({
  userId: id(),
  ...userFields,
  nickName: userFields.nickName.optional(),
});

const EXPORT_COLUMNS = [
  { header: '用户编号', value: (u: SysUser) => u.userId },
  { header: '登录名称', value: (u: SysUser) => u.userName },
  { header: '用户名称', value: (u: SysUser) => u.nickName, width: 20 },
  { header: '部门', value: (u: SysUser) => u.deptName ?? '', width: 24 },
  { header: '手机号码', value: (u: SysUser) => u.phonenumber },
  { header: '邮箱', value: (u: SysUser) => u.email, width: 24 },
  { header: '性别', value: (u: SysUser) => ({ '0': '男', '1': '女', '2': '未知' })[u.sex] },
  { header: '状态', value: (u: SysUser) => (u.status === '0' ? '正常' : '停用') },
  { header: '创建时间', value: (u: SysUser) => u.createTime, width: 22 },
];

/** Users (000 §7 "Users"): every read and write goes through the caller's data scope. */
export function userRoutes(
  repos: PlatformRepositories,
  identity: IdentityService,
  avatars: AvatarStore,
): RouteModule {
  /** Only an administrator hands out the admin role. */
  async function guardAdminRole(p: Principal, roleIds: readonly number[] | undefined) {
    if (p.isAdmin || roleIds === undefined) return;
    const adminRole = await adminRoleId();
    if (adminRole !== null && roleIds.includes(adminRole))
      throw new HttpError(403, MSG.cannotChangeAdmin);
  }

  async function getScoped(p: Principal, userId: number): Promise<SysUser> {
    const u = await repos.users.findById(userId, p.scope);
    if (!u) throw new HttpError(404, '用户不存在或没有权限访问');
    return u;
  }

  const adminRoleId = async () => (await repos.roles.findByKey(SUPER_ROLE))?.roleId ?? null;

  /** The user in the caller's scope, then the rule the web's buttons follow (userActionCheck). */
  async function checkAction(p: Principal, action: UserAction, userId: number): Promise<SysUser> {
    const u = await getScoped(p, userId);
    unwrap(userActionCheck(action, userActionTarget(u, await adminRoleId()), p));
    return u;
  }

  return {
    name: 'users',
    register(book) {
      book.add({
        method: 'get',
        path: '/system/user/list',
        summary: '用户列表（筛选、分页、排序；按数据权限）',
        tag: TAG,
        access: perm('system:user:list'),
        query: listQuery,
        handler: async ({ query, principal }) => {
          const r = await repos.users.list(listQueryOf(filterOf(query), query), principal.scope);
          const adminRole = await adminRoleId();
          // `admin` (RuoYi's flag) tells 用户管理 which rows only an administrator may change.
          return page(
            r.total,
            r.rows.map((u) => ({ ...userView(u), admin: userActionTarget(u, adminRole).admin })),
          );
        },
      });

      book.add({
        method: 'get',
        path: '/system/user/export',
        summary: '导出用户 (.xlsx，流式)',
        tag: TAG,
        access: perm('system:user:export'),
        query: z.object({ ...filterShape, ...pagingShape(USER_SORT_COLUMNS) }),
        produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        handler: async ({ query, principal, res }) => {
          const filter = filterOf(query);
          async function* rows() {
            for (let pageNum = 1; ; pageNum++) {
              const r = await repos.users.list(
                listQueryOf(filter, { ...query, pageNum, pageSize: 500 }),
                principal.scope,
              );
              yield* r.rows;
              if (r.rows.length < 500 || pageNum * 500 >= r.total) return;
            }
          }
          await streamXlsx(res, '用户数据.xlsx', '用户数据', EXPORT_COLUMNS, rows());
          return undefined;
        },
      });

      book.add({
        method: 'get',
        path: '/system/user/importTemplate',
        summary: '用户导入模板 (.xlsx)',
        tag: TAG,
        access: perm('system:user:import'),
        produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        handler: async ({ res }) => {
          const cols = ['登录名称', '用户名称', '部门编号', '手机号码', '邮箱', '性别', '状态'].map(
            (header) => ({
              header,
              value: () => '',
            }),
          );
          await streamXlsx(res, '用户导入模板.xlsx', '用户数据', cols, []);
          return undefined;
        },
      });

      book.add({
        method: 'get',
        path: '/system/user/serviceManagerList',
        summary: '经营负责人列表（角色 xs_jybfzr 的在职用户）',
        tag: TAG,
        access: AUTHENTICATED,
        handler: async ({ principal }) => {
          const role = await repos.roles.findByKey(ROLE_KEY_BUSINESS_MANAGER);
          const users = role ? await repos.users.listByRoleId(role.roleId, ALL_DATA) : [];
          return ok(users.map((u) => pickedUser(u, principal)));
        },
      });

      book.add({
        method: 'get',
        path: '/system/user/optionselect',
        summary:
          '所有在职用户的姓名与部门（成员选择器；不需要 system:user:list，只含 userId、nickName、deptId、status；登录名 userName 需要 system:user:query）',
        tag: TAG,
        access: AUTHENTICATED,
        handler: async ({ principal }) => {
          const r = await repos.users.list(
            { filter: { status: '0' }, sort: { column: 'userId', direction: 'asc' } },
            ALL_DATA,
          );
          return ok(r.rows.map((u) => ({ ...pickedUser(u, principal), status: u.status })));
        },
      });

      book.add({
        method: 'get',
        path: '/system/user/getUserIdByRoleId',
        summary: '持有某角色的在职用户（7 设计主持人，2 项目经理）',
        tag: TAG,
        access: AUTHENTICATED,
        query: z.object({ roleId: id() }),
        handler: async ({ query, principal }) => {
          const users = await repos.users.listByRoleId(query.roleId, ALL_DATA);
          return ok(users.map((u) => pickedUser(u, principal)));
        },
      });

      book.add({
        method: 'get',
        path: '/system/user/listByPostId',
        summary: '持有某岗位的在职用户',
        tag: TAG,
        access: AUTHENTICATED,
        query: z.object({ postId: id() }),
        handler: async ({ query, principal }) => {
          const users = await repos.users.listByPostId(query.postId, ALL_DATA);
          return ok(users.map((u) => pickedUser(u, principal)));
        },
      });

      book.add({
        method: 'post',
        path: '/system/user/batchByPostId',
        summary: '批量为用户添加岗位',
        tag: TAG,
        access: perm('system:user:edit'),
        body: z.object({ postId: id(), userIds: z.array(id()).min(1).max(1000) }),
        handler: async ({ body, principal }) => {
          if (!(await repos.posts.findById(body.postId))) throw new HttpError(404, '岗位不存在');
          const n = unwrap(await repos.users.addPost(body.postId, body.userIds, principal.scope));
          return ok({ count: n });
        },
      });

      book.add({
        method: 'get',
        path: '/system/user/profile',
        summary: '个人中心：当前用户、角色组与岗位组',
        tag: TAG,
        access: AUTHENTICATED,
        handler: async ({ principal }) => {
          const u = await repos.users.findById(principal.userId, ALL_DATA);
          if (!u) throw new HttpError(401, MSG.sessionExpired);
          const roles = await repos.roles.listByUser(u.userId);
          const posts = await Promise.all(u.postIds.map((pid) => repos.posts.findById(pid)));
          return okWith({
            data: userView(u),
            roleGroup: roles.map((r) => r.roleName).join(','),
            postGroup: posts.flatMap((p) => (p ? [p.postName] : [])).join(','),
          });
        },
      });

      book.add({
        method: 'put',
        path: '/system/user/profile',
        summary: '修改个人信息（昵称、邮箱、手机、性别）',
        tag: TAG,
        access: AUTHENTICATED,
        body: z.object({
          nickName: userFields.nickName.optional(),
          email: userFields.email,
          phonenumber: userFields.phonenumber,
          sex: sex.optional(),
        }),
        handler: async ({ body, principal }) => {
          unwrap(
            await repos.users.update(
              principal.userId,
              {
                nickName: body.nickName,
                email: body.email,
                phonenumber: body.phonenumber,
                sex: body.sex,
                updateBy: principal.userName,
              },
              ALL_DATA,
            ),
          );
          return ok();
        },
      });

      book.add({
        method: 'put',
        path: '/system/user/profile/updatePwd',
        summary:
          '修改本人密码：oldPassword、newPassword 放在 JSON 请求体中（推荐；规格的查询参数形式仍然接受，请求体优先）；结束本人的其他会话',
        tag: TAG,
        access: AUTHENTICATED,
        query: passwordChange.partial(),
        body: passwordChange.partial(),
        handler: async ({ query, body, principal }) => {
          // Passwords belong in the body, where no proxy or access log records them; the spec's
          // query form (000 §7) is still accepted for RuoYi clients, field by field, body first.
          const given = parseInput(passwordChange, {
            oldPassword: body.oldPassword ?? query.oldPassword,
            newPassword: body.newPassword ?? query.newPassword,
          });
          if (!(await identity.verifyPassword(principal.userId, given.oldPassword))) {
            throw new HttpError(400, MSG.oldPasswordWrong);
          }
          if (given.oldPassword === given.newPassword)
            throw new HttpError(400, MSG.newPasswordSame);
          const pw = unwrap(checkNewPassword(given.newPassword, 'newPassword'));
          unwrap(
            await repos.users.setPasswordHash(
              principal.userId,
              await identity.hashPassword(pw),
              ALL_DATA,
            ),
          );
          await identity.endSessions(principal.userId, 'password_change', principal.sessionId);
          return ok();
        },
      });

      book.add({
        method: 'post',
        path: '/system/user/profile/avatar',
        summary: '上传头像（multipart 字段 avatarfile；jpg、jpeg、png，至多 2MB）',
        tag: TAG,
        access: AUTHENTICATED,
        multipart: 'avatarfile',
        handler: async ({ req, principal }) => {
          const url = await avatars.save(req);
          unwrap(
            await repos.users.update(
              principal.userId,
              { avatar: url, updateBy: principal.userName },
              ALL_DATA,
            ),
          );
          return okWith({ imgUrl: url });
        },
      });

      book.add({
        method: 'put',
        path: '/system/user/resetPwd',
        summary: '重置用户密码；该用户的所有会话立即结束',
        tag: TAG,
        access: perm('system:user:resetPwd'),
        body: z.object({ userId: id(), password: z.string().min(1).max(64) }),
        handler: async ({ body, principal }) => {
          await checkAction(principal, 'resetPwd', body.userId);
          const pw = unwrap(checkNewPassword(body.password, 'password'));
          unwrap(
            await repos.users.setPasswordHash(
              body.userId,
              await identity.hashPassword(pw),
              principal.scope,
            ),
          );
          await identity.endSessions(body.userId, 'password_change');
          return ok();
        },
      });

      book.add({
        method: 'put',
        path: '/system/user/changeStatus',
        summary: '启用或停用用户；停用立即结束其会话',
        tag: TAG,
        access: perm('system:user:edit'),
        body: z.object({ userId: id(), status: statusFlag() }),
        handler: async ({ body, principal }) => {
          const target = await getScoped(principal, body.userId);
          // The toggle's rule is about the status it leaves: disabling oneself is refused.
          unwrap(
            userActionCheck(
              'changeStatus',
              {
                ...userActionTarget(target, await adminRoleId()),
                status: body.status === '1' ? '0' : '1',
              },
              principal,
            ),
          );
          unwrap(await repos.users.setStatus(body.userId, body.status, principal.scope));
          if (body.status === '1') await identity.endSessions(body.userId, 'user_disabled');
          return ok();
        },
      });

      const formOptions = async () => {
        const [roles, posts] = await Promise.all([
          repos.roles.list({ filter: { status: '0' } }),
          repos.posts.list({ filter: {} }),
        ]);
        return { roles: roles.rows, posts: posts.rows };
      };

      book.add({
        method: 'get',
        path: '/system/user/',
        summary: '新增用户表单的可选角色与岗位',
        tag: TAG,
        access: perm('system:user:query'),
        handler: async ({ principal }) => {
          const o = await formOptions();
          return okWith({
            roles: principal.isAdmin ? o.roles : o.roles.filter((r) => r.roleKey !== SUPER_ROLE),
            posts: o.posts,
          });
        },
      });

      book.add({
        method: 'get',
        path: '/system/user/:userId',
        summary: '用户详情（按数据权限），附可选角色与岗位',
        tag: TAG,
        access: perm('system:user:query'),
        params: z.object({ userId: id() }),
        handler: async ({ params, principal }) => {
          const u = await getScoped(principal, params.userId);
          const o = await formOptions();
          return okWith({
            data: userView(u),
            roles: principal.isAdmin ? o.roles : o.roles.filter((r) => r.roleKey !== SUPER_ROLE),
            posts: o.posts,
            roleIds: u.roleIds,
            postIds: u.postIds,
          });
        },
      });

      book.add({
        method: 'post',
        path: '/system/user',
        summary: '新增用户（部门须在数据权限内）',
        tag: TAG,
        access: perm('system:user:add'),
        body: createBody,
        handler: async ({ body, principal }) => {
          await guardAdminRole(principal, body.roleIds);
          const pw = unwrap(checkNewPassword(body.password, 'password'));
          // A look-up before the (deliberately slow) password hash spares the work; the unique
          // index decides under concurrency, and both answer the same refusal.
          if (await repos.users.findByUserName(body.userName))
            unwrap(err(uniqueTaken('userName', 'create', body.userName)));
          const created = unwrap(
            await repos.users.create(
              {
                userName: body.userName,
                nickName: body.nickName,
                passwordHash: await identity.hashPassword(pw),
                deptId: body.deptId,
                email: body.email,
                phonenumber: body.phonenumber,
                sex: body.sex,
                status: body.status,
                remark: body.remark,
                postIds: body.postIds,
                roleIds: body.roleIds,
                defaultRoleId: body.defaultRoleId,
                createBy: principal.userName,
              },
              principal.scope,
            ),
          );
          return ok(userView(created));
        },
      });

      book.add({
        method: 'put',
        path: '/system/user',
        summary: '修改用户（按数据权限）；角色或状态变化立即结束其会话',
        tag: TAG,
        access: perm('system:user:edit'),
        body: updateBody,
        handler: async ({ body, principal }) => {
          const before = await checkAction(principal, 'edit', body.userId);
          await guardAdminRole(principal, body.roleIds);
          const updated = unwrap(
            await repos.users.update(
              body.userId,
              {
                nickName: body.nickName,
                deptId: body.deptId,
                email: body.email,
                phonenumber: body.phonenumber,
                sex: body.sex,
                status: body.status,
                remark: body.remark,
                postIds: body.postIds,
                roleIds: body.roleIds,
                defaultRoleId: body.defaultRoleId,
                updateBy: principal.userName,
              },
              principal.scope,
            ),
          );
          const rolesChanged =
            body.roleIds !== undefined &&
            [...before.roleIds].sort().join(',') !== [...updated.roleIds].sort().join(',');
          if (updated.status === '1' && before.status === '0')
            await identity.endSessions(body.userId, 'user_disabled');
          else if (rolesChanged) await identity.endSessions(body.userId, 'forced');
          return ok(userView(updated));
        },
      });

      book.add({
        method: 'delete',
        path: '/system/user/:userIds',
        summary: '删除用户（逗号分隔多个；按数据权限）；其会话立即结束',
        tag: TAG,
        access: perm('system:user:remove'),
        params: z.object({ userIds: idList() }),
        handler: async ({ params, principal }) => {
          for (const uid of params.userIds) await checkAction(principal, 'remove', uid);
          const n = unwrap(await repos.users.delete(params.userIds, principal.scope));
          for (const uid of params.userIds) await identity.endSessions(uid, 'user_deleted');
          return ok({ count: n });
        },
      });
    },
  };
}
