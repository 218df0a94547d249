import {
  approvalDetailAnswer,
  approvalExportQuery,
  approvalIdQuery,
  approvalNotifyAnswer,
  notifyQuery,
} from '@dpms/wire';
import { APPROVAL_STATUS_LABELS, contentText, selfApprovalNoteText } from '@dpms/core';
import { ok } from '../../http/envelope.js';
import { HttpError, unwrap } from '../../http/http-error.js';
import { AUTHENTICATED, perm, type RouteBook } from '../../http/route.js';
import { streamXlsx } from '../../http/xlsx.js';
import { approvalDetailView } from '../approval-files.js';
import { detailWithSheet } from './detail-sheet.js';
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
      '导出审批单：format=xlsx（默认）为表单内容与每个节点的签署记录；format=pdf 为带各节点签名的 A4 审批单',
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
          .filter((e) => e.round === a.round && (e.action === 'approve' || e.action === 'reject'))
          .map((e): Row => [
            e.nodeName ?? '',
            `${e.action === 'reject' ? '驳回' : '同意'}${e.opinion ? `：${e.opinion}` : ''}`,
            userNames[e.actorId] ?? e.actorId,
            e.createTime,
          ]),
        // Nodes the separation-of-duties rule skipped or gave to someone else, and why.
        // Every round's, an earlier round's marked with its round.
        ...notes.map((n): Row => [
          n.earlierRound === undefined ? n.nodeName : `第${n.earlierRound}轮 ${n.nodeName}`,
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
