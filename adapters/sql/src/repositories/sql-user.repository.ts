import {
  err,
  ok,
  PlatformErrors,
  type DataScope,
  type DomainError,
  type ListPage,
  type ListQuery,
  type NewUser,
  type Result,
  type StatusFlag,
  type SysUser,
  type UserCredentials,
  type UserFilter,
  type UserOption,
  type UserPatch,
  type UserRepository,
  type UserRoleLink,
  type UserSortColumn,
} from '@dpms/core';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../database/schema.js';
import {
  containsPattern,
  deptAndBelowIds,
  prefixPattern,
  inTransaction,
  pageBounds,
  pageWithCount,
  scopeCondition,
  type Db,
} from './sql-helpers.js';
import { refusingDuplicates } from './sql-unique.js';
import { replacePosts, replaceRoles, setDefaultRole } from './sql-user-links.js';
import { toOption, toUser } from './sql-user-rows.js';

/** orderByColumn → column: the only way a sort reaches SQL. */
const SORT_COLUMNS = {
  userId: 'u.user_id',
  userName: 'u.user_name',
  nickName: 'u.nick_name',
  deptId: 'u.dept_id',
  status: 'u.status',
  createTime: 'u.create_time',
} as const satisfies Record<UserSortColumn, string>;

type UserEb = ExpressionBuilder<Database & { u: Database['sys_user'] }, 'u'>;

const USER_NOT_FOUND = (): DomainError => PlatformErrors.notFound('用户');

/** The user (`u`) holds the role: the 已分配 list's filter, and with `not` the 未分配 one's. */
const holdsRole = (eb: UserEb, roleId: number) =>
  eb.exists(
    eb
      .selectFrom('sys_user_role as hr')
      .select('hr.user_id')
      .whereRef('hr.user_id', '=', 'u.user_id')
      .where('hr.role_id', '=', roleId),
  );

export class SqlUserRepository implements UserRepository {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db.selectFrom('sys_user as u').where('u.del_flag', '=', '0');
  }

  private withColumns<O>(qb: SelectQueryBuilder<Database & { u: Database['sys_user'] }, 'u', O>) {
    return qb
      .leftJoin('sys_dept as d', 'd.dept_id', 'u.dept_id')
      .select([
        'u.user_id',
        'u.user_name',
        'u.nick_name',
        'u.dept_id',
        'd.dept_name',
        'u.email',
        'u.phonenumber',
        'u.sex',
        'u.avatar',
        'u.signature_file_id',
        'u.status',
        'u.create_time',
        'u.update_time',
        'u.create_by',
        'u.update_by',
        'u.remark',
      ])
      .select((eb) => [
        sql<
          number[]
        >`coalesce((select array_agg(ur.role_id order by ur.role_id) from sys_user_role ur where ur.user_id = ${eb.ref('u.user_id')}), '{}')`.as(
          'role_ids',
        ),
        sql<
          number[]
        >`coalesce((select array_agg(up.post_id order by up.post_id) from sys_user_post up where up.user_id = ${eb.ref('u.user_id')}), '{}')`.as(
          'post_ids',
        ),
        sql<
          number | null
        >`(select ur.role_id from sys_user_role ur where ur.user_id = ${eb.ref('u.user_id')} and ur.is_default)`.as(
          'default_role_id',
        ),
      ]);
  }

  private filters(eb: UserEb, filter: UserFilter, scope: DataScope) {
    const conds = [scopeCondition(eb as never, scope, eb.ref('u.dept_id'), eb.ref('u.user_id'))];
    if (filter.userName) conds.push(eb('u.user_name', 'ilike', containsPattern(filter.userName)));
    if (filter.nickName) conds.push(eb('u.nick_name', 'ilike', containsPattern(filter.nickName)));
    // Phone numbers match by prefix, which an index serves; names match anywhere.
    if (filter.phonenumber)
      conds.push(eb('u.phonenumber', 'like', prefixPattern(filter.phonenumber)));
    if (filter.status) conds.push(eb('u.status', '=', filter.status));
    if (filter.deptId !== undefined) {
      conds.push(eb('u.dept_id', 'in', deptAndBelowIds(eb as never, filter.deptId)));
    }
    if (filter.roleId !== undefined) conds.push(holdsRole(eb, filter.roleId));
    if (filter.notRoleId !== undefined) conds.push(eb.not(holdsRole(eb, filter.notRoleId)));
    if (filter.postId !== undefined) {
      const postId = filter.postId;
      conds.push(
        eb.exists(
          eb
            .selectFrom('sys_user_post as fp')
            .select('fp.user_id')
            .whereRef('fp.user_id', '=', 'u.user_id')
            .where('fp.post_id', '=', postId),
        ),
      );
    }
    if (filter.createTime?.from) conds.push(eb('u.create_time', '>=', filter.createTime.from));
    if (filter.createTime?.to) conds.push(eb('u.create_time', '<=', filter.createTime.to));
    return eb.and(conds);
  }

  /** The page and count queries of `list`, exposed so tests can EXPLAIN exactly what runs. */
  listQueries(query: ListQuery<UserFilter, UserSortColumn>, scope: DataScope) {
    const where = (eb: UserEb) => this.filters(eb, query.filter, scope);
    const count = this.base()
      .where(where)
      .select((eb) => eb.fn.countAll<number>().as('n'));
    let page = this.withColumns(this.base().where(where));
    if (query.sort) page = page.orderBy(SORT_COLUMNS[query.sort.column], query.sort.direction);
    page = page.orderBy('u.user_id', query.sort?.direction ?? 'asc');
    const { limit, offset } = pageBounds(query.page);
    if (limit !== undefined) page = page.limit(limit).offset(offset ?? 0);
    return { page, count };
  }

  async list(
    query: ListQuery<UserFilter, UserSortColumn>,
    scope: DataScope,
  ): Promise<ListPage<SysUser>> {
    const { page, count } = this.listQueries(query, scope);
    return pageWithCount(page, count, (rows) => rows.map(toUser));
  }

  async findById(userId: number, scope: DataScope): Promise<SysUser | null> {
    const row = await this.withColumns(
      this.base()
        .where('u.user_id', '=', userId)
        .where((eb) =>
          scopeCondition(eb as never, scope, eb.ref('u.dept_id'), eb.ref('u.user_id')),
        ),
    ).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async findByIds(userIds: readonly number[]): Promise<readonly SysUser[]> {
    if (userIds.length === 0) return [];
    const rows = await this.withColumns(
      this.base().where('u.user_id', 'in', [...userIds]),
    ).execute();
    return rows.map(toUser);
  }

  async findByUserName(userName: string): Promise<SysUser | null> {
    const row = await this.withColumns(
      this.base().where('u.user_name', '=', userName),
    ).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async findCredentials(userName: string): Promise<UserCredentials | null> {
    return this.credentials((qb) => qb.where('u.user_name', '=', userName));
  }

  async findCredentialsById(userId: number): Promise<UserCredentials | null> {
    return this.credentials((qb) => qb.where('u.user_id', '=', userId));
  }

  private async credentials(
    narrow: (qb: ReturnType<SqlUserRepository['base']>) => ReturnType<SqlUserRepository['base']>,
  ): Promise<UserCredentials | null> {
    const row = await narrow(this.base())
      .select([
        'u.user_id',
        'u.user_name',
        'u.password',
        'u.status',
        'u.dept_id',
        'u.password_changed_at',
      ])
      .executeTakeFirst();
    if (!row) return null;
    return {
      userId: row.user_id,
      userName: row.user_name,
      passwordHash: row.password,
      status: row.status,
      deptId: row.dept_id,
      passwordChangedAt: row.password_changed_at,
    };
  }

  async create(user: NewUser): Promise<Result<SysUser, DomainError>> {
    const deptId = user.deptId ?? null;
    const written = await refusingDuplicates(this.db, 'create', user.userName, async () => {
      const userId = await inTransaction(this.db, async (trx) => {
        const row = await trx
          .insertInto('sys_user')
          .values({
            user_name: user.userName,
            nick_name: user.nickName,
            password: user.passwordHash,
            password_changed_at: null,
            dept_id: deptId,
            email: user.email ?? '',
            phonenumber: user.phonenumber ?? '',
            sex: user.sex ?? '2',
            status: user.status ?? '0',
            remark: user.remark ?? '',
            avatar: null,
            signature_file_id: null,
            create_by: user.createBy ?? '',
          })
          .returning('user_id')
          .executeTakeFirstOrThrow();
        await replaceRoles(trx, row.user_id, user.roleIds ?? [], user.defaultRoleId);
        await replacePosts(trx, row.user_id, user.postIds ?? []);
        return row.user_id;
      });
      return ok(userId);
    });
    if (!written.ok) return written;
    const created = await this.findById(written.value, { kind: 'all' });
    return created ? ok(created) : err(USER_NOT_FOUND());
  }

  private async isStored(userId: number): Promise<boolean> {
    const row = await this.base()
      .where('u.user_id', '=', userId)
      .select('u.user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** NOT_FOUND when the user does not exist, DATA_SCOPE_DENIED when it exists outside the scope. */
  private async checkScope(userId: number, scope: DataScope): Promise<Result<void, DomainError>> {
    const row = await this.base()
      .where('u.user_id', '=', userId)
      .select((eb) => [
        'u.user_id',
        sql<boolean>`${scopeCondition(eb as never, scope, eb.ref('u.dept_id'), eb.ref('u.user_id'))}`.as(
          'visible',
        ),
      ])
      .executeTakeFirst();
    if (!row) return err(USER_NOT_FOUND());
    return row.visible ? ok(undefined) : err(PlatformErrors.outOfScope());
  }

  /** `PLATFORM.NOT_FOUND` when the user is not stored (or deleted). */
  async update(userId: number, patch: UserPatch): Promise<Result<SysUser, DomainError>> {
    if (!(await this.isStored(userId))) return err(USER_NOT_FOUND());
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('sys_user')
        .set({
          ...(patch.nickName !== undefined ? { nick_name: patch.nickName } : {}),
          ...(patch.deptId !== undefined ? { dept_id: patch.deptId } : {}),
          ...(patch.email !== undefined ? { email: patch.email } : {}),
          ...(patch.phonenumber !== undefined ? { phonenumber: patch.phonenumber } : {}),
          ...(patch.sex !== undefined ? { sex: patch.sex } : {}),
          ...(patch.status !== undefined ? { status: patch.status } : {}),
          ...(patch.remark !== undefined ? { remark: patch.remark } : {}),
          ...(patch.avatar !== undefined ? { avatar: patch.avatar } : {}),
          ...(patch.signatureFileId !== undefined
            ? { signature_file_id: patch.signatureFileId }
            : {}),
          ...(patch.updateBy !== undefined ? { update_by: patch.updateBy } : {}),
          update_time: new Date(),
        })
        .where('user_id', '=', userId)
        .execute();
      if (patch.roleIds !== undefined)
        await replaceRoles(trx, userId, patch.roleIds, patch.defaultRoleId);
      else if (patch.defaultRoleId !== undefined)
        await setDefaultRole(trx, userId, patch.defaultRoleId);
      if (patch.postIds !== undefined) await replacePosts(trx, userId, patch.postIds);
    });
    const updated = await this.findById(userId, { kind: 'all' });
    return updated ? ok(updated) : err(USER_NOT_FOUND());
  }

  /** `PLATFORM.NOT_FOUND` when any of the users is not stored, and then deletes none. */
  async delete(userIds: readonly number[]): Promise<Result<number, DomainError>> {
    for (const id of userIds) if (!(await this.isStored(id))) return err(USER_NOT_FOUND());
    if (userIds.length === 0) return ok(0);
    const res = await this.db
      .updateTable('sys_user')
      .set({ del_flag: '2', update_time: new Date() })
      .where('user_id', 'in', [...userIds])
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return ok(Number(res.numUpdatedRows));
  }

  async setStatus(userId: number, status: StatusFlag): Promise<Result<void, DomainError>> {
    if (!(await this.isStored(userId))) return err(USER_NOT_FOUND());
    await this.db
      .updateTable('sys_user')
      .set({ status, update_time: new Date() })
      .where('user_id', '=', userId)
      .execute();
    return ok(undefined);
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<Result<void, DomainError>> {
    if (!(await this.isStored(userId))) return err(USER_NOT_FOUND());
    const now = new Date();
    await this.db
      .updateTable('sys_user')
      .set({ password: passwordHash, password_changed_at: now, update_time: now })
      .where('user_id', '=', userId)
      .execute();
    return ok(undefined);
  }

  async listByRoleId(roleId: number, scope: DataScope): Promise<readonly UserOption[]> {
    const rows = await this.base()
      .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.user_id')
      .where('ur.role_id', '=', roleId)
      .where('u.status', '=', '0')
      .where((eb) => scopeCondition(eb as never, scope, eb.ref('u.dept_id'), eb.ref('u.user_id')))
      .select(['u.user_id', 'u.user_name', 'u.nick_name', 'u.dept_id', 'u.status'])
      .orderBy('u.user_id')
      .execute();
    return rows.map(toOption);
  }

  async listByPostId(postId: number, scope: DataScope): Promise<readonly UserOption[]> {
    const rows = await this.base()
      .innerJoin('sys_user_post as up', 'up.user_id', 'u.user_id')
      .where('up.post_id', '=', postId)
      .where('u.status', '=', '0')
      .where((eb) => scopeCondition(eb as never, scope, eb.ref('u.dept_id'), eb.ref('u.user_id')))
      .select(['u.user_id', 'u.user_name', 'u.nick_name', 'u.dept_id', 'u.status'])
      .orderBy('u.user_id')
      .execute();
    return rows.map(toOption);
  }

  async addPost(
    postId: number,
    userIds: readonly number[],
    scope: DataScope,
  ): Promise<Result<number, DomainError>> {
    for (const id of userIds) {
      const allowed = await this.checkScope(id, scope);
      if (!allowed.ok) return allowed;
    }
    const post = await this.db
      .selectFrom('sys_post')
      .select('post_id')
      .where('post_id', '=', postId)
      .executeTakeFirst();
    if (!post) return err(PlatformErrors.notFound('岗位'));
    if (userIds.length === 0) return ok(0);
    const res = await this.db
      .insertInto('sys_user_post')
      .values(userIds.map((userId) => ({ user_id: userId, post_id: postId })))
      .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
      .executeTakeFirst();
    return ok(Number(res.numInsertedOrUpdatedRows ?? 0n));
  }

  async listRoleLinks(userId: number): Promise<readonly UserRoleLink[]> {
    const rows = await this.db
      .selectFrom('sys_user_role as ur')
      .innerJoin('sys_role as r', 'r.role_id', 'ur.role_id')
      .where('ur.user_id', '=', userId)
      .where('r.del_flag', '=', '0')
      .where('r.status', '=', '0')
      .select(['ur.user_id', 'ur.role_id', 'ur.is_default'])
      .orderBy('r.role_sort')
      .orderBy('r.role_id')
      .execute();
    return rows.map((r) => ({ userId: r.user_id, roleId: r.role_id, isDefault: r.is_default }));
  }
}
