import type { InputHTMLAttributes, Ref } from 'react';
import { typeInto } from './DateInput';

/** What a person may type for a month: 2026-3, 2026/03, 2026.3, 2026年3月, 202603. */
const TYPED = /^\s*(\d{4})\s*[-/.年]?\s*(\d{1,2})\s*月?\s*$/;

/** Typed text as `yyyy-MM` when it names a month; undefined otherwise. */
export function normalizeMonth(typed: string): string | undefined {
  const m = TYPED.exec(typed);
  if (m === null) return undefined;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? `${m[1]}-${String(month).padStart(2, '0')}` : undefined;
}

export type MonthInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
};

/**
 * A month field that reads and writes `yyyy-MM` whatever the browser's language: a native
 * `<input type="month">` shows "---------- ----" and English month names on an English browser,
 * and Firefox and Safari draw no picker at all. It is a text input with the native one's props and
 * change events (it works with react-hook-form's `register`); a typed 2026/3 becomes 2026-03 on
 * blur, and anything else is left for the form's schema to refuse.
 */
export function MonthInput({ ref, className, onBlur, ...props }: MonthInputProps) {
  return (
    <input
      {...props}
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={props.placeholder ?? 'yyyy-MM'}
      data-month-input=""
      className={className ?? 'input'}
      onBlur={(e) => {
        const typed = e.currentTarget.value;
        const month = normalizeMonth(typed);
        if (month !== undefined && month !== typed) typeInto(e.currentTarget, month);
        onBlur?.(e);
      }}
    />
  );
}
