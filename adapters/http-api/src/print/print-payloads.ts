import {
  formatInstant,
  inlineImageSource,
  APPROVAL_STATUS,
  APPROVAL_STATUS_LABELS,
  historyRows,
  sheetRows,
  toContractDocValues,
  waitingNodes,
  type ApprovalDetail,
  type ApprovalDetailAnswer,
  type ApprovalSheet,
  type ApprovalSheetPrint,
  contentText,
  type ContractDocFieldName,
  type ContractDocType,
  type ContractDocumentPrint,
  type ContractRecordPrint,
} from '@dpms/core';

/** A stored signature image, as the signature repository reads it. */
export interface SignatureImageBytes {
  readonly contentType: string;
  readonly data: Uint8Array;
}

/** What building a payload reads besides the approval: names of users and signature images. */
export interface PrintSources {
  /** Display names (nickName) by user id; a missing user is left out. */
  userNames(ids: Iterable<string>): Promise<Record<string, string>>;
  readSignature(fileId: string): Promise<SignatureImageBytes | null>;
  /** The institute's time zone (config `sys.institute.timeZone`): printed times are its clock. */
  timeZone(): Promise<string>;
}

/** The signature image address the approval engine stores: `/prod-api/system/user/profile/signature/<fileId>`. */
const SIGNATURE_URL = /\/system\/user\/profile\/signature\/([A-Za-z0-9_-]{1,64})$/;

/**
 * A signature image as a data: URL, so the print page needs no session to show it. An address
 * that is not a stored signature, or one whose file is gone, prints no image (null).
 */
async function inlineSignature(url: string | null, sources: PrintSources): Promise<string | null> {
  if (url === null || url === '') return null;
  // Only an inlined png or jpeg passes as it is: not an SVG, not HTML.
  if (url.startsWith('data:')) return inlineImageSource(url) ?? null;
  const fileId = SIGNATURE_URL.exec(url)?.[1];
  if (fileId === undefined) return null;
  const image = await sources.readSignature(fileId);
  if (image === null) return null;
  return `data:${image.contentType};base64,${Buffer.from(image.data).toString('base64')}`;
}

type LogEntry = ApprovalDetailAnswer['log'][number];

/**
 * The log entry behind each signed row of approvalDetailBO, in the same order: the approvals and
 * rejections of the current round, less the rows a return to an earlier node dropped (the rule of
 * core's buildApprovalDetailBO, which builds the rows from the same log).
 */
function signedEntries(answer: ApprovalDetailAnswer): readonly LogEntry[] {
  const nodes = answer.approval.nodes;
  const indexOf = (nodeId: string | null) => nodes.findIndex((n) => n.nodeId === nodeId);
  let rows: { index: number; entry: LogEntry }[] = [];
  for (const e of answer.log) {
    if (e.round !== answer.approval.round) continue;
    if (e.action === 'return') {
      const to = indexOf(e.target);
      rows = rows.filter((r) => r.index < to);
    } else if ((e.action === 'approve' || e.action === 'reject') && e.nodeId !== null) {
      rows.push({ index: indexOf(e.nodeId), entry: e });
    }
  }
  return rows.map((r) => r.entry);
}

/**
 * yyyy-MM-dd HH:mm on the institute's clock in `zone`; other text as it is. The one rule of
 * core (`formatInstant`), so paper, screen and export read the same minute.
 */
export function printedTime(iso: string | null | undefined, zone: string): string {
  return formatInstant(iso, zone);
}

/**
 * The approval as printed: each signed row carries its signer's name and time (as
 * `approvalUserName` and `approvalTime`, which the print page shows) and its image inline.
 */
export async function printableApproval(
  answer: ApprovalDetailAnswer,
  sources: PrintSources,
): Promise<ApprovalDetail> {
  const bo = answer.approvalDetailBO;
  const entries = signedEntries(answer);
  const aligned = entries.length === bo.approvalNodeList.length;
  const notes = bo.nodeNotes ?? [];
  const names = await sources.userNames([
    ...entries.map((e) => e.actorId),
    ...notes.flatMap((n) => n.assignees),
  ]);
  const zone = await sources.timeZone();
  const approvalNodeList = await Promise.all(
    bo.approvalNodeList.map(async (row, i) => {
      const entry = aligned
        ? entries[i]
        : [...entries].reverse().find((e) => e.nodeId === row.nodeId);
      return {
        ...row,
        approvalUserSignUrl: await inlineSignature(row.approvalUserSignUrl, sources),
        approvalUserName: entry ? (names[entry.actorId] ?? '') : '',
        approvalTime: printedTime(entry?.createTime, zone),
      };
    }),
  );
  return {
    approvalDetailBO: {
      ...bo,
      creatorSignUrl: await inlineSignature(bo.creatorSignUrl, sources),
      approvalNodeList,
      // The nodes the separation-of-duties rule changed, with the names of who holds them now.
      nodeNotes: notes.map((n) => ({
        ...n,
        assigneeNames: n.assignees.map((u) => names[u] ?? u),
      })),
    },
    attachmentList: answer.attachmentList,
    // Images other than signatures would need a session to fetch; the sheet prints none yet.
    sealImagesList: [],
    imgFiles: [],
    currentSignRecord: null,
  };
}

/**
 * An approval sheet: what is being approved (the record's sheet when there is one, else the
 * form's fields) as label/value rows, a row per signed node, who holds each waiting node, and
 * every round of the history.
 */
export async function approvalSheetPrint(
  answer: ApprovalDetailAnswer,
  sources: PrintSources,
  sheet?: ApprovalSheet,
): Promise<ApprovalSheetPrint> {
  const a = answer.approval;
  const names = await sources.userNames([
    a.drafterId,
    ...a.nodes.flatMap((n) => n.assignees),
    ...answer.log.map((e) => e.actorId),
    ...answer.log.flatMap((e) =>
      e.target !== null && (e.action === 'transfer' || e.action === 'cc') ? [e.target] : [],
    ),
  ]);
  const nameOf = (id: string) => names[id] ?? id;
  const zone = await sources.timeZone();
  return {
    kind: 'approvalSheet',
    title: a.title || a.typeName,
    approvalNo: a.approvalId,
    creatorName: names[a.drafterId] ?? '',
    createTime: printedTime(a.submitTime ?? a.createTime, zone),
    statusText: APPROVAL_STATUS_LABELS[a.status],
    fields:
      sheet === undefined
        ? Object.values(a.content).map((e) => ({ label: e.label, value: contentText(e) }))
        : [...sheetRows(sheet)],
    approval: await printableApproval(answer, sources),
    ...(sheet === undefined ? {} : { sheet }),
    waiting: [...waitingNodes(answer.approvalDetailBO, nameOf)],
    history: [...historyRows(answer.log, nameOf, zone)],
    ...(a.status === APPROVAL_STATUS.APPROVED ? { issued: true as const } : {}),
  };
}

/** A stored contract document, as much of it as printing reads. */
export interface PrintableDocument {
  readonly documentId: number;
  readonly docType: ContractDocType;
  readonly contractName: string;
  readonly values: Readonly<Partial<Record<ContractDocFieldName, string>>>;
  readonly approvalId: string | null;
  /** The author by name, the 拟稿人 before the document goes into approval. */
  readonly createByName: string;
  readonly createTime: Date;
}

/** A contract document with the signatures of its approval (none before it is submitted). */
export async function contractDocumentPrint(
  doc: PrintableDocument,
  approval: ApprovalDetailAnswer | null,
  sources: PrintSources,
): Promise<ContractDocumentPrint> {
  const values = toContractDocValues(doc.values);
  const zone = await sources.timeZone();
  const a = approval?.approval;
  // Once submitted, the approval's drafter signs the 拟稿人 row, as on the approval sheet.
  const drafter =
    a === undefined
      ? { name: doc.createByName, time: printedTime(doc.createTime.toISOString(), zone) }
      : {
          name: (await sources.userNames([a.drafterId]))[a.drafterId] ?? doc.createByName,
          time: printedTime(a.submitTime ?? a.createTime, zone),
        };
  return {
    kind: 'contractDocument',
    type: doc.docType,
    contractName: doc.contractName || values.contractName,
    values: { ...values, contractName: doc.contractName || values.contractName },
    approval: approval === null ? null : await printableApproval(approval, sources),
    drafter,
    sealImages: [],
    ...(a?.status === APPROVAL_STATUS.APPROVED ? { issued: true as const } : {}),
  };
}

/** A formal contract as much of it as its PDF's header reads. */
export interface PrintableContract {
  readonly contractNo: string;
  readonly contractName: string;
  readonly deptName: string;
}

/**
 * A formal contract: its header over the sheet of the approval that made it formal, that sheet
 * built as the approval's own PDF builds it (`approvalSheetPrint`), so the record's figures, the
 * signatures and the history are printed once, one way.
 */
export function contractRecordPrint(
  contract: PrintableContract,
  sheet: ApprovalSheetPrint,
  institute: string,
): ContractRecordPrint {
  const { kind: _kind, issued, ...approvalSheet } = sheet;
  void _kind;
  return {
    kind: 'contractRecord',
    institute,
    contractNo: contract.contractNo,
    contractName: contract.contractName,
    deptName: contract.deptName,
    approvalSheet,
    ...(issued ? { issued } : {}),
  };
}
