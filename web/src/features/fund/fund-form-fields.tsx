import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateInput } from '../../components/ui/DateInput';
import { Field } from '../../components/ui/Field';
import { MoneyInput } from './fund-shared';

/** A form row bound to one react-hook-form field, labelled, marked and with its problem. */
interface BoundFieldProps<T extends FieldValues> {
  readonly control: Control<T>;
  readonly name: FieldPath<T>;
  readonly label: string;
  readonly required?: boolean;
  readonly error?: string | undefined;
}

/** An amount in 万元, as the loan and repayment forms take it. */
export function AmountField<T extends FieldValues>(props: BoundFieldProps<T>) {
  const { control, name, label, required, error } = props;
  return (
    <Field label={label} required={required ?? false} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field: f }) => (
          <MoneyInput aria-label={label} value={f.value} onChange={f.onChange} />
        )}
      />
    </Field>
  );
}

/** A date (yyyy-MM-dd in the institute's calendar). */
export function DateField<T extends FieldValues>(props: BoundFieldProps<T>) {
  const { control, name, label, required, error } = props;
  return (
    <Field label={label} required={required ?? false} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field: f }) => (
          <DateInput
            className="input"
            aria-label={label}
            value={f.value}
            onChange={(e) => f.onChange(e.target.value)}
          />
        )}
      />
    </Field>
  );
}

/** The refusal that names no field of the form, under it. */
export function FormFailure({ failure }: { readonly failure: string }) {
  if (!failure) return null;
  return (
    <p role="alert" className="text-sm text-danger-600">
      {failure}
    </p>
  );
}
