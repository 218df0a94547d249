import { err, ok, type DomainError, type Result } from '../shared/result.js';
import { isUnlimited } from '../upload/file-count-limit.js';
import {
  TEMPLATE_INPUT_MAX_LENGTH,
  TEMPLATE_TEXTAREA_MAX_LENGTH,
  approvalTextLength,
} from './approval-limits.js';
import { contentMessages } from './approval-messages.js';
import { defaultOptionsOf } from './template-options.js';
import {
  DISPLAY_FIELD_TYPES,
  templateOptionValue,
  templateFields,
  type ContentEntry,
  type ContentValue,
  type OptionSource,
  type TemplateContent,
  type TemplateField,
  type TemplateFile,
  type TemplateOption,
  type ValidatableTemplate,
} from './template.js';

/** Trims a content value: strings, and each string of a list; files are left as they are. */
export function trimContentValue(value: ContentValue): ContentValue {
  if (typeof value === 'string') return value.trim();
  return value.map((v) => (typeof v === 'string' ? v.trim() : v)) as ContentValue;
}

/** Text inputs are trimmed (000 §5): every string value and selection of the content. Idempotent. */
export function trimTemplateContent(content: TemplateContent): TemplateContent {
  const out: Record<string, ContentEntry> = {};
  for (const [refname, entry] of Object.entries(content)) {
    out[refname] = {
      ...entry,
      value: trimContentValue(entry.value),
      ...(entry.selectValue === undefined ? {} : { selectValue: entry.selectValue.trim() }),
    };
  }
  return out;
}

/**
 * The max length of a field's text: its own maxlength, else the template-level default (the
 * templates that use 150 for both), else 50 for inputs and 1000 for textareas and the text area
 * of an optionInput. Read-only text (text, valueOption) has no limit unless the field sets one.
 */
export function fieldMaxLength(
  field: TemplateField,
  template: Pick<ValidatableTemplate, 'defaultMaxLength'> = {},
): number | undefined {
  if (field.maxlength !== undefined) return field.maxlength;
  switch (field.type) {
    case 'input':
      return template.defaultMaxLength ?? TEMPLATE_INPUT_MAX_LENGTH;
    case 'textarea':
    case 'textareas':
    case 'optionInput':
      return template.defaultMaxLength ?? TEMPLATE_TEXTAREA_MAX_LENGTH;
    default:
      return undefined;
  }
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const isLeapYear = (y: number): boolean => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** True for a real calendar date written yyyy-MM-dd (no 2月30日). */
export function isValidApprovalDate(s: string): boolean {
  const m = DATE_RE.exec(s);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, isLeapYear(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1] ?? 0;
  return d <= days;
}

/** Amounts travel as decimal strings in 万元 with at most 6 decimals (one 分), never negative. */
const AMOUNT_RE = /^\d+(\.\d{1,6})?$/;
const INTEGER_RE = /^\d+$/;
const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Multi-choice values arrive as a list, or as the comma-joined string the old forms stored. */
export function contentChoiceValues(value: ContentValue | undefined): readonly string[] {
  if (value === undefined) return [];
  if (typeof value === 'string') {
    return value
      .split(/[,，]/)
      .map((v) => v.trim())
      .filter((v) => v !== '');
  }
  return value.filter((v): v is string => typeof v === 'string' && v !== '');
}

function collectOptionValues(options: readonly TemplateOption[], into: Set<string>): Set<string> {
  for (const o of options) {
    into.add(templateOptionValue(o));
    if ('children' in o && o.children !== undefined) collectOptionValues(o.children, into);
  }
  return into;
}

export interface ValidateContentOptions {
  /**
   * Options of sources read at run time (dictionaries, departments, bank names); they replace
   * core's defaults. A source with neither inline options, defaults nor an entry here is not
   * checked for membership: the validator cannot know its values.
   */
  readonly optionSources?: Partial<Record<OptionSource, readonly TemplateOption[]>>;
  /** Accept content keys the template does not define (they are refused by default). */
  readonly allowUnknownFields?: boolean;
}

/** The values a field's choice must be among, or undefined when they are not known here. */
function allowedValues(
  field: TemplateField,
  options: ValidateContentOptions,
): ReadonlySet<string> | undefined {
  if (field.options !== undefined && field.options.length > 0) {
    return collectOptionValues(field.options, new Set());
  }
  if (field.optionsource === undefined) return undefined;
  const list = options.optionSources?.[field.optionsource] ?? defaultOptionsOf(field.optionsource);
  return list === undefined ? undefined : collectOptionValues(list, new Set());
}

const isFileList = (v: ContentValue): v is readonly TemplateFile[] =>
  Array.isArray(v) && v.every((f) => typeof f === 'object' && f !== null);

const isStringList = (v: ContentValue): v is readonly string[] =>
  Array.isArray(v) && v.every((s) => typeof s === 'string');

/**
 * Checks one field's entry (already trimmed). Returns the first problem, so each field reports
 * one message a person can act on.
 */
function validateField(
  field: TemplateField,
  entry: ContentEntry | undefined,
  template: ValidatableTemplate,
  options: ValidateContentOptions,
): DomainError | undefined {
  const { label, refname } = field;
  if (DISPLAY_FIELD_TYPES.includes(field.type)) return undefined;
  if (entry !== undefined && entry.type !== field.type) {
    return contentMessages.wrongShape(label, refname);
  }
  const value = entry?.value;
  const max = fieldMaxLength(field, template);
  const tooLong = (s: string) => max !== undefined && approvalTextLength(s) > max;

  switch (field.type) {
    case 'input':
    case 'textarea':
    case 'textareas': {
      if (value !== undefined && typeof value !== 'string' && !isStringList(value)) {
        return contentMessages.wrongShape(label, refname);
      }
      // textareas holds several texts; each obeys the textarea limit.
      const texts = value === undefined ? [] : typeof value === 'string' ? [value] : value;
      if (texts.every((t) => t === '')) {
        return field.required === true
          ? contentMessages.required(label, refname, '填写')
          : undefined;
      }
      if (texts.some(tooLong)) return contentMessages.maxLength(label, refname, max ?? 0);
      if (field.format !== undefined) {
        for (const t of texts) {
          if (t === '') continue;
          if (field.format === 'amount' && !AMOUNT_RE.test(t)) {
            return contentMessages.amountFormat(label, refname);
          }
          if (field.format === 'integer' && !INTEGER_RE.test(t)) {
            return contentMessages.integerFormat(label, refname);
          }
          if (field.format === 'month' && !MONTH_RE.test(t)) {
            return contentMessages.monthFormat(label, refname);
          }
        }
      }
      return undefined;
    }
    case 'option':
    case 'radioBox':
    case 'cascader': {
      // cascader: the value is the last id of the chosen path (000 §3).
      if (value !== undefined && typeof value !== 'string') {
        return contentMessages.wrongShape(label, refname);
      }
      if (value === undefined || value === '') {
        return field.required === true
          ? contentMessages.required(label, refname, '选择')
          : undefined;
      }
      const allowed = allowedValues(field, options);
      if (allowed !== undefined && !allowed.has(value)) {
        return contentMessages.notAnOption(label, refname);
      }
      return undefined;
    }
    case 'options':
    case 'checkbox': {
      if (value !== undefined && typeof value !== 'string' && !isStringList(value)) {
        return contentMessages.wrongShape(label, refname);
      }
      const chosen = contentChoiceValues(value);
      if (chosen.length === 0) {
        return field.required === true
          ? contentMessages.required(label, refname, '选择')
          : undefined;
      }
      const allowed = allowedValues(field, options);
      if (allowed !== undefined && chosen.some((v) => !allowed.has(v))) {
        return contentMessages.notAnOption(label, refname);
      }
      return undefined;
    }
    case 'optionInput': {
      // selectValue is the chosen option; value is the text typed once the choice contains
      // keyvalue (the select has turned into a text area).
      if (value !== undefined && typeof value !== 'string') {
        return contentMessages.wrongShape(label, refname);
      }
      const chosen = entry?.selectValue ?? '';
      if (chosen === '') {
        return field.required === true
          ? contentMessages.required(label, refname, '选择')
          : undefined;
      }
      const allowed = allowedValues(field, options);
      if (allowed !== undefined && !allowed.has(chosen)) {
        return contentMessages.notAnOption(label, refname);
      }
      const text = value ?? '';
      const freeText = field.keyvalue !== undefined && chosen.includes(field.keyvalue);
      if (freeText && text === '' && field.required === true) {
        return contentMessages.required(label, refname, '填写');
      }
      if (tooLong(text)) return contentMessages.maxLength(label, refname, max ?? 0);
      return undefined;
    }
    case 'valueOption': {
      // Read-only text with a select appended: the selection must be an option.
      if (value !== undefined && typeof value !== 'string') {
        return contentMessages.wrongShape(label, refname);
      }
      if (value !== undefined && tooLong(value)) {
        return contentMessages.maxLength(label, refname, max ?? 0);
      }
      const chosen = entry?.selectValue ?? '';
      if (chosen === '') {
        return field.required === true
          ? contentMessages.required(label, refname, '选择')
          : undefined;
      }
      const allowed = allowedValues(field, options);
      if (allowed !== undefined && !allowed.has(chosen)) {
        return contentMessages.notAnOption(label, refname);
      }
      return undefined;
    }
    case 'timeSelect': {
      if (value !== undefined && typeof value !== 'string') {
        return contentMessages.wrongShape(label, refname);
      }
      if (value === undefined || value === '') {
        return field.required === true
          ? contentMessages.required(label, refname, '选择')
          : undefined;
      }
      return isValidApprovalDate(value) ? undefined : contentMessages.dateFormat(label, refname);
    }
    case 'upload':
    case 'bigUpload':
    case 'uploadAlways': {
      if (value !== undefined && (typeof value === 'string' || !isFileList(value))) {
        return contentMessages.wrongShape(label, refname);
      }
      const count = value?.length ?? 0;
      if (count === 0) {
        return field.required === true
          ? contentMessages.required(label, refname, '上传')
          : undefined;
      }
      const limit = effectiveFileLimit(field);
      if (limit !== undefined && count > limit) {
        return contentMessages.fileLimit(label, refname, limit);
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The max file count of a file field, or undefined for no limit. The rule is the upload slice's
 * (one source of truth): 1 makes the field single, 0 and no limit both mean unlimited.
 */
export const effectiveFileLimit = (field: Pick<TemplateField, 'limit'>): number | undefined =>
  isUnlimited(field.limit) || field.limit === undefined || field.limit < 0
    ? undefined
    : field.limit;

/**
 * Validates a form's content against its template, after trimming. Returns one error per field
 * that is wrong, in template order, each naming the field's label in its message and its refname
 * as `field`; an empty list means the content is valid.
 */
export function validateContent(
  template: ValidatableTemplate,
  content: TemplateContent,
  options: ValidateContentOptions = {},
): readonly DomainError[] {
  const trimmed = trimTemplateContent(content);
  const errors: DomainError[] = [];
  const known = new Set<string>();
  for (const field of templateFields(template)) {
    known.add(field.refname);
    const e = validateField(field, trimmed[field.refname], template, options);
    if (e !== undefined) errors.push(e);
  }
  if (options.allowUnknownFields !== true) {
    for (const refname of Object.keys(trimmed)) {
      if (!known.has(refname)) errors.push(contentMessages.unknownField(refname));
    }
  }
  return errors;
}

/** The error `checkContent` answers: the first problem as the message, every problem listed. */
export interface ContentInvalid extends DomainError {
  readonly code: 'VALIDATION.CONTENT';
  readonly errors: readonly DomainError[];
}

/**
 * For the server: the content trimmed and relabelled from the template (a client's label or
 * type is never trusted), or every problem with it.
 */
export function checkContent(
  template: ValidatableTemplate,
  content: TemplateContent,
  options: ValidateContentOptions = {},
): Result<TemplateContent, ContentInvalid> {
  const errors = validateContent(template, content, options);
  const first = errors[0];
  if (first !== undefined) {
    return err({ code: 'VALIDATION.CONTENT', message: first.message, errors });
  }
  const trimmed = trimTemplateContent(content);
  const out: Record<string, ContentEntry> = {};
  for (const field of templateFields(template)) {
    const entry = trimmed[field.refname];
    if (entry !== undefined)
      out[field.refname] = { ...entry, label: field.label, type: field.type };
  }
  if (options.allowUnknownFields === true) {
    for (const [k, v] of Object.entries(trimmed)) if (!(k in out)) out[k] = v;
  }
  return ok(out);
}
