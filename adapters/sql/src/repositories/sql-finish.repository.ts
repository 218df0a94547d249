import {
  personNameOf,
  MoneyDecimal,
  toAmountString,
  type DataScope,
  type FinishConfirmation,
  type FinishContract,
  type FinishContractRow,
  type FinishFile,
  type FinishManageFilter,
  type FinishRepositories,
  type FinishRepository,
  type FinishTask,
  type ListPage,
  type PageRequest,
} from '@dpms/core';
import { sql, type ExpressionBuilder } from 'kysely';
import { backSum, taskAllottedSum } from '../read-models/contract-figures.js';
import type { Database } from '../database/schema.js';
import {
  nickNameOf,
  containsPattern,
  scopeCondition,
  type Db,
  pageWithCount,
} from './sql-helpers.js';

type AnyEb = ExpressionBuilder<Database, keyof Database>;

const amount = (v: unknown): string =>
  typeof v === 'string' || typeof v === 'number'
    ? toAmountString(new MoneyDecimal(String(v)))
    : '0';
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const date = (v: unknown): Date | null => (v instanceof Date ? v : null);

/** Contract columns with its department, Σ live back money and finish state. */
function contractQuery(db: Db) {
  return db
    .selectFrom('contract as c')
    .leftJoin('sys_dept as d', 'd.dept_id', 'c.dept_id')
    .leftJoin('contract_finish as f', 'f.contract_id', 'c.contract_id')
    .select([
      'c.contract_id',
      'c.stage',
      'c.contract_no',
      'c.contract_name',
      'c.project_name',
      'c.dept_id',
      'c.user_id',
      'c.total_amount',
      'd.dept_name',
      'f.finish_time',
      'f.finish_by',
    ])
    .select(backSum('c.contract_id').as('back_sum'))
    .where('c.del_flag', '=', '0');
}

function toContract(r: Record<string, unknown>): FinishContract {
  return {
    contractId: Number(r.contract_id),
    stage: str(r.stage),
    contractNo: str(r.contract_no),
    contractName: str(r.contract_name),
    projectName: str(r.project_name),
    deptId: r.dept_id === null || r.dept_id === undefined ? null : Number(r.dept_id),
    deptName: str(r.dept_name),
    userId: Number(r.user_id),
    totalAmount: amount(r.total_amount),
    backAmount: amount(r.back_sum),
    finished: r.finish_time !== null && r.finish_time !== undefined,
    finishTime: date(r.finish_time),
    finishBy: str(r.finish_by),
  };
}

function toTask(r: Record<string, unknown>): FinishTask {
  return {
    taskId: Number(r.task_id),
    contractId: Number(r.contract_id),
    taskNo: str(r.task_no),
    taskName: str(r.task_name),
    designStageName: str(r.design_stage_name),
    deptId: r.dept_id === null ? null : Number(r.dept_id),
    deptName: str(r.dept_name),
    qualityType: r.quality_type === '1' ? '1' : '0',
    confirmed: Number(r.confirmed),
    taskAmount: amount(r.task_amount),
    confirmFinishAmount: amount(r.confirm_finish_amount),
    readyPaid: amount(r.ready_paid),
    backAllotted: amount(r.back_allotted),
    version: Number(r.version),
  };
}

function toConfirmation(r: Record<string, unknown>): FinishConfirmation {
  return {
    id: Number(r.id),
    contractId: Number(r.contract_id),
    taskId: Number(r.task_id),
    taskNo: str(r.task_no),
    taskName: str(r.task_name),
    confirmFinishAmount: amount(r.confirm_finish_amount),
    beforeAmount: amount(r.before_amount),
    afterAmount: amount(r.after_amount),
    remark: str(r.remark),
    userId: Number(r.user_id),
    userName: str(r.user_name),
    nickName: personNameOf(str(r.user_name), str(r.nick_name)),
    createTime: date(r.create_time),
  };
}

/** Finish confirmations, finish files and the contract's finish, over PostgreSQL. */
export class SqlFinishRepository implements FinishRepository {
  constructor(private readonly db: Db) {}

  async findContract(
    contractId: number,
    scope: DataScope,
    forUpdate = false,
  ): Promise<FinishContract | null> {
    if (forUpdate) {
      // Serialises the finish writes of one contract (confirmations, files, the finish).
      await this.db
        .selectFrom('contract')
        .select('contract_id')
        .where('contract_id', '=', contractId)
        .forUpdate()
        .execute();
    }
    const r = await contractQuery(this.db)
      .where('c.contract_id', '=', contractId)
      .where((eb) =>
        scopeCondition(eb as unknown as AnyEb, scope, eb.ref('c.dept_id'), eb.ref('c.user_id')),
      )
      .executeTakeFirst();
    return r === undefined ? null : toContract(r);
  }

  private taskQuery() {
    return this.db
      .selectFrom('design_task as t')
      .leftJoin('sys_dept as d', 'd.dept_id', 't.dept_id')
      .select([
        't.task_id',
        't.contract_id',
        't.task_no',
        't.task_name',
        't.design_stage_name',
        't.dept_id',
        't.quality_type',
        't.confirmed',
        't.task_amount',
        't.confirm_finish_amount',
        't.version',
        'd.dept_name',
      ])
      .select((eb) => [
        eb
          .selectFrom('design_task_pay as p')
          .whereRef('p.task_id', '=', 't.task_id')
          .where('p.kind', '=', 'ready')
          .select(sql<string>`coalesce(sum(p.pay_amount), 0)`.as('s'))
          .as('ready_paid'),
        taskAllottedSum('t.task_id').as('back_allotted'),
      ])
      .where('t.del_flag', '=', '0');
  }

  async tasks(contractId: number): Promise<readonly FinishTask[]> {
    const rows = await this.taskQuery()
      .where('t.contract_id', '=', contractId)
      .orderBy('t.task_no')
      .orderBy('t.task_id')
      .execute();
    return rows.map(toTask);
  }

  async task(taskId: number, forUpdate = false): Promise<FinishTask | null> {
    if (forUpdate) {
      await this.db
        .selectFrom('design_task')
        .select('task_id')
        .where('task_id', '=', taskId)
        .forUpdate()
        .execute();
    }
    const r = await this.taskQuery().where('t.task_id', '=', taskId).executeTakeFirst();
    return r === undefined ? null : toTask(r);
  }

  private confirmationQuery() {
    return this.db
      .selectFrom('contract_finish_confirm as k')
      .innerJoin('design_task as t', 't.task_id', 'k.task_id')
      .select([
        'k.id',
        'k.contract_id',
        'k.task_id',
        'k.confirm_finish_amount',
        'k.before_amount',
        'k.after_amount',
        'k.remark',
        'k.user_id',
        'k.user_name',
        nickNameOf('k.user_name').as('nick_name'),
        'k.create_time',
        't.task_no',
        't.task_name',
      ])
      .where('k.del_flag', '=', '0');
  }

  async confirmations(contractId: number): Promise<readonly FinishConfirmation[]> {
    const rows = await this.confirmationQuery()
      .where('k.contract_id', '=', contractId)
      .orderBy('k.id', 'desc')
      .execute();
    return rows.map(toConfirmation);
  }

  async confirmation(id: number, forUpdate = false): Promise<FinishConfirmation | null> {
    let q = this.confirmationQuery().where('k.id', '=', id);
    if (forUpdate) q = q.forUpdate('k');
    const r = await q.executeTakeFirst();
    return r === undefined ? null : toConfirmation(r);
  }

  async insertConfirmation(
    c: Parameters<FinishRepository['insertConfirmation']>[0],
    at: Date,
  ): Promise<number> {
    const r = await this.db
      .insertInto('contract_finish_confirm')
      .values({
        contract_id: c.contractId,
        task_id: c.taskId,
        confirm_finish_amount: c.confirmFinishAmount,
        before_amount: c.beforeAmount,
        after_amount: c.afterAmount,
        remark: c.remark,
        user_id: c.userId,
        user_name: c.userName,
        create_time: at,
        update_time: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return r.id;
  }

  async removeConfirmation(id: number, at: Date): Promise<void> {
    await this.db
      .updateTable('contract_finish_confirm')
      .set({ del_flag: '2', update_time: at })
      .where('id', '=', id)
      .execute();
  }

  async setTaskFinishAmount(
    task: FinishTask,
    after: string,
    actor: { readonly userId: number; readonly userName: string },
    at: Date,
  ): Promise<boolean> {
    const r = await this.db
      .updateTable('design_task')
      .set({ confirm_finish_amount: after, version: task.version + 1, update_time: at })
      .where('task_id', '=', task.taskId)
      .where('version', '=', task.version)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return false;
    await this.db
      .insertInto('design_task_finish_amount')
      .values({
        task_id: task.taskId,
        before_amount: task.confirmFinishAmount,
        after_amount: after,
        user_id: actor.userId,
        user_name: actor.userName,
        at,
      })
      .execute();
    return true;
  }

  async files(contractId: number): Promise<readonly FinishFile[]> {
    const rows = await this.db
      .selectFrom('contract_finish_file')
      .selectAll()
      .select(nickNameOf('contract_finish_file.create_by').as('create_by_name'))
      .where('contract_id', '=', contractId)
      .where('del_flag', '=', '0')
      .orderBy('finish_file_id')
      .execute();
    return rows.map((r) => ({
      finishFileId: r.finish_file_id,
      contractId: r.contract_id,
      fileId: r.file_id.trim(),
      fileName: r.file_name,
      size: Number(r.size),
      createBy: r.create_by,
      createByName: personNameOf(r.create_by, r.create_by_name),
      createTime: r.create_time,
    }));
  }

  async uploaded(fileIds: readonly string[], ownerId: number | null) {
    const ids = fileIds.filter((f) => /^[0-9a-f]{32}$/.test(f));
    if (ids.length === 0) return [];
    let q = this.db
      .selectFrom('file_object')
      .select(['file_id', 'original_name', 'size'])
      .where('file_id', 'in', ids)
      .where('deleted_at', 'is', null);
    if (ownerId !== null) q = q.where('owner_user_id', '=', ownerId);
    return (await q.execute()).map((r) => ({
      fileId: r.file_id.trim(),
      fileName: r.original_name,
      size: Number(r.size),
    }));
  }

  async insertFiles(
    contractId: number,
    files: readonly { fileId: string; fileName: string; size: number }[],
    actor: { readonly userId: number; readonly userName: string },
    at: Date,
  ): Promise<void> {
    if (files.length === 0) return;
    await this.db
      .insertInto('contract_finish_file')
      .values(
        files.map((f) => ({
          contract_id: contractId,
          file_id: f.fileId,
          file_name: f.fileName,
          size: f.size,
          user_id: actor.userId,
          create_by: actor.userName,
          create_time: at,
        })),
      )
      .execute();
  }

  async markFinished(
    contractId: number,
    actor: { readonly userId: number; readonly userName: string },
    at: Date,
  ): Promise<void> {
    await this.db
      .insertInto('contract_finish')
      .values({
        contract_id: contractId,
        finish_time: at,
        finish_user_id: actor.userId,
        finish_by: actor.userName,
      })
      .execute();
  }

  async manageList(
    filter: FinishManageFilter,
    scope: DataScope,
    page: PageRequest,
  ): Promise<ListPage<FinishContractRow>> {
    const base = this.db
      .selectFrom('contract as c')
      .leftJoin('contract_finish as f', 'f.contract_id', 'c.contract_id')
      .where('c.del_flag', '=', '0')
      .where('c.stage', '=', 'formal')
      .where((eb) =>
        scopeCondition(eb as unknown as AnyEb, scope, eb.ref('c.dept_id'), eb.ref('c.user_id')),
      )
      .$if(!!filter.contractName, (q) =>
        q.where('c.contract_name', 'ilike', containsPattern(filter.contractName ?? '')),
      )
      .$if(!!filter.projectName, (q) =>
        q.where('c.project_name', 'ilike', containsPattern(filter.projectName ?? '')),
      )
      .$if(filter.finished !== undefined, (q) =>
        q.where('f.contract_id', filter.finished ? 'is not' : 'is', null),
      );
    const count = base.select((eb) => eb.fn.countAll<string>().as('n'));
    const ids = base
      .select('c.contract_id')
      .orderBy('c.contract_id', 'desc')
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize);
    // The page's ids and the count at once; the page's sums only for the ids found.
    return pageWithCount(ids, count, async (found) => {
      if (found.length === 0) return [];
      const rows = await contractQuery(this.db)
        .select((eb) => [
          eb
            .selectFrom('design_task as t')
            .whereRef('t.contract_id', '=', 'c.contract_id')
            .where('t.del_flag', '=', '0')
            .select(sql<string>`coalesce(sum(t.task_amount), 0)`.as('s'))
            .as('task_sum'),
          eb
            .selectFrom('design_task as t')
            .whereRef('t.contract_id', '=', 'c.contract_id')
            .where('t.del_flag', '=', '0')
            .select(sql<string>`coalesce(sum(t.confirm_finish_amount), 0)`.as('s'))
            .as('confirm_sum'),
          eb
            .selectFrom('contract_finish_file as ff')
            .whereRef('ff.contract_id', '=', 'c.contract_id')
            .where('ff.del_flag', '=', '0')
            .select(sql<string>`count(*)`.as('s'))
            .as('file_count'),
        ])
        .where(
          'c.contract_id',
          'in',
          found.map((r) => r.contract_id),
        )
        .orderBy('c.contract_id', 'desc')
        .execute();
      return rows.map((r) => ({
        ...toContract(r),
        taskAmount: amount(r.task_sum),
        confirmFinishAmount: amount(r.confirm_sum),
        fileCount: Number(r.file_count ?? 0),
      }));
    });
  }
}

export function createFinishRepositories(db: Db): FinishRepositories {
  return { finish: new SqlFinishRepository(db) };
}
