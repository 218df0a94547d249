import type { ComponentProps, ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateInput } from '../ui/DateInput';
import { Field } from '../ui/Field';
import { MoneyInput, type Option } from './money-form';

/** The rows of a form's body: labelled controls, each named by its label, and the form's failure. */

/** A form row bound to one react-hook-form field, labelled, marked and with its problem. */
interface BoundFieldProps<T extends FieldValues> {
  readonly control: Control<T>;
  readonly name: FieldPath<T>;
  readonly label: string;
  readonly required?: boolean;
  readonly error?: string | undefined;
}

function BoundField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  error,
  input,
}: BoundFieldProps<T> & {
  readonly input: (value: string, onChange: (value: string) => void) => ReactNode;
}) {
  return (
    <Field label={label} required={required ?? false} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field: f }) => <>{input(f.value, f.onChange)}</>}
      />
    </Field>
  );
}

/** An amount in 万元. */
export function AmountField<T extends FieldValues>(props: BoundFieldProps<T>) {
  return (
    <BoundField
      {...props}
      input={(value, onChange) => (
        <MoneyInput aria-label={props.label} value={value} onChange={onChange} />
      )}
    />
  );
}

/** A date (yyyy-MM-dd in the institute's calendar). */
export function DateField<T extends FieldValues>(props: BoundFieldProps<T>) {
  return (
    <BoundField
      {...props}
      input={(value, onChange) => (
        <DateInput
          className="input"
          aria-label={props.label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    />
  );
}

/** A select named by its label, with an optional empty first choice (`placeholder`). */
export function OptionSelect({
  label,
  options,
  placeholder,
  ...rest
}: {
  label: string;
  options: readonly Option[];
  placeholder?: string;
} & Omit<ComponentProps<'select'>, 'aria-label' | 'children' | 'className'>) {
  return (
    <select className="input" aria-label={label} {...rest}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** A form row holding a text area (register's props spread on it). */
export function TextAreaField({
  label,
  required,
  error,
  className = 'input',
  ...rest
}: {
  label: string;
  required?: boolean;
  error?: string | undefined;
} & Omit<ComponentProps<'textarea'>, 'aria-label' | 'children'>) {
  return (
    <Field label={label} required={required ?? false} error={error}>
      <textarea className={className} aria-label={label} {...rest} />
    </Field>
  );
}

/** The refusal that names no field of the form, under it; nothing while there is none. */
export function FormFailure({ failure }: { readonly failure: string }) {
  if (!failure) return null;
  return (
    <p role="alert" className="text-sm text-danger-600">
      {failure}
    </p>
  );
}
