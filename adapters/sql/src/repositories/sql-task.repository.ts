import {
  ApprovalEngine,
  RESULT_SEAL_RECORD_KIND,
  RESULT_SEAL_TYPE_CODE,
  MoneyDecimal,
  TASK_WARN_DAYS_CONFIG_KEY,
  err,
  moveSealOnApproval,
  ok,
  parseWarnDays,
  taskErrors,
  toAmountString,
  type ApprovalStatus,
  type DesignContract,
  type DesignTask,
  type DomainError,
  type EngineClock,
  type LinkedRecordRegistry,
  type ListPage,
  type ListQuery,
  type NewResultSeal,
  type NewSignStep,
  type NewTask,
  type NewTaskResult,
  type Result,
  type ResultSeal,
  type ResultSealListFilter,
  type ResultSealRepository,
  type TaskApprovalPort,
  type TaskChanges,
  type TaskDirectory,
  type TaskFileKind,
  type TaskFileLink,
  type TaskFileRef,
  type TaskFinishAmountEntry,
  type TaskListFilter,
  type TaskListQuery,
  type TaskMajor,
  type TaskPay,
  type TaskPayKind,
  type TaskRepositories,
  type TaskRepository,
  type TaskResult,
  type TaskResultListFilter,
  type TaskResultRepository,
  type TaskResultRow,
  type TaskSignStep,
  type TaskSongda,
  type TaskSortColumn,
  type TaskViewer,
  type WarnTask,
} from '@dpms/core';
import { recordAuthor } from './record-author.js';
import { instituteTimeZone } from './institute-time-zone.js';
import {
  sql,
  type ColumnType,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
} from 'kysely';
import type { Database } from '../database/schema.js';
import { KyselyUnitOfWork } from './platform-repositories.js';
import { createApprovalRepositories, signatureUrlOf } from './sql-approval.repository.js';
import {
  containsPattern,
  isUniqueViolation,
  orderedPage,
  pageWithCount,
  scopeCondition,
  type Db,
} from './sql-helpers.js';

type AnyEb = ExpressionBuilder<Database, keyof Database>;

/** `column op value` on a qualified column name written in this file (never request text). */
const cmp = (
  column: string,
  op: '=' | '>=' | '<=' | 'ilike',
  value: unknown,
): Expression<SqlBool> => sql<SqlBool>`${sql.ref(column)} ${sql.raw(op)} ${value}`;

const amount = (v: string | null | undefined): string =>
  v === null || v === undefined ? '0' : toAmountString(new MoneyDecimal(v));
const json = (v: unknown): string => JSON.stringify(v);
const parsed = <T>(v: unknown, fallback: T): T =>
  v === null || v === undefined
    ? fallback
    : typeof v === 'string'
      ? (JSON.parse(v) as T)
      : (v as T);
const day = (v: unknown): string =>
  v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10);
const dayOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : day(v));

/**
 * What a viewer sees of design tasks: the role's data scope on the task's department and creator,
 * and always the tasks they take part in as design host or project manager.
 */
export function taskVisible(
  eb: AnyEb,
  viewer: TaskViewer,
  alias = 'design_task',
): Expression<SqlBool> {
  if (viewer.scope.kind === 'all') return sql<boolean>`true`;
  return eb.or([
    scopeCondition(
      eb,
      viewer.scope,
      eb.ref(`${alias}.dept_id` as never),
      eb.ref(`${alias}.user_id` as never),
    ),
    cmp(`${alias}.design_user_id`, '=', viewer.userId),
    cmp(`${alias}.project_manager_id`, '=', viewer.userId),
  ]);
}

const SORT: Readonly<Record<TaskSortColumn, string>> = {
  taskId: 'design_task.task_id',
  createTime: 'design_task.create_time',
  planFinishDate: 'design_task.plan_finish_date',
  taskNo: 'design_task.task_no',
};

// ---- task sheets ---------------------------------------------------------------------------------

/** Who signs 部门确认: the sign flow's third step, read with the sheet so a list offers it. */
const deptConfirmer = (eb: ExpressionBuilder<Database, 'design_task'>) =>
  eb
    .selectFrom('design_task_sign_flow as sf')
    .select('sf.deal_user_id')
    .whereRef('sf.task_id', '=', 'design_task.task_id')
    .where('sf.order_no', '=', 3)
    .limit(1)
    .as('dept_confirmer_id');

export class SqlTaskRepository implements TaskRepository {
  constructor(private readonly db: Db) {}

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
  warningQuery(userId: number, until: string, limit: number) {
    const part = (column: 'design_user_id' | 'project_manager_id') =>
      this.db
        .selectFrom('design_task')
        .select(['task_id', 'task_no', 'plan_finish_date'])
        .where(column, '=', userId)
        .where('plan_finish_date', '<=', until)
        .where('finished', '=', false)
        .where('del_flag', '=', '0');
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

function fieldColumns(f: NewTask['fields']) {
  return {
    contract_id: f.contractId,
    task_name: f.taskName,
    sub_item_name: f.subItemName,
    task_result_name: f.taskResultName,
    design_stage_id: f.designStageId,
    quality_type: f.qualityType,
    design_user_id: f.designUserId,
    project_manager_id: f.projectManagerId,
    plan_finish_date: f.planFinishDate,
    remark: f.remark,
    task_amount: f.taskAmount,
  };
}

interface TaskRow {
  task_id: number;
  contract_id: number;
  task_no: string;
  task_name: string;
  sub_item_name: string;
  task_result_name: string;
  design_stage_id: string;
  design_stage_name: string;
  quality_type: string;
  design_user_id: number;
  project_manager_id: number;
  plan_finish_date: unknown;
  remark: string;
  task_amount: string;
  confirm_finish_amount: string;
  major_list: unknown;
  confirmed: number;
  history: boolean;
  finished: boolean;
  dept_id: number | null;
  user_id: number;
  create_by: string;
  version: number;
  create_time: Date;
  update_time: Date;
  project_name: string;
  contract_name: string;
  design_user_name: string | null;
  project_manager_name: string | null;
  dept_name: string | null;
  dept_confirmer_id: number | null;
}

function toTask(r: TaskRow): DesignTask {
  return {
    taskId: r.task_id,
    contractId: r.contract_id,
    projectName: r.project_name,
    contractName: r.contract_name,
    taskNo: r.task_no,
    taskName: r.task_name,
    subItemName: r.sub_item_name,
    taskResultName: r.task_result_name,
    designStageId: r.design_stage_id,
    designStageName: r.design_stage_name,
    qualityType: r.quality_type === '1' ? '1' : '0',
    designUserId: r.design_user_id,
    designUserName: r.design_user_name ?? '',
    projectManagerId: r.project_manager_id,
    projectManagerName: r.project_manager_name ?? '',
    planFinishDate: day(r.plan_finish_date),
    remark: r.remark,
    taskAmount: amount(r.task_amount),
    confirmFinishAmount: amount(r.confirm_finish_amount),
    majorList: parsed<TaskMajor[]>(r.major_list, []),
    confirmed: Number(r.confirmed),
    history: r.history,
    finished: r.finished,
    deptId: r.dept_id,
    deptName: r.dept_name ?? '',
    deptConfirmerId: r.dept_confirmer_id ?? null,
    userId: r.user_id,
    createBy: r.create_by,
    version: r.version,
    createTime: r.create_time,
    updateTime: r.update_time,
  };
}

// ---- directory -----------------------------------------------------------------------------------

export class SqlTaskDirectory implements TaskDirectory {
  constructor(private readonly db: Db) {}

  async contract(contractId: number) {
    const row = await this.db
      .selectFrom('contract')
      .select(['contract_id', 'project_name', 'contract_name'])
      .where('contract_id', '=', contractId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    return row === undefined
      ? null
      : {
          contractId: row.contract_id,
          projectName: row.project_name,
          contractName: row.contract_name,
        };
  }

  async contractVisible(contractId: number, viewer: TaskViewer): Promise<boolean> {
    const own = await this.db
      .selectFrom('contract')
      .select('contract_id')
      .where('contract_id', '=', contractId)
      .where('del_flag', '=', '0')
      .where((eb) =>
        eb.or([
          scopeCondition(eb as never, viewer.scope, eb.ref('dept_id'), eb.ref('user_id')),
          eb.exists(
            eb
              .selectFrom('design_task')
              .select('design_task.task_id')
              .whereRef('design_task.contract_id', '=', 'contract.contract_id')
              .where('design_task.del_flag', '=', '0')
              .where((w) => taskVisible(w as never, viewer) as never),
          ),
        ]),
      )
      .executeTakeFirst();
    return own !== undefined;
  }

  async userHasRole(userId: number, roleKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sys_user as u')
      .innerJoin('sys_user_role as ur', 'ur.user_id', 'u.user_id')
      .innerJoin('sys_role as r', 'r.role_id', 'ur.role_id')
      .select('u.user_id')
      .where('u.user_id', '=', userId)
      .where('u.status', '=', '0')
      .where('u.del_flag', '=', '0')
      .where('r.role_key', '=', roleKey)
      .where('r.status', '=', '0')
      .executeTakeFirst();
    return row !== undefined;
  }

  async deptHead(deptId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('sys_dept as d')
      .innerJoin('sys_user as u', 'u.user_id', 'd.leader_user_id')
      .select('u.user_id')
      .where('d.dept_id', '=', deptId)
      .where('d.del_flag', '=', '0')
      .where('u.status', '=', '0')
      .where('u.del_flag', '=', '0')
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  async stageName(designStageId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('sys_dict_data')
      .select('dict_label')
      .where('dict_type', '=', 'design_stage')
      .where('dict_value', '=', designStageId)
      .where('status', '=', '0')
      .executeTakeFirst();
    return row?.dict_label ?? null;
  }

  async majors(majorIds: readonly number[], designStageId: string): Promise<readonly TaskMajor[]> {
    if (majorIds.length === 0) return [];
    const stage = Number(designStageId);
    if (!Number.isSafeInteger(stage)) return [];
    const rows = await this.db
      .selectFrom('sys_major')
      .select(['major_id', 'major_name'])
      .where('major_id', 'in', [...majorIds])
      .where('design_stage_id', '=', stage)
      .where('status', '=', '0')
      .orderBy('order_num')
      .orderBy('major_id')
      .execute();
    return rows.map((r) => ({ majorId: r.major_id, majorName: r.major_name }));
  }

  async files(fileIds: readonly string[]): Promise<readonly TaskFileRef[]> {
    if (fileIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('file_object')
      .select(['file_id', 'original_name'])
      .where('file_id', 'in', [...fileIds])
      .where('deleted_at', 'is', null)
      .execute();
    const byId = new Map(rows.map((r) => [r.file_id, r.original_name]));
    return fileIds.flatMap((id) => {
      const name = byId.get(id);
      return name === undefined ? [] : [{ fileId: id, name }];
    });
  }

  async signUrl(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('sys_user')
      .select('signature_file_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const id = row?.signature_file_id ?? null;
    return id === null ? null : signatureUrlOf(id);
  }
}

// ---- results, files, deliveries, pay items -------------------------------------------------------

export class SqlTaskResultRepository implements TaskResultRepository {
  constructor(private readonly db: Db) {}

  async insert(r: NewTaskResult, now: Date): Promise<number> {
    const row = await this.db
      .insertInto('design_task_result')
      .values({
        task_id: r.taskId,
        major_id: r.majorId,
        major_name: r.majorName,
        file_name: r.fileName,
        file_prop: r.fileProp,
        memo: r.memo,
        history: r.history,
        user_id: r.userId,
        user_name: r.userName,
        create_time: now,
      })
      .returning('result_id')
      .executeTakeFirstOrThrow();
    return row.result_id;
  }

  private async withFiles(rows: readonly ResultRow[]): Promise<TaskResult[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.result_id);
    const links = await this.filesOf(['result', 'acceptance'], ids);
    return rows.map((r) => toResult(r, links));
  }

  async findById(resultId: number, lock = false): Promise<TaskResult | null> {
    let q = this.db
      .selectFrom('design_task_result')
      .selectAll()
      .where('result_id', '=', resultId)
      .where('del_flag', '=', '0');
    if (lock) q = q.forUpdate();
    const row = await q.executeTakeFirst();
    return row === undefined ? null : ((await this.withFiles([row]))[0] ?? null);
  }

  async setConfirmed(resultId: number, which: 'result' | 'acceptance', userId: number, now: Date) {
    await this.db
      .updateTable('design_task_result')
      .set(
        which === 'result'
          ? { result_confirmed: true, result_confirm_by: userId, result_confirm_time: now }
          : {
              acceptance_confirmed: true,
              acceptance_confirm_by: userId,
              acceptance_confirm_time: now,
            },
      )
      .where('result_id', '=', resultId)
      .execute();
  }

  async delete(resultId: number, now: Date) {
    await this.db
      .updateTable('design_task_result')
      .set({ del_flag: '2' })
      .where('result_id', '=', resultId)
      .execute();
    await this.db
      .updateTable('design_task_file')
      .set({ del_flag: '2', create_time: now })
      .where('kind', 'in', ['result', 'acceptance'])
      .where('owner_id', '=', resultId)
      .execute();
  }

  async listByTask(taskId: number): Promise<readonly TaskResult[]> {
    const rows = await this.db
      .selectFrom('design_task_result')
      .selectAll()
      .where('task_id', '=', taskId)
      .where('del_flag', '=', '0')
      .orderBy('result_id')
      .execute();
    return this.withFiles(rows);
  }

  async list(
    query: ListQuery<TaskResultListFilter, 'resultId'>,
    viewer: TaskViewer,
  ): Promise<ListPage<TaskResultRow>> {
    const f = query.filter;
    const base = this.db
      .selectFrom('design_task_result as r')
      .innerJoin('design_task', 'design_task.task_id', 'r.task_id')
      .where('r.del_flag', '=', '0')
      .where('design_task.del_flag', '=', '0')
      .where((eb) => {
        const conds = [taskVisible(eb as never, viewer)];
        if (f.taskId !== undefined) conds.push(eb('r.task_id', '=', f.taskId));
        if (f.taskName)
          conds.push(eb('design_task.task_name', 'ilike', containsPattern(f.taskName)));
        if (f.resultConfirmed !== undefined)
          conds.push(eb('r.result_confirmed', '=', f.resultConfirmed));
        return eb.and(conds);
      });
    const page = orderedPage(
      base.selectAll('r').select(['design_task.task_no', 'design_task.task_name']),
      { idColumn: 'r.result_id', direction: query.sort?.direction ?? 'desc' },
      query.page,
    );
    return pageWithCount(
      page,
      base.select((eb) => eb.fn.countAll().as('n')),
      async (rows) =>
        (await this.withFiles(rows)).map((x, i) => ({
          ...x,
          taskNo: rows[i]?.task_no ?? '',
          taskName: rows[i]?.task_name ?? '',
        })),
    );
  }

  async linkFiles(
    kind: TaskFileKind,
    ownerId: number,
    files: readonly TaskFileRef[],
    userId: number,
    now: Date,
  ) {
    if (files.length === 0) return;
    await this.db
      .insertInto('design_task_file')
      .values(
        files.map((f) => ({
          kind,
          owner_id: ownerId,
          file_id: f.fileId,
          user_id: userId,
          create_time: now,
        })),
      )
      .execute();
  }

  private async filesOf(kinds: readonly TaskFileKind[], ownerIds: readonly number[]) {
    if (ownerIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('design_task_file as l')
      .innerJoin('file_object as f', 'f.file_id', 'l.file_id')
      .select([
        'l.link_id',
        'l.kind',
        'l.owner_id',
        'l.file_id',
        'l.user_id',
        'l.create_time',
        'f.original_name',
      ])
      .where('l.kind', 'in', [...kinds])
      .where('l.owner_id', 'in', [...ownerIds])
      .where('l.del_flag', '=', '0')
      .orderBy('l.link_id')
      .execute();
    return rows.map((r): TaskFileLink => ({
      linkId: r.link_id,
      kind: r.kind as TaskFileKind,
      ownerId: r.owner_id,
      fileId: r.file_id,
      name: r.original_name,
      userId: r.user_id,
      createTime: r.create_time,
    }));
  }

  listFiles(kind: TaskFileKind, ownerId: number): Promise<readonly TaskFileLink[]> {
    return this.filesOf([kind], [ownerId]);
  }

  async findFile(linkId: number): Promise<TaskFileLink | null> {
    const row = await this.db
      .selectFrom('design_task_file')
      .select(['kind', 'owner_id'])
      .where('link_id', '=', linkId)
      .where('del_flag', '=', '0')
      .executeTakeFirst();
    if (row === undefined) return null;
    return (
      (await this.filesOf([row.kind as TaskFileKind], [row.owner_id])).find(
        (l) => l.linkId === linkId,
      ) ?? null
    );
  }

  async unlinkFile(linkId: number): Promise<void> {
    await this.db
      .updateTable('design_task_file')
      .set({ del_flag: '2' })
      .where('link_id', '=', linkId)
      .execute();
  }

  async insertSongda(s: Omit<TaskSongda, 'songdaId' | 'files' | 'createTime'>, now: Date) {
    const row = await this.db
      .insertInto('design_task_songda')
      .values({
        task_id: s.taskId,
        result_id: s.resultId,
        songda_date: s.songdaDate,
        receive_unit: s.receiveUnit,
        receive_user: s.receiveUser,
        content: s.content,
        user_id: s.userId,
        create_time: now,
      })
      .returning('songda_id')
      .executeTakeFirstOrThrow();
    return row.songda_id;
  }

  async listSongda(taskId: number): Promise<readonly TaskSongda[]> {
    const rows = await this.db
      .selectFrom('design_task_songda')
      .selectAll()
      .where('task_id', '=', taskId)
      .orderBy('songda_id')
      .execute();
    const files = await this.filesOf(
      ['songda'],
      rows.map((r) => r.songda_id),
    );
    return rows.map((r) => ({
      songdaId: r.songda_id,
      taskId: r.task_id,
      resultId: r.result_id,
      songdaDate: day(r.songda_date),
      receiveUnit: r.receive_unit,
      receiveUser: r.receive_user,
      content: r.content,
      files: files
        .filter((f) => f.ownerId === r.songda_id)
        .map((f) => ({ fileId: f.fileId, name: f.name })),
      userId: r.user_id,
      createTime: r.create_time,
    }));
  }

  async insertPay(p: Omit<TaskPay, 'payId' | 'createTime'>, now: Date): Promise<TaskPay> {
    const row = await this.db
      .insertInto('design_task_pay')
      .values({
        task_id: p.taskId,
        kind: p.kind,
        pay_amount: p.payAmount,
        pay_date: p.payDate,
        remark: p.remark,
        user_id: p.userId,
        user_name: p.userName,
        create_time: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toPay(row);
  }

  async listPays(taskId: number): Promise<readonly TaskPay[]> {
    const rows = await this.db
      .selectFrom('design_task_pay')
      .selectAll()
      .where('task_id', '=', taskId)
      .orderBy('pay_id')
      .execute();
    return rows.map(toPay);
  }

  async appendFinishAmount(e: TaskFinishAmountEntry) {
    await this.db
      .insertInto('design_task_finish_amount')
      .values({
        task_id: e.taskId,
        before_amount: e.before,
        after_amount: e.after,
        user_id: e.userId,
        user_name: e.userName,
        at: e.at,
      })
      .execute();
  }

  async listFinishAmounts(taskId: number): Promise<readonly TaskFinishAmountEntry[]> {
    const rows = await this.db
      .selectFrom('design_task_finish_amount')
      .selectAll()
      .where('task_id', '=', taskId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      taskId: r.task_id,
      before: amount(r.before_amount),
      after: amount(r.after_amount),
      userId: r.user_id,
      userName: r.user_name,
      at: r.at,
    }));
  }
}

type ResultRow = Database['design_task_result'] extends infer T
  ? {
      [K in keyof T]: T[K] extends ColumnType<infer S, unknown, unknown> ? S : T[K];
    }
  : never;

function toResult(r: ResultRow, links: readonly TaskFileLink[]): TaskResult {
  const of = (kind: TaskFileKind) =>
    links
      .filter((l) => l.kind === kind && l.ownerId === r.result_id)
      .map((l) => ({ fileId: l.fileId, name: l.name }));
  return {
    resultId: r.result_id,
    taskId: r.task_id,
    majorId: r.major_id,
    majorName: r.major_name,
    fileName: r.file_name,
    fileProp: r.file_prop,
    memo: r.memo,
    files: of('result'),
    acceptanceFiles: of('acceptance'),
    resultConfirmed: r.result_confirmed,
    acceptanceConfirmed: r.acceptance_confirmed,
    history: r.history,
    userId: r.user_id,
    userName: r.user_name,
    createTime: r.create_time,
  };
}

function toPay(r: {
  pay_id: number;
  task_id: number;
  kind: string;
  pay_amount: string;
  pay_date: unknown;
  remark: string;
  user_id: number;
  user_name: string;
  create_time: Date;
}): TaskPay {
  return {
    payId: r.pay_id,
    taskId: r.task_id,
    kind: r.kind as TaskPayKind,
    payAmount: amount(r.pay_amount),
    payDate: day(r.pay_date),
    remark: r.remark,
    userId: r.user_id,
    userName: r.user_name,
    createTime: r.create_time,
  };
}

// ---- result seals --------------------------------------------------------------------------------

/**
 * A request's status: its approval's while it has one (so a rejection or withdrawal in the
 * approval centre unlocks it at once), -1 before it is sent.
 */
const sealStatus = sql<number>`coalesce(a.status, s.status)`;

export class SqlResultSealRepository implements ResultSealRepository {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db
      .selectFrom('result_seal as s')
      .innerJoin('design_task', 'design_task.task_id', 's.task_id')
      .innerJoin('contract as c', 'c.contract_id', 'design_task.contract_id')
      .leftJoin('approval as a', 'a.approval_id', 's.approval_id')
      .where('s.del_flag', '=', '0');
  }

  private selectAll() {
    return this.base()
      .selectAll('s')
      .select([
        sealStatus.as('effective_status'),
        'design_task.task_no',
        'design_task.task_name',
        'c.contract_name',
      ]);
  }

  private async withFiles(rows: readonly SealRow[]): Promise<ResultSeal[]> {
    if (rows.length === 0) return [];
    const links = await new SqlTaskResultRepository(this.db)['filesOf'](
      ['sealImg', 'sealScan'],
      rows.map((r) => r.result_seal_id),
    );
    return rows.map((r) => toSeal(r, links));
  }

  async insert(s: NewResultSeal, now: Date): Promise<number> {
    const row = await this.db
      .insertInto('result_seal')
      .values({
        task_id: s.taskId,
        ...(sealColumns(s) as { draw_content: string }),
        user_id: s.userId,
        user_name: s.userName,
        create_time: now,
        update_time: now,
      })
      .returning('result_seal_id')
      .executeTakeFirstOrThrow();
    return row.result_seal_id;
  }

  async findById(resultSealId: number, lock = false): Promise<ResultSeal | null> {
    if (lock) {
      const locked = await this.db
        .selectFrom('result_seal')
        .select('result_seal_id')
        .where('result_seal_id', '=', resultSealId)
        .where('del_flag', '=', '0')
        .forUpdate()
        .executeTakeFirst();
      if (locked === undefined) return null;
    }
    const row = await this.selectAll()
      .where('s.result_seal_id', '=', resultSealId)
      .executeTakeFirst();
    return row === undefined ? null : ((await this.withFiles([row]))[0] ?? null);
  }

  async update(
    resultSealId: number,
    c: Parameters<ResultSealRepository['update']>[1],
    now: Date,
  ): Promise<void> {
    await this.db
      .updateTable('result_seal')
      .set({
        ...sealColumns(c),
        ...(c.status !== undefined ? { status: c.status } : {}),
        ...(c.approvalId !== undefined
          ? { approval_id: c.approvalId === null ? null : Number(c.approvalId) }
          : {}),
        ...(c.finishTime !== undefined ? { finish_time: c.finishTime } : {}),
        version: sql<number>`version + 1`,
        update_time: now,
      })
      .where('result_seal_id', '=', resultSealId)
      .execute();
  }

  private where(eb: AnyEb, f: ResultSealListFilter, viewer: TaskViewer) {
    const conds: Expression<SqlBool>[] = [
      eb.or([taskVisible(eb, viewer), cmp('s.user_id', '=', viewer.userId)]),
    ];
    if (f.taskId !== undefined) conds.push(cmp('s.task_id', '=', f.taskId));
    if (f.taskName) conds.push(cmp('design_task.task_name', 'ilike', containsPattern(f.taskName)));
    if (f.status !== undefined) conds.push(sql<SqlBool>`${sealStatus} = ${f.status}`);
    return eb.and(conds);
  }

  async list(
    query: ListQuery<ResultSealListFilter, 'resultSealId'>,
    viewer: TaskViewer,
  ): Promise<ListPage<ResultSeal>> {
    const where = (eb: AnyEb) => this.where(eb, query.filter, viewer);
    const page = orderedPage(
      this.selectAll().where(where as never),
      { idColumn: 's.result_seal_id', direction: query.sort?.direction ?? 'desc' },
      query.page,
    );
    return pageWithCount(
      page,
      this.base()
        .where(where as never)
        .select((eb) => eb.fn.countAll().as('n')),
      (rows) => this.withFiles(rows),
    );
  }

  async listBatch(
    filter: ResultSealListFilter,
    viewer: TaskViewer,
    afterId: number,
    limit: number,
  ) {
    const rows = await this.selectAll()
      .where((eb) => this.where(eb as never, filter, viewer) as never)
      .where('s.result_seal_id', '>', afterId)
      .orderBy('s.result_seal_id')
      .limit(limit)
      .execute();
    return this.withFiles(rows);
  }

  async markSeen(resultSealId: number, userId: number, now: Date) {
    await this.db
      .insertInto('result_seal_seen')
      .values({ result_seal_id: resultSealId, user_id: userId, seen_time: now })
      .onConflict((oc) => oc.columns(['result_seal_id', 'user_id']).doNothing())
      .execute();
  }

  /** The seal-dot query (exposed for the EXPLAIN check). */
  unseenQuery(userId: number) {
    const notSeen = (eb: ExpressionBuilder<Database, 'result_seal'>) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('result_seal_seen as v')
            .select('v.user_id')
            .whereRef('v.result_seal_id', '=', 'result_seal.result_seal_id')
            .where('v.user_id', '=', userId),
        ),
      );
    const mine = this.db
      .selectFrom('result_seal')
      .select('result_seal.result_seal_id')
      .where('result_seal.user_id', '=', userId)
      .where('result_seal.finish_time', 'is not', null)
      .where('result_seal.del_flag', '=', '0')
      .where(notSeen);
    const ofTasks = (column: 'design_user_id' | 'project_manager_id') =>
      this.db
        .selectFrom('result_seal')
        .select('result_seal.result_seal_id')
        .where('result_seal.finish_time', 'is not', null)
        .where('result_seal.del_flag', '=', '0')
        .where('result_seal.task_id', 'in', (eb) =>
          eb
            .selectFrom('design_task')
            .select('design_task.task_id')
            .where(column, '=', userId)
            .where('design_task.del_flag', '=', '0'),
        )
        .where(notSeen);
    return mine.union(ofTasks('design_user_id')).union(ofTasks('project_manager_id')).limit(1);
  }

  async hasUnseen(userId: number): Promise<boolean> {
    const row = await this.unseenQuery(userId).executeTakeFirst();
    return row !== undefined;
  }
}

function sealColumns(s: Partial<NewResultSeal>) {
  return {
    ...(s.drawContent !== undefined ? { draw_content: s.drawContent } : {}),
    ...(s.drawNum !== undefined ? { draw_num: s.drawNum } : {}),
    ...(s.sealGoalContent !== undefined ? { seal_goal_content: s.sealGoalContent } : {}),
    ...(s.unGuidangShowImg !== undefined ? { un_guidang_show_img: s.unGuidangShowImg } : {}),
    ...(s.guidangShowImg !== undefined ? { guidang_show_img: s.guidangShowImg } : {}),
    ...(s.sealCategory !== undefined ? { seal_category: s.sealCategory } : {}),
    ...(s.sealType !== undefined ? { seal_type: json(s.sealType) } : {}),
    ...(s.sealTime !== undefined ? { seal_time: s.sealTime } : {}),
  };
}

interface SealRow {
  result_seal_id: number;
  task_id: number;
  draw_content: string;
  draw_num: number;
  seal_goal_content: string;
  un_guidang_show_img: string;
  guidang_show_img: string;
  seal_category: string;
  seal_type: unknown;
  seal_time: unknown;
  approval_id: number | null;
  user_id: number;
  user_name: string;
  version: number;
  create_time: Date;
  finish_time: Date | null;
  effective_status: number;
  task_no: string;
  task_name: string;
  contract_name: string;
}

function toSeal(r: SealRow, links: readonly TaskFileLink[]): ResultSeal {
  const of = (kind: TaskFileKind) =>
    links
      .filter((l) => l.kind === kind && l.ownerId === r.result_seal_id)
      .map((l) => ({ fileId: l.fileId, name: l.name }));
  return {
    resultSealId: r.result_seal_id,
    taskId: r.task_id,
    taskNo: r.task_no,
    taskName: r.task_name,
    contractName: r.contract_name,
    drawContent: r.draw_content,
    drawNum: r.draw_num,
    sealGoalContent: r.seal_goal_content,
    unGuidangShowImg: r.un_guidang_show_img,
    guidangShowImg: r.guidang_show_img,
    sealCategory: r.seal_category,
    sealType: parsed<string[]>(r.seal_type, []),
    sealTime: dayOrNull(r.seal_time),
    imgFiles: of('sealImg'),
    sealImages: of('sealScan'),
    status: Number(r.effective_status) as ApprovalStatus,
    approvalId: r.approval_id === null ? null : String(r.approval_id),
    userId: r.user_id,
    userName: r.user_name,
    version: r.version,
    createTime: r.create_time,
    finishTime: r.finish_time,
  };
}

// ---- approval port, composition ------------------------------------------------------------------

/** The seal request's approval (13_1, Seal kind) through the engine, in the task's transaction. */
export class EngineTaskApprovalPort implements TaskApprovalPort {
  constructor(
    private readonly trx: Kysely<Database>,
    private readonly linked: LinkedRecordRegistry<Kysely<Database>>,
    private readonly clock: EngineClock,
  ) {}

  async submitSeal(request: Parameters<TaskApprovalPort['submitSeal']>[0]) {
    const engine = new ApprovalEngine(
      new KyselyUnitOfWork(this.trx, (t) => createApprovalRepositories(t, this.linked)),
      this.clock,
    );
    const r = await engine.create(
      {
        kind: 'Seal',
        typeCode: RESULT_SEAL_TYPE_CODE,
        title: request.title,
        content: request.content,
        recordKind: RESULT_SEAL_RECORD_KIND,
        recordId: request.recordId,
        submit: true,
      },
      {
        userId: request.drafterId,
        deptId: request.drafterDeptId,
        scope: { kind: 'own', userId: request.drafterId },
      },
      { route: 'task.submitSeal' },
    );
    if (!r.ok) return r;
    return ok({ approvalId: r.value.approvalId, status: r.value.status });
  }
}

/** The task ports bound to one connection or transaction. */
export function createTaskRepositories(
  db: Kysely<Database>,
  linked: LinkedRecordRegistry<Kysely<Database>>,
  clock: EngineClock,
): TaskRepositories {
  return {
    tasks: new SqlTaskRepository(db),
    directory: new SqlTaskDirectory(db),
    results: new SqlTaskResultRepository(db),
    seals: new SqlResultSealRepository(db),
    approvals: new EngineTaskApprovalPort(db, linked, clock),
    async warnDays() {
      const row = await db
        .selectFrom('sys_config')
        .select('config_value')
        .where('config_key', '=', TASK_WARN_DAYS_CONFIG_KEY)
        .executeTakeFirst();
      return parseWarnDays(row?.config_value);
    },
    timeZone: () => instituteTimeZone(db),
  };
}

/**
 * Registers the result seal's handler: an approved request is stamped in the approval's
 * transaction, and its applicant (the request's creator) is kept off its approval. Only the
 * applicant sends a request today, so the author is also the drafter; naming the author keeps the
 * rule when someone else ever sends it (a resubmission from the approval centre).
 */
export function registerTaskRecords(
  linked: LinkedRecordRegistry<Kysely<Database>>,
): LinkedRecordRegistry<Kysely<Database>> {
  return linked.register(RESULT_SEAL_RECORD_KIND, (trx) => ({
    authorOf: (recordId) => recordAuthor(trx, 'result_seal', recordId),
    approvalEnded: (event) =>
      moveSealOnApproval(
        { seals: new SqlResultSealRepository(trx), timeZone: () => instituteTimeZone(trx) },
        {
          approvalId: event.approvalId,
          recordId: event.recordId,
          status: event.status,
          at: event.at,
        },
      ),
  }));
}
