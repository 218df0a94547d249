import {
  APPROVAL_STATUS_LABELS,
  TASK_STATUS_LABELS,
  type DesignTask,
  type TaskActor,
  type TaskService,
} from '@dpms/core';
import { ok } from '../../http/envelope.js';
import { perm } from '../../http/route.js';
import {
  taskDesignContractsAnswer,
  taskDesignListQuery,
  taskDesignStagesQuery,
  taskListQuery,
  taskOptionsAnswer,
  type TaskDesignContractRecord,
} from '@dpms/wire';
import { streamXlsx, type XlsxColumn } from '../../http/xlsx.js';
import { TAG, actorOf, filterOf, type TaskRouteKit } from './kit.js';
import { taskOption } from './views.js';

/** The task sheet list's columns as the screen shows them (DesignTaskPage: titles and order). */
const EXPORT_COLUMNS: readonly XlsxColumn<DesignTask>[] = [
  { header: '任务单号', value: (t) => t.taskNo, width: 16 },
  { header: '任务名称', value: (t) => t.taskName, width: 30 },
  { header: '项目名称', value: (t) => t.projectName, width: 24 },
  { header: '设计阶段', value: (t) => t.designStageName },
  { header: '设计主持', value: (t) => t.designUserName },
  { header: '项目经理', value: (t) => t.projectManagerName },
  { header: '计划完成日期', kind: 'date', value: (t) => t.planFinishDate, width: 14 },
  { header: '状态', value: (t) => TASK_STATUS_LABELS[t.confirmed] ?? '' },
  { header: '审批状态', value: (t) => APPROVAL_STATUS_LABELS[t.approvalStatus] },
];

/** The contract documents' project and stage lists, and the task sheet list's export. */
export function registerTaskListRoutes({ book, get }: TaskRouteKit, service: TaskService): void {
  const designList = async (
    q: { projectName?: string | undefined; contractId?: number | undefined },
    a: TaskActor,
  ): Promise<TaskDesignContractRecord[]> => {
    const contracts = await service.designContracts(a, {
      ...(q.projectName !== undefined ? { projectName: q.projectName } : {}),
      ...(q.contractId !== undefined ? { contractId: q.contractId } : {}),
    });
    return contracts.map((c) => ({
      value: c.contractId,
      text: c.projectName,
      projectName: c.projectName,
      contractName: c.contractName,
      contractNo: c.contractNo,
      taskList: c.tasks.map(taskOption),
    }));
  };
  for (const path of ['/project/contract/listByDesign', '/v4/contract/listByDesign']) {
    get(
      path,
      '有任务单的合同（合同文书的项目列表：value、text、projectName、taskList）',
      'project:contract:list',
      taskDesignListQuery,
      taskDesignContractsAnswer,
      async (q, a) => ok(await designList(q, a)),
    );
  }
  get(
    '/v4/design-task/taskListByDesign',
    '合同的任务单（合同文书的阶段列表：value、text、designStageId、majorList）',
    'project:contract:list',
    taskDesignStagesQuery,
    taskOptionsAnswer,
    async (q, a) =>
      ok((await designList({ contractId: q.contractId }, a)).flatMap((c) => c.taskList)),
  );

  book.add({
    method: 'get',
    path: '/v4/design-task/export',
    summary: '导出任务单列表（.xlsx，流式；筛选同 /v4/design-task/list，不分页）',
    tag: TAG,
    access: perm('project:designTask:export'),
    query: taskListQuery,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    handler: async ({ query, principal, res }) => {
      await streamXlsx(
        res,
        '任务单列表.xlsx',
        '任务单',
        EXPORT_COLUMNS,
        service.exportRows(filterOf(query), actorOf(principal)),
      );
      return undefined;
    },
  });
}
