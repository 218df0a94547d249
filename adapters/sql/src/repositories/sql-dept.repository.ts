import {
  err,
  ok,
  PlatformErrors,
  type DataScope,
  type DeptFilter,
  type DeptOrder,
  type DeptPatch,
  type DeptRepository,
  type DomainError,
  type NewDept,
  type Result,
  type SysDept,
} from '@dpms/core';
import { sql } from 'kysely';
import { containsPattern, deptAndBelowIds, inTransaction, type Db } from './sql-helpers.js';
import { refusingDuplicates } from './sql-unique.js';

const COLUMNS = [
  'dept_id',
  'parent_id',
  'ancestors',
  'dept_name',
  'order_num',
  'leader_user_id',
  'phone',
  'email',
  'status',
  'dept_type',
  'create_time',
] as const;

export class SqlDeptRepository implements DeptRepository {
  constructor(private readonly db: Db) {}

  /** Live departments visible under a scope; `own` sees the caller's department. */
  private scoped(scope: DataScope) {
    const q = this.db.selectFrom('sys_dept').where('del_flag', '=', '0');
    switch (scope.kind) {
      case 'all':
        return q;
      case 'dept':
        return scope.deptIds.length === 0
          ? q.where(sql<boolean>`false`)
          : q.where('dept_id', 'in', [...scope.deptIds]);
      case 'deptAndBelow':
        return q.where('dept_id', 'in', (eb) => deptAndBelowIds(eb, scope.deptId));
      case 'own':
        return q.where('dept_id', 'in', (eb) =>
          eb
            .selectFrom('sys_user')
            .select('dept_id')
            .where('user_id', '=', scope.userId)
            .where('dept_id', 'is not', null),
        );
    }
  }

  async list(filter: DeptFilter, scope: DataScope): Promise<readonly SysDept[]> {
    const rows = await this.scoped(scope)
      .$if(!!filter.deptName, (q) =>
        q.where('dept_name', 'ilike', containsPattern(filter.deptName ?? '')),
      )
      .$if(!!filter.status, (q) => q.where('status', '=', filter.status ?? '0'))
      .$if(!!filter.deptType, (q) => q.where('dept_type', '=', filter.deptType ?? '0'))
      .select(COLUMNS)
      .orderBy('parent_id')
      .orderBy('order_num')
      .orderBy('dept_id')
      .execute();
    return rows.map(toDept);
  }

  async listExcluding(deptId: number, scope: DataScope): Promise<readonly SysDept[]> {
    const rows = await this.scoped(scope)
      .where('dept_id', 'not in', (eb) => deptAndBelowIds(eb, deptId))
      .select(COLUMNS)
      .orderBy('parent_id')
      .orderBy('order_num')
      .orderBy('dept_id')
      .execute();
    return rows.map(toDept);
  }

  async findById(deptId: number, scope: DataScope): Promise<SysDept | null> {
    const row = await this.scoped(scope)
      .select(COLUMNS)
      .where('dept_id', '=', deptId)
      .executeTakeFirst();
    return row ? toDept(row) : null;
  }

  async selfAndDescendantIds(deptId: number): Promise<readonly number[]> {
    const rows = await this.db
      .selectFrom('sys_dept')
      .select('dept_id')
      .where('dept_id', 'in', (eb) => deptAndBelowIds(eb, deptId))
      .orderBy('dept_id')
      .execute();
    return rows.map((r) => r.dept_id);
  }

  private async exists(deptId: number): Promise<SysDept | null> {
    return this.findById(deptId, { kind: 'all' });
  }

  async create(dept: NewDept, ancestors: string): Promise<Result<SysDept, DomainError>> {
    return refusingDuplicates(this.db, 'create', dept.deptName, async () => {
      const row = await this.db
        .insertInto('sys_dept')
        .values({
          ...(dept.deptId !== undefined ? { dept_id: dept.deptId } : {}),
          parent_id: dept.parentId,
          ancestors,
          dept_name: dept.deptName,
          order_num: dept.orderNum ?? 0,
          leader_user_id: dept.leaderUserId ?? null,
          phone: dept.phone ?? '',
          email: dept.email ?? '',
          status: dept.status ?? '0',
          dept_type: dept.deptType ?? '0',
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return ok(toDept(row));
    });
  }

  async update(
    deptId: number,
    patch: DeptPatch,
    ancestors?: string,
  ): Promise<Result<SysDept, DomainError>> {
    const current = await this.exists(deptId);
    if (!current) return err(PlatformErrors.notFound('部门'));
    const written = await refusingDuplicates(
      this.db,
      'update',
      patch.deptName ?? current.deptName,
      async () => {
        await inTransaction(this.db, async (trx) => {
          await trx
            .updateTable('sys_dept')
            .set({
              ...(patch.parentId !== undefined ? { parent_id: patch.parentId } : {}),
              ...(patch.deptName !== undefined ? { dept_name: patch.deptName } : {}),
              ...(patch.orderNum !== undefined ? { order_num: patch.orderNum } : {}),
              ...(patch.leaderUserId !== undefined ? { leader_user_id: patch.leaderUserId } : {}),
              ...(patch.phone !== undefined ? { phone: patch.phone } : {}),
              ...(patch.email !== undefined ? { email: patch.email } : {}),
              ...(patch.status !== undefined ? { status: patch.status } : {}),
              ...(patch.deptType !== undefined ? { dept_type: patch.deptType } : {}),
              update_time: new Date(),
            })
            .where('dept_id', '=', deptId)
            .execute();
          if (ancestors === undefined) return;
          // The chain as stored now, the row locked: the subtree's prefix is this one.
          const stored = await trx
            .selectFrom('sys_dept')
            .select('ancestors')
            .where('dept_id', '=', deptId)
            .forUpdate()
            .executeTakeFirst();
          // Deleted meanwhile: nothing to move (answered as not found below).
          if (!stored) return;
          const oldPrefix = `${stored.ancestors},${String(deptId)}`;
          const newPrefix = `${ancestors},${String(deptId)}`;
          await trx
            .updateTable('sys_dept')
            .set({ ancestors })
            .where('dept_id', '=', deptId)
            .execute();
          if (newPrefix !== oldPrefix) {
            // Descendants' ancestors start with the old chain: swap that prefix for the new one.
            await trx
              .updateTable('sys_dept')
              .set({
                ancestors: sql<string>`${newPrefix} || substr(ancestors, ${oldPrefix.length + 1})`,
              })
              .where((eb) =>
                eb.or([
                  eb('ancestors', '=', oldPrefix),
                  eb('ancestors', 'like', `${containsPattern(oldPrefix).slice(1, -1)},%`),
                ]),
              )
              .execute();
          }
        });
        return ok(undefined);
      },
    );
    if (!written.ok) return written;
    const updated = await this.exists(deptId);
    return updated ? ok(updated) : err(PlatformErrors.notFound('部门'));
  }

  async reorder(plan: readonly DeptOrder[], updateBy: string): Promise<Result<void, DomainError>> {
    await inTransaction(this.db, async (trx) => {
      for (const { deptId, orderNum } of plan)
        await trx
          .updateTable('sys_dept')
          .set({ order_num: orderNum, update_by: updateBy, update_time: new Date() })
          .where('dept_id', '=', deptId)
          .where('del_flag', '=', '0')
          .execute();
    });
    return ok(undefined);
  }

  async hasChildren(deptId: number): Promise<boolean> {
    const child = await this.db
      .selectFrom('sys_dept')
      .select('dept_id')
      .where('parent_id', '=', deptId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return child !== undefined;
  }

  async hasUsers(deptId: number): Promise<boolean> {
    const user = await this.db
      .selectFrom('sys_user')
      .select('user_id')
      .where('dept_id', '=', deptId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return user !== undefined;
  }

  async delete(deptId: number): Promise<Result<void, DomainError>> {
    await this.db
      .updateTable('sys_dept')
      .set({ del_flag: '2', update_time: new Date() })
      .where('dept_id', '=', deptId)
      .execute();
    return ok(undefined);
  }
}

function toDept(r: {
  dept_id: number;
  parent_id: number;
  ancestors: string;
  dept_name: string;
  order_num: number;
  leader_user_id: number | null;
  phone: string;
  email: string;
  status: '0' | '1';
  dept_type: '0' | '1';
  create_time: Date;
}): SysDept {
  return {
    deptId: r.dept_id,
    parentId: r.parent_id,
    ancestors: r.ancestors,
    deptName: r.dept_name,
    orderNum: r.order_num,
    leaderUserId: r.leader_user_id,
    phone: r.phone,
    email: r.email,
    status: r.status,
    deptType: r.dept_type,
    createTime: r.create_time,
  };
}
