/** The limits of 000 §5 and 001 §5 that approval forms apply, in characters. */

/** An input field's max length unless the field sets its own. */
export const TEMPLATE_INPUT_MAX_LENGTH = 50;
/** A textarea's max length unless the field sets its own. */
export const TEMPLATE_TEXTAREA_MAX_LENGTH = 1000;
/** The template-level default some templates use for both inputs and textareas. */
export const TEMPLATE_COMPACT_MAX_LENGTH = 150;
/** The approval sign text and the opinion. */
export const APPROVAL_SIGN_MAX_LENGTH = 20;
/** A textarea grows from 5 to 10 rows. */
export const TEMPLATE_TEXTAREA_AUTOSIZE = { minRows: 5, maxRows: 10 } as const;
/** A report-request item name. */
export const REPORT_ITEM_NAME_MAX_LENGTH = 35;
/** The archive borrowing confidentiality pledge. */
export const ARCHIVE_PLEDGE_MAX_LENGTH = 1200;
/** The archive borrowing's purpose. */
export const ARCHIVE_PURPOSE_MAX_LENGTH = 200;
/** A task sheet remark (001 §5). */
export const TASK_SHEET_REMARK_MAX_LENGTH = 5200;
/** The date format of every date field. */
export const APPROVAL_DATE_FORMAT = 'yyyy-MM-dd';

/**
 * Length as a person counts it: in code points, so a character outside the BMP counts once. A
 * browser's maxlength counts UTF-16 units, which is never fewer, so what the web lets through
 * always passes here.
 */
export const approvalTextLength = (s: string): number => [...s].length;
