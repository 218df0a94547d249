import { WIDGET_MESSAGES } from './widget-messages.js';

/** Wait after the last keystroke before searching (000 §9). */
export const AUTOCOMPLETE_DEBOUNCE_MS = 300;
export const AUTOCOMPLETE_NO_MATCH_TEXT = WIDGET_MESSAGES.autocompleteNoMatch;

/**
 * The suggestions matching `query`: a case-insensitive substring match on the label, query
 * trimmed. Why an empty query lists everything: it is what a dropdown shows when focused.
 */
export function filterSuggestions<T>(
  items: readonly T[],
  query: string,
  labelOf: (item: T) => string,
): T[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [...items];
  return items.filter((item) => labelOf(item).toLowerCase().includes(needle));
}

export interface AutocompleteView<T> {
  readonly items: readonly T[];
  /** '未找到匹配项' when nothing matched, else undefined. */
  readonly emptyText: string | undefined;
}

/** The dropdown's content for a finished search. */
export function autocompleteView<T>(items: readonly T[]): AutocompleteView<T> {
  return { items, emptyText: items.length === 0 ? AUTOCOMPLETE_NO_MATCH_TEXT : undefined };
}
