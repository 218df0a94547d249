import { APPROVAL_SIGN_MAX_LENGTH } from './approval-limits.js';
import type { ApprovalDetailBO } from './approval-detail.js';

/**
 * Reading modes of an approval form by signtype (000 §4): 0 none, 1 drafting, 2 viewing with
 * pending nodes, 3 approving.
 */
export const APPROVAL_SIGN_TYPES = {
  NONE: 0,
  DRAFTING: 1,
  VIEWING_PENDING: 2,
  APPROVING: 3,
} as const;

export type ApprovalSignType = (typeof APPROVAL_SIGN_TYPES)[keyof typeof APPROVAL_SIGN_TYPES];

/** signtype as it arrives (number, or text from a route query); undefined when not a mode. */
export function parseApprovalSignType(value: unknown): ApprovalSignType | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return n === 0 || n === 1 || n === 2 || n === 3 ? n : undefined;
}

/** The drafter's sign box starts with "同意" (agree). */
export const DRAFTER_DEFAULT_SIGN_TEXT = '同意';
export const DRAFTER_ROW_LABEL = '拟稿人';
/** The opinion row's label when no node is current. */
export const OPINION_ROW_FALLBACK_LABEL = '审批意见';

export type SignFooterRowKind = 'drafter' | 'finished' | 'pending' | 'opinion';

export interface SignFooterRow {
  readonly kind: SignFooterRowKind;
  /** The node the row belongs to (finished and pending rows). */
  readonly nodeId?: string;
  readonly label: string;
  /** The text shown or prefilled. */
  readonly text: string;
  /** The signature image to show, if any. */
  readonly signUrl: string | null;
  readonly editable: boolean;
  /** True on the pending row of the current node. */
  readonly current: boolean;
  readonly maxLength: number;
}

export interface SignFooter {
  readonly visible: boolean;
  readonly rows: readonly SignFooterRow[];
}

const HIDDEN: SignFooter = { visible: false, rows: [] };

/**
 * The signature/approval footer of a form (000 §4 "Signing"):
 * - shown when signtype is not 0; an unknown signtype shows none, since a footer offers signing
 *   and must not appear by accident;
 * - the first row is the drafter with default text "同意"; it is editable only while drafting
 *   (signtype 1), when the drafter is the one signing; afterwards it is the record of the draft;
 * - a finished node shows its signature image and is read-only once it has content; one without
 *   content stays open only where the current node is open (2 and 3), never while drafting;
 * - the pending (current) node is editable for 2 and 3 and read-only for 1; the nodes after it
 *   are read-only;
 * - signtype 3 adds an opinion row labelled with the current node name.
 */
export function computeSignFooter(
  signtype: unknown,
  detail: ApprovalDetailBO | undefined,
  drafterText: string = DRAFTER_DEFAULT_SIGN_TEXT,
): SignFooter {
  const mode = parseApprovalSignType(signtype);
  if (mode === undefined || mode === APPROVAL_SIGN_TYPES.NONE) return HIDDEN;
  const nodeOpen =
    mode === APPROVAL_SIGN_TYPES.VIEWING_PENDING || mode === APPROVAL_SIGN_TYPES.APPROVING;
  const base = { current: false, maxLength: APPROVAL_SIGN_MAX_LENGTH };
  const rows: SignFooterRow[] = [
    {
      ...base,
      kind: 'drafter',
      label: DRAFTER_ROW_LABEL,
      text: drafterText.trim() === '' ? DRAFTER_DEFAULT_SIGN_TEXT : drafterText,
      signUrl: detail?.creatorSignUrl ?? null,
      editable: mode === APPROVAL_SIGN_TYPES.DRAFTING,
    },
  ];
  for (const n of detail?.approvalNodeList ?? []) {
    rows.push({
      ...base,
      kind: 'finished',
      nodeId: n.nodeId,
      label: n.nodeName,
      text: n.content,
      signUrl: n.approvalUserSignUrl,
      editable: n.content.trim() === '' && nodeOpen,
    });
  }
  const currentName = detail?.currentNodeName ?? '';
  // The current node is the first pending node of that name (names are not unique ids).
  const currentIndex = (detail?.unApprovalList ?? []).findIndex((n) => n.nodeName === currentName);
  (detail?.unApprovalList ?? []).forEach((n, i) => {
    const current = i === currentIndex;
    rows.push({
      ...base,
      kind: 'pending',
      nodeId: n.nodeId,
      label: n.nodeName,
      text: '',
      signUrl: null,
      current,
      editable: current && nodeOpen,
    });
  });
  if (mode === APPROVAL_SIGN_TYPES.APPROVING) {
    rows.push({
      ...base,
      kind: 'opinion',
      label: currentName === '' ? OPINION_ROW_FALLBACK_LABEL : currentName,
      text: '',
      signUrl: null,
      editable: true,
    });
  }
  return { visible: true, rows };
}
