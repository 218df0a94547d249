import {
  TASK_ACTION_PERMISSIONS,
  TASK_SUBMIT_PERMISSION,
  type TaskActor,
  type TaskService,
} from '@dpms/core';
import { ok, page } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { listQueryOf } from '../../http/list-query.js';
import {
  taskAnswer,
  taskAuditDetailAnswer,
  taskDetailAnswer,
  taskIdQuery,
  taskListQuery,
  taskPage,
  taskSaveBody,
  taskSubmitBody,
  taskUpdateBody,
} from '@dpms/wire';
import { filterOf, inputOf, type TaskRouteKit } from './kit.js';
import { linkView, resultView, signFlowView, taskView } from './views.js';

/** Task sheets: the list, add (and the history variant), update, delete and the detail views. */
export function registerTaskSheetRoutes({ get, post }: TaskRouteKit, service: TaskService): void {
  get(
    '/v4/design-task/list',
    '任务单列表（按数据权限；参与的任务单总是可见）',
    'project:designTask:list',
    taskListQuery,
    taskPage,
    async (q, a) => {
      const p = await service.list(listQueryOf(filterOf(q), q), a);
      return page(p.total, p.rows.map(taskView));
    },
  );
  post(
    '/v4/design-task/add',
    '新增任务单（待设计主持确认）；任务单号为空时自动编号',
    'project:designTask:add',
    taskSaveBody,
    taskAnswer,
    async (b, a) => ok(taskView(unwrap(await service.add(inputOf(b), a)))),
  );
  post(
    '/project/design-task/addHistory',
    '补录历史任务单：设计主持环节记为已确认，由项目经理（历史）与部门继续确认',
    'project:designTask:add',
    taskSaveBody,
    taskAnswer,
    async (b, a) => ok(taskView(unwrap(await service.add(inputOf(b), a, true)))),
  );
  for (const path of ['/project/design-task/update', '/v4/design-task/update']) {
    post(
      path,
      '修改任务单（尚无人确认时；带 version 时校验版本）',
      TASK_ACTION_PERMISSIONS.edit,
      taskUpdateBody,
      taskAnswer,
      async (b, a) =>
        ok(taskView(unwrap(await service.update(b.taskId, inputOf(b), b.version, a)))),
    );
  }
  post(
    '/project/design-task/updateToApproval',
    '任务单提交审批（3_1～3_5，默认3_1）：审批中锁定，通过后记为已审批，驳回或撤回后可修改再提交',
    TASK_SUBMIT_PERMISSION,
    taskSubmitBody,
    taskAnswer,
    async (b, a) => ok(taskView(unwrap(await service.submit(b.taskId, b.typeCode, a)))),
  );
  get(
    '/project/design-task/deleteById',
    '删除任务单（尚无人确认时）',
    TASK_ACTION_PERMISSIONS.remove,
    taskIdQuery,
    taskAnswer,
    async (q, a) => ok(taskView(unwrap(await service.delete(q.taskId, a)))),
  );
  const detail = async (taskId: number, a: TaskActor) => {
    const d = unwrap(await service.detail(taskId, a));
    return {
      ...taskView(d.task),
      ...signFlowView(d.signFlow),
      fileList: d.files.map(linkView),
      resultList: d.results.map(resultView),
      terms: d.terms,
      qualityDeposit: d.qualityDeposit,
    };
  };
  get(
    '/v4/design-task/detailById',
    '任务单详情（含签署流程、附件、成果与任务单条款）',
    'project:designTask:query',
    taskIdQuery,
    taskDetailAnswer,
    async (q, a) => ok(await detail(q.taskId, a)),
  );
  get(
    '/v4/design-task/getTaskDetail',
    '任务单详情（同 detailById）',
    'project:designTask:query',
    taskIdQuery,
    taskDetailAnswer,
    async (q, a) => ok(await detail(q.taskId, a)),
  );
  get(
    '/v4/design-task/auditDetailById',
    '任务单审核详情：设计团队签署流程（designTaskSignFlowList、designTaskSignDetailList）',
    'project:designTask:query',
    taskIdQuery,
    taskAuditDetailAnswer,
    async (q, a) => {
      const d = unwrap(await service.detail(q.taskId, a));
      return ok({ task: taskView(d.task), ...signFlowView(d.signFlow), terms: d.terms });
    },
  );
}
