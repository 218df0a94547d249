import { TASK_ACTION_PERMISSIONS, type TaskConfirmStep, type TaskService } from '@dpms/core';
import { taskAnswer, taskConfirmQuery, taskConfirmViewAnswer, taskIdQuery } from '@dpms/wire';
import { ok } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import type { TaskRouteKit } from './kit.js';
import { resultView, signFlowView, taskView } from './views.js';

/** The three task sheet confirmations, in the order the spec gives (plus the history variant). */
const TASK_CONFIRMATION_ROUTES: ReadonlyArray<{
  readonly method: 'get' | 'post';
  readonly path: string;
  readonly summary: string;
  readonly step: TaskConfirmStep;
  readonly historyOnly?: true;
}> = [
  {
    method: 'get',
    path: '/project/design-task/confirmByDesignZhuChi',
    summary: '设计主持确认（第一步；仅本任务单的设计主持，不能重复）',
    step: 'designHost',
  },
  {
    method: 'get',
    path: '/project/design-task/confirmByProManager',
    summary: '项目经理确认（第二步；仅本任务单的项目经理，设计主持确认之后）',
    step: 'projectManager',
  },
  {
    method: 'get',
    path: '/project/design-task/confirmByProManagerHistory',
    summary: '项目经理确认补录的历史任务单',
    step: 'projectManager',
    historyOnly: true,
  },
  {
    method: 'post',
    path: '/v4/design-task/confirmTask',
    summary: '部门确认（第三步；仅设计部门负责人，项目经理确认之后）',
    step: 'department',
  },
];

const opinionOf = (q: { dealContent?: string | undefined }) =>
  q.dealContent === undefined ? {} : { dealContent: q.dealContent };

/** 设计主持确认 → 项目经理确认 → 部门确认, each by the person whose turn it is. */
export function registerTaskConfirmationRoutes(
  { get, post }: TaskRouteKit,
  service: TaskService,
): void {
  for (const c of TASK_CONFIRMATION_ROUTES) {
    (c.method === 'get' ? get : post)(
      c.path,
      c.summary,
      TASK_ACTION_PERMISSIONS.confirm,
      taskConfirmQuery,
      taskAnswer,
      async (q, a) =>
        ok(
          taskView(
            unwrap(
              await service.confirm(q.taskId, c.step, a, {
                ...opinionOf(q),
                ...(c.historyOnly ? { historyOnly: true } : {}),
              }),
            ),
          ),
        ),
    );
  }
  get(
    '/project/design-task/confirmTaskDetail',
    '部门确认视图：任务单与签署流程',
    'project:designTask:query',
    taskIdQuery,
    taskConfirmViewAnswer,
    async (q, a) => {
      const d = unwrap(await service.detail(q.taskId, a));
      return ok({
        task: taskView(d.task),
        ...signFlowView(d.signFlow),
        resultList: d.results.map(resultView),
      });
    },
  );
}
