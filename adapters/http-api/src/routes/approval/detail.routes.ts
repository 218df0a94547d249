import {
  approvalDetailAnswer,
  approvalExportQuery,
  approvalIdQuery,
  approvalNotifyAnswer,
  notifyQuery,
} from '@dpms/wire';
import { sheetFromContent, withCurrentLabels } from '@dpms/core';
import { ok } from '../../http/envelope.js';
import { HttpError, unwrap } from '../../http/http-error.js';
import { AUTHENTICATED, perm, type RouteBook } from '../../http/route.js';
import { instituteZoneOf } from '../../http/institute-zone.js';
import { contentDisposition, XLSX_TYPE } from '../../http/xlsx.js';
import { approvalDetailView } from '../approval-files.js';
import { detailWithSheet, mentionedUsers } from './detail-sheet.js';
import { approvalWorkbook } from './export-sheet.js';
import { TAG, actorOf, userNames, type ApprovalRouteDeps } from './shared.js';

/** An approval's detail, its export (xlsx or PDF) and the shell's notification poll. */
export function registerDetailRoutes(book: RouteBook, deps: ApprovalRouteDeps): void {
  const { engine } = deps;
  const names = userNames(deps.repos);
  book.add({
    method: 'get',
    path: '/project/approval/getCommonApprovalDetail',
    summary: '审批详情：approvalDetailBO 与附件、签名、审批记录',
    tag: TAG,
    access: perm('project:approval:query'),
    query: approvalIdQuery,
    response: approvalDetailAnswer,
    handler: async ({ query, principal }) => {
      const detail = unwrap(await engine.detail(query.approvalId, actorOf(principal)));
      return ok(await detailWithSheet(approvalDetailView(detail), names, deps.sheets));
    },
  });
  book.add({
    method: 'get',
    path: '/project/approval/export',
    summary:
      '导出审批单：format=xlsx（默认）为审批单（与详情、PDF 相同的记录数据，金额为数值、日期为院所时区的日期）与每一轮的审批记录；format=pdf 为带各节点签名的 A4 审批单',
    tag: TAG,
    access: perm('project:approval:export'),
    query: approvalExportQuery,
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
      const nameById = await names([
        ...mentionedUsers(detail),
        ...notes.flatMap((n) => n.assignees),
      ]);
      // The sheet the screen and the PDF show; the form as filed when no sheets are bound.
      const subject = {
        typeCode: a.typeCode,
        recordKind: a.recordKind,
        recordId: a.recordId,
        content: a.content,
      };
      const sheet = deps.sheets
        ? await deps.sheets.sheetOf(subject)
        : sheetFromContent(a.typeName, withCurrentLabels(a.typeCode, a.content), subject);
      const workbook = approvalWorkbook(detail, sheet, nameById, await instituteZoneOf(res));
      res.status(200);
      res.setHeader('Content-Type', XLSX_TYPE);
      res.setHeader('Content-Disposition', contentDisposition(`${a.title}.xlsx`));
      res.setHeader('Access-Control-Expose-Headers', 'Content-Disposition');
      await workbook.xlsx.write(res);
      res.end();
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
    query: notifyQuery,
    response: approvalNotifyAnswer,
    handler: async ({ principal }) => {
      const notify = await engine.notify(actorOf(principal));
      // The design tasks' urgent list and seal dot, when they are bound.
      const tasks = await deps.taskNotify?.notify(principal.userId);
      return ok(tasks ? { ...notify, ...tasks } : notify);
    },
  });
}
