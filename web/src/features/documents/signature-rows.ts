import {
  APPROVAL_SIGN_TYPES,
  DEFAULT_INSTITUTE_TIME_ZONE,
  computeSignFooter,
  formatInstant,
  type ApprovalDetail,
  type ApprovalNodeRecord,
} from '@dpms/core';

/** One signature row as printed: the node, who signed, the opinion, the image and when. */
export interface SignatureRowView {
  readonly key: string;
  readonly node: string;
  readonly name: string;
  readonly opinion: string;
  readonly signUrl: string | null;
  readonly time: string;
  /** A node still to sign: printed as an empty row. */
  readonly pending: boolean;
}

/**
 * The signer's name and the signing time are not among the spec's node fields (000 §3 lists
 * nodeId, nodeName, content, approvalUserSignUrl); when the server adds them under one of these
 * names they are shown, otherwise the row shows the node and the signature image alone.
 */
const NAME_KEYS = ['approvalUserName', 'userName', 'nickName', 'signUserName'] as const;
const TIME_KEYS = ['approvalTime', 'signTime', 'createTime', 'updateTime'] as const;

const extra = (record: object | undefined, keys: readonly string[]): string => {
  if (record === undefined) return '';
  const bag = record as Record<string, unknown>;
  for (const key of keys) {
    const value = bag[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return '';
};

/**
 * yyyy-MM-dd HH:mm of a timestamp on the institute's clock in `zone` (core's one rule); a time
 * the server already wrote for people (`yyyy-MM-dd HH:mm[:ss]`, as the print payload carries it)
 * keeps its minute; other text is shown as it is.
 */
export const signTimeText = (value: string, zone: string = DEFAULT_INSTITUTE_TIME_ZONE): string => {
  const shown = formatInstant(value, zone);
  if (shown !== value) return shown;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})/.exec(value);
  return match === null ? value : `${match[1]} ${match[2]}`;
};

export interface DrafterInfo {
  readonly name?: string;
  readonly time?: string;
  readonly text?: string;
}

/**
 * The rows of an approval's signature block, in the sign footer's order (approval core's
 * `computeSignFooter`): the drafter, each node that has signed, then the nodes still to sign.
 * A printed or read-only document is "viewing with pending nodes" (signtype 2) unless a signtype
 * is given; the opinion row of signtype 3 is an input of the approval screen, not a printed row.
 */
export function signatureRowsOf(
  detail: ApprovalDetail | null | undefined,
  drafter: DrafterInfo = {},
  signtype: unknown = APPROVAL_SIGN_TYPES.VIEWING_PENDING,
  zone: string = DEFAULT_INSTITUTE_TIME_ZONE,
): readonly SignatureRowView[] {
  const footer = computeSignFooter(signtype, detail?.approvalDetailBO, drafter.text);
  if (!footer.visible) return [];
  const signed: readonly ApprovalNodeRecord[] = detail?.approvalDetailBO.approvalNodeList ?? [];
  let finishedIndex = 0;
  const rows: SignatureRowView[] = [];
  footer.rows.forEach((row, i) => {
    if (row.kind === 'opinion') return;
    const record = row.kind === 'finished' ? signed[finishedIndex++] : undefined;
    rows.push({
      key: `${row.kind}-${row.nodeId ?? ''}-${i}`,
      node: row.label,
      name: row.kind === 'drafter' ? (drafter.name ?? '') : extra(record, NAME_KEYS),
      opinion: row.text,
      signUrl: row.signUrl,
      time: signTimeText(
        row.kind === 'drafter' ? (drafter.time ?? '') : extra(record, TIME_KEYS),
        zone,
      ),
      pending: row.kind === 'pending',
    });
  });
  return rows;
}

/** The opinion row of signing mode (signtype 3): labelled with the current node. */
export interface OpinionRowView {
  readonly label: string;
  readonly maxLength: number;
}

/**
 * The opinion row of the sign footer when the document is open for signing (signtype 3), as
 * core's `computeSignFooter` gives it; null in every other mode.
 */
export function opinionRowOf(
  detail: ApprovalDetail | null | undefined,
  signtype: unknown,
): OpinionRowView | null {
  const row = computeSignFooter(signtype, detail?.approvalDetailBO).rows.find(
    (r) => r.kind === 'opinion',
  );
  return row === undefined ? null : { label: row.label, maxLength: row.maxLength };
}
