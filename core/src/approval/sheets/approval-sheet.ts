import { toAmountString } from '../../money/amount.js';
import { displayAmount } from '../../money/amount-display.js';
import { MoneyDecimal } from '../../money/money-decimal.js';
import { FILE_FIELD_TYPES, type ContentEntry, type TemplateContent } from '../template.js';

/*
 * What an approver signs: the linked record's figures with their labels, read from the record
 * when the sheet is shown. One description per record kind (the `…-sheets.ts` files beside this
 * one), rendered the same way by the detail screen, the printed sheet and the detail's answer.
 * The describers live together here, not in each record's slice, because they are one concern
 * (what the sheet says) read by one consumer (the approval detail), and the words must agree.
 */

/** The unit an amount or a rate is shown in; amounts are 万元 (DESIGN §3). */
export type SheetUnit = '万元' | '%';

/** One labelled figure of the record. */
export interface SheetFigure {
  /** The record's field it shows (`loanAmount`), so tests and screens can find it. */
  readonly key: string;
  /** The label in the spec's words, without its unit (`借款金额`). */
  readonly label: string;
  /**
   * Amounts as decimal strings in 万元, rates in percent, dates `yyyy-MM-dd`, instants as
   * `yyyy-MM-dd HH:mm` on the institute's clock; empty when the record has none.
   */
  readonly value: string;
  readonly unit?: SheetUnit;
  /** The figure before this record changed it (a fee before closing scales it). */
  readonly before?: string;
}

export interface SheetSection {
  readonly title: string;
  readonly figures: readonly SheetFigure[];
}

/** The sheet of one approval: its record's figures, by section. */
export interface ApprovalSheet {
  /** The record it was read from; null when the approval carries no record (read from its form). */
  readonly recordKind: string | null;
  readonly recordId: string | null;
  /**
   * `record`: described from the linked record by its kind's describer; `form`: the form's fields
   * as filed (no record, no describer for its kind, or the record is gone).
   */
  readonly source: 'record' | 'form';
  /** What is being approved (`借款协议`). */
  readonly title: string;
  readonly sections: readonly SheetSection[];
}

/** `借款金额（万元）`: the label with its unit, as every sheet prints it. */
export const sheetFigureLabel = (f: SheetFigure): string =>
  f.unit === undefined ? f.label : `${f.label}（${f.unit}）`;

/** The value as a sheet shows it: `-` for none, `3.3 → 1` when it shows what it was before. */
export function sheetFigureText(f: SheetFigure): string {
  // Amounts as people read them (grouped, at most four decimals); the stored six stay in `value`.
  const shown = (v: string) => (v === '' ? '-' : f.unit === '万元' ? displayAmount(v) : v);
  return f.before === undefined ? shown(f.value) : `${shown(f.before)} → ${shown(f.value)}`;
}

/** Every figure of the sheet as label/value rows, in order (the printed sheet's rows). */
export const sheetRows = (
  sheet: ApprovalSheet,
): readonly { readonly label: string; readonly value: string }[] =>
  sheet.sections.flatMap((s) =>
    s.figures.map((f) => ({ label: sheetFigureLabel(f), value: sheetFigureText(f) })),
  );

/** The figure `key` of a sheet, if it shows one. */
export const sheetFigure = (sheet: ApprovalSheet, key: string): SheetFigure | undefined =>
  sheet.sections.flatMap((s) => s.figures).find((f) => f.key === key);

/** A figure builder: an amount in 万元, a rate in %, or plain text. */
export const figure = {
  amount: (key: string, label: string, value: string, before?: string): SheetFigure => ({
    key,
    label,
    value,
    unit: '万元',
    ...(before === undefined ? {} : { before }),
  }),
  rate: (key: string, label: string, percent: string): SheetFigure => ({
    key,
    label,
    value: percent,
    unit: '%',
  }),
  text: (key: string, label: string, value: string): SheetFigure => ({ key, label, value }),
};

/** A rate stored as a decimal fraction ('0.03') in percent ('3'), as a sheet shows it; '' stays ''. */
export const fractionPercent = (fraction: string | null | undefined): string =>
  fraction === null || fraction === undefined || fraction.trim() === ''
    ? ''
    : toAmountString(new MoneyDecimal(fraction).times(100), 4);

const UNIT_SUFFIX = /（(万元|%)）$/;

/** A form field's value as text (lists of names or files joined with 、, blanks left out). */
export function contentText(e: ContentEntry): string {
  const v = e.value;
  if (typeof v === 'string') return e.selectValue && v === '' ? e.selectValue : v;
  return (v as readonly unknown[])
    .map((x) =>
      typeof x === 'string'
        ? x
        : typeof x === 'object' && x !== null
          ? String(
              (x as { name?: string; fileName?: string }).name ??
                (x as { fileName?: string }).fileName ??
                '',
            )
          : '',
    )
    .filter((s) => s !== '')
    .join('、');
}

/**
 * The sheet of a record kind with no description of its own (or whose record is gone): the form
 * as it was filed, each field with its label; a label ending in （万元） or （%） is read as that
 * unit. Files are left out: the detail lists them as attachments.
 */
export function sheetFromContent(
  title: string,
  content: TemplateContent,
  record: { readonly recordKind: string | null; readonly recordId: string | null },
): ApprovalSheet {
  const figures = Object.entries(content)
    .filter(([, e]) => !FILE_FIELD_TYPES.includes(e.type))
    .map(([key, e]): SheetFigure => {
      const unit = UNIT_SUFFIX.exec(e.label)?.[1] as SheetUnit | undefined;
      const label = unit === undefined ? e.label : e.label.replace(UNIT_SUFFIX, '');
      return { key, label, value: contentText(e), ...(unit === undefined ? {} : { unit }) };
    });
  return {
    recordKind: record.recordKind,
    recordId: record.recordId,
    source: 'form',
    title,
    sections: figures.length === 0 ? [] : [{ title: '表单内容', figures }],
  };
}
