import {
  type ApprovalStatus,
  type ListPage,
  type ListQuery,
  type NewResultSeal,
  type ResultSeal,
  type ResultSealListFilter,
  type ResultSealRepository,
  type TaskFileKind,
  type TaskFileLink,
  type TaskViewer,
  personNameOf,
} from '@dpms/core';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../database/schema.js';
import { containsPattern, nickNameOf, orderedPage, pageWithCount, type Db } from './sql-helpers.js';
import { type AnyEb, cmp, dayOrNull, json, parsed, taskVisible } from './sql-task-rows.js';
import { SqlTaskResultRepository } from './sql-task-result.repository.js';
import { recordAuthor } from './record-author.js';
import { resultSealPeople } from './record-people.js';

// ---- result seals --------------------------------------------------------------------------------

/**
 * A request's status: its approval's while it has one (so a rejection or withdrawal in the
 * approval centre unlocks it at once), -1 before it is sent.
 */
const sealStatus = sql<number>`coalesce(a.status, s.status)`;

export class SqlResultSealRepository implements ResultSealRepository {
  constructor(private readonly db: Db) {}

  authorOf(recordId: string) {
    return recordAuthor(this.db, 'result_seal', recordId);
  }

  personOf(recordId: string, field: string) {
    return resultSealPeople(this.db, recordId, field);
  }

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
        nickNameOf('s.user_name').as('nick_name'),
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
    const targets = await this.db
      .selectFrom('result_seal_result as sr')
      .innerJoin('design_task_result as r', 'r.result_id', 'sr.result_id')
      .select(['sr.result_seal_id', 'r.result_id', 'r.file_name', 'r.major_name'])
      .where(
        'sr.result_seal_id',
        'in',
        rows.map((r) => r.result_seal_id),
      )
      .orderBy('r.result_id')
      .execute();
    return rows.map((r) => ({
      ...toSeal(r, links),
      results: targets
        .filter((t) => t.result_seal_id === r.result_seal_id)
        .map((t) => ({ resultId: t.result_id, fileName: t.file_name, majorName: t.major_name })),
    }));
  }

  async setResults(resultSealId: number, resultIds: readonly number[]): Promise<void> {
    await this.db
      .deleteFrom('result_seal_result')
      .where('result_seal_id', '=', resultSealId)
      .execute();
    if (resultIds.length === 0) return;
    await this.db
      .insertInto('result_seal_result')
      .values(resultIds.map((resultId) => ({ result_seal_id: resultSealId, result_id: resultId })))
      .execute();
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
  nick_name: string | null;
  version: number;
  create_time: Date;
  finish_time: Date | null;
  effective_status: number;
  task_no: string;
  task_name: string;
  contract_name: string;
}

function toSeal(r: SealRow, links: readonly TaskFileLink[]): Omit<ResultSeal, 'results'> {
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
    nickName: personNameOf(r.user_name, r.nick_name),
    version: r.version,
    createTime: r.create_time,
    finishTime: r.finish_time,
  };
}
