import type { ClosedCase } from '../../closing/closing.js';
import type { FundPerform, FundPlan } from '../../fund-plan/fund-plan.js';
import type { Lixiang } from '../../contract/lixiang.js';
import type { LixiangChange } from '../../contract/lixiang-change.js';
import type { DesignTask } from '../../task/task.js';
import type { ContractDocumentRecord } from '../../documents/contract-document.repository.port.js';
import { contractDocumentSheet } from './document-sheets.js';
import { PAYMENT_CONTRACT_LABELS } from '../../fund-pay/fund-pay-approval.js';
import type { UnitOfWork } from '../../platform/unit-of-work.port.js';
import { personNameOf } from '../../platform/person-name.js';
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
import {
  contractChangeSheet,
  contractChildSheet,
  contractSheet,
  lixiangChangeSheet,
  lixiangSheet,
  type ContractChangeSheetFacts,
  type ContractChildSheetFacts,
  type ContractSheetFacts,
} from './contract-sheets.js';
import { designTaskSheet, resultSealSheet, type ResultSealSheetFacts } from './task-sheets.js';
import {
  archiveBorrowSheet,
  invoiceSheet,
  type ArchiveBorrowSheetFacts,
  type InvoiceSheetFacts,
} from './office-sheets.js';

/** A linked record as its sheet reads it, by kind. */
export type SheetFacts =
  | { readonly kind: 'loan'; readonly facts: LoanSheetFacts }
  | { readonly kind: 'closing'; readonly facts: ClosedCase }
  | { readonly kind: 'fundPay'; readonly facts: FundPaySheetFacts }
  | { readonly kind: 'fundPlan'; readonly facts: FundPlan }
  | { readonly kind: 'fundPerform'; readonly facts: FundPerform }
  | { readonly kind: 'contract'; readonly facts: ContractSheetFacts }
  | { readonly kind: 'lixiang'; readonly facts: Lixiang }
  | { readonly kind: 'contractChange'; readonly facts: ContractChangeSheetFacts }
  | { readonly kind: 'lixiangChange'; readonly facts: LixiangChange }
  | { readonly kind: 'contractChild'; readonly facts: ContractChildSheetFacts }
  | { readonly kind: 'designTask'; readonly facts: DesignTask }
  | { readonly kind: 'resultSeal'; readonly facts: ResultSealSheetFacts }
  | { readonly kind: 'invoice'; readonly facts: InvoiceSheetFacts }
  | { readonly kind: 'archiveBorrow'; readonly facts: ArchiveBorrowSheetFacts }
  | { readonly kind: 'contractDocument'; readonly facts: ContractDocumentRecord };

/**
 * Reads a linked record's figures now (not as they were when it was sent): whoever may see the
 * approval reads its record through it, whatever their own data scope of the record.
 */
export interface ApprovalSheetSource {
  /** Null when the kind has no reader here, or the record is gone. */
  factsOf(recordKind: string, recordId: string, typeCode: string): Promise<SheetFacts | null>;
  /** The institute's time zone: instants on a sheet are its clock. */
  timeZone(): Promise<string>;
  /**
   * The display names (nick names) of users by their login names; a login it does not know is
   * left out. Absent, the sheet shows the logins the records keep.
   */
  nickNames?(userNames: readonly string[]): Promise<Readonly<Record<string, string>>>;
}

/** The figures that name a person by the login the record keeps (申请人, 借阅人 ...). */
const PERSON_KEYS: ReadonlySet<string> = new Set(['createBy']);

/** The sheet with each person named as people know them, not by login. */
async function withNames(
  sheet: ApprovalSheet,
  source: ApprovalSheetSource,
): Promise<ApprovalSheet> {
  if (source.nickNames === undefined) return sheet;
  const logins = sheet.sections.flatMap((s) =>
    s.figures.filter((f) => PERSON_KEYS.has(f.key) && f.value !== '').map((f) => f.value),
  );
  if (logins.length === 0) return sheet;
  const names = await source.nickNames([...new Set(logins)]);
  return {
    ...sheet,
    sections: sheet.sections.map((s) => ({
      ...s,
      figures: s.figures.map((f) =>
        PERSON_KEYS.has(f.key) && f.value !== ''
          ? { ...f, value: personNameOf(f.value, names[f.value]) }
          : f,
      ),
    })),
  };
}

/** The one description of each kind's sheet (`typeCode` tells a task's 3_x sheet from its 4_x). */
export function describeSheet(facts: SheetFacts, zone: string, typeCode = ''): ApprovalSheet {
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
    case 'contract':
      return contractSheet(facts.facts, typeCode);
    case 'lixiang':
      return lixiangSheet(facts.facts);
    case 'contractChange':
      return contractChangeSheet(facts.facts);
    case 'lixiangChange':
      return lixiangChangeSheet(facts.facts);
    case 'contractChild':
      return contractChildSheet(facts.facts);
    case 'designTask':
      return designTaskSheet(facts.facts, typeCode);
    case 'resultSeal':
      return resultSealSheet(facts.facts);
    case 'invoice':
      return invoiceSheet(facts.facts, zone);
    case 'archiveBorrow':
      return archiveBorrowSheet(facts.facts, zone);
    case 'contractDocument':
      return contractDocumentSheet(facts.facts);
  }
}

/**
 * Labels a form once stored under another field's words, read in today's: a payment contract
 * (16_x) was filed on the contract form, its payment under 合同金额 and its pay day under 签订日期;
 * its sheet, read from the form when the payment is gone, says 本次付款金额 and 付款日期.
 */
const RELABELLED: Readonly<
  Record<string, Readonly<Record<string, Readonly<Record<string, string>>>>>
> = {
  '16_': {
    totalAmount: { '合同金额（万元）': PAYMENT_CONTRACT_LABELS.totalAmount },
    signTime: { 签订日期: PAYMENT_CONTRACT_LABELS.signTime },
  },
};

export function withCurrentLabels(typeCode: string, content: TemplateContent): TemplateContent {
  const map = Object.entries(RELABELLED).find(([prefix]) => typeCode.startsWith(prefix))?.[1];
  if (map === undefined) return content;
  return Object.fromEntries(
    Object.entries(content).map(([key, e]) => {
      const now = map[key]?.[e.label];
      return [key, now === undefined ? e : { ...e, label: now }];
    }),
  );
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
      if (facts === null)
        return sheetFromContent(
          approvalTypeLabel(a.typeCode),
          withCurrentLabels(a.typeCode, a.content),
          link,
        );
      const sheet = describeSheet(facts, zone, a.typeCode);
      // A section with nothing in it (a seal naming no result) is not printed as an empty box.
      const sections = sheet.sections.filter((s) => s.figures.length > 0);
      return withNames({ ...sheet, sections, ...link }, sheets);
    });
  }
}
