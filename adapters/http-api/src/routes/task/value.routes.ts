import {
  TASK_PAY_KIND_LABELS,
  type DesignTask,
  type TaskPay,
  type TaskService,
  type TaskValueRow,
} from '@dpms/core';
import { ok, page } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { listQueryOf } from '../../http/list-query.js';
import { perm } from '../../http/route.js';
import { streamXlsx, type XlsxColumn } from '../../http/xlsx.js';
import {
  taskConfirmDetailAnswer,
  taskFinishAmountQuery,
  taskIdQuery,
  taskListQuery,
  taskPayBody,
  taskValueExportQuery,
  taskValuePage,
} from '@dpms/wire';
import { TAG, actorOf, filterOf, type TaskRouteKit } from './kit.js';
import { confirmDetailView, valueView } from './views.js';

/** One task's payments, as its 产值确认详情 lists them (the export with a taskId). */
const PAY_EXPORT_COLUMNS: readonly XlsxColumn<{ p: TaskPay; t: DesignTask }>[] = [
  { header: '任务单号', value: (r) => r.t.taskNo, width: 16 },
  { header: '任务名称', value: (r) => r.t.taskName, width: 30 },
  { header: '发放类型', value: (r) => TASK_PAY_KIND_LABELS[r.p.kind] },
  { header: '发放金额（万元）', kind: 'money', decimals: 6, value: (r) => r.p.payAmount },
  { header: '发放日期', kind: 'date', value: (r) => r.p.payDate, width: 14 },
  { header: '备注', value: (r) => r.p.remark, width: 30 },
  { header: '经办人', kind: 'person', value: (r) => r.p.userName },
];

/** The output value list as the screen shows it (ValueConfirmPage: titles, order, 6 decimals). */
const VALUE_EXPORT_COLUMNS: readonly XlsxColumn<TaskValueRow>[] = [
  { header: '任务单号', value: (v) => v.task.taskNo, width: 16 },
  { header: '任务名称', value: (v) => v.task.taskName, width: 30 },
  { header: '任务产值（万元）', kind: 'money', decimals: 6, value: (v) => v.task.taskAmount },
  {
    header: '确认完成产值（万元）',
    kind: 'money',
    decimals: 6,
    value: (v) => v.task.confirmFinishAmount,
  },
  { header: '质量保证金（万元）', kind: 'money', decimals: 6, value: (v) => v.qualityDeposit },
  { header: '已发放（万元）', kind: 'money', decimals: 6, value: (v) => v.readyPaid },
  { header: '已发保证金（万元）', kind: 'money', decimals: 6, value: (v) => v.qualityPaid },
];

/** Output value (产值确认): the confirmed finished amount, the deposit and the payments. */
export function registerTaskValueRoutes(
  { book, get, post }: TaskRouteKit,
  service: TaskService,
): void {
  post(
    '/v4/design-task/insertTaskQualityPay',
    '发放质量保证金（任务产值的15%，有质量要求时）',
    'project:valueConfirm:list',
    taskPayBody,
    taskConfirmDetailAnswer,
    async (b, a) => ok(confirmDetailView(unwrap(await service.insertPay('quality', b, a)))),
  );
  post(
    '/v4/design-task/insertTaskReadyPay',
    '产值发放（不超过确认完成产值扣除保证金部分）',
    'project:valueConfirm:list',
    taskPayBody,
    taskConfirmDetailAnswer,
    async (b, a) => ok(confirmDetailView(unwrap(await service.insertPay('ready', b, a)))),
  );
  get(
    '/v4/design-task/valueOfConfirmList',
    '产值确认列表：已确认任务单的产值、保证金与已发放',
    'project:valueConfirm:list',
    taskListQuery,
    taskValuePage,
    async (q, a) => {
      const p = await service.valueList(listQueryOf(filterOf(q), q), a);
      return page(p.total, p.rows.map(valueView));
    },
  );
  get(
    '/v4/design-task/confirmDetail',
    '产值确认详情：发放记录与确认完成产值的变更',
    'project:valueConfirm:list',
    taskIdQuery,
    taskConfirmDetailAnswer,
    async (q, a) => ok(confirmDetailView(unwrap(await service.confirmDetail(q.taskId, a)))),
  );
  book.add({
    method: 'get',
    path: '/v4/design-task/confirmDetail/export',
    summary:
      '导出产值确认（.xlsx）：不带 taskId 时按产值确认列表的筛选导出该列表（列同页面）；带 taskId 时导出该任务单的发放记录',
    tag: TAG,
    access: perm('project:valueConfirm:list'),
    query: taskValueExportQuery,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    handler: async ({ query, principal, res }) => {
      const actor = actorOf(principal);
      if (query.taskId !== undefined) {
        const d = unwrap(await service.confirmDetail(query.taskId, actor));
        await streamXlsx(
          res,
          `产值确认-${d.task.taskNo}.xlsx`,
          '产值确认',
          PAY_EXPORT_COLUMNS,
          d.pays.map((p) => ({ p, t: d.task })),
        );
        return undefined;
      }
      await streamXlsx(
        res,
        '产值确认.xlsx',
        '产值确认',
        VALUE_EXPORT_COLUMNS,
        service.exportValues(filterOf(query), actor),
      );
      return undefined;
    },
  });
  get(
    '/project/design-task/updateConfirmFinishAmount',
    '确认完成产值（本任务单项目经理或部门负责人；不大于任务产值）',
    'project:valueConfirm:list',
    taskFinishAmountQuery,
    taskConfirmDetailAnswer,
    async (q, a) =>
      ok(
        confirmDetailView(
          unwrap(await service.updateConfirmFinishAmount(q.taskId, q.confirmFinishAmount, a)),
        ),
      ),
  );
}
