import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { approvalMessages } from './approval-messages.js';
import { hasAllPermissions } from '../session/permission.js';
import {
  RECORD_PICKER_LABELS,
  approvalRecordLink,
  centreRecordPermissions,
  approvalTypeLabel,
  type ApprovalRecordLink,
} from './approval-type-catalogue.js';

/** What the rule needs to know of the registered record kinds. */
export interface CentreRecordKinds {
  /** A kind the approval centre's calls may link (its handler checks its rules when sent). */
  linkableFromCentre(kind: string): boolean;
  /** A kind registered to stand in for any form's record (the engine suites' test record). */
  linksAnyCode?(kind: string): boolean;
}

/** The record a form names on 发起审批. */
export interface CentreRecordRef {
  readonly typeCode: string;
  readonly recordKind?: string | undefined;
  readonly recordId?: string | undefined;
}

const named = (v: string | undefined): v is string => (v ?? '').trim() !== '';

/**
 * The approval centre's rule for a form's record (核心: no money form unlinked). A free form (19_1,
 * 22_1 and the seal-use requests) passes. Every other form must name its record: absent, 400 on
 * `recordId` ("请选择关联合同"). A `link` form names a record of its kind that the centre may
 * link; a `create` form names the record it is drawn on (the `picker`) and goes through the
 * record's own use case (`CentreForms`), never straight into the engine; a `screen` form is
 * refused, naming the screen that sends it.
 */
export function checkCentreRecord(
  ref: CentreRecordRef,
  kinds: CentreRecordKinds,
  via: 'engine' | 'record-use-case' = 'engine',
): Result<ApprovalRecordLink | null, DomainError> {
  const link = approvalRecordLink(ref.typeCode);
  if (link === undefined) return ok(null);
  const typeName = approvalTypeLabel(ref.typeCode);
  if (!named(ref.recordKind) || !named(ref.recordId)) {
    return err(approvalMessages.recordRequired(RECORD_PICKER_LABELS[link.picker]));
  }
  const kind = ref.recordKind.trim();
  if (kinds.linksAnyCode?.(kind) === true) return ok(link);
  switch (link.fromCentre) {
    case 'screen':
      return err(approvalMessages.startFromRecordScreen(typeName, link.screen));
    case 'create':
      if (via === 'record-use-case' && kind === link.picker) return ok(link);
      return err(approvalMessages.recordKindMismatch(typeName, RECORD_PICKER_LABELS[link.picker]));
    case 'link':
      if (link.recordKinds.includes(kind) && kinds.linkableFromCentre(kind)) return ok(link);
      return err(approvalMessages.recordKindMismatch(typeName, RECORD_PICKER_LABELS[link.picker]));
  }
}

/**
 * 发起审批 is no way round a record screen's permission: a `create` or `link` form requires the
 * permissions its record's own routes check for creating and sending it (core's table), besides
 * the centre's own; refused like the record route (403). A stand-in record (a test double) has no
 * screen. Permissions not given (a call that is not the centre's) are not checked here.
 */
export function checkCentreRecordPermission(
  ref: CentreRecordRef,
  permissions: readonly string[] | undefined,
  kinds: Pick<CentreRecordKinds, 'linksAnyCode'>,
): Result<void, DomainError> {
  const required = centreRecordPermissions(ref.typeCode);
  if (required.length === 0 || permissions === undefined) return ok(undefined);
  if (named(ref.recordKind) && kinds.linksAnyCode?.(ref.recordKind.trim()) === true)
    return ok(undefined);
  if (hasAllPermissions(permissions, required)) return ok(undefined);
  const link = approvalRecordLink(ref.typeCode);
  return err(
    approvalMessages.recordPermission(approvalTypeLabel(ref.typeCode), link?.screen ?? ''),
  );
}

/**
 * Sending (or resending) a form from 发起审批 asks again for its record screen's permission: a
 * draft or a rejected form kept past a withdrawn permission is not sent by whoever lost it.
 */
export function checkCentreSend(
  sending: boolean | undefined,
  record: {
    readonly typeCode: string;
    readonly recordKind: string | null;
    readonly recordId: string | null;
  },
  permissions: readonly string[] | undefined,
  kinds: Pick<CentreRecordKinds, 'linksAnyCode'>,
): Result<void, DomainError> {
  if (sending !== true) return ok(undefined);
  const ref = {
    typeCode: record.typeCode,
    recordKind: record.recordKind ?? undefined,
    recordId: record.recordId ?? undefined,
  };
  return checkCentreRecordPermission(ref, permissions, kinds);
}

/** The engine's check of a form from 发起审批: its record (`checkCentreRecord`), then its screen's permission. */
export function checkCentreForm(
  ref: CentreRecordRef,
  permissions: readonly string[] | undefined,
  kinds: CentreRecordKinds,
): Result<void, DomainError> {
  const linked = checkCentreRecord(ref, kinds);
  return linked.ok ? checkCentreRecordPermission(ref, permissions, kinds) : linked;
}

/**
 * Whether the centre may edit the form's content: not when its record's use case wrote it (an
 * invoice request, a change, a borrowing, an output value: the record keeps the figures, and an
 * edit here would leave the approvers reading other figures than the record's).
 */
export const centreMayEdit = (typeCode: string, recordKind: string | null): boolean => {
  const link = approvalRecordLink(typeCode);
  return !(
    link?.fromCentre === 'create' &&
    recordKind !== null &&
    link.recordKinds.includes(recordKind)
  );
};

/**
 * An edit from the centre of a form that must carry a record but carries none (one drafted before
 * the rule): refused like a new one, so it is never sent unlinked. One whose record's use case
 * wrote it is edited on the record's screen (`centreMayEdit`); resubmitting it as it is stays open.
 */
export function checkCentreEdit(
  typeCode: string,
  recordKind: string | null,
): Result<void, DomainError> {
  const link = approvalRecordLink(typeCode);
  if (link === undefined) return ok(undefined);
  if (recordKind === null) {
    return err(approvalMessages.recordRequired(RECORD_PICKER_LABELS[link.picker]));
  }
  if (!centreMayEdit(typeCode, recordKind)) {
    return err(approvalMessages.editOnRecordScreen(approvalTypeLabel(typeCode), link.screen));
  }
  return ok(undefined);
}
