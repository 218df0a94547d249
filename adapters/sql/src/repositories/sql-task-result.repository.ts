import {
  type ListPage,
  type ListQuery,
  type NewTaskResult,
  type TaskFileKind,
  type TaskFileLink,
  type TaskFileRef,
  type TaskFinishAmountEntry,
  type TaskPay,
  type TaskPayKind,
  type TaskResult,
  type TaskResultListFilter,
  type TaskResultRepository,
  type TaskResultRow,
  type TaskSongda,
  type TaskViewer,
  personNameOf,
} from '@dpms/core';
import { type ColumnType } from 'kysely';
import type { Database } from '../database/schema.js';
import { containsPattern, nickNameOf, orderedPage, pageWithCount, type Db } from './sql-helpers.js';
import { amount, day, taskVisible } from './sql-task-rows.js';

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

  private async withFiles(rows: readonly ResultRowNamed[]): Promise<TaskResult[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.result_id);
    const links = await this.filesOf(['result', 'acceptance', 'resultScan'], ids);
    return rows.map((r) => toResult(r, links));
  }

  async findById(resultId: number, lock = false): Promise<TaskResult | null> {
    let q = this.db
      .selectFrom('design_task_result')
      .selectAll()
      .select(nickNameOf('design_task_result.user_name').as('nick_name'))
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
      .select(nickNameOf('design_task_result.user_name').as('nick_name'))
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
      base
        .selectAll('r')
        .select(['design_task.task_no', 'design_task.task_name'])
        .select(nickNameOf('r.user_name').as('nick_name')),
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
/** A result row with its uploader's nick name (null when no user has the login). */
type ResultRowNamed = ResultRow & { readonly nick_name: string | null };

function toResult(r: ResultRowNamed, links: readonly TaskFileLink[]): TaskResult {
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
    sealScans: of('resultScan'),
    resultConfirmed: r.result_confirmed,
    acceptanceConfirmed: r.acceptance_confirmed,
    history: r.history,
    userId: r.user_id,
    userName: r.user_name,
    nickName: personNameOf(r.user_name, r.nick_name),
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
