import type {
  ApprovalId,
  ApprovalRecord,
  ApprovalState,
  ApprovalStatus,
  ApprovalTypeCode,
  ApprovalUserId,
  TemplateContent,
  TemplateFile,
  TemplateKind,
  TemplateSection,
} from '@dpms/core';
import type { Selectable } from 'kysely';
import type { ApprovalTable } from '../database/approval-schema.js';

/* The approval tables' rows and conversions, shared by the approval repositories. */

/** Where a signature image is served (public by its unguessable id, as an <img> sends no token). */
export const signatureUrlOf = (fileId: string): string =>
  `/prod-api/system/user/profile/signature/${fileId}`;

export const json = (v: unknown): string => JSON.stringify(v ?? null);
export const userIds = (ids: readonly ApprovalUserId[]): number[] =>
  ids.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
export const idOf = (approvalId: ApprovalId): number | null => {
  const n = Number(approvalId);
  return /^\d{1,10}$/.test(approvalId) && n <= 2147483647 ? n : null;
};

type ApprovalRow = Selectable<ApprovalTable>;

export function toRecord(r: ApprovalRow, readers: readonly ApprovalUserId[]): ApprovalRecord {
  const state: ApprovalState = {
    status: r.status as ApprovalStatus,
    drafterId: String(r.drafter_id),
    ...(r.author_id === null ? {} : { authorId: String(r.author_id) }),
    nodes: r.nodes as ApprovalState['nodes'],
    currentNodeIndex: r.current_node_index,
    signedAtCurrent: r.signed_at_current as string[],
    readers,
    round: r.round,
    version: r.version,
  };
  return {
    approvalId: String(r.approval_id),
    typeCode: r.type_code as ApprovalTypeCode,
    kind: r.kind as TemplateKind,
    recordKind: r.record_kind,
    recordId: r.record_id,
    title: r.title,
    content: r.content as TemplateContent,
    template: (r.template as TemplateSection[] | null) ?? null,
    files: r.files as TemplateFile[],
    state,
    deptId: r.dept_id,
    createTime: r.create_time,
    updateTime: r.update_time,
    submitTime: r.submit_time,
    finishTime: r.finish_time,
  };
}

export const currentNode = (s: ApprovalState) =>
  s.status === 0 ? s.nodes[s.currentNodeIndex] : undefined;

export const LIST_COLUMNS = [
  'a.approval_id',
  'a.type_code',
  'a.kind',
  'a.title',
  'a.status',
  'a.version',
  'a.drafter_id',
  'a.dept_id',
  'a.current_node_name',
  'a.record_kind',
  'a.record_id',
  'a.create_time',
  'a.update_time',
  'a.submit_time',
  'a.finish_time',
  'u.nick_name',
  'd.dept_name',
] as const;
