import {
  err,
  ok,
  PlatformErrors,
  type DomainError,
  type ListPage,
  type ListQuery,
  type NewRole,
  type Result,
  type RoleFilter,
  type RolePatch,
  type RoleRepository,
  type RoleSortColumn,
  type SysRole,
} from '@dpms/core';
import { sql } from 'kysely';
import {
  containsPattern,
  inTransaction,
  isForeignKeyViolation,
  pageBounds,
  pageWithCount,
  type Db,
} from './sql-helpers.js';
import { refusingDuplicates } from './sql-unique.js';

const SORT_COLUMNS = {
  roleId: 'role_id',
  roleKey: 'role_key',
  roleName: 'role_name',
  roleSort: 'role_sort',
  createTime: 'create_time',
} as const satisfies Record<RoleSortColumn, string>;

const COLUMNS = [
  'role_id',
  'role_key',
  'role_name',
  'role_sort',
  'status',
  'data_scope',
  'remark',
  'menu_check_strictly',
  'dept_check_strictly',
  'create_time',
] as const;

export class SqlRoleRepository implements RoleRepository {
  constructor(private readonly db: Db) {}

  private live() {
    return this.db.selectFrom('sys_role').where('del_flag', '=', '0');
  }

  async list(query: ListQuery<RoleFilter, RoleSortColumn>): Promise<ListPage<SysRole>> {
    const f = query.filter;
    const filtered = this.live()
      .$if(!!f.roleName, (q) => q.where('role_name', 'ilike', containsPattern(f.roleName ?? '')))
      .$if(!!f.roleKey, (q) => q.where('role_key', 'ilike', containsPattern(f.roleKey ?? '')))
      .$if(!!f.status, (q) => q.where('status', '=', f.status ?? '0'))
      .$if(!!f.createTime?.from, (q) =>
        q.where('create_time', '>=', f.createTime?.from ?? new Date(0)),
      )
      .$if(!!f.createTime?.to, (q) =>
        q.where('create_time', '<=', f.createTime?.to ?? new Date(0)),
      );
    const count = filtered.select((eb) => eb.fn.countAll<number>().as('n'));
    let q = filtered.select(COLUMNS);
    q = query.sort
      ? q.orderBy(SORT_COLUMNS[query.sort.column], query.sort.direction)
      : q.orderBy('role_sort');
    q = q.orderBy('role_id');
    const { limit, offset } = pageBounds(query.page);
    if (limit !== undefined) q = q.limit(limit).offset(offset ?? 0);
    return pageWithCount(q, count, (rows) => rows.map(toRole));
  }

  async findById(roleId: number): Promise<SysRole | null> {
    const row = await this.live().select(COLUMNS).where('role_id', '=', roleId).executeTakeFirst();
    return row ? toRole(row) : null;
  }

  async findByKey(roleKey: string): Promise<SysRole | null> {
    const row = await this.live()
      .select(COLUMNS)
      .where('role_key', '=', roleKey)
      .executeTakeFirst();
    return row ? toRole(row) : null;
  }

  async listByUser(
    userId: number,
  ): Promise<readonly (SysRole & { readonly isDefault: boolean })[]> {
    const rows = await this.db
      .selectFrom('sys_role as r')
      .innerJoin('sys_user_role as ur', 'ur.role_id', 'r.role_id')
      .where('ur.user_id', '=', userId)
      .where('r.del_flag', '=', '0')
      .where('r.status', '=', '0')
      .select([
        'r.role_id',
        'r.role_key',
        'r.role_name',
        'r.role_sort',
        'r.status',
        'r.data_scope',
        'r.remark',
        'r.menu_check_strictly',
        'r.dept_check_strictly',
        'r.create_time',
        'ur.is_default',
      ])
      .orderBy('r.role_sort')
      .orderBy('r.role_id')
      .execute();
    return rows.map((r) => ({ ...toRole(r), isDefault: r.is_default }));
  }

  async create(role: NewRole): Promise<Result<SysRole, DomainError>> {
    try {
      const written = await refusingDuplicates(this.db, 'create', role.roleName, async () => {
        const id = await inTransaction(this.db, async (trx) => {
          const row = await trx
            .insertInto('sys_role')
            .values({
              ...(role.roleId !== undefined ? { role_id: role.roleId } : {}),
              role_key: role.roleKey,
              role_name: role.roleName,
              role_sort: role.roleSort ?? 0,
              status: role.status ?? '0',
              data_scope: role.dataScope ?? '1',
              remark: role.remark ?? '',
              menu_check_strictly: role.menuCheckStrictly ?? true,
              dept_check_strictly: role.deptCheckStrictly ?? true,
            })
            .returning('role_id')
            .executeTakeFirstOrThrow();
          if (role.menuIds) await replaceMenus(trx, row.role_id, role.menuIds);
          if (role.deptIds) await replaceDepts(trx, row.role_id, role.deptIds);
          return row.role_id;
        });
        return ok(id);
      });
      if (!written.ok) return written;
      const created = await this.findById(written.value);
      return created ? ok(created) : err(PlatformErrors.notFound('角色'));
    } catch (e) {
      if (isForeignKeyViolation(e)) return err(missingGrant(e));
      throw e;
    }
  }

  async update(roleId: number, patch: RolePatch): Promise<Result<SysRole, DomainError>> {
    const current = await this.findById(roleId);
    if (!current) return err(PlatformErrors.notFound('角色'));
    try {
      const subject = patch.roleName ?? current.roleName;
      const written = await refusingDuplicates(this.db, 'update', subject, async () => {
        await inTransaction(this.db, async (trx) => {
          await trx
            .updateTable('sys_role')
            .set({
              ...(patch.roleKey !== undefined ? { role_key: patch.roleKey } : {}),
              ...(patch.roleName !== undefined ? { role_name: patch.roleName } : {}),
              ...(patch.roleSort !== undefined ? { role_sort: patch.roleSort } : {}),
              ...(patch.status !== undefined ? { status: patch.status } : {}),
              ...(patch.dataScope !== undefined ? { data_scope: patch.dataScope } : {}),
              ...(patch.remark !== undefined ? { remark: patch.remark } : {}),
              ...(patch.menuCheckStrictly !== undefined
                ? { menu_check_strictly: patch.menuCheckStrictly }
                : {}),
              ...(patch.deptCheckStrictly !== undefined
                ? { dept_check_strictly: patch.deptCheckStrictly }
                : {}),
              update_time: new Date(),
            })
            .where('role_id', '=', roleId)
            .execute();
          if (patch.menuIds) await replaceMenus(trx, roleId, patch.menuIds);
          if (patch.deptIds) await replaceDepts(trx, roleId, patch.deptIds);
        });
        return ok(undefined);
      });
      if (!written.ok) return written;
    } catch (e) {
      if (isForeignKeyViolation(e)) return err(missingGrant(e));
      throw e;
    }
    const updated = await this.findById(roleId);
    return updated ? ok(updated) : err(PlatformErrors.notFound('角色'));
  }

  async delete(roleIds: readonly number[]): Promise<Result<void, DomainError>> {
    const ids = [...new Set(roleIds)];
    if (ids.length === 0) return ok(undefined);
    return inTransaction<Result<void, DomainError>>(this.db, async (trx) => {
      const found = await trx
        .selectFrom('sys_role')
        .where('del_flag', '=', '0')
        .where('role_id', 'in', ids)
        .select(['role_id', 'role_name'])
        .forUpdate()
        .execute();
      if (found.length !== ids.length) return err(PlatformErrors.notFound('角色'));
      const held = new Set(
        (
          await trx
            .selectFrom('sys_user_role as ur')
            .innerJoin('sys_user as u', 'u.user_id', 'ur.user_id')
            .where('ur.role_id', 'in', ids)
            .where('u.del_flag', '=', '0')
            .select('ur.role_id')
            .distinct()
            .execute()
        ).map((h) => h.role_id),
      );
      // The first held role as the request named them, as the one-by-one check did.
      const firstHeld = ids.find((id) => held.has(id));
      if (firstHeld !== undefined)
        return err(PlatformErrors.roleInUse(found.find((r) => r.role_id === firstHeld)?.role_name));
      await trx.deleteFrom('sys_role_menu').where('role_id', 'in', ids).execute();
      await trx.deleteFrom('sys_role_dept').where('role_id', 'in', ids).execute();
      await trx
        .updateTable('sys_role')
        .set({ del_flag: '2', update_time: new Date() })
        .where('role_id', 'in', ids)
        .execute();
      return ok(undefined);
    });
  }

  async addUsers(roleId: number, userIds: readonly number[]): Promise<Result<number, DomainError>> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return ok(0);
    const found = await this.db
      .selectFrom('sys_user')
      .select('user_id')
      .where('user_id', 'in', unique)
      .where('del_flag', '=', '0')
      .execute();
    if (found.length !== unique.length)
      return err({ ...PlatformErrors.notFound('用户'), field: 'userIds' });
    const res = await this.db
      .insertInto('sys_user_role')
      .columns(['user_id', 'role_id', 'is_default'])
      .expression((eb) =>
        eb
          .selectFrom('sys_user as u')
          .where('u.user_id', 'in', unique)
          .select((s) => [
            'u.user_id',
            sql<number>`${roleId}::integer`.as('role_id'),
            s
              .not(
                s.exists(
                  s
                    .selectFrom('sys_user_role as d')
                    .select('d.user_id')
                    .whereRef('d.user_id', '=', 'u.user_id')
                    .where('d.is_default', '=', true),
                ),
              )
              .as('is_default'),
          ]),
      )
      .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
      .executeTakeFirst();
    return ok(Number(res.numInsertedOrUpdatedRows ?? 0n));
  }

  async removeUsers(
    roleId: number,
    userIds: readonly number[],
  ): Promise<Result<readonly number[], DomainError>> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return ok([]);
    const removed = await inTransaction(this.db, async (trx) => {
      const gone = await trx
        .deleteFrom('sys_user_role')
        .where('role_id', '=', roleId)
        .where('user_id', 'in', unique)
        .returning(['user_id', 'is_default'])
        .execute();
      // A user who lost their default role gets their first remaining one (by roleSort), all
      // in one statement: their default row was the one just deleted, so nothing to clear.
      const lostDefault = gone.filter((g) => g.is_default).map((g) => g.user_id);
      if (lostDefault.length > 0) {
        await trx
          .updateTable('sys_user_role as ur')
          .from(
            trx
              .selectFrom('sys_user_role as h')
              .innerJoin('sys_role as r', 'r.role_id', 'h.role_id')
              .where('h.user_id', 'in', lostDefault)
              .where('r.del_flag', '=', '0')
              .distinctOn('h.user_id')
              .select(['h.user_id', 'h.role_id'])
              .orderBy('h.user_id')
              .orderBy('r.role_sort')
              .orderBy('r.role_id')
              .as('next'),
          )
          .set({ is_default: true })
          .whereRef('ur.user_id', '=', 'next.user_id')
          .whereRef('ur.role_id', '=', 'next.role_id')
          .execute();
      }
      return gone.map((g) => g.user_id).sort((a, b) => a - b);
    });
    return ok(removed);
  }

  async listMenuIds(roleId: number): Promise<readonly number[]> {
    const rows = await this.db
      .selectFrom('sys_role_menu')
      .select('menu_id')
      .where('role_id', '=', roleId)
      .orderBy('menu_id')
      .execute();
    return rows.map((r) => r.menu_id);
  }

  async listDeptIds(roleId: number): Promise<readonly number[]> {
    const rows = await this.db
      .selectFrom('sys_role_dept')
      .select('dept_id')
      .where('role_id', '=', roleId)
      .orderBy('dept_id')
      .execute();
    return rows.map((r) => r.dept_id);
  }
}

export async function replaceMenus(
  trx: Db,
  roleId: number,
  menuIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('sys_role_menu').where('role_id', '=', roleId).execute();
  const unique = [...new Set(menuIds)];
  if (unique.length > 0) {
    await trx
      .insertInto('sys_role_menu')
      .values(unique.map((menuId) => ({ role_id: roleId, menu_id: menuId })))
      .execute();
  }
}

async function replaceDepts(trx: Db, roleId: number, deptIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('sys_role_dept').where('role_id', '=', roleId).execute();
  const unique = [...new Set(deptIds)];
  if (unique.length > 0) {
    await trx
      .insertInto('sys_role_dept')
      .values(unique.map((deptId) => ({ role_id: roleId, dept_id: deptId })))
      .execute();
  }
}

/** A grant naming a menu or department that does not exist: refused on the field that named it. */
function missingGrant(e: unknown): DomainError {
  const table = (e as { table?: unknown }).table;
  return table === 'sys_role_dept'
    ? { ...PlatformErrors.notFound('部门'), field: 'deptIds' }
    : { ...PlatformErrors.notFound('菜单'), field: 'menuIds' };
}

function toRole(r: {
  role_id: number;
  role_key: string;
  role_name: string;
  role_sort: number;
  status: '0' | '1';
  data_scope: '1' | '2' | '3' | '4' | '5';
  remark: string;
  menu_check_strictly: boolean;
  dept_check_strictly: boolean;
  create_time: Date;
}): SysRole {
  return {
    roleId: r.role_id,
    roleKey: r.role_key,
    roleName: r.role_name,
    roleSort: r.role_sort,
    status: r.status,
    dataScope: r.data_scope,
    remark: r.remark,
    menuCheckStrictly: r.menu_check_strictly,
    deptCheckStrictly: r.dept_check_strictly,
    createTime: r.create_time,
  };
}
