import {
  FILE_FIELD_TYPES,
  type ApprovalSheet,
  type TemplateContent,
  type TemplateSection,
} from '@dpms/core';

/**
 * Which the detail shows, the record's sheet or the form: a sheet read from the linked record
 * always (its figures under their own labels, not the form's: a payment is 本次付款金额, never
 * 合同金额); the form as filed when the form's sections show every field it holds, else the
 * sheet of that form (its own labels), so a record's form under a template that does not name
 * its fields (a loan under 通用审批) is never shown blank.
 */
export function sheetShown(
  sheet: ApprovalSheet | undefined,
  content: TemplateContent,
  sections: readonly TemplateSection[],
): ApprovalSheet | undefined {
  if (sheet === undefined) return undefined;
  if (sheet.source === 'record') return sheet;
  const shown = new Set(sections.flatMap((s) => s.fields.map((f) => f.refname)));
  const hidden = Object.entries(content).some(
    ([refname, e]) => !FILE_FIELD_TYPES.includes(e.type) && !shown.has(refname),
  );
  return hidden ? sheet : undefined;
}
