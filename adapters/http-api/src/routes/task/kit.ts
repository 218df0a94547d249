import type { z } from 'zod';
import { ALL_DATA, type TaskActor, type TaskInput, type TaskListFilter } from '@dpms/core';
import type { taskListQuery, taskSaveBody } from '@dpms/wire';
import { perm, type RouteBook } from '../../http/route.js';
import type { Principal } from '../../identity/principal.js';

/** The OpenAPI tag of every design task route. */
export const TAG = '设计任务';

// The requests and answers are @dpms/wire's task schemas (built from core's rules): each route
// validates with them, documents them and answers through them.

type TaskBody = z.output<typeof taskSaveBody>;
type ListQueryIn = z.output<typeof taskListQuery>;

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

/** One line per JSON route: its path, summary, permission, request and answer schemas, handler. */
export interface TaskRouteKit {
  readonly book: RouteBook;
  readonly get: <Q extends z.ZodType>(
    path: string,
    summary: string,
    permission: string,
    query: Q,
    response: z.ZodType,
    handler: (q: z.output<Q>, actor: TaskActor, p: Principal) => Promise<unknown>,
  ) => void;
  readonly post: <B extends z.ZodType>(
    path: string,
    summary: string,
    permission: string,
    body: B,
    response: z.ZodType,
    handler: (b: z.output<B>, actor: TaskActor) => Promise<unknown>,
  ) => void;
}

export function taskRouteKit(book: RouteBook): TaskRouteKit {
  return {
    book,
    get: (path, summary, permission, query, response, handler) =>
      book.add({
        method: 'get',
        path,
        summary,
        tag: TAG,
        access: perm(permission),
        query,
        response,
        handler: ({ query: q, principal }) => handler(q as never, actorOf(principal), principal),
      }),
    post: (path, summary, permission, body, response, handler) =>
      book.add({
        method: 'post',
        path,
        summary,
        tag: TAG,
        access: perm(permission),
        body,
        response,
        handler: ({ body: b, principal }) => handler(b as never, actorOf(principal)),
      }),
  };
}
