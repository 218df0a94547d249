import { Field as HField, Label, Description } from '@headlessui/react';
import type { ReactNode } from 'react';

/** A labelled form row with its error; the label sits on the left on wide screens. */
export function Field({
  label,
  error,
  required,
  children,
  hint,
}: {
  label: string;
  error?: string | undefined;
  required?: boolean;
  children: ReactNode;
  hint?: string;
}) {
  return (
    <HField className="grid gap-1 sm:grid-cols-[6.5rem_1fr] sm:items-start sm:gap-3">
      <Label className="pt-1.5 text-sm text-ink-soft sm:text-right">
        {required && <span className="mr-0.5 text-danger-500">*</span>}
        {label}
      </Label>
      <div>
        {children}
        {hint && <Description className="mt-1 text-xs text-muted">{hint}</Description>}
        {error && (
          <p role="alert" className="mt-1 text-xs text-danger-600">
            {error}
          </p>
        )}
      </div>
    </HField>
  );
}
