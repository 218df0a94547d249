import type { ApprovalDetail } from '../approval/approval-detail.js';
import type { ApprovalSheet } from '../approval/sheets/approval-sheet.js';
import type { PrintedHistoryRow, PrintedWaitingNode } from '../approval/sheets/approval-history.js';
import type { ContractDocValues } from './contract-doc-fields.js';
import type { ContractDocType } from './contract-doc-type.js';

/**
 * What the print service is asked to print. One shape shared by the three parts that print: the
 * API builds it from stored records, the print service hands it unchanged to the web's print page
 * (`web/print.html`), and that page renders it with the same components the document screens use,
 * so the PDF and the screen are one layout.
 */
export type PrintPayload = ContractDocumentPrint | ApprovalSheetPrint | ContractRecordPrint;

/**
 * Printed from an approved record (its approval passed): the institute signs the PDF digitally
 * (PAdES). Part of the payload, so it is part of the PDF's identity (its hash): the PDF printed
 * before the approval ended is never served for the approved one.
 */
export const isIssuedPrint = (payload: PrintPayload): boolean => payload.issued === true;

/** A filled contract document (types 1, 2, 3, 6, 7, 8), read-only, with its signatures. */
export interface ContractDocumentPrint {
  readonly kind: 'contractDocument';
  readonly type: ContractDocType;
  readonly contractName: string;
  readonly values: ContractDocValues;
  /** The approval that signed it, when there is one: its rows become the signature footer. */
  readonly approval: ApprovalDetail | null;
  /**
   * The 拟稿人 row of the sign footer: who drafted it, by name, and when (yyyy-MM-dd HH:mm on the
   * institute's clock): the approval's drafter once submitted, else the document's author.
   */
  readonly drafter: { readonly name: string; readonly time: string };
  /** Seal images to stamp on the document, inlined as data: URLs (the page fetches nothing). */
  readonly sealImages: readonly string[];
  /** Its approval passed: the PDF is signed by the institute (isIssuedPrint). */
  readonly issued?: true;
}

/** An approval sheet: the form's title and fields as label/value rows, then a row per node. */
export interface ApprovalSheetPrint {
  readonly kind: 'approvalSheet';
  readonly title: string;
  readonly approvalNo: string;
  readonly creatorName: string;
  readonly createTime: string;
  readonly statusText: string;
  readonly fields: readonly { readonly label: string; readonly value: string }[];
  readonly approval: ApprovalDetail;
  /**
   * What is being approved, by section (the detail screen's sheet); when present the page prints
   * it instead of `fields`, which then hold the same rows flat.
   */
  readonly sheet?: ApprovalSheet;
  /** The nodes still waiting, each with who holds it by name. */
  readonly waiting?: readonly PrintedWaitingNode[];
  /** Every action of every round, oldest first, times on the institute's clock. */
  readonly history?: readonly PrintedHistoryRow[];
  /** The approval passed: the PDF is signed by the institute (isIssuedPrint). */
  readonly issued?: true;
}

/**
 * A formal contract as finance files it: the institute's header, the contract's number, name and
 * department, then the sheet of the approval that made it formal, printed as the approval sheet
 * prints (the record's figures by section, a signature row per node, every round), so the two
 * never disagree. Only a formal contract prints, so it is always issued (signed by the
 * institute).
 */
export interface ContractRecordPrint {
  readonly kind: 'contractRecord';
  /** The institute's name (签约主体, config `signBySub`), the header of the page. */
  readonly institute: string;
  readonly contractNo: string;
  readonly contractName: string;
  /** The contract's department by name (empty when it has none). */
  readonly deptName: string;
  /** The approving approval's sheet, as `approvalSheet` prints it. */
  readonly approvalSheet: Omit<ApprovalSheetPrint, 'kind' | 'issued'>;
  readonly issued?: true;
}

/**
 * The print page's contract with whoever drives it: `window.renderPrint(payload)` renders and
 * resolves once fonts and images have loaded; the page then carries `data-print-ready="1"` on
 * <html>. Signature and seal image addresses in the payload must be data: URLs, so the page never
 * needs a session to fetch them.
 */
export const PRINT_READY_ATTRIBUTE = 'data-print-ready';
export const PRINT_RENDER_FUNCTION = 'renderPrint';
