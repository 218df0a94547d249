import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useImperativeHandle, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { DayPicker } from 'react-day-picker';
import { zhCN } from 'react-day-picker/locale';
import 'react-day-picker/style.css';

/** A calendar date as the wire and the spec write it. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** What a person may type: 2026-3-5, 2026/03/05, 2026.3.5, 2026年3月5日, 20260305. */
const TYPED = /^\s*(\d{4})\s*[-/.年]?\s*(\d{1,2})\s*[-/.月]?\s*(\d{1,2})\s*日?\s*$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day a picker's Date stands for (its local y/M/d: a day, not an instant). */
export const dayText = (d: Date): string =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The picker's Date of `yyyy-MM-dd` (local midnight of that day), or undefined. */
export function dayDate(text: string): Date | undefined {
  const m = DAY.exec(text);
  if (m === null) return undefined;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return dayText(d) === text ? d : undefined;
}

/** Typed text as `yyyy-MM-dd` when it names a real day; undefined otherwise. */
export function normalizeDay(typed: string): string | undefined {
  const m = TYPED.exec(typed);
  if (m === null) return undefined;
  const text = `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}`;
  return dayDate(text) === undefined ? undefined : text;
}

/**
 * Sets the input's value as if typed, so React's onChange (and a form library's registered
 * handler) sees an ordinary change event.
 */
export function typeInto(input: HTMLInputElement, value: string): void {
  // React tracks the value it last set; the prototype's setter goes around that tracker.
  Reflect.set(HTMLInputElement.prototype, 'value', value, input);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  ref?: Ref<HTMLInputElement>;
  /** The wrapper's layout: a full-width field by default; `inline-flex` inside running text. */
  wrapperClassName?: string;
};

/**
 * A date field that reads and writes `yyyy-MM-dd` with a Chinese calendar whatever the browser's
 * language: a native `<input type="date">` shows mm/dd/yyyy on an English browser. It is a text
 * input with the same props and change events as the native one (a drop-in replacement, and it
 * works with react-hook-form's `register`), plus a react-day-picker calendar (zh-CN, weeks from
 * Monday) in a Headless UI popover. Typed dates such as 2026/3/5 become 2026-03-05 on blur.
 */
export function DateInput({
  ref,
  className,
  wrapperClassName = 'flex w-full',
  onBlur,
  disabled,
  min,
  max,
  ...props
}: DateInputProps) {
  const inner = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => inner.current as HTMLInputElement);
  const [shown, setShown] = useState<string>('');
  const bounds = [
    ...(typeof min === 'string' && dayDate(min) ? [{ before: dayDate(min) as Date }] : []),
    ...(typeof max === 'string' && dayDate(max) ? [{ after: dayDate(max) as Date }] : []),
  ];
  return (
    <Popover className={`relative items-center ${wrapperClassName}`}>
      <input
        {...props}
        ref={inner}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={props.placeholder ?? 'yyyy-MM-dd'}
        disabled={disabled}
        data-date-input=""
        className={`${className ?? 'input'} pr-9`}
        onBlur={(e) => {
          const typed = e.currentTarget.value;
          const day = normalizeDay(typed);
          if (day !== undefined && day !== typed) typeInto(e.currentTarget, day);
          onBlur?.(e);
        }}
      />
      <PopoverButton
        type="button"
        disabled={disabled}
        // Not the field's own name: a search by the field's label finds the input alone.
        aria-label="打开日历"
        className="absolute right-1 flex size-7 items-center justify-center rounded text-muted hover:bg-brand-50 hover:text-brand-600 disabled:cursor-not-allowed"
        onClick={() => setShown(inner.current?.value ?? '')}
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" aria-hidden>
          <rect x="3" y="4.5" width="14" height="12" rx="1.5" strokeWidth="1.5" />
          <path d="M3 8h14M7 3v3M13 3v3" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </PopoverButton>
      <PopoverPanel
        anchor="bottom end"
        className="z-50 mt-1 rounded-card border border-line bg-surface p-2 shadow-pop"
        data-testid="date-picker"
      >
        {({ close }) => (
          <DayPicker
            mode="single"
            locale={zhCN}
            weekStartsOn={1}
            captionLayout="dropdown"
            startMonth={new Date(1990, 0)}
            endMonth={new Date(2100, 11)}
            selected={dayDate(shown)}
            defaultMonth={dayDate(shown)}
            disabled={bounds}
            onSelect={(d) => {
              if (d !== undefined && inner.current !== null) typeInto(inner.current, dayText(d));
              close();
            }}
          />
        )}
      </PopoverPanel>
    </Popover>
  );
}
