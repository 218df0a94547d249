import {
  err,
  ok,
  taskErrors,
  type DesignContract,
  type DesignTask,
  type DomainError,
  type ListPage,
  type NewSignStep,
  type NewTask,
  type Result,
  type TaskChanges,
  type TaskListFilter,
  type TaskListQuery,
  type TaskRepository,
  type TaskSignStep,
  type TaskViewer,
  type UrgentTaskRow,
  type WarnTask,
} from '@dpms/core';
import { sql, type Expression, type SqlBool } from 'kysely';
import {
  nickNameOf,
  containsPattern,
  isUniqueViolation,
  orderedPage,
  pageWithCount,
  type Db,
} from './sql-helpers.js';
import {
  type AnyEb,
  fieldColumns,
  SORT,
  cmp,
  day,
  deptConfirmer,
  json,
  taskVisible,
  toTask,
} from './sql-task-rows.js';
import { recordAuthor } from './record-author.js';
import { taskPeople } from './record-people.js';

export class SqlTaskRepository implements TaskRepository {
  constructor(private readonly db: Db) {}

  authorOf(recordId: string) {
    return recordAuthor(this.db, 'design_task', recordId);
  }

  personOf(recordId: string, field: string) {
    return taskPeople(this.db, recordId, field);
  }

  private base() {
    return this.db
      .selectFrom('design_task')
      .innerJoin('contract as c', 'c.contract_id', 'design_task.contract_id')
      .leftJoin('sys_user as hu', 'hu.user_id', 'design_task.design_user_id')
      .leftJoin('sys_user as pu', 'pu.user_id', 'design_task.project_manager_id')
      .leftJoin('sys_dept as d', 'd.dept_id', 'design_task.dept_id')
      .where('design_task.del_flag', '=', '0');
  }

  private selectAll() {
    return this.base()
      .selectAll('design_task')
      .select(nickNameOf('design_task.create_by').as('create_by_name'))
      .select([
        'c.project_name',
        'c.contract_name',
        'hu.nick_name as design_user_name',
        'pu.nick_name as project_manager_name',
        'd.dept_name',
      ])
      .select((eb) => deptConfirmer(eb as never));
  }

  private filters(eb: AnyEb, f: TaskListFilter, viewer: TaskViewer) {
    const conds: Expression<SqlBool>[] = [taskVisible(eb, viewer)];
    if (f.contractId !== undefined) conds.push(cmp('design_task.contract_id', '=', f.contractId));
    if (f.taskNo) conds.push(cmp('design_task.task_no', 'ilike', containsPattern(f.taskNo)));
    if (f.taskName) conds.push(cmp('design_task.task_name', 'ilike', containsPattern(f.taskName)));
    if (f.projectName) conds.push(cmp('c.project_name', 'ilike', containsPattern(f.projectName)));
    if (f.designStageId !== undefined)
      conds.push(cmp('design_task.design_stage_id', '=', f.designStageId));
    if (f.designUserId !== undefined)
      conds.push(cmp('design_task.design_user_id', '=', f.designUserId));
    if (f.projectManagerId !== undefined)
      conds.push(cmp('design_task.project_manager_id', '=', f.projectManagerId));
    if (f.deptId !== undefined) conds.push(cmp('design_task.dept_id', '=', f.deptId));
    if (f.confirmed !== undefined) conds.push(cmp('design_task.confirmed', '=', f.confirmed));
    if (f.finished !== undefined) conds.push(cmp('design_task.finished', '=', f.finished));
    if (f.planFinishDateFrom !== undefined)
      conds.push(cmp('design_task.plan_finish_date', '>=', f.planFinishDateFrom));
    if (f.planFinishDateTo !== undefined)
      conds.push(cmp('design_task.plan_finish_date', '<=', f.planFinishDateTo));
    return eb.and(conds);
  }

  /** The page and count queries of the list (exposed for the EXPLAIN checks). */
  listQueries(query: TaskListQuery, viewer: TaskViewer) {
    const where = (eb: AnyEb) => this.filters(eb, query.filter, viewer);
    const page = orderedPage(
      this.selectAll().where(where as never),
      {
        column: SORT[query.sort?.column ?? 'createTime'],
        idColumn: 'design_task.task_id',
        direction: query.sort?.direction ?? 'desc',
      },
      query.page,
    );
    // The contract is only joined when a filter reads it (every task has one: a foreign key).
    const counted = query.filter.projectName
      ? this.db
          .selectFrom('design_task')
          .innerJoin('contract as c', 'c.contract_id', 'design_task.contract_id')
      : this.db.selectFrom('design_task');
    const count = counted
      .where('design_task.del_flag', '=', '0')
      .where(where as never)
      .select((eb) => eb.fn.countAll().as('n'));
    return { page, count };
  }

  async list(query: TaskListQuery, viewer: TaskViewer): Promise<ListPage<DesignTask>> {
    const { page, count } = this.listQueries(query, viewer);
    return pageWithCount(page, count, (rows) => rows.map(toTask));
  }

  async listBatch(filter: TaskListFilter, viewer: TaskViewer, afterId: number, limit: number) {
    const rows = await this.selectAll()
      .where((eb) => this.filters(eb as never, filter, viewer) as never)
      .where('design_task.task_id', '>', afterId)
      .orderBy('design_task.task_id')
      .limit(limit)
      .execute();
    return rows.map(toTask);
  }

  async findById(taskId: number, viewer: TaskViewer | null): Promise<DesignTask | null> {
    let q = this.selectAll().where('design_task.task_id', '=', taskId);
    if (viewer !== null) q = q.where((eb) => taskVisible(eb as never, viewer) as never);
    const row = await q.executeTakeFirst();
    return row === undefined ? null : toTask(row);
  }

  async lock(taskId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('design_task')
      .select('task_id')
      .where('task_id', '=', taskId)
      .where('del_flag', '=', '0')
      .forUpdate()
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(r: NewTask, now: Date): Promise<Result<DesignTask, DomainError>> {
    try {
      const row = await this.db
        .insertInto('design_task')
        .values({
          ...fieldColumns(r.fields),
          task_no: r.taskNo,
          design_stage_name: r.designStageName,
          major_list: json(r.majorList),
          dept_id: r.deptId,
          history: r.history,
          confirmed: r.confirmed,
          user_id: r.userId,
          create_by: r.createBy,
          create_time: now,
          update_time: now,
        })
        .returning('task_id')
        .executeTakeFirstOrThrow();
      const t = await this.findById(row.task_id, null);
      if (t === null) throw new Error('inserted task not found');
      return ok(t);
    } catch (e) {
      if (isUniqueViolation(e)) return err(taskErrors.duplicateNo());
      throw e;
    }
  }

  async save(
    taskId: number,
    expectedVersion: number,
    c: TaskChanges,
    now: Date,
  ): Promise<Result<DesignTask | null, DomainError>> {
    try {
      const result = await this.db
        .updateTable('design_task')
        .set({
          ...(c.fields ? { ...fieldColumns(c.fields), task_no: c.fields.taskNo } : {}),
          ...(c.designStageName !== undefined ? { design_stage_name: c.designStageName } : {}),
          ...(c.majorList !== undefined ? { major_list: json(c.majorList) } : {}),
          ...(c.deptId !== undefined ? { dept_id: c.deptId } : {}),
          ...(c.confirmed !== undefined ? { confirmed: c.confirmed } : {}),
          ...(c.finished !== undefined ? { finished: c.finished } : {}),
          ...(c.approvalStatus !== undefined ? { approval_status: c.approvalStatus } : {}),
          ...(c.approvalId !== undefined
            ? { approval_id: c.approvalId === null ? null : Number(c.approvalId) }
            : {}),
          ...(c.confirmFinishAmount !== undefined
            ? { confirm_finish_amount: c.confirmFinishAmount }
            : {}),
          ...(c.deleted ? { del_flag: '2' as const } : {}),
          version: expectedVersion + 1,
          update_time: now,
        })
        .where('task_id', '=', taskId)
        .where('version', '=', expectedVersion)
        .where('del_flag', '=', '0')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return ok(null);
      const row = await this.db
        .selectFrom('design_task')
        .innerJoin('contract as c', 'c.contract_id', 'design_task.contract_id')
        .leftJoin('sys_user as hu', 'hu.user_id', 'design_task.design_user_id')
        .leftJoin('sys_user as pu', 'pu.user_id', 'design_task.project_manager_id')
        .leftJoin('sys_dept as d', 'd.dept_id', 'design_task.dept_id')
        .selectAll('design_task')
        .select(nickNameOf('design_task.create_by').as('create_by_name'))
        .select([
          'c.project_name',
          'c.contract_name',
          'hu.nick_name as design_user_name',
          'pu.nick_name as project_manager_name',
          'd.dept_name',
        ])
        .select((eb) => deptConfirmer(eb as never))
        .where('design_task.task_id', '=', taskId)
        .executeTakeFirstOrThrow();
      return ok(toTask(row));
    } catch (e) {
      if (isUniqueViolation(e)) return err(taskErrors.duplicateNo());
      throw e;
    }
  }

  async nextTaskNo(year: string): Promise<string> {
    const prefix = `RW${year}-`;
    const row = await this.db
      .selectFrom('design_task')
      .select(sql<string | null>`max(task_no)`.as('max'))
      .where('task_no', 'like', `${prefix}%`)
      .where(sql<boolean>`task_no ~ ${`^RW${year}-[0-9]{4,}$`}`)
      .executeTakeFirst();
    const last = row?.max ? Number(row.max.slice(prefix.length)) : 0;
    return `${prefix}${String(last + 1).padStart(4, '0')}`;
  }

  async signFlow(taskId: number): Promise<readonly TaskSignStep[]> {
    const rows = await this.db
      .selectFrom('design_task_sign_flow as f')
      .leftJoin('sys_user as u', 'u.user_id', 'f.deal_user_id')
      .selectAll('f')
      .select('u.nick_name')
      .where('f.task_id', '=', taskId)
      .orderBy('f.order_no')
      .orderBy('f.flow_id')
      .execute();
    return rows.map((r) => ({
      flowId: r.flow_id,
      taskId: r.task_id,
      flowName: r.flow_name,
      orderNo: r.order_no,
      dealUserId: r.deal_user_id,
      dealUserName: r.nick_name ?? '',
      dealContent: r.deal_content,
      dealTime: r.deal_time,
      dealUserSignUrl: r.sign_url,
    }));
  }

  async replaceSignFlow(taskId: number, steps: readonly NewSignStep[], now: Date) {
    await this.db.deleteFrom('design_task_sign_flow').where('task_id', '=', taskId).execute();
    await this.db
      .insertInto('design_task_sign_flow')
      .values(
        steps.map((s) => ({
          task_id: taskId,
          flow_name: s.flowName,
          order_no: s.orderNo,
          deal_user_id: s.dealUserId,
          deal_content: s.dealContent ?? null,
          deal_time: s.dealContent === undefined ? null : now,
          sign_url: null,
        })),
      )
      .execute();
  }

  async sign(
    taskId: number,
    orderNo: number,
    dealContent: string,
    signUrl: string | null,
    now: Date,
  ) {
    await this.db
      .updateTable('design_task_sign_flow')
      .set({ deal_content: dealContent, deal_time: now, sign_url: signUrl })
      .where('task_id', '=', taskId)
      .where('order_no', '=', orderNo)
      .where('deal_time', 'is', null)
      .execute();
  }

  /** The notify query (exposed for the EXPLAIN check). */
  /** The warning's rule (core's task-warnings.ts) over the table: unfinished, planned by `until`. */
  private dueBy(until: string) {
    return this.db
      .selectFrom('design_task')
      .where('plan_finish_date', '<=', until)
      .where('finished', '=', false)
      .where('del_flag', '=', '0');
  }

  warningQuery(userId: number, until: string, limit: number) {
    const part = (column: 'design_user_id' | 'project_manager_id') =>
      this.dueBy(until)
        .select(['task_id', 'task_no', 'plan_finish_date'])
        .where(column, '=', userId);
    return this.db
      .selectFrom(part('design_user_id').union(part('project_manager_id')).as('w'))
      .select(['w.task_no', 'w.plan_finish_date'])
      .orderBy('w.plan_finish_date')
      .orderBy('w.task_id')
      .limit(limit);
  }

  async warnings(userId: number, until: string, limit: number): Promise<readonly WarnTask[]> {
    const rows = await this.warningQuery(userId, until, limit).execute();
    return rows.map((r) => ({ taskNo: r.task_no, planFinishDate: day(r.plan_finish_date) }));
  }

  async urgentTasks(until: string): Promise<readonly UrgentTaskRow[]> {
    const rows = await this.dueBy(until)
      .select(['task_no', 'plan_finish_date', 'design_user_id', 'project_manager_id'])
      .orderBy('plan_finish_date')
      .orderBy('task_id')
      .execute();
    return rows.map((r) => ({
      taskNo: r.task_no,
      planFinishDate: day(r.plan_finish_date),
      designUserId: r.design_user_id,
      projectManagerId: r.project_manager_id,
    }));
  }

  async designContracts(
    viewer: TaskViewer,
    filter: { readonly projectName?: string; readonly contractId?: number },
  ): Promise<readonly DesignContract[]> {
    let q = this.selectAll()
      .where((eb) => taskVisible(eb as never, viewer) as never)
      .orderBy('design_task.contract_id', 'desc')
      .orderBy('design_task.task_id');
    if (filter.contractId !== undefined)
      q = q.where('design_task.contract_id', '=', filter.contractId);
    if (filter.projectName)
      q = q.where('c.project_name', 'ilike', containsPattern(filter.projectName));
    const rows = (await q.limit(5000).execute()).map(toTask);
    const contractNos = new Map(
      (
        await this.db
          .selectFrom('contract')
          .select(['contract_id', 'contract_no'])
          .where('contract_id', 'in', [0, ...new Set(rows.map((t) => t.contractId))])
          .execute()
      ).map((c) => [c.contract_id, c.contract_no]),
    );
    const out = new Map<number, { tasks: DesignTask[]; first: DesignTask }>();
    for (const t of rows) {
      const e = out.get(t.contractId);
      if (e) e.tasks.push(t);
      else out.set(t.contractId, { tasks: [t], first: t });
    }
    return [...out.values()].map(({ tasks, first }) => ({
      contractId: first.contractId,
      projectName: first.projectName,
      contractName: first.contractName,
      contractNo: contractNos.get(first.contractId) ?? '',
      tasks,
    }));
  }
}
