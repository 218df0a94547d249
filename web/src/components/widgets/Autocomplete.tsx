import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { AUTOCOMPLETE_DEBOUNCE_MS, Debouncer, autocompleteView } from '@dpms/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useService } from '../../app/di';
import { TOKENS } from '../../app/tokens';

export interface AutocompleteProps<T> {
  /** Suggestions for a query (may call the server). */
  search: (query: string) => Promise<T[]> | T[];
  labelOf: (item: T) => string;
  keyOf: (item: T) => string | number;
  onSelect: (item: T | null) => void;
  placeholder?: string;
  'aria-label'?: string;
}

/** The search autocomplete: searches 300 ms after the last keystroke, 未找到匹配项 when empty. */
export function Autocomplete<T>({
  search,
  labelOf,
  keyOf,
  onSelect,
  placeholder,
  ...rest
}: AutocompleteProps<T>) {
  const scheduler = useService(TOKENS.Scheduler);
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<T[] | undefined>(undefined);
  const [selected, setSelected] = useState<T | null>(null);
  // The latest search function, so the debouncer outlives re-renders (an inline `search` is new
  // on every render, and a new debouncer would drop the pending call).
  const searchRef = useRef(search);
  searchRef.current = search;
  const debouncer = useMemo(
    () =>
      new Debouncer<[string]>(scheduler, AUTOCOMPLETE_DEBOUNCE_MS, (q) => {
        void Promise.resolve(searchRef.current(q)).then(setItems, () => setItems([]));
      }),
    [scheduler],
  );
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  const view = items === undefined ? undefined : autocompleteView(items);
  return (
    <Combobox
      value={selected}
      onChange={(item: T | null) => {
        setSelected(item);
        onSelect(item);
      }}
      onClose={() => setQuery('')}
    >
      <div className="relative">
        <ComboboxInput
          className="input"
          aria-label={rest['aria-label'] ?? placeholder}
          placeholder={placeholder}
          displayValue={(item: T | null) => (item ? labelOf(item) : query)}
          onChange={(e) => {
            setQuery(e.target.value);
            debouncer.call(e.target.value);
            if (e.target.value === '') {
              setSelected(null);
              onSelect(null);
            }
          }}
        />
        {view && query !== '' && (
          <ComboboxOptions
            static
            className="absolute z-40 mt-1 max-h-60 w-full overflow-auto rounded-control border border-line bg-surface py-1 shadow-pop empty:invisible"
          >
            {view.emptyText ? (
              <div className="px-3 py-2 text-sm text-muted">{view.emptyText}</div>
            ) : (
              view.items.map((item) => (
                <ComboboxOption
                  key={keyOf(item)}
                  value={item}
                  className="cursor-pointer px-3 py-1.5 text-sm data-focus:bg-brand-50 data-focus:text-brand-700"
                >
                  {labelOf(item)}
                </ComboboxOption>
              ))
            )}
          </ComboboxOptions>
        )}
      </div>
    </Combobox>
  );
}
