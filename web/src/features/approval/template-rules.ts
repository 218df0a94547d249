import {
  contentChoiceValues,
  defaultOptionsOf,
  fieldMaxLength,
  templateOptionText,
  templateOptionValue,
  validateContent,
  type ContentEntry,
  type ContentValue,
  type OptionSource,
  type TemplateContent,
  type TemplateField,
  type TemplateFile,
  type TemplateOption,
  type ValidatableTemplate,
} from '@dpms/core';

/**
 * The renderer's rules, on core's: what a field offers, what it holds and what is wrong with it.
 * Pure, so the component tests and the form share them.
 */

export type OptionSources = Partial<Record<OptionSource, readonly TemplateOption[]>>;

/** A field's options: its own, else its source's run-time options, else core's defaults. */
export function fieldOptions(
  field: TemplateField,
  sources: OptionSources,
): readonly TemplateOption[] {
  if (field.options !== undefined && field.options.length > 0) return field.options;
  if (field.optionsource === undefined) return [];
  return sources[field.optionsource] ?? defaultOptionsOf(field.optionsource) ?? [];
}

/** Options flattened with their path labels (for cascader display and look-ups). */
export function flattenOptions(
  options: readonly TemplateOption[],
  prefix: readonly string[] = [],
): { value: string; label: string; path: readonly string[] }[] {
  return options.flatMap((o) => {
    const path = [...prefix, templateOptionText(o)];
    const here = { value: templateOptionValue(o), label: templateOptionText(o), path };
    const below = 'children' in o && o.children ? flattenOptions(o.children, path) : [];
    return [here, ...below];
  });
}

/** The label a stored value shows: the option's text, the value itself when it is not one. */
export function optionLabel(options: readonly TemplateOption[], value: string): string {
  return flattenOptions(options).find((o) => o.value === value)?.label ?? value;
}

/**
 * The cascader's chosen path as option values, root first, for a stored last id (000 §3: the
 * value is the last id). Empty when the id is not in the tree.
 */
export function cascaderPath(options: readonly TemplateOption[], id: string): string[] {
  for (const o of options) {
    const v = templateOptionValue(o);
    if (v === id) return [v];
    if ('children' in o && o.children) {
      const below = cascaderPath(o.children, id);
      if (below.length > 0) return [v, ...below];
    }
  }
  return [];
}

/** The options one level below the chosen path prefix (the next cascader column). */
export function cascaderLevel(
  options: readonly TemplateOption[],
  path: readonly string[],
): readonly TemplateOption[] {
  let level = options;
  for (const v of path) {
    const o = level.find((x) => templateOptionValue(x) === v);
    if (o === undefined || !('children' in o) || !o.children) return [];
    level = o.children;
  }
  return level;
}

/** optionInput: the select has turned into a text area when the choice contains keyvalue. */
export const optionInputIsFreeText = (field: TemplateField, selectValue: string): boolean =>
  field.keyvalue !== undefined && field.keyvalue !== '' && selectValue.includes(field.keyvalue);

/** The browser-side max length of a text field (core's rule: field, template, 50 / 1000). */
export const maxLengthOf = (field: TemplateField, template: ValidatableTemplate) =>
  fieldMaxLength(field, template);

/** Whether a field can be changed in the form (read-only and disabled fields cannot). */
export const isFieldLocked = (field: TemplateField): boolean =>
  field.readonly === true || field.disabled === true;

/** The content with one field's entry replaced, labelled and typed from the template. */
export function setEntry(
  content: TemplateContent,
  field: TemplateField,
  value: ContentValue,
  selectValue?: string,
): TemplateContent {
  const entry: ContentEntry = {
    label: field.label,
    type: field.type,
    value,
    ...(selectValue === undefined
      ? content[field.refname]?.selectValue === undefined
        ? {}
        : { selectValue: content[field.refname]?.selectValue ?? '' }
      : { selectValue }),
  };
  return { ...content, [field.refname]: entry };
}

/** The string value of an entry ('' for lists and missing entries). */
export const entryText = (entry: ContentEntry | undefined): string =>
  typeof entry?.value === 'string' ? entry.value : '';

/** The chosen values of a multi-choice entry. */
export const entryChoices = (entry: ContentEntry | undefined): readonly string[] =>
  contentChoiceValues(entry?.value);

/** The text lines of a textareas entry (at least one, so there is a box to type in). */
export function entryTexts(entry: ContentEntry | undefined): readonly string[] {
  const v = entry?.value;
  if (v === undefined) return [''];
  if (typeof v === 'string') return [v];
  const texts = v.filter((x): x is string => typeof x === 'string');
  return texts.length === 0 ? [''] : texts;
}

/** The files of a file entry. */
export function entryFiles(entry: ContentEntry | undefined): readonly TemplateFile[] {
  const v = entry?.value;
  return Array.isArray(v)
    ? (v as readonly unknown[]).filter(
        (f): f is TemplateFile => typeof f === 'object' && f !== null,
      )
    : [];
}

/** Errors by refname, from core's validator with the run-time option sources. */
export function fieldErrors(
  template: ValidatableTemplate,
  content: TemplateContent,
  sources: OptionSources,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of validateContent(template, content, {
    optionSources: sources,
    allowUnknownFields: true,
  })) {
    if (e.field !== undefined && out[e.field] === undefined) out[e.field] = e.message;
  }
  return out;
}
