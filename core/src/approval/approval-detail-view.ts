import { buildApprovalDetailBO, type ApprovalSignRecord } from './approval-detail.js';
import {
  pendingApprovers,
  type ApprovalState,
  type ApprovalUserId,
} from './approval-state-machine.js';
import { approvalTypeLabel } from './approval-type-catalogue.js';
import type { ApprovalRecord, StoredApprovalLogEntry } from './approval.repository.port.js';
import { FILE_FIELD_TYPES, type TemplateContent, type TemplateFile } from './template.js';

import type { ApprovalDetailAnswer, ProcessActionType } from './approval-engine.types.js';

/* The detail view of one approval, built from its state and action log. */

const NODE_ACTIONS: readonly ProcessActionType[] = ['approve', 'reject', 'return', 'transfer'];

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

function fileList(content: TemplateContent, refname: string): readonly TemplateFile[] {
  const entry = content[refname];
  if (entry === undefined || !FILE_FIELD_TYPES.includes(entry.type)) return [];
  const v = entry.value;
  return Array.isArray(v)
    ? (v as readonly unknown[]).filter(
        (f): f is TemplateFile => typeof f === 'object' && f !== null,
      )
    : [];
}

/**
 * The actions the viewer may take now, for the detail view's buttons. `maySend` is false for a
 * drafter who no longer holds the record screen's permission the centre asks to send the form.
 */
function allowedActionsOf(
  state: ApprovalState,
  me: ApprovalUserId,
  maySend: boolean,
): ProcessActionType[] {
  const out: ProcessActionType[] = [];
  const drafter = state.drafterId === me;
  if (drafter && maySend && (state.status === -1 || state.status === 2 || state.status === 3))
    out.push('submit');
  if (state.status === 0) {
    if (pendingApprovers(state).includes(me)) out.push(...NODE_ACTIONS);
    if (drafter) out.push('withdraw', 'urge');
  }
  if (state.status === 0 || state.status === 1) {
    if (drafter || state.nodes.some((n) => n.assignees.includes(me))) out.push('cc');
  }
  return out;
}

export function detailOf(
  record: ApprovalRecord,
  log: readonly StoredApprovalLogEntry[],
  me: ApprovalUserId,
  maySend = true,
): ApprovalDetailAnswer {
  const state = record.state;
  const submitEntry = [...log]
    .reverse()
    .find((e) => (e.action === 'submit' || e.action === 'resubmit') && e.round === state.round);
  const bo = buildApprovalDetailBO(state, log, submitEntry?.signUrl ?? null);
  const current = state.status === 0 ? state.nodes[state.currentNodeIndex] : undefined;
  const mine =
    current === undefined
      ? undefined
      : [...log]
          .reverse()
          .find(
            (e) =>
              e.round === state.round &&
              e.actor === me &&
              e.nodeId === current.nodeId &&
              e.action === 'approve',
          );
  const currentSignRecord: ApprovalSignRecord | null =
    mine === undefined || current === undefined
      ? null
      : {
          nodeId: current.nodeId,
          nodeName: current.nodeName,
          content: mine.opinion ?? '',
          signUrl: mine.signUrl,
        };
  return {
    approvalDetailBO: bo,
    attachmentList: record.files,
    // Seal images arrive with the seal domain; the sheet shows none until then.
    sealImagesList: [],
    imgFiles: fileList(record.content, 'imgFiles'),
    currentSignRecord,
    // The design-team sign flow belongs to design tasks, which do not exist yet.
    designTaskSignFlowList: [],
    designTaskSignDetailList: [],
    approval: {
      approvalId: record.approvalId,
      typeCode: record.typeCode,
      typeName: approvalTypeLabel(record.typeCode),
      kind: record.kind,
      title: record.title,
      status: state.status,
      version: state.version,
      round: state.round,
      drafterId: state.drafterId,
      deptId: record.deptId,
      recordKind: record.recordKind,
      recordId: record.recordId,
      content: record.content,
      templateContent: record.template,
      files: record.files,
      nodes: state.nodes,
      currentNodeIndex: state.currentNodeIndex,
      readers: state.readers,
      createTime: record.createTime.toISOString(),
      updateTime: record.updateTime.toISOString(),
      submitTime: iso(record.submitTime),
      finishTime: iso(record.finishTime),
    },
    log: log.map((e) => ({
      action: e.action,
      actorId: e.actor,
      round: e.round,
      version: e.version,
      nodeId: e.nodeId ?? null,
      nodeName: e.nodeName ?? null,
      opinion: e.opinion ?? null,
      target: e.target ?? null,
      signUrl: e.signUrl,
      createTime: e.createdAt.toISOString(),
    })),
    allowedActions: allowedActionsOf(state, me, maySend),
  };
}
