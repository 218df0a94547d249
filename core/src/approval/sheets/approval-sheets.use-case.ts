import type { ClosedCase } from '../../closing/closing.js';
import type { FundPerform, FundPlan } from '../../fund-plan/fund-plan.js';
import type { UnitOfWork } from '../../platform/unit-of-work.port.js';
import { approvalTypeLabel } from '../approval-type-catalogue.js';
import type { TemplateContent } from '../template.js';
import { sheetFromContent, type ApprovalSheet } from './approval-sheet.js';
import {
  fundPaySheet,
  fundPerformSheet,
  fundPlanSheet,
  type FundPaySheetFacts,
} from './fund-sheets.js';
import { closingSheet, loanSheet, type LoanSheetFacts } from './money-sheets.js';

/** A linked record as its sheet reads it, by kind. */
export type SheetFacts =
  | { readonly kind: 'loan'; readonly facts: LoanSheetFacts }
  | { readonly kind: 'closing'; readonly facts: ClosedCase }
  | { readonly kind: 'fundPay'; readonly facts: FundPaySheetFacts }
  | { readonly kind: 'fundPlan'; readonly facts: FundPlan }
  | { readonly kind: 'fundPerform'; readonly facts: FundPerform };

/**
 * Reads a linked record's figures now (not as they were when it was sent): whoever may see the
 * approval reads its record through it, whatever their own data scope of the record.
 */
export interface ApprovalSheetSource {
  /** Null when the kind has no reader here, or the record is gone. */
  factsOf(recordKind: string, recordId: string, typeCode: string): Promise<SheetFacts | null>;
  /** The institute's time zone: instants on a sheet are its clock. */
  timeZone(): Promise<string>;
}

/** The one description of each kind's sheet. */
export function describeSheet(facts: SheetFacts, zone: string): ApprovalSheet {
  switch (facts.kind) {
    case 'loan':
      return loanSheet(facts.facts, zone);
    case 'closing':
      return closingSheet(facts.facts, zone);
    case 'fundPay':
      return fundPaySheet(facts.facts, zone);
    case 'fundPlan':
      return fundPlanSheet(facts.facts, zone);
    case 'fundPerform':
      return fundPerformSheet(facts.facts, zone);
  }
}

/** What the sheet of one approval is built from. */
export interface SheetSubject {
  readonly typeCode: string;
  readonly recordKind: string | null;
  readonly recordId: string | null;
  readonly content: TemplateContent;
}

/**
 * The sheet an approver reads: the linked record's figures read now, described by its kind; an
 * approval without a record, a kind without a description, or a record gone, shows its form as
 * filed (labels and values), so no sheet is blank while the form has something to say.
 */
export class ApprovalSheets {
  constructor(private readonly uow: UnitOfWork<{ readonly sheets: ApprovalSheetSource }>) {}

  sheetOf(a: SheetSubject): Promise<ApprovalSheet> {
    return this.uow.transaction(async ({ sheets }) => {
      const zone = await sheets.timeZone();
      const link = { recordKind: a.recordKind, recordId: a.recordId };
      const facts =
        a.recordKind === null || a.recordId === null
          ? null
          : await sheets.factsOf(a.recordKind, a.recordId, a.typeCode);
      if (facts === null) return sheetFromContent(approvalTypeLabel(a.typeCode), a.content, link);
      return { ...describeSheet(facts, zone), ...link };
    });
  }
}
