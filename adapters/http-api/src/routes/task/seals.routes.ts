import type { z } from 'zod';
import {
  APPROVAL_STATUS_LABELS,
  SEAL_SUBMIT_PERMISSION,
  SEAL_TYPE_OPTIONS,
  type ResultSeal,
  type TaskService,
} from '@dpms/core';
import {
  taskSealAnswer,
  taskSealAttachBody,
  taskSealBody,
  taskSealIdBody,
  taskSealIdQuery,
  taskSealListQuery,
  taskSealPage,
} from '@dpms/wire';
import { ok, page } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { listQueryOf } from '../../http/list-query.js';
import { perm } from '../../http/route.js';
import { streamXlsx, type XlsxColumn } from '../../http/xlsx.js';
import { TAG, actorOf, type TaskRouteKit } from './kit.js';
import { sealView } from './views.js';

/** A seal type by core's name for it (the options are numbered from 1, in the spec's order). */
const sealTypeName = (v: string): string => {
  const o = SEAL_TYPE_OPTIONS[Number(v) - 1];
  return o === undefined ? v : 'text' in o ? o.text : o.label;
};

/** The result seal list's columns as the screen shows them (ResultSealPage: titles and order). */
const SEAL_EXPORT_COLUMNS: readonly XlsxColumn<ResultSeal>[] = [
  { header: '任务单号', value: (s) => s.taskNo, width: 16 },
  { header: '任务名称', value: (s) => s.taskName, width: 30 },
  { header: '盖章成果', value: (s) => s.results.map((r) => r.fileName).join('、'), width: 30 },
  { header: '图纸内容', value: (s) => s.drawContent, width: 30 },
  { header: '份数', kind: 'number', value: (s) => s.drawNum, width: 8 },
  { header: '印章类型', value: (s) => s.sealType.map(sealTypeName).join('、'), width: 24 },
  { header: '申请人', kind: 'person', value: (s) => s.userId },
  { header: '盖章日期', kind: 'date', value: (s) => s.sealTime, width: 14 },
  { header: '状态', value: (s) => APPROVAL_STATUS_LABELS[s.status] },
  // Past the list's columns: the stamped scans uploaded back, what the real-seal export is for.
  { header: '扫描件', value: (s) => s.sealImages.map((f) => f.name).join('、'), width: 30 },
];

/** Result seal requests: saved, sent through approval 13_1, their scans, list and export. */
export function registerTaskSealRoutes(
  { book, get, post }: TaskRouteKit,
  service: TaskService,
): void {
  post(
    '/project/design-task/insertResultSealV2',
    '新增成果盖章申请（带 resultSealId 时修改待提交、驳回或撤回的申请）',
    'project:resultSeal:add',
    taskSealBody,
    taskSealAnswer,
    async (b, a) =>
      ok(sealView(unwrap(await service.saveSeal({ ...b, imgFileIds: b.imgFiles }, a)))),
  );
  post(
    '/project/design-task/updateResultSealToApproval',
    '提交成果盖章审批（13_1，或技术章 25_1/25_2）；审批单列出所盖成果，通过后记为已盖章',
    SEAL_SUBMIT_PERMISSION,
    taskSealIdBody,
    taskSealAnswer,
    async (b, a) => ok(sealView(unwrap(await service.submitSeal(b.resultSealId, a, b.typeCode)))),
  );
  get(
    '/project/design-task/detailBySealId',
    '成果盖章详情（打开已通过的申请即视为已查看）',
    'project:resultSeal:query',
    taskSealIdQuery,
    taskSealAnswer,
    async (q, a) => ok(sealView(unwrap(await service.sealDetail(q.resultSealId, a)))),
  );
  const sealFilter = (q: z.output<typeof taskSealListQuery>) => ({
    ...(q.taskId !== undefined ? { taskId: q.taskId } : {}),
    ...(q.taskName !== undefined ? { taskName: q.taskName } : {}),
    ...(q.status !== undefined ? { status: Number(q.status) as -1 | 0 | 1 | 2 | 3 } : {}),
  });
  get(
    '/v4/design-task/getDesignResultSealList',
    '成果盖章列表（按数据权限）',
    'project:resultSeal:list',
    taskSealListQuery,
    taskSealPage,
    async (q, a) => {
      const p = await service.listSeals(listQueryOf(sealFilter(q), q), a);
      return page(p.total, p.rows.map(sealView));
    },
  );
  post(
    '/v4/design-task/uploadDesignResultSealAttach',
    '上传盖章扫描件（审批通过后），挂在所盖的成果上（resultId；申请只盖一个成果时可省略）',
    'project:resultSeal:edit',
    taskSealAttachBody,
    taskSealAnswer,
    async (b, a) =>
      ok(
        sealView(
          unwrap(await service.uploadSealAttach(b.resultSealId, b.fileList ?? [], a, b.resultId)),
        ),
      ),
  );
  book.add({
    method: 'get',
    path: '/project/design-task/exportRealSeal',
    summary: '导出已盖章的成果（.xlsx，流式；筛选同成果盖章列表，默认已通过）',
    tag: TAG,
    access: perm('project:resultSeal:export'),
    query: taskSealListQuery,
    produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    handler: async ({ query, principal, res }) => {
      const filter = { status: 1 as const, ...sealFilter(query) };
      await streamXlsx(
        res,
        '成果盖章.xlsx',
        '成果盖章',
        SEAL_EXPORT_COLUMNS,
        service.exportSeals(filter, actorOf(principal)),
      );
      return undefined;
    },
  });
}
