import { TEMPLATE_KIND_CATALOGUE, type TemplateKind } from '@dpms/core';
import { approvalCreateBody, approvalOutcomeAnswer, approvalUpdateBody } from '@dpms/wire';
import { ok } from '../../http/envelope.js';
import { unwrap } from '../../http/http-error.js';
import { perm, type RouteBook } from '../../http/route.js';
import { attachedFileIds, checkApprovalFiles } from '../approval-files.js';
import { TAG, actorOf, idemOf, type ApprovalRouteDeps } from './shared.js';

/** Creating and editing an approval of each template kind (submit=true sends it at once). */
export function registerTemplateRoutes(book: RouteBook, deps: ApprovalRouteDeps): void {
  const { engine } = deps;
  for (const info of TEMPLATE_KIND_CATALOGUE) {
    const kind: TemplateKind = info.kind;
    book.add({
      method: 'post',
      path: info.addPath,
      summary: `新建${info.name}审批（submit=true 时立即提交）；内容按模板校验，字段错误答复 400 并指明字段`,
      tag: TAG,
      access: perm('project:approval:add'),
      idempotency: 'use-case',
      body: approvalCreateBody,
      response: approvalOutcomeAnswer,
      handler: async (ctx) => {
        const b = await checkApprovalFiles(ctx.body, deps.fileRefs, ctx.principal);
        // 发起审批: core's table decides whether the form names its record, and a record the
        // centre creates (an invoice on the picked contract) goes through the record's use case;
        // either requires the record screen's own permission (the actor carries the caller's).
        const result = await deps.centre.create(
          {
            kind,
            typeCode: b.typeCode,
            title: b.title,
            content: b.content,
            files: b.files,
            templateContent: b.templateContent,
            recordKind: b.recordKind,
            recordId: b.recordId,
            recordFields: b.recordFields,
            submit: b.submit,
          },
          ctx.principal,
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
        body: approvalUpdateBody,
        response: approvalOutcomeAnswer,
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
}
