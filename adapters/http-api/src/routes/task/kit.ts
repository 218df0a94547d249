import { z } from 'zod';
import {
  ALL_DATA,
  TASK_SORT_COLUMNS,
  type TaskActor,
  type TaskInput,
  type TaskListFilter,
} from '@dpms/core';
import { pagingShape } from '../../http/paging.js';
import { perm, type RouteBook } from '../../http/route.js';
import { id, optionalEnum, optionalId, textFilter, version } from '../../http/schemas.js';
import type { Principal } from '../../identity/principal.js';

/** The OpenAPI tag of every design task route. */
export const TAG = '设计任务';

// ---- schemas ---------------------------------------------------------------------------------

const nullish = (v: unknown) => (v === null ? undefined : v);
/** Text as sent; core trims it and checks the spec's limits (the remark's 5200) with their message. */
export const text = (max = 20_000) => z.preprocess(nullish, z.string().max(max).optional());
const amount = () =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^(\d{1,12}(\.\d{0,6})?)?$/)
      .optional(),
  );
export const dateText = () =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  );
/** File ids the server issued: a list of ids or of `{fileId}` / `{id}` objects (the upload widgets). */
export const fileList = () =>
  z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v.map((x: unknown) =>
            typeof x === 'object' && x !== null
              ? ((x as { fileId?: unknown; id?: unknown }).fileId ?? (x as { id?: unknown }).id)
              : x,
          )
        : v === null
          ? undefined
          : v,
    z.array(z.string().trim().min(1).max(64)).max(50).optional(),
  );

const taskFields = {
  contractId: optionalId(),
  taskNo: text(64),
  taskName: text(1000),
  subItemName: text(1000),
  taskResultName: text(1000),
  designStageId: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : nullish(v)),
    z.string().max(10).optional(),
  ),
  qualityType: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v === null || v === '' ? undefined : v),
    z.enum(['0', '1']).optional(),
  ),
  designUserId: optionalId(),
  projectManagerId: optionalId(),
  planFinishDate: dateText(),
  remark: text(),
  taskAmount: amount(),
  /** Discipline ids, or the majorList objects the form holds. */
  majorIds: z.array(id()).max(50).optional(),
  majorList: z
    .array(z.object({ majorId: id() }).loose())
    .max(50)
    .optional(),
  deptId: optionalId(),
};
export const taskBody = z.object(taskFields);
export const taskUpdateBody = z.object({
  ...taskFields,
  taskId: id(),
  version: version(),
});
type TaskBody = z.output<typeof taskBody>;

export const taskIdQuery = z.object({ taskId: id() });

export const listQuery = z.object({
  ...pagingShape(TASK_SORT_COLUMNS),
  contractId: optionalId(),
  taskNo: textFilter(64),
  taskName: textFilter(100),
  projectName: textFilter(100),
  designStageId: textFilter(10),
  designUserId: optionalId(),
  projectManagerId: optionalId(),
  deptId: optionalId(),
  status: optionalEnum(['0', '1', '2', '3']),
  finished: optionalEnum(['0', '1']),
  planFinishDateBegin: dateText(),
  planFinishDateEnd: dateText(),
});
type ListQueryIn = z.output<typeof listQuery>;

// ---- reading requests ------------------------------------------------------------------------

export const actorOf = (p: Principal): TaskActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});

export function filterOf(q: ListQueryIn): TaskListFilter {
  const f: { -readonly [K in keyof TaskListFilter]: TaskListFilter[K] } = {};
  if (q.contractId !== undefined) f.contractId = q.contractId;
  if (q.taskNo !== undefined) f.taskNo = q.taskNo;
  if (q.taskName !== undefined) f.taskName = q.taskName;
  if (q.projectName !== undefined) f.projectName = q.projectName;
  if (q.designStageId !== undefined) f.designStageId = q.designStageId;
  if (q.designUserId !== undefined) f.designUserId = q.designUserId;
  if (q.projectManagerId !== undefined) f.projectManagerId = q.projectManagerId;
  if (q.deptId !== undefined) f.deptId = q.deptId;
  if (q.status !== undefined) f.confirmed = Number(q.status);
  if (q.finished !== undefined) f.finished = q.finished === '1';
  if (q.planFinishDateBegin !== undefined) f.planFinishDateFrom = q.planFinishDateBegin;
  if (q.planFinishDateEnd !== undefined) f.planFinishDateTo = q.planFinishDateEnd;
  return f;
}

export const inputOf = (b: TaskBody): TaskInput => ({
  contractId: b.contractId,
  taskNo: b.taskNo,
  taskName: b.taskName,
  subItemName: b.subItemName,
  taskResultName: b.taskResultName,
  designStageId: b.designStageId,
  qualityType: b.qualityType,
  designUserId: b.designUserId,
  projectManagerId: b.projectManagerId,
  planFinishDate: b.planFinishDate,
  remark: b.remark,
  taskAmount: b.taskAmount,
  majorIds: b.majorIds ?? b.majorList?.map((m) => m.majorId) ?? [],
  deptId: b.deptId,
});

// ---- registering -----------------------------------------------------------------------------

/** One line per JSON route: its path, summary, permission, schema and handler. */
export interface TaskRouteKit {
  readonly book: RouteBook;
  readonly get: <Q extends z.ZodType>(
    path: string,
    summary: string,
    permission: string,
    query: Q,
    handler: (q: z.output<Q>, actor: TaskActor, p: Principal) => Promise<unknown>,
  ) => void;
  readonly post: <B extends z.ZodType>(
    path: string,
    summary: string,
    permission: string,
    body: B,
    handler: (b: z.output<B>, actor: TaskActor) => Promise<unknown>,
  ) => void;
}

export function taskRouteKit(book: RouteBook): TaskRouteKit {
  return {
    book,
    get: (path, summary, permission, query, handler) =>
      book.add({
        method: 'get',
        path,
        summary,
        tag: TAG,
        access: perm(permission),
        query,
        handler: ({ query: q, principal }) => handler(q as never, actorOf(principal), principal),
      }),
    post: (path, summary, permission, body, handler) =>
      book.add({
        method: 'post',
        path,
        summary,
        tag: TAG,
        access: perm(permission),
        body,
        handler: ({ body: b, principal }) => handler(b as never, actorOf(principal)),
      }),
  };
}
