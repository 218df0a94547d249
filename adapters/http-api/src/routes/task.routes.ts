import { z } from 'zod';
import {
  ALL_DATA,
  APPROVAL_STATUS_LABELS,
  TASK_CONFIRM_STEPS,
  TASK_PAY_KIND_LABELS,
  TASK_QUALITY_TYPE_LABELS,
  TASK_SORT_COLUMNS,
  TASK_STATUS_LABELS,
  fileDownloadAddress,
  type DesignTask,
  type ResultSeal,
  type TaskActor,
  type TaskConfirmStep,
  type TaskConfirmDetail,
  type TaskFileLink,
  type TaskInput,
  type TaskListFilter,
  type TaskPay,
  type TaskResult,
  type TaskService,
  type TaskSignStep,
  type TaskSongda,
  type TaskValueRow,
} from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { pagingShape } from '../http/paging.js';
import { perm } from '../http/route.js';
import {
  id,
  optionalEnum,
  optionalId,
  optionalInteger,
  textFilter,
  version,
} from '../http/schemas.js';
import { streamXlsx, type XlsxColumn } from '../http/xlsx.js';
import type { Principal } from '../identity/principal.js';
import type { RouteModule } from './route-module.js';

const TAG = '设计任务';

// ---- schemas ---------------------------------------------------------------------------------

const nullish = (v: unknown) => (v === null ? undefined : v);
/** Text as sent; core trims it and checks the spec's limits (the remark's 5200) with their message. */
const text = (max = 20_000) => z.preprocess(nullish, z.string().max(max).optional());
const amount = () =>
  z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^(\d{1,12}(\.\d{0,6})?)?$/)
      .optional(),
  );
const dateText = () =>
  z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  );
const optionalNumberId = optionalId;
/** File ids the server issued: a list of ids or of `{fileId}` / `{id}` objects (the upload widgets). */
const fileList = () =>
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
  contractId: optionalNumberId(),
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
  designUserId: optionalNumberId(),
  projectManagerId: optionalNumberId(),
  planFinishDate: dateText(),
  remark: text(),
  taskAmount: amount(),
  /** Discipline ids, or the majorList objects the form holds. */
  majorIds: z.array(id()).max(50).optional(),
  majorList: z
    .array(z.object({ majorId: id() }).loose())
    .max(50)
    .optional(),
  deptId: optionalNumberId(),
};
const taskBody = z.object(taskFields);
const taskUpdateBody = z.object({
  ...taskFields,
  taskId: id(),
  version: version(),
});
type TaskBody = z.output<typeof taskBody>;

const taskIdQuery = z.object({ taskId: id() });

const listQuery = z.object({
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

// ---- views -----------------------------------------------------------------------------------

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export const taskView = (t: DesignTask) => ({
  taskId: t.taskId,
  contractId: t.contractId,
  projectName: t.projectName,
  contractName: t.contractName,
  taskNo: t.taskNo,
  taskName: t.taskName,
  subItemName: t.subItemName,
  taskResultName: t.taskResultName,
  designStageId: t.designStageId,
  designStageName: t.designStageName,
  qualityType: t.qualityType,
  qualityTypeName: TASK_QUALITY_TYPE_LABELS[t.qualityType],
  designUserId: t.designUserId,
  designUserName: t.designUserName,
  projectManagerId: t.projectManagerId,
  projectManagerName: t.projectManagerName,
  planFinishDate: t.planFinishDate,
  remark: t.remark,
  taskAmount: t.taskAmount,
  confirmFinishAmount: t.confirmFinishAmount,
  majorList: t.majorList,
  status: t.confirmed,
  statusName: TASK_STATUS_LABELS[t.confirmed] ?? '',
  /** The step waiting now: designHost, projectManager, department, or null once confirmed. */
  currentStep: TASK_CONFIRM_STEPS[t.confirmed] ?? null,
  history: t.history,
  finished: t.finished,
  deptId: t.deptId,
  deptName: t.deptName,
  /** Who signs 部门确认: with the step and the people above, the web offers only the turn's holder. */
  deptConfirmerId: t.deptConfirmerId,
  userId: t.userId,
  createBy: t.createBy,
  version: t.version,
  createTime: iso(t.createTime),
  updateTime: iso(t.updateTime),
});

const signFlowView = (flow: readonly TaskSignStep[]) => ({
  designTaskSignFlowList: flow.map((s) => ({
    flowId: String(s.flowId),
    flowName: s.flowName,
    orderNo: s.orderNo,
    dealUserId: String(s.dealUserId),
    dealUserName: s.dealUserName,
    taskId: String(s.taskId),
  })),
  designTaskSignDetailList: flow
    .filter((s) => s.dealTime !== null)
    .map((s) => ({
      flowId: String(s.flowId),
      dealContent: s.dealContent ?? '',
      createTime: iso(s.dealTime),
      dealUserSignUrl: s.dealUserSignUrl,
    })),
  currentFlowName: flow.find((s) => s.dealTime === null)?.flowName ?? null,
});

const fileView = (f: { fileId: string; name: string }) => ({
  fileId: f.fileId,
  name: f.name,
  fileName: f.name,
  url: fileDownloadAddress(f.fileId),
});
const linkView = (f: TaskFileLink) => ({
  ...fileView(f),
  id: f.linkId,
  kind: f.kind,
  ownerId: f.ownerId,
  userId: f.userId,
  createTime: iso(f.createTime),
});

const resultView = (r: TaskResult) => ({
  resultId: r.resultId,
  taskId: r.taskId,
  majorId: r.majorId,
  majorName: r.majorName,
  fileName: r.fileName,
  fileProp: r.fileProp,
  memo: r.memo,
  fileList: r.files.map(fileView),
  acceptanceFileList: r.acceptanceFiles.map(fileView),
  resultConfirmed: r.resultConfirmed,
  acceptanceConfirmed: r.acceptanceConfirmed,
  history: r.history,
  userId: r.userId,
  userName: r.userName,
  createTime: iso(r.createTime),
});

const songdaView = (s: TaskSongda) => ({
  songdaId: s.songdaId,
  taskId: s.taskId,
  resultId: s.resultId,
  songdaDate: s.songdaDate,
  receiveUnit: s.receiveUnit,
  receiveUser: s.receiveUser,
  content: s.content,
  fileList: s.files.map(fileView),
  userId: s.userId,
  createTime: iso(s.createTime),
});

const sealView = (s: ResultSeal) => ({
  resultSealId: s.resultSealId,
  taskId: s.taskId,
  taskNo: s.taskNo,
  taskName: s.taskName,
  contractName: s.contractName,
  drawContent: s.drawContent,
  drawNum: s.drawNum,
  sealGoalContent: s.sealGoalContent,
  unGuidangShowImg: s.unGuidangShowImg,
  guidangShowImg: s.guidangShowImg,
  sealCategory: s.sealCategory,
  sealType: s.sealType,
  sealTime: s.sealTime,
  imgFiles: s.imgFiles.map(fileView),
  sealImagesList: s.sealImages.map(fileView),
  status: s.status,
  statusName: APPROVAL_STATUS_LABELS[s.status],
  approvalId: s.approvalId,
  userId: s.userId,
  userName: s.userName,
  version: s.version,
  createTime: iso(s.createTime),
  finishTime: iso(s.finishTime),
});

const payView = (p: TaskPay) => ({
  payId: p.payId,
  taskId: p.taskId,
  payType: p.kind,
  payTypeName: TASK_PAY_KIND_LABELS[p.kind],
  payAmount: p.payAmount,
  payDate: p.payDate,
  remark: p.remark,
  userName: p.userName,
  createTime: iso(p.createTime),
});

const valueView = (v: TaskValueRow) => ({
  ...taskView(v.task),
  qualityDeposit: v.qualityDeposit,
  qualityPaid: v.qualityPaid,
  readyPaid: v.readyPaid,
  readyPayLimit: v.readyPayLimit,
  qualityRemaining: v.qualityRemaining,
  readyRemaining: v.readyRemaining,
});

const confirmDetailView = (d: TaskConfirmDetail) => ({
  ...valueView(d),
  payList: d.pays.map(payView),
  finishAmountList: d.finishAmounts.map((e) => ({
    before: e.before,
    after: e.after,
    userName: e.userName,
    time: iso(e.at),
  })),
});

const actorOf = (p: Principal): TaskActor => ({
  userId: p.userId,
  userName: p.userName,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});

function filterOf(q: ListQueryIn): TaskListFilter {
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

const inputOf = (b: TaskBody): TaskInput => ({
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

const EXPORT_COLUMNS: readonly XlsxColumn<DesignTask>[] = [
  { header: '任务单号', value: (t) => t.taskNo, width: 16 },
  { header: '任务名称', value: (t) => t.taskName, width: 30 },
  { header: '项目名称', value: (t) => t.projectName, width: 24 },
  { header: '合同名称', value: (t) => t.contractName, width: 30 },
  { header: '子项名称', value: (t) => t.subItemName },
  { header: '成果名称', value: (t) => t.taskResultName },
  { header: '设计阶段', value: (t) => t.designStageName },
  { header: '专业', value: (t) => t.majorList.map((m) => m.majorName).join('、'), width: 20 },
  { header: '质量要求', value: (t) => TASK_QUALITY_TYPE_LABELS[t.qualityType] },
  { header: '设计主持', value: (t) => t.designUserName },
  { header: '项目经理', value: (t) => t.projectManagerName },
  { header: '设计部门', value: (t) => t.deptName },
  { header: '计划完成日期', value: (t) => t.planFinishDate, width: 14 },
  { header: '任务产值（万元）', value: (t) => t.taskAmount },
  { header: '确认完成产值（万元）', value: (t) => t.confirmFinishAmount },
  { header: '状态', value: (t) => TASK_STATUS_LABELS[t.confirmed] ?? '' },
  { header: '备注', value: (t) => t.remark, width: 40 },
];

const SEAL_EXPORT_COLUMNS: readonly XlsxColumn<ResultSeal>[] = [
  { header: '申请编号', value: (s) => s.resultSealId, width: 10 },
  { header: '任务单号', value: (s) => s.taskNo, width: 16 },
  { header: '任务名称', value: (s) => s.taskName, width: 30 },
  { header: '合同名称', value: (s) => s.contractName, width: 30 },
  { header: '图纸内容', value: (s) => s.drawContent, width: 30 },
  { header: '份数', value: (s) => s.drawNum, width: 8 },
  { header: '盖章内容', value: (s) => s.sealGoalContent, width: 24 },
  { header: '盖章日期', value: (s) => s.sealTime, width: 14 },
  { header: '申请人', value: (s) => s.userName },
  { header: '状态', value: (s) => APPROVAL_STATUS_LABELS[s.status] },
  { header: '扫描件', value: (s) => s.sealImages.map((f) => f.name).join('、'), width: 30 },
];

// ---- routes ----------------------------------------------------------------------------------

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

/** The result and acceptance-file confirmations, both by the task's project manager. */
const RESULT_CONFIRMATION_ROUTES: ReadonlyArray<{
  readonly path: string;
  readonly summary: string;
  readonly which: 'result' | 'acceptance';
}> = [
  {
    path: '/v4/design-task/confirmTaskResult',
    summary: '确认成果（本任务单的项目经理，不能重复）',
    which: 'result',
  },
  {
    path: '/v4/design-task/confirmTaskResultOnAcceptanceFile',
    summary: '确认验收文件（成果已确认且已上传验收文件后）',
    which: 'acceptance',
  },
];

/**
 * The design task calls of 001 §7: task sheets and their three confirmations in order, results
 * and acceptance files, design and government files, deliveries, result seals through approval
 * 13_1, output value and its export. Every call checks its permission; every read and write is
 * scoped by the caller's role, and a participant always reaches their own tasks.
 */
export function taskRoutes(service: TaskService): RouteModule {
  return {
    name: 'tasks',
    register(book) {
      const get = <Q extends z.ZodType>(
        path: string,
        summary: string,
        permission: string,
        query: Q,
        handler: (q: z.output<Q>, actor: TaskActor, p: Principal) => Promise<unknown>,
      ) =>
        book.add({
          method: 'get',
          path,
          summary,
          tag: TAG,
          access: perm(permission),
          query,
          handler: ({ query: q, principal }) =>
            handler(q as z.output<Q>, actorOf(principal), principal),
        });
      const post = <B extends z.ZodType>(
        path: string,
        summary: string,
        permission: string,
        body: B,
        handler: (b: z.output<B>, actor: TaskActor) => Promise<unknown>,
      ) =>
        book.add({
          method: 'post',
          path,
          summary,
          tag: TAG,
          access: perm(permission),
          body,
          handler: ({ body: b, principal }) => handler(b as z.output<B>, actorOf(principal)),
        });

      // ---- task sheets -------------------------------------------------------------------------
      get(
        '/v4/design-task/list',
        '任务单列表（按数据权限；参与的任务单总是可见）',
        'project:designTask:list',
        listQuery,
        async (q, a) => {
          const p = await service.list(listQueryOf(filterOf(q), q), a);
          return page(p.total, p.rows.map(taskView));
        },
      );
      post(
        '/v4/design-task/add',
        '新增任务单（待设计主持确认）；任务单号为空时自动编号',
        'project:designTask:add',
        taskBody,
        async (b, a) => ok(taskView(unwrap(await service.add(inputOf(b), a)))),
      );
      post(
        '/project/design-task/addHistory',
        '补录历史任务单：设计主持环节记为已确认，由项目经理（历史）与部门继续确认',
        'project:designTask:add',
        taskBody,
        async (b, a) => ok(taskView(unwrap(await service.add(inputOf(b), a, true)))),
      );
      for (const path of ['/project/design-task/update', '/v4/design-task/update']) {
        post(
          path,
          '修改任务单（尚无人确认时；带 version 时校验版本）',
          'project:designTask:edit',
          taskUpdateBody,
          async (b, a) =>
            ok(taskView(unwrap(await service.update(b.taskId, inputOf(b), b.version, a)))),
        );
      }
      get(
        '/project/design-task/deleteById',
        '删除任务单（尚无人确认时）',
        'project:designTask:remove',
        taskIdQuery,
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
        async (q, a) => ok(await detail(q.taskId, a)),
      );
      get(
        '/v4/design-task/getTaskDetail',
        '任务单详情（同 detailById）',
        'project:designTask:query',
        taskIdQuery,
        async (q, a) => ok(await detail(q.taskId, a)),
      );
      get(
        '/v4/design-task/auditDetailById',
        '任务单审核详情：设计团队签署流程（designTaskSignFlowList、designTaskSignDetailList）',
        'project:designTask:query',
        taskIdQuery,
        async (q, a) => {
          const d = unwrap(await service.detail(q.taskId, a));
          return ok({ task: taskView(d.task), ...signFlowView(d.signFlow), terms: d.terms });
        },
      );

      // ---- confirmations -----------------------------------------------------------------------
      const opinion = z.object({ taskId: id(), dealContent: text(1000) });
      for (const c of TASK_CONFIRMATION_ROUTES) {
        (c.method === 'get' ? get : post)(
          c.path,
          c.summary,
          'project:designTask:confirm',
          opinion,
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
        async (q, a) => {
          const d = unwrap(await service.detail(q.taskId, a));
          return ok({
            task: taskView(d.task),
            ...signFlowView(d.signFlow),
            resultList: d.results.map(resultView),
          });
        },
      );

      // ---- task files, contract design and government files ----------------------------------
      const files = z.object({ taskId: id(), fileList: fileList() });
      post(
        '/project/design-task/uploadDesignTaskFileV2',
        '上传任务单附件（服务器签发的文件编号）',
        'project:designTask:edit',
        files,
        async (b, a) =>
          ok(unwrap(await service.uploadTaskFiles(b.taskId, b.fileList ?? [], a)).map(linkView)),
      );
      get(
        '/project/design-task/deleteDesignTaskFile',
        '删除任务单附件（id 为附件编号）',
        'project:designTask:edit',
        z.object({ id: id() }),
        async (q, a) => ok(unwrap(await service.deleteTaskFile(q.id, a))),
      );
      const contractFiles = z.object({ contractId: id(), fileList: fileList() });
      const contractIdQuery = z.object({ contractId: id() });
      post(
        '/project/contract/uploadContractDesignFile',
        '上传合同设计文件',
        'project:designTask:edit',
        contractFiles,
        async (b, a) =>
          ok(
            unwrap(
              await service.uploadContractFiles(
                'contractDesign',
                b.contractId,
                b.fileList ?? [],
                a,
              ),
            ).map(linkView),
          ),
      );
      get(
        '/project/contract/getContractDesignFile',
        '合同设计文件列表',
        'project:designTask:query',
        contractIdQuery,
        async (q, a) =>
          ok(unwrap(await service.contractFiles('contractDesign', q.contractId, a)).map(linkView)),
      );
      post(
        '/project/contract/uploadGovernmentFiles',
        '上传政府批文',
        'project:designTask:edit',
        contractFiles,
        async (b, a) =>
          ok(
            unwrap(
              await service.uploadContractFiles('government', b.contractId, b.fileList ?? [], a),
            ).map(linkView),
          ),
      );
      get(
        '/project/contract/getGovernmentFiles',
        '政府批文列表',
        'project:designTask:query',
        contractIdQuery,
        async (q, a) =>
          ok(unwrap(await service.contractFiles('government', q.contractId, a)).map(linkView)),
      );

      // ---- results -----------------------------------------------------------------------------
      const resultBody = z.object({
        taskId: id(),
        resultId: optionalNumberId(),
        /** 'acceptance' attaches the acceptance file of resultId. */
        fileType: optionalEnum(['result', 'acceptance']),
        majorId: optionalNumberId(),
        fileName: text(1000),
        fileProp: text(50),
        memo: text(),
        fileList: fileList(),
      });
      const upload = (history: boolean) => async (b: z.output<typeof resultBody>, a: TaskActor) =>
        ok(
          resultView(
            unwrap(
              await service.uploadResult(
                {
                  taskId: b.taskId,
                  resultId: b.resultId,
                  acceptance: b.fileType === 'acceptance',
                  majorId: b.majorId,
                  fileName: b.fileName,
                  fileProp: b.fileProp,
                  memo: b.memo,
                  fileIds: b.fileList,
                },
                a,
                history,
              ),
            ),
          ),
        );
      post(
        '/project/design-task/uploadResultFileV2',
        '上传成果文件（部门确认后；一个文件、须有文件名称）或验收文件（fileType=acceptance）',
        'project:taskResult:upload',
        resultBody,
        upload(false),
      );
      post(
        '/project/design-task/uploadResultFileHistory',
        '补录历史成果（记为已确认）',
        'project:taskResult:upload',
        resultBody,
        upload(true),
      );
      const resultIdQuery = z.object({ resultId: id() });
      for (const c of RESULT_CONFIRMATION_ROUTES) {
        get(c.path, c.summary, 'project:taskResult:edit', resultIdQuery, async (q, a) =>
          ok(resultView(unwrap(await service.confirmResult(q.resultId, c.which, a)))),
        );
      }
      get(
        '/project/design-task/deleteAttachment',
        '删除未确认的成果（id 或 resultId）',
        'project:taskResult:remove',
        z.object({ id: optionalNumberId(), resultId: optionalNumberId() }),
        async (q, a) => ok(unwrap(await service.deleteResult(q.resultId ?? q.id ?? 0, a))),
      );
      get(
        '/v4/design-task/getTaskResultList',
        '成果列表（按数据权限）',
        'project:taskResult:list',
        z.object({
          ...pagingShape(['resultId']),
          taskId: optionalId(),
          taskName: textFilter(100),
          resultConfirmed: optionalEnum(['0', '1']),
        }),
        async (q, a) => {
          const filter = {
            ...(q.taskId !== undefined ? { taskId: q.taskId } : {}),
            ...(q.taskName !== undefined ? { taskName: q.taskName } : {}),
            ...(q.resultConfirmed !== undefined
              ? { resultConfirmed: q.resultConfirmed === '1' }
              : {}),
          };
          const p = await service.listResults(listQueryOf(filter, q), a);
          return page(
            p.total,
            p.rows.map((r) => ({ ...resultView(r), taskNo: r.taskNo, taskName: r.taskName })),
          );
        },
      );
      get(
        '/project/design-task/getTaskResultAttachmentList',
        '任务单的成果及其附件',
        'project:taskResult:query',
        taskIdQuery,
        async (q, a) => ok(unwrap(await service.taskResults(q.taskId, a)).map(resultView)),
      );
      get(
        '/project/design-task/getTaskResultFile',
        '一个成果及其文件',
        'project:taskResult:query',
        resultIdQuery,
        async (q, a) => ok(resultView(unwrap(await service.resultFile(q.resultId, a)))),
      );
      get(
        '/project/design-task/getMajorTaskResultList',
        '按专业分组的成果',
        'project:taskResult:query',
        taskIdQuery,
        async (q, a) =>
          ok(
            unwrap(await service.majorResults(q.taskId, a)).map((g) => ({
              majorId: g.majorId,
              majorName: g.majorName,
              resultList: g.results.map(resultView),
            })),
          ),
      );

      // ---- deliveries --------------------------------------------------------------------------
      get(
        '/project/design-task/getTaskResultSongdaList',
        '成果送达记录',
        'project:taskResult:query',
        taskIdQuery,
        async (q, a) => ok(unwrap(await service.songdaList(q.taskId, a)).map(songdaView)),
      );
      post(
        '/project/design-task/insertTaskResultSongda',
        '登记成果送达',
        'project:taskResult:edit',
        z.object({
          taskId: id(),
          resultId: optionalNumberId(),
          songdaDate: dateText(),
          receiveUnit: text(1000),
          receiveUser: text(1000),
          content: text(),
          fileList: fileList(),
        }),
        async (b, a) =>
          ok(unwrap(await service.insertSongda({ ...b, fileIds: b.fileList }, a)).map(songdaView)),
      );

      // ---- result seals ------------------------------------------------------------------------
      post(
        '/project/design-task/insertResultSealV2',
        '新增成果盖章申请（带 resultSealId 时修改待提交、驳回或撤回的申请）',
        'project:resultSeal:add',
        z.object({
          resultSealId: optionalNumberId(),
          taskId: id(),
          drawContent: text(1000),
          drawNum: optionalInteger(),
          sealGoalContent: text(1000),
          unGuidangShowImg: text(10),
          guidangShowImg: text(10),
          sealCategory: text(10),
          sealType: z.preprocess(
            (v) =>
              typeof v === 'string'
                ? v.split(',').filter((s) => s !== '')
                : v === null
                  ? undefined
                  : v,
            z
              .array(z.union([z.string(), z.number()]).transform(String).pipe(z.string().max(10)))
              .max(20)
              .optional(),
          ),
          sealTime: dateText(),
          imgFiles: fileList(),
        }),
        async (b, a) =>
          ok(sealView(unwrap(await service.saveSeal({ ...b, imgFileIds: b.imgFiles }, a)))),
      );
      post(
        '/project/design-task/updateResultSealToApproval',
        '提交成果盖章审批（13_1）；审批通过后记为已盖章',
        'project:resultSeal:edit',
        z.object({ resultSealId: id() }),
        async (b, a) => ok(sealView(unwrap(await service.submitSeal(b.resultSealId, a)))),
      );
      get(
        '/project/design-task/detailBySealId',
        '成果盖章详情（打开已通过的申请即视为已查看）',
        'project:resultSeal:query',
        z.object({ resultSealId: id() }),
        async (q, a) => ok(sealView(unwrap(await service.sealDetail(q.resultSealId, a)))),
      );
      const sealListQuery = z.object({
        ...pagingShape(['resultSealId']),
        taskId: optionalId(),
        taskName: textFilter(100),
        status: optionalEnum(['-1', '0', '1', '2', '3']),
      });
      const sealFilter = (q: z.output<typeof sealListQuery>) => ({
        ...(q.taskId !== undefined ? { taskId: q.taskId } : {}),
        ...(q.taskName !== undefined ? { taskName: q.taskName } : {}),
        ...(q.status !== undefined ? { status: Number(q.status) as -1 | 0 | 1 | 2 | 3 } : {}),
      });
      get(
        '/v4/design-task/getDesignResultSealList',
        '成果盖章列表（按数据权限）',
        'project:resultSeal:list',
        sealListQuery,
        async (q, a) => {
          const p = await service.listSeals(listQueryOf(sealFilter(q), q), a);
          return page(p.total, p.rows.map(sealView));
        },
      );
      post(
        '/v4/design-task/uploadDesignResultSealAttach',
        '上传盖章扫描件（审批通过后）',
        'project:resultSeal:edit',
        z.object({ resultSealId: id(), fileList: fileList() }),
        async (b, a) =>
          ok(sealView(unwrap(await service.uploadSealAttach(b.resultSealId, b.fileList ?? [], a)))),
      );
      book.add({
        method: 'get',
        path: '/project/design-task/exportRealSeal',
        summary: '导出已盖章的成果（.xlsx，流式；筛选同成果盖章列表，默认已通过）',
        tag: TAG,
        access: perm('project:resultSeal:export'),
        query: sealListQuery,
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

      // ---- output value ------------------------------------------------------------------------
      const payBody = z.object({
        taskId: id(),
        payAmount: z
          .string()
          .trim()
          .regex(/^\d{1,12}(\.\d{1,6})?$/),
        payDate: dateText(),
        remark: text(),
      });
      post(
        '/v4/design-task/insertTaskQualityPay',
        '发放质量保证金（任务产值的15%，有质量要求时）',
        'project:valueConfirm:list',
        payBody,
        async (b, a) => ok(confirmDetailView(unwrap(await service.insertPay('quality', b, a)))),
      );
      post(
        '/v4/design-task/insertTaskReadyPay',
        '产值发放（不超过确认完成产值扣除保证金部分）',
        'project:valueConfirm:list',
        payBody,
        async (b, a) => ok(confirmDetailView(unwrap(await service.insertPay('ready', b, a)))),
      );
      get(
        '/v4/design-task/valueOfConfirmList',
        '产值确认列表：已确认任务单的产值、保证金与已发放',
        'project:valueConfirm:list',
        listQuery,
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
        async (q, a) => ok(confirmDetailView(unwrap(await service.confirmDetail(q.taskId, a)))),
      );
      book.add({
        method: 'get',
        path: '/v4/design-task/confirmDetail/export',
        summary:
          '导出产值确认详情（.xlsx：发放记录）：带 taskId 时导出该任务单；否则按产值确认列表的筛选条件导出其中每个任务单的发放记录',
        tag: TAG,
        access: perm('project:valueConfirm:list'),
        query: listQuery.extend({ taskId: optionalId() }),
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
          const rows = async function* () {
            for await (const r of service.exportConfirmDetails(filterOf(query), actor))
              yield { p: r.pay, t: r.task };
          };
          await streamXlsx(res, '产值确认.xlsx', '产值确认', PAY_EXPORT_COLUMNS, rows());
          return undefined;
        },
      });
      get(
        '/project/design-task/updateConfirmFinishAmount',
        '确认完成产值（本任务单项目经理或部门负责人；不大于任务产值）',
        'project:valueConfirm:list',
        z.object({
          taskId: id(),
          confirmFinishAmount: z
            .string()
            .trim()
            .regex(/^\d{1,12}(\.\d{1,6})?$/),
        }),
        async (q, a) =>
          ok(
            confirmDetailView(
              unwrap(await service.updateConfirmFinishAmount(q.taskId, q.confirmFinishAmount, a)),
            ),
          ),
      );

      // ---- design lists for the contract documents --------------------------------------------
      const designList = async (
        q: { projectName?: string | undefined; contractId?: number | undefined },
        a: TaskActor,
      ) => {
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
      const designQuery = z.object({ projectName: textFilter(100), contractId: optionalId() });
      for (const path of ['/project/contract/listByDesign', '/v4/contract/listByDesign']) {
        get(
          path,
          '有任务单的合同（合同文书的项目列表：value、text、projectName、taskList）',
          'project:contract:list',
          designQuery,
          async (q, a) => ok(await designList(q, a)),
        );
      }
      get(
        '/v4/design-task/taskListByDesign',
        '合同的任务单（合同文书的阶段列表：value、text、designStageId、majorList）',
        'project:contract:list',
        z.object({ contractId: id() }),
        async (q, a) =>
          ok((await designList({ contractId: q.contractId }, a)).flatMap((c) => c.taskList)),
      );

      // ---- export ------------------------------------------------------------------------------
      book.add({
        method: 'get',
        path: '/v4/design-task/export',
        summary: '导出任务单列表（.xlsx，流式；筛选同 /v4/design-task/list，不分页）',
        tag: TAG,
        access: perm('project:designTask:export'),
        query: listQuery,
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
    },
  };
}

const opinionOf = (q: { dealContent?: string | undefined }) =>
  q.dealContent === undefined ? {} : { dealContent: q.dealContent };

const taskOption = (t: DesignTask) => ({
  value: t.taskId,
  text: [t.designStageName, t.taskName].filter((s) => s !== '').join(' · '),
  taskNo: t.taskNo,
  taskName: t.taskName,
  designStageId: t.designStageId,
  designStageName: t.designStageName,
  majorList: t.majorList.map((m) => ({
    value: m.majorId,
    text: m.majorName,
    majorId: m.majorId,
    majorName: m.majorName,
  })),
});

const PAY_EXPORT_COLUMNS: readonly XlsxColumn<{ p: TaskPay; t: DesignTask }>[] = [
  { header: '任务单号', value: (r) => r.t.taskNo, width: 16 },
  { header: '任务名称', value: (r) => r.t.taskName, width: 30 },
  { header: '发放类型', value: (r) => TASK_PAY_KIND_LABELS[r.p.kind] },
  { header: '发放金额（万元）', value: (r) => r.p.payAmount },
  { header: '发放日期', value: (r) => r.p.payDate, width: 14 },
  { header: '备注', value: (r) => r.p.remark, width: 30 },
  { header: '经办人', value: (r) => r.p.userName },
];
