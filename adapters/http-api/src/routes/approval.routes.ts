import type { Request, Response } from 'express';
import { z } from 'zod';
import {
  ALL_DATA,
  APPROVAL_SORT_COLUMNS,
  APPROVAL_STATUS_LABELS,
  APPROVAL_TYPE_CODES,
  SELF_APPROVAL_HANDLINGS,
  SELF_APPROVAL_HANDLING_LABELS,
  TEMPLATE_FIELD_TYPES,
  TEMPLATE_KIND_CATALOGUE,
  approvalTypeLabel,
  selfApprovalNoteText,
  type ApprovalActor,
  type ApprovalEngine,
  type ApprovalFlow,
  type ApprovalFlowAdmin,
  type ApprovalListRow,
  type ContentEntry,
  type NodeCondition,
  type PlatformRepositories,
  type SignatureImageRepository,
  type TemplateKind,
  type UnitOfWork,
} from '@dpms/core';
import type { TaskNotifyPort } from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { HttpError, unwrap } from '../http/http-error.js';
import { idempotencyOf } from '../http/idempotency.js';
import { listQueryOf } from '../http/list-query.js';
import { readMultipart } from '../http/multipart.js';
import { pagingShape } from '../http/paging.js';
import { id, numeric } from '../http/schemas.js';
import { AUTHENTICATED, PUBLIC, perm, type HandlerContext } from '../http/route.js';
import { streamXlsx } from '../http/xlsx.js';
import type { Principal } from '../identity/principal.js';
import { approvalDetailView, attachedFileIds, checkApprovalFiles } from './approval-files.js';
import type { FileReferences } from './file-references.js';
import type { RouteModule } from './route-module.js';

const TAG_FLOW = '审批流程';
const TAG = '审批';
const MAX_SIGNATURE = 512 * 1024;

// ---- schemas ---------------------------------------------------------------------------------------

const approvalIdSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,10}$/, { error: '审批编号无效' }));

const typeCode = z.enum(APPROVAL_TYPE_CODES);

const amountOp = z.enum(['gt', 'gte', 'lt', 'lte', 'eq']);
const leafCondition = z.union([
  z.object({
    kind: z.literal('contains'),
    refname: z.string().min(1).max(100),
    value: z.string().max(100),
  }),
  z.object({
    kind: z.literal('amount'),
    refname: z.string().min(1).max(100),
    op: amountOp,
    threshold: z.string().regex(/^\d{1,12}(\.\d{1,6})?$/, { error: '金额阈值格式不正确' }),
  }),
]);
const compose = <T extends z.ZodType>(inner: T) =>
  z.union([
    leafCondition,
    z.object({ kind: z.literal('all'), conditions: z.array(inner).max(20) }),
    z.object({ kind: z.literal('any'), conditions: z.array(inner).max(20) }),
    z.object({ kind: z.literal('not'), condition: inner }),
  ]);
/**
 * Core's NodeCondition, nested at most three levels deep: enough for any rule a flow needs, and
 * not recursive, so the OpenAPI document can spell it out.
 */
const nodeCondition = compose(compose(leafCondition)) as unknown as z.ZodType<NodeCondition>;

const userIdString = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,10}$/, { error: '用户编号无效' }));

const nodeFields = {
  nodeName: z.string().trim().min(1).max(50),
  actorKind: z.enum(['role', 'users', 'drafterDeptHead', 'formPerson']),
  roleKey: z.string().trim().max(100).nullable().optional(),
  userIds: z.array(userIdString).max(50).optional(),
  formField: z.string().trim().max(100).nullable().optional(),
  mode: z.enum(['or', 'all']).optional(),
  condition: nodeCondition.nullable().optional(),
  conditionEffect: z.enum(['add', 'skip']).optional(),
  /** Separation of duties: when the node's holders include the drafter (default by kind). */
  selfApproval: z
    .enum(SELF_APPROVAL_HANDLINGS, {
      error: `拟稿人为审批人时只能选择${Object.values(SELF_APPROVAL_HANDLING_LABELS).join('、')}`,
    })
    .optional(),
};

const fileSchema = z
  .object({
    name: z.string().max(255).optional(),
    fileName: z.string().max(255).optional(),
    filePath: z.string().max(1000).optional(),
    fileId: z.string().max(100).optional(),
    url: z.string().max(1000).optional(),
  })
  .loose();

const contentEntry = z
  .object({
    label: z.string().max(200).optional(),
    value: z.union([
      z.string().max(20000),
      z.array(z.string().max(20000)).max(500),
      z.array(fileSchema).max(500),
    ]),
    selectValue: z.string().max(1000).optional(),
    type: z.enum(TEMPLATE_FIELD_TYPES).optional(),
  })
  .transform(
    // label and type may be left out: the engine takes them from the template (never trusting
    // the client's label; a type that disagrees with the template is refused there).
    (e) =>
      ({
        label: e.label ?? '',
        value: e.value,
        ...(e.type === undefined ? {} : { type: e.type }),
        ...(e.selectValue === undefined ? {} : { selectValue: e.selectValue }),
      }) as ContentEntry,
  );

const contentSchema = z
  .record(z.string().min(1).max(100), contentEntry)
  .refine((c) => Object.keys(c).length <= 300, { error: '表单字段过多' });

const sectionSchema = z
  .object({
    title: z.string().max(100).optional(),
    fields: z
      .array(
        z
          .object({
            type: z.enum(TEMPLATE_FIELD_TYPES),
            refname: z.string().min(1).max(100),
            label: z.string().max(200),
          })
          .loose(),
      )
      .max(300),
  })
  .loose();

const templateBody = {
  typeCode,
  title: z.string().trim().max(200).optional(),
  content: contentSchema,
  files: z.array(fileSchema).max(200).optional(),
  templateContent: z.array(sectionSchema).max(50).optional(),
  recordKind: z.string().trim().min(1).max(40).optional(),
  recordId: z.string().trim().min(1).max(64).optional(),
  submit: z.boolean().optional(),
};

/** `approvalId`, or the spec's `serviceId`, or `id`: whichever the caller sends. */
const idOrServiceId = <S extends z.ZodRawShape>(shape: S) =>
  z.preprocess(
    (raw) => {
      if (typeof raw !== 'object' || raw === null) return raw;
      const r = raw as Record<string, unknown>;
      return { ...r, approvalId: r['approvalId'] ?? r['serviceId'] ?? r['id'] };
    },
    z.object({ ...shape, approvalId: approvalIdSchema }),
  );

const listQuery = z.object({
  typeCode: typeCode.optional(),
  status: numeric(
    z
      .number()
      .int()
      .refine((s) => [-1, 0, 1, 2, 3].includes(s), {
        error: '参数 status 必须是 -1、0、1、2、3 之一',
      }),
  ).optional(),
  title: z.string().trim().max(100).optional(),
  ...pagingShape(APPROVAL_SORT_COLUMNS),
});

// ---- views -----------------------------------------------------------------------------------------

const flowView = (f: ApprovalFlow) => ({
  flowId: f.flowId,
  typeCode: f.typeCode,
  typeName: approvalTypeLabel(f.typeCode),
  flowName: f.flowName,
  status: f.status,
  remark: f.remark,
  nodeCount: f.nodeCount,
  createTime: f.createTime.toISOString(),
  updateTime: f.updateTime?.toISOString() ?? null,
});

const rowView = (r: ApprovalListRow) => ({
  approvalId: r.approvalId,
  serviceId: r.approvalId,
  typeCode: r.typeCode,
  typeName: approvalTypeLabel(r.typeCode),
  kind: r.kind,
  title: r.title,
  status: r.status,
  statusName: APPROVAL_STATUS_LABELS[r.status],
  version: r.version,
  drafterId: r.drafterId,
  drafterName: r.drafterName,
  deptId: r.deptId,
  deptName: r.deptName,
  currentNodeName: r.currentNodeName ?? '',
  recordKind: r.recordKind,
  recordId: r.recordId,
  createTime: r.createTime.toISOString(),
  updateTime: r.updateTime.toISOString(),
  submitTime: r.submitTime?.toISOString() ?? null,
  finishTime: r.finishTime?.toISOString() ?? null,
});

const actorOf = (p: Principal): ApprovalActor => ({
  userId: p.userId,
  deptId: p.deptId,
  scope: p.isAdmin ? ALL_DATA : p.scope,
});

const idemOf = (ctx: HandlerContext<unknown, unknown, unknown>, route: string) =>
  idempotencyOf(ctx.req, route);

/** Reads one png/jpg image part of a multipart request (any of the usual field names). */
async function readSignatureImage(req: Request): Promise<{ contentType: string; data: Buffer }> {
  const { file } = await readMultipart(req, {
    notMultipart: '请以 multipart/form-data 上传签名图片',
    fileFields: ['signaturefile', 'file', 'avatarfile'],
    maxFileBytes: MAX_SIGNATURE,
    tooLarge: () => new HttpError(413, '签名图片不能超过 512KB'),
    maxFields: 10,
    receive: async ({ stream }) => {
      const chunks: Buffer[] = [];
      for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
      const data = Buffer.concat(chunks);
      const png = data
        .subarray(0, 8)
        .equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      const jpg = data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
      if (!png && !jpg) throw new HttpError(415, '签名图片只能是 png、jpg、jpeg 格式');
      return { contentType: png ? 'image/png' : 'image/jpeg', data };
    },
  });
  if (file === undefined) throw new HttpError(400, '请上传签名图片（字段 signaturefile）');
  return file;
}

const contentText = (e: ContentEntry): string => {
  const v = e.value;
  if (typeof v === 'string') return e.selectValue && v === '' ? e.selectValue : v;
  return (v as readonly unknown[])
    .map((x) =>
      typeof x === 'string'
        ? x
        : typeof x === 'object' && x !== null
          ? String(
              (x as { name?: string; fileName?: string }).name ??
                (x as { fileName?: string }).fileName ??
                '',
            )
          : '',
    )
    .join('、');
};

export interface ApprovalRouteDeps {
  readonly engine: ApprovalEngine;
  readonly flows: ApprovalFlowAdmin;
  readonly signatures: UnitOfWork<{ readonly signatures: SignatureImageRepository }>;
  readonly repos: PlatformRepositories;
  /** Checks the files a form names: server-issued ids the caller may reference. */
  readonly fileRefs: FileReferences;
  /** getNotify's warnTaskList and unLookSeal (the design task slice's port). */
  readonly taskNotify?: TaskNotifyPort;
  /** The export's PDF form, through the print service (issue 7); absent without one. */
  readonly pdf?: (approvalId: string, principal: Principal, res: Response) => Promise<void>;
}

/**
 * The approval engine's calls (000 §7 "Approval flows" and "Approvals") and the signature image
 * of the personal centre. Writes accept an `Idempotency-Key` header: a retry with the same key
 * answers the first answer and changes nothing, on any instance.
 */
export function approvalRoutes(deps: ApprovalRouteDeps): RouteModule {
  const { engine, flows, repos } = deps;

  const names = async (ids: Iterable<string>): Promise<Record<string, string>> => {
    const out: Record<string, string> = {};
    for (const id of new Set(ids)) {
      const u = await repos.users.findById(Number(id), ALL_DATA);
      if (u) out[id] = u.nickName;
    }
    return out;
  };

  return {
    name: 'approval',
    register(book) {
      // ---- flows --------------------------------------------------------------------------------
      book.add({
        method: 'get',
        path: '/approval/flow/list',
        summary: '审批流程列表（每个审批类型一个流程）',
        tag: TAG_FLOW,
        access: perm('approval:flow:list'),
        query: z.object({
          typeCode: typeCode.optional(),
          flowName: z.string().trim().max(100).optional(),
          ...pagingShape(['typeCode', 'createTime']),
        }),
        handler: async ({ query }) => {
          const p = await flows.listFlows(
            listQueryOf({ typeCode: query.typeCode, flowName: query.flowName }, query),
          );
          return page(p.total, p.rows.map(flowView));
        },
      });
      book.add({
        method: 'post',
        path: '/approval/flow/add',
        summary: '新增审批流程',
        tag: TAG_FLOW,
        access: perm('approval:flow:add'),
        body: z.object({
          typeCode,
          flowName: z.string().trim().min(1).max(100),
          status: z.enum(['0', '1']).optional(),
          remark: z.string().trim().max(500).optional(),
        }),
        handler: async ({ body, principal }) =>
          ok(flowView(unwrap(await flows.addFlow(body, principal.userName)))),
      });
      book.add({
        method: 'post',
        path: '/approval/flow/update',
        summary: '修改审批流程（名称、状态、备注）',
        tag: TAG_FLOW,
        access: perm('approval:flow:edit'),
        body: z.object({
          flowId: id(),
          flowName: z.string().trim().min(1).max(100).optional(),
          status: z.enum(['0', '1']).optional(),
          remark: z.string().trim().max(500).optional(),
        }),
        handler: async ({ body, principal }) => {
          const { flowId, ...patch } = body;
          return ok(flowView(unwrap(await flows.updateFlow(flowId, patch, principal.userName))));
        },
      });
      book.add({
        method: 'get',
        path: '/approval/flow/del',
        summary: '删除审批流程及其节点（进行中的审批保留已确定的节点）',
        tag: TAG_FLOW,
        access: perm('approval:flow:remove'),
        query: z.object({ flowId: id() }),
        handler: async ({ query }) => {
          unwrap(await flows.deleteFlow(query.flowId));
          return ok();
        },
      });

      // ---- nodes --------------------------------------------------------------------------------
      book.add({
        method: 'get',
        path: '/approval/node/get',
        summary: '审批节点：nodeId 取一个节点；flowId 或 typeCode 取流程及其全部节点（按顺序）',
        tag: TAG_FLOW,
        access: perm('approval:node:query'),
        query: z.object({
          nodeId: id().optional(),
          flowId: id().optional(),
          typeCode: typeCode.optional(),
        }),
        handler: async ({ query }) => {
          if (query.nodeId !== undefined) return ok(unwrap(await flows.getNode(query.nodeId)));
          let flowId = query.flowId;
          if (flowId === undefined && query.typeCode !== undefined) {
            const list = await flows.listFlows({ filter: { typeCode: query.typeCode } });
            flowId = list.rows[0]?.flowId;
            if (flowId === undefined) throw new HttpError(404, '该审批类型没有审批流程');
          }
          if (flowId === undefined)
            throw new HttpError(400, '参数 nodeId、flowId 或 typeCode 不能都为空');
          const { flow, nodes } = unwrap(await flows.getFlow(flowId));
          return ok({ flow: flowView(flow), nodes });
        },
      });
      book.add({
        method: 'post',
        path: '/approval/node/add',
        summary: '新增审批节点（加在流程末尾）',
        tag: TAG_FLOW,
        access: perm('approval:node:add'),
        body: z.object({ flowId: id(), ...nodeFields }),
        handler: async ({ body }) =>
          ok(
            unwrap(
              await flows.addNode({
                flowId: body.flowId,
                nodeName: body.nodeName,
                actorKind: body.actorKind,
                roleKey: body.roleKey ?? null,
                userIds: body.userIds ?? [],
                formField: body.formField ?? null,
                mode: body.mode ?? 'or',
                condition: body.condition ?? null,
                conditionEffect: body.conditionEffect ?? 'add',
                ...(body.selfApproval === undefined ? {} : { selfApproval: body.selfApproval }),
              }),
            ),
          ),
      });
      book.add({
        method: 'post',
        path: '/approval/node/update',
        summary: '修改审批节点',
        tag: TAG_FLOW,
        access: perm('approval:node:edit'),
        body: z.object({
          nodeId: id(),
          ...Object.fromEntries(Object.entries(nodeFields).map(([k, v]) => [k, v.optional()])),
        }),
        handler: async ({ body }) => {
          const { nodeId, ...rest } = body;
          const patch = Object.fromEntries(
            Object.entries(rest).filter(([, v]) => v !== undefined),
          ) as typeof rest;
          return ok(unwrap(await flows.updateNode(nodeId, patch)));
        },
      });
      book.add({
        method: 'get',
        path: '/approval/node/del',
        summary: '删除审批节点',
        tag: TAG_FLOW,
        access: perm('approval:node:remove'),
        query: z.object({ nodeId: id() }),
        handler: async ({ query }) => {
          unwrap(await flows.deleteNode(query.nodeId));
          return ok();
        },
      });
      book.add({
        method: 'get',
        path: '/approval/node/moveFlowNodeOrder',
        summary: '调整节点顺序：与上一个（up）或下一个（down）节点交换；答复调整后的节点',
        tag: TAG_FLOW,
        access: perm('approval:node:move'),
        query: z.object({
          nodeId: id(),
          direction: z.enum(['up', 'down']).optional(),
          type: z.enum(['up', 'down']).optional(),
        }),
        handler: async ({ query }) =>
          ok(unwrap(await flows.moveNode(query.nodeId, query.direction ?? query.type ?? 'up'))),
      });

      // ---- create and update per template kind ---------------------------------------------------
      for (const info of TEMPLATE_KIND_CATALOGUE) {
        const kind: TemplateKind = info.kind;
        book.add({
          method: 'post',
          path: info.addPath,
          summary: `新建${info.name}审批（submit=true 时立即提交）；内容按模板校验，字段错误答复 400 并指明字段`,
          tag: TAG,
          access: perm('project:approval:add'),
          idempotency: 'use-case',
          body: z.object(templateBody),
          handler: async (ctx) => {
            const b = await checkApprovalFiles(ctx.body, deps.fileRefs, ctx.principal);
            const result = await engine.create(
              {
                kind,
                typeCode: b.typeCode,
                title: b.title,
                content: b.content,
                files: b.files,
                templateContent: b.templateContent,
                recordKind: b.recordKind,
                recordId: b.recordId,
                submit: b.submit,
                viaApprovalCentre: true,
              },
              actorOf(ctx.principal),
              idemOf(ctx, info.addPath),
            );
            return ok(unwrap(result));
          },
        });
        if (info.updatePath !== undefined) {
          const updatePath = info.updatePath;
          book.add({
            method: 'post',
            path: updatePath,
            summary: `修改${info.name}审批（待提交、已驳回、已撤回时由拟稿人修改；submit=true 时随即提交）`,
            tag: TAG,
            access: perm('project:approval:edit'),
            idempotency: 'use-case',
            body: idOrServiceId({
              version: numeric(z.number().int().min(0).max(2_147_483_647)),
              title: templateBody.title,
              content: contentSchema,
              files: templateBody.files,
              templateContent: templateBody.templateContent,
              submit: templateBody.submit,
            }),
            handler: async (ctx) => {
              // The files already on the approval stay referable, whoever uploaded them.
              const current = await engine.detail(ctx.body.approvalId, actorOf(ctx.principal));
              const b = await checkApprovalFiles(
                ctx.body,
                deps.fileRefs,
                ctx.principal,
                current.ok ? attachedFileIds(current.value.approval) : undefined,
              );
              const result = await engine.update(
                {
                  kind,
                  approvalId: b.approvalId,
                  version: b.version,
                  title: b.title,
                  content: b.content,
                  files: b.files,
                  templateContent: b.templateContent,
                  submit: b.submit,
                },
                actorOf(ctx.principal),
                idemOf(ctx, updatePath),
              );
              return ok(unwrap(result));
            },
          });
        }
      }

      // ---- lists --------------------------------------------------------------------------------
      const listRoute = (
        path: string,
        summary: string,
        permission: string,
        run: (
          actor: ApprovalActor,
          q: ReturnType<typeof toQuery>,
        ) => ReturnType<ApprovalEngine['listAll']>,
      ) =>
        book.add({
          method: 'get',
          path,
          summary,
          tag: TAG,
          access: perm(permission),
          query: listQuery,
          handler: async ({ query, principal }) => {
            const p = await run(actorOf(principal), toQuery(query));
            return page(p.total, p.rows.map(rowView));
          },
        });
      const toQuery = (q: z.output<typeof listQuery>) =>
        listQueryOf(
          {
            ...(q.typeCode === undefined ? {} : { typeCode: q.typeCode }),
            ...(q.status === undefined ? {} : { status: q.status as -1 | 0 | 1 | 2 | 3 }),
            ...(q.title === undefined || q.title === '' ? {} : { title: q.title }),
          },
          q,
        );
      listRoute(
        '/project/approval/getAllNeedApprovalList',
        '待我审批：当前节点等待我签署的审批',
        'project:approval:list',
        (a, q) => engine.listWaiting(a, q),
      );
      listRoute(
        '/project/approval/getDoneList',
        '我已审批（规格外，供审批中心“我已审批”页）：我签署、驳回、退回或转办过的审批',
        'project:approval:list',
        (a, q) => engine.listDone(a, q),
      );
      listRoute(
        '/project/approval/getSelfCreateList',
        '我发起的审批（含待提交）',
        'project:approvalMine:list',
        (a, q) => engine.listMine(a, q),
      );
      listRoute(
        '/project/approval/getAllApprovalList',
        '全部审批：按角色的数据权限（拟稿人部门），以及我参与、抄送给我的审批；不含他人的待提交',
        'project:approvalAll:list',
        (a, q) => engine.listAll(a, q),
      );

      // ---- actions ------------------------------------------------------------------------------
      book.add({
        method: 'post',
        path: '/project/approval/process',
        summary:
          '处理审批：action 为 submit、approve、reject、withdraw、return（targetNodeId）、transfer（toUserId）、cc（toUserId）、urge；version 为所见版本，过期答复 409',
        tag: TAG,
        access: perm('project:approval:process'),
        idempotency: 'use-case',
        body: idOrServiceId({
          action: z.enum([
            'submit',
            'approve',
            'reject',
            'withdraw',
            'return',
            'transfer',
            'cc',
            'urge',
          ]),
          version: numeric(z.number().int().min(0).max(2_147_483_647)),
          opinion: z.string().max(200).optional(),
          targetNodeId: z.union([z.string(), z.number()]).transform(String).optional(),
          toUserId: userIdString.optional(),
        }),
        handler: async (ctx) => {
          const b = ctx.body;
          const result = await engine.process(
            {
              approvalId: b.approvalId,
              action: b.action,
              version: b.version,
              opinion: b.opinion,
              targetNodeId: b.targetNodeId,
              toUserId: b.toUserId,
            },
            actorOf(ctx.principal),
            idemOf(ctx, '/project/approval/process'),
          );
          return ok(unwrap(result));
        },
      });
      book.add({
        method: 'get',
        path: '/project/approval/deleteById',
        summary: '删除审批：只能删除自己的待提交或已撤回的审批（保留其审批记录）',
        tag: TAG,
        access: perm('project:approval:remove'),
        query: idOrServiceId({}),
        handler: async (ctx) =>
          ok(
            unwrap(
              await engine.deleteById(
                ctx.query.approvalId,
                actorOf(ctx.principal),
                idemOf(ctx, '/project/approval/deleteById'),
              ),
            ),
          ),
      });

      // ---- detail, export, notify ---------------------------------------------------------------
      book.add({
        method: 'get',
        path: '/project/approval/getCommonApprovalDetail',
        summary: '审批详情：approvalDetailBO 与附件、签名、审批记录',
        tag: TAG,
        access: perm('project:approval:query'),
        query: idOrServiceId({}),
        handler: async ({ query, principal }) => {
          const detail = unwrap(await engine.detail(query.approvalId, actorOf(principal)));
          const userNames = await names([
            detail.approval.drafterId,
            ...detail.approval.nodes.flatMap((n) => n.assignees),
            ...detail.log.map((e) => e.actorId),
          ]);
          return ok({ ...approvalDetailView(detail), userNames });
        },
      });
      book.add({
        method: 'get',
        path: '/project/approval/export',
        summary:
          '导出审批单：format=xlsx（默认）为表单内容与每个节点的签署记录；format=pdf 为带各节点签名的 A4 审批单',
        tag: TAG,
        access: perm('project:approval:export'),
        query: idOrServiceId({
          format: z.enum(['xlsx', 'pdf'], { error: '参数 format 只能是 xlsx 或 pdf' }).optional(),
        }),
        produces: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        handler: async ({ query, principal, res }) => {
          if (query.format === 'pdf') {
            if (!deps.pdf) throw new HttpError(503, '打印服务未配置，暂时无法生成 PDF');
            await deps.pdf(query.approvalId, principal, res);
            return undefined;
          }
          const detail = unwrap(await engine.exportSheet(query.approvalId, actorOf(principal)));
          const a = detail.approval;
          const notes = detail.approvalDetailBO.nodeNotes ?? [];
          const userNames = await names([
            a.drafterId,
            ...detail.log.map((e) => e.actorId),
            ...notes.flatMap((n) => n.assignees),
          ]);
          type Row = readonly [string, string, string, string];
          const rows: Row[] = [
            ['审批类型', a.typeName, '', ''],
            ['标题', a.title, '', ''],
            ['状态', APPROVAL_STATUS_LABELS[a.status], '', ''],
            ['拟稿人', userNames[a.drafterId] ?? a.drafterId, '', a.submitTime ?? a.createTime],
            ...Object.values(a.content).map((e): Row => [e.label, contentText(e), '', '']),
            ...detail.log
              .filter(
                (e) => e.round === a.round && (e.action === 'approve' || e.action === 'reject'),
              )
              .map((e): Row => [
                e.nodeName ?? '',
                `${e.action === 'reject' ? '驳回' : '同意'}${e.opinion ? `：${e.opinion}` : ''}`,
                userNames[e.actorId] ?? e.actorId,
                e.createTime,
              ]),
            // Nodes the separation-of-duties rule skipped or gave to someone else, and why.
            ...notes.map((n): Row => [
              n.nodeName,
              selfApprovalNoteText(
                n.nodeName,
                n,
                n.assignees.map((u) => userNames[u] ?? u),
              ).slice(n.nodeName.length + 1),
              '',
              '',
            ]),
          ];
          await streamXlsx(
            res,
            `${a.title}.xlsx`,
            '审批单',
            [
              { header: '项目', width: 20, value: (r: Row) => r[0] },
              { header: '内容', width: 50, value: (r: Row) => r[1] },
              { header: '签署人', width: 14, value: (r: Row) => r[2] },
              { header: '时间', width: 26, value: (r: Row) => r[3] },
            ],
            rows,
          );
          return undefined;
        },
      });
      book.add({
        method: 'get',
        path: '/project/approval/getNotify',
        summary:
          '壳层轮询：unDealCount（待我审批数）、unLookSeal、warnTaskList（currentUserId 以登录用户为准）',
        tag: TAG,
        access: AUTHENTICATED,
        query: z.object({ currentUserId: z.string().max(20).optional() }),
        handler: async ({ principal }) => {
          const notify = await engine.notify(actorOf(principal));
          // The design tasks' urgent list and seal dot (issue 9), when they are bound.
          const tasks = await deps.taskNotify?.notify(principal.userId);
          return ok(tasks ? { ...notify, ...tasks } : notify);
        },
      });

      // ---- signature images (personal centre) ---------------------------------------------------
      book.add({
        method: 'post',
        path: '/system/user/profile/signature',
        summary:
          '上传本人签名图片（multipart 字段 signaturefile；png、jpg，至多 512KB）；此后的签署使用新图片，已签署的保持原图',
        tag: '个人中心',
        access: AUTHENTICATED,
        multipart: 'signaturefile',
        handler: async ({ req, principal }) => {
          const image = await readSignatureImage(req);
          const saved = await deps.signatures.transaction((r) =>
            r.signatures.save(String(principal.userId), image.contentType, image.data),
          );
          return ok({ signFileId: saved.fileId, signUrl: saved.url });
        },
      });
      book.add({
        method: 'get',
        path: '/system/user/profile/signature',
        summary: '本人当前的签名图片地址（无则为 null）',
        tag: '个人中心',
        access: AUTHENTICATED,
        handler: async ({ principal }) => {
          const current = await deps.signatures.transaction((r) =>
            r.signatures.current(String(principal.userId)),
          );
          return ok({ signFileId: current?.fileId ?? null, signUrl: current?.url ?? null });
        },
      });
      book.add({
        method: 'get',
        path: '/system/user/profile/signature/:fileId',
        summary: '签名图片（按服务器签发的不可猜测编号公开，供 <img> 使用）',
        tag: '个人中心',
        access: PUBLIC,
        params: z.object({ fileId: z.string().regex(/^[0-9a-f-]{36}$/) }),
        produces: 'image/*',
        handler: async ({ params, res }) => {
          const image = await deps.signatures.transaction((r) => r.signatures.read(params.fileId));
          if (image === null) throw new HttpError(404);
          res.status(200);
          res.setHeader('Content-Type', image.contentType);
          res.setHeader('Cache-Control', 'private, max-age=604800, immutable');
          res.end(Buffer.from(image.data));
          return undefined;
        },
      });
    },
  };
}
