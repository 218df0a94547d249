import { z } from 'zod';
import type { Major, PlatformRepositories } from '@dpms/core';
import { ok, page } from '../http/envelope.js';
import { HttpError, unwrap } from '../http/http-error.js';
import { listQueryOf } from '../http/list-query.js';
import { AUTHENTICATED, perm } from '../http/route.js';
import { optionalId } from '../http/schemas.js';
import {
  majorCreateBody,
  majorListQuery,
  majorNode,
  majorRecord,
  majorUpdateBody,
  okEnvelope,
  pageEnvelope,
  systemDoneAnswer,
  type MajorNodeRecord,
} from '@dpms/wire';
import type { RouteModule } from './route-module.js';

const TAG = '专业管理';

const majorView = (m: Major) => ({
  id: m.majorId,
  majorId: m.majorId,
  majorName: m.majorName,
  designStageId: m.designStageId,
  parentId: m.parentId,
  orderNum: m.orderNum,
  status: m.status,
  createTime: m.createTime.toISOString(),
});

type MajorNode = MajorNodeRecord;

function majorTree(majors: readonly Major[]): MajorNode[] {
  const ids = new Set(majors.map((m) => m.majorId));
  const build = (parent: number | null): MajorNode[] =>
    majors
      .filter((m) =>
        parent === null ? m.parentId === null || !ids.has(m.parentId) : m.parentId === parent,
      )
      .sort((a, b) => a.orderNum - b.orderNum || a.majorId - b.majorId)
      .map((m) => {
        const children = build(m.majorId);
        const node: MajorNode = {
          id: m.majorId,
          label: m.majorName,
          majorId: m.majorId,
          majorName: m.majorName,
        };
        if (children.length > 0) node.children = children;
        return node;
      });
  return build(null);
}

/** Design disciplines (000 §7 "Majors"). Not data-scoped: a reference list. */
export function majorRoutes(repos: PlatformRepositories): RouteModule {
  return {
    name: 'majors',
    register(book) {
      book.add({
        method: 'get',
        path: '/system/major/list',
        summary: '专业列表（分页）',
        tag: TAG,
        access: perm('system:major:list'),
        query: majorListQuery,
        response: pageEnvelope(majorRecord),
        handler: async ({ query }) => {
          const { pageNum, pageSize, orderByColumn, isAsc, ...filter } = query;
          const r = await repos.majors.list(
            listQueryOf(filter, { pageNum, pageSize, orderByColumn, isAsc }),
          );
          return page(r.total, r.rows.map(majorView));
        },
      });

      book.add({
        method: 'post',
        path: '/system/major/add',
        summary: '新增专业',
        tag: TAG,
        access: perm('system:major:add'),
        body: majorCreateBody,
        response: okEnvelope(majorRecord),
        handler: async ({ body }) => ok(majorView(unwrap(await repos.majors.create(body)))),
      });

      book.add({
        method: 'post',
        path: '/system/major/update',
        summary: '修改专业（majorId 或 id）',
        tag: TAG,
        access: perm('system:major:edit'),
        body: majorUpdateBody,
        response: okEnvelope(majorRecord),
        handler: async ({ body }) => {
          const { majorId, id: alt, ...patch } = body;
          const target = (majorId ?? alt)!;
          if (patch.parentId === target) throw new HttpError(422, '上级专业不能是自己');
          return ok(majorView(unwrap(await repos.majors.update(target, patch))));
        },
      });

      book.add({
        method: 'get',
        path: '/system/major/deleteById',
        summary: '删除专业（无下级时）',
        tag: TAG,
        access: perm('system:major:remove'),
        query: z
          .object({ id: optionalId(), majorId: optionalId() })
          .refine((q) => q.id !== undefined || q.majorId !== undefined, {
            error: () => '参数 id 不能为空',
            path: ['id'],
          }),
        response: systemDoneAnswer,
        handler: async ({ query }) => {
          unwrap(await repos.majors.delete((query.id ?? query.majorId)!));
          return ok();
        },
      });

      book.add({
        method: 'get',
        path: '/system/major/listTreeByStageId',
        summary: '某设计阶段的专业树',
        tag: TAG,
        access: AUTHENTICATED,
        query: z.object({ stageId: optionalId(), designStageId: optionalId() }),
        response: okEnvelope(z.array(majorNode)),
        handler: async ({ query }) => {
          const stage = query.stageId ?? query.designStageId;
          if (stage === undefined) throw new HttpError(400, '参数 stageId 不能为空');
          return ok(majorTree(await repos.majors.listByStage(stage)));
        },
      });

      book.add({
        method: 'get',
        path: '/system/major/optionselect',
        summary: '所有启用的专业（选择器）',
        tag: TAG,
        access: AUTHENTICATED,
        response: okEnvelope(z.array(majorRecord)),
        handler: async () => {
          const r = await repos.majors.list({
            filter: { status: '0' },
            sort: { column: 'orderNum', direction: 'asc' },
          });
          return ok(r.rows.map(majorView));
        },
      });
    },
  };
}
