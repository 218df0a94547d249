import type { ApprovalDetailAnswer, ApprovalSheet, ApprovalSheets } from '@dpms/core';

/*
 * What the detail answer adds to the engine's detail: the sheet of what is being approved (the
 * linked record's figures read now) and the names of everyone it mentions, waiting nodes'
 * holders and the people a transfer or a copy went to included.
 */

type Names = (ids: Iterable<string>) => Promise<Record<string, string>>;

/** Every user id the detail mentions: drafter, holders, actors, transfer/copy targets, readers. */
/** A signer whose account is gone reads so under the signature, never as a bare user id. */
const DELETED_USER = '已删除用户';

export const mentionedUsers = (detail: ApprovalDetailAnswer): string[] => [
  detail.approval.drafterId,
  ...detail.approval.nodes.flatMap((n) => n.assignees),
  ...detail.log.map((e) => e.actorId),
  // A return's target is a node, not a user.
  ...detail.log.flatMap((e) =>
    e.target !== null && (e.action === 'transfer' || e.action === 'cc') ? [e.target] : [],
  ),
  ...detail.approval.readers,
];

/** The detail with its sheet, its waiting nodes' holders by name, and the names it mentions. */
export async function detailWithSheet<D extends ApprovalDetailAnswer>(
  detail: D,
  names: Names,
  sheets: ApprovalSheets | undefined,
): Promise<D & { userNames: Record<string, string>; sheet?: ApprovalSheet }> {
  const userNames = await names(mentionedUsers(detail));
  const bo = detail.approvalDetailBO;
  const approvalDetailBO = {
    ...bo,
    approvalNodeList: bo.approvalNodeList.map((n) =>
      n.approvalUserId === undefined
        ? n
        : { ...n, approvalUserName: userNames[n.approvalUserId] ?? DELETED_USER },
    ),
    unApprovalList: bo.unApprovalList.map((n) => ({
      ...n,
      assigneeNames: (n.assignees ?? []).map((u) => userNames[u] ?? u),
    })),
  };
  const a = detail.approval;
  const sheet =
    sheets === undefined
      ? undefined
      : await sheets.sheetOf({
          typeCode: a.typeCode,
          recordKind: a.recordKind,
          recordId: a.recordId,
          content: a.content,
        });
  return { ...detail, approvalDetailBO, userNames, ...(sheet === undefined ? {} : { sheet }) };
}
