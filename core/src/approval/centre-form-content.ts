import type { TemplateContent } from './template.js';

/**
 * A form field's text as a record's use case reads it: the value of a text or single choice, the
 * chosen option of an optionInput; undefined when the form leaves it out (the use case's own
 * rule then says it is required).
 */
export function formText(content: TemplateContent, refname: string): string | undefined {
  const entry = content[refname];
  if (entry === undefined) return undefined;
  const v = entry.value;
  return typeof v === 'string' ? v : undefined;
}
