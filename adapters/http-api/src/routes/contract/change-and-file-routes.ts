import { z } from 'zod';
import type { ContractFileService, ContractService } from '@dpms/core';
import {
  contractChangeAddAnswer,
  contractChangeBody,
  contractChangesAnswer,
  contractFileAnswer,
  contractFilesAnswer,
  contractIdQuery,
} from '@dpms/wire';
import { ok } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { perm, type RouteBook } from '../../http/route.js';
import { id, optionalEnum } from '../../http/schemas.js';
import { actorOf, idemOf } from '../contract-route-helpers.js';
import { changeView, contractView, fileView, TAG } from './views.js';

/** A formal contract's change (28_1): its request and its list. */
export function registerContractChangeRoutes(book: RouteBook, service: ContractService): void {
  book.add({
    method: 'post',
    path: '/v4/contract/change/add',
    summary:
      '发起合同变更（审批类型 28_1）：仅正式合同；审批中合同锁定，审批通过后按变更内容修改合同并重算费用（支持 Idempotency-Key）',
    tag: TAG,
    access: perm('project:contract:edit'),
    idempotency: 'use-case',
    body: contractChangeBody,
    response: contractChangeAddAnswer,
    handler: async ({ body, principal, req }) => {
      const r = unwrap(
        await service.requestChange(
          body.contractId,
          { fields: body.fields, reason: body.reason, typeCode: body.typeCode },
          actorOf(principal),
          idemOf(req, principal, '/v4/contract/change/add'),
        ),
      );
      return ok({ contract: contractView(r.contract), change: changeView(r.change) });
    },
  });
  book.add({
    method: 'get',
    path: '/v4/contract/change/list',
    summary: '合同的变更记录（含审批状态），按数据权限',
    tag: TAG,
    access: perm('project:contract:query'),
    query: contractIdQuery,
    response: contractChangesAnswer,
    handler: async ({ query, principal }) =>
      ok(unwrap(await service.changes(query.contractId, actorOf(principal))).map(changeView)),
  });
}

/** A contract's contract, government and design files. */
export function registerContractFileRoutes(book: RouteBook, files: ContractFileService): void {
  const category = optionalEnum(['contract', 'government', 'design']);
  book.add({
    method: 'get',
    path: '/project/contract/getContractFiles',
    summary:
      '合同的文件（category=contract 合同文件、government 政府文件、design 设计文件；不填为全部）',
    tag: TAG,
    access: perm('project:contract:query'),
    query: z.object({ contractId: id(), category }),
    response: contractFilesAnswer,
    handler: async ({ query, principal }) =>
      ok(
        unwrap(await files.list(query.contractId, query.category, actorOf(principal))).map(
          fileView,
        ),
      ),
  });
  book.add({
    method: 'post',
    path: '/project/contract/uploadContractFiles',
    summary:
      '把已上传的文件（/common/upload 或分片上传得到的 fileId）关联到合同，分类默认合同文件；记入变更记录',
    tag: TAG,
    access: perm('project:contract:upload'),
    body: z.object({
      contractId: id(),
      category,
      fileIds: z.array(z.string().trim().min(1).max(64)).min(1).max(50),
      remark: z.string().max(500).optional(),
    }),
    response: contractFilesAnswer,
    handler: async ({ body, principal }) =>
      ok(
        unwrap(
          await files.link(
            body.contractId,
            body.category ?? 'contract',
            body.fileIds,
            body.remark ?? '',
            actorOf(principal),
          ),
        ).map(fileView),
      ),
  });
  book.add({
    method: 'get',
    path: '/project/contract/deleteContractFile',
    summary: '取消合同文件的关联（审批中或变更中的合同不能删除）；记入变更记录',
    tag: TAG,
    access: perm('project:contract:upload'),
    query: z.object({ contractFileId: id() }),
    response: contractFileAnswer,
    handler: async ({ query, principal }) =>
      ok(fileView(unwrap(await files.unlink(query.contractFileId, actorOf(principal))))),
  });
}
