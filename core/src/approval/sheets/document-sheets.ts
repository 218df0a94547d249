import {
  CONTRACT_DOC_FIELDS_BY_TYPE,
  contractDocFieldSpec,
} from '../../documents/contract-doc-fields.js';
import { contractDocTitle } from '../../documents/contract-doc-titles.js';
import type { ContractDocumentRecord } from '../../documents/contract-document.repository.port.js';
import { contractDocumentValues } from '../../documents/contract-document.use-case.js';
import { APPROVAL_STATUS_LABELS } from '../approval-status.js';
import { figure, type ApprovalSheet, type SheetFigure } from './approval-sheet.js';

/*
 * The sheet of a contract document (the typed contracts of 001 §2-§5, sent as 5_x): the document's
 * own fields under their own labels, in the type's reading order, the parties apart.
 */

const AMOUNT_LABEL = /（万元）$/;

/** 付款合同 (5_x) of a contract document: its parties, its subject, its amount and dates. */
export function contractDocumentSheet(doc: ContractDocumentRecord): ApprovalSheet {
  const values = contractDocumentValues(doc);
  const parties: SheetFigure[] = [];
  const body: SheetFigure[] = [];
  for (const field of CONTRACT_DOC_FIELDS_BY_TYPE[doc.docType]) {
    const spec = contractDocFieldSpec(doc.docType, field);
    const value = values[field];
    // Ids travel with their names (the contract, the stage, the discipline): the name is shown.
    if (spec.kind === 'reference') continue;
    // A party's blank bank or phone says nothing to an approver.
    if (spec.party !== undefined && value === '') continue;
    const f =
      spec.kind === 'amount'
        ? figure.amount(field, spec.label.replace(AMOUNT_LABEL, ''), value)
        : figure.text(field, spec.label, value);
    (spec.party === undefined ? body : parties).push(f);
  }
  body.push(
    figure.text('createBy', '申请人', doc.createBy),
    figure.text('status', '状态', APPROVAL_STATUS_LABELS[doc.status] ?? ''),
  );
  return {
    recordKind: null,
    recordId: String(doc.documentId),
    source: 'record',
    title: contractDocTitle(doc.docType),
    sections: [
      { title: '合同内容', figures: body },
      { title: '合同当事人', figures: parties },
    ],
  };
}
