import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { DEFAULT_INSTITUTE_TIME_ZONE } from '@dpms/core';
import { useMemo, useState } from 'react';

/**
 * The IANA zones this browser knows, the institute's default (Asia/Shanghai) first and the rest in
 * alphabetical order. The server refuses any other name, so only these are offered. UTC is added
 * where the engine lists only the regional names.
 */
export function timeZoneChoices(): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  const rest = [...new Set([...known, 'UTC'])]
    .filter((z) => z !== DEFAULT_INSTITUTE_TIME_ZONE)
    .sort((a, b) => a.localeCompare(b));
  return [DEFAULT_INSTITUTE_TIME_ZONE, ...rest];
}

/** Zones whose name contains the typed text, case and `_`/space insensitive (`new york`). */
export function matchingZones(zones: readonly string[], query: string): string[] {
  const q = query
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '_');
  return q === '' ? [...zones] : zones.filter((z) => z.toLowerCase().includes(q));
}

/** A searchable select of the institute's time zone (参数设置, sys.institute.timeZone). */
export function TimeZoneSelect({
  value,
  onChange,
  'aria-label': ariaLabel,
}: {
  value: string;
  onChange: (zone: string) => void;
  'aria-label'?: string;
}) {
  const zones = useMemo(timeZoneChoices, []);
  const [query, setQuery] = useState('');
  const shown = matchingZones(zones, query);
  return (
    <Combobox
      value={value}
      onChange={(zone: string | null) => onChange(zone ?? '')}
      onClose={() => setQuery('')}
    >
      <div className="relative">
        <ComboboxInput
          className="input"
          aria-label={ariaLabel}
          placeholder="搜索时区，例如 Asia/Shanghai"
          displayValue={(zone: string | null) => zone ?? ''}
          onChange={(e) => setQuery(e.target.value)}
        />
        <ComboboxOptions className="absolute z-40 mt-1 max-h-60 w-full overflow-auto rounded-control border border-line bg-surface py-1 shadow-pop empty:invisible">
          {shown.length === 0 ? (
            <div className="px-3 py-2 text-sm text-muted">未找到匹配项</div>
          ) : (
            shown.map((zone) => (
              <ComboboxOption
                key={zone}
                value={zone}
                className="cursor-pointer px-3 py-1.5 text-sm data-focus:bg-brand-50 data-focus:text-brand-700"
              >
                {zone}
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </div>
    </Combobox>
  );
}
